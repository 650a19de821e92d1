"""Agents: `random`, `greedy` (one turn deep, with the game's heuristic), the tree searches
`mcts` and `ismcts` (`bitva.ai.search`), the levels `easy`, `medium` and `hard`, and the registry
of names that front ends accept (`--p2 hard`).

Every agent that looks ahead first replaces the real state by `state.determinize(seat, rng)`:
it never sees what its seat may not see.

>>> from bitva.ai import make_agent
>>> agent = make_agent("random", seed=1)
>>> expert = make_agent("ismcts:iterations=400,c=0.3", seed=1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bitva.core.errors import BitvaError
from bitva.core.rng import Rng
from bitva.core.state import State


class Agent(Protocol):
    name: str

    def choose(self, state: State) -> Any:
        """A legal action for the seat to move in `state` (the state is not changed)."""


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Any:
        actions = state.legal_actions()
        if not actions:
            raise BitvaError("the game is over: nobody is to move")
        return self.rng.choice(actions)


class GreedyAgent:
    """One turn deep: the action whose outcome the game's heuristic likes best.

    "Outcome" is the end of the turn: the agent follows its own later decisions of the same turn
    (taking the best) and the opponent's decisions inside it (assuming the worst), and scores the
    position where the turn ends. It searches a determinization, never the real state; ties break
    at random, reproducibly. `blunder` is the chance of playing a random legal action instead
    (the `easy` level)."""

    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        max_nodes: int = 20_000,
        heuristic: Callable[[State, int], float] | None = None,
        blunder: float = 0.0,
    ) -> None:
        self.rng = Rng(seed)
        self.max_nodes = max_nodes
        self.heuristic = heuristic
        self.blunder = blunder
        self._budget = 0

    def choose(self, state: State) -> Any:
        seat = state.current_player
        if seat is None:
            raise BitvaError("the game is over: nobody is to move")
        codes = state.legal_codes()
        if len(codes) == 1:
            return state.decode_action(codes[0])
        if self.blunder and self.rng.random() < self.blunder:
            return state.decode_action(self.rng.choice(codes))
        base = state.determinize(seat, self.rng)
        evaluate = self.heuristic or state.game.heuristic
        self._budget = self.max_nodes
        best: list[int] = []
        best_value = float("-inf")
        for code in codes:
            child = base.clone()
            child.apply_code(code)
            value = self._value(child, seat, state.turn, evaluate)
            if value > best_value + 1e-12:
                best, best_value = [code], value
            elif abs(value - best_value) <= 1e-12:
                best.append(code)
        return state.decode_action(self.rng.choice(best))

    def _value(
        self, state: State, seat: int, turn: int, evaluate: Callable[[State, int], float]
    ) -> float:
        mover = state.current_player
        if mover is None or state.turn != turn or self._budget <= 0:
            return evaluate(state, seat)
        self._budget -= 1
        values = []
        for code in state.legal_codes():
            child = state.clone()
            child.apply_code(code)
            values.append(self._value(child, seat, turn, evaluate))
        return max(values) if mover == seat else min(values)


# -- the registry ---------------------------------------------------------------------------


def _search(kind: str) -> Callable[..., Agent]:
    def build(seed: int = 0, **params: Any) -> Agent:
        from bitva.ai.levels import search_agent

        return search_agent(kind, seed, **params)

    build.__name__ = kind
    return build


def _level(level: str) -> Callable[..., Agent]:
    def build(seed: int = 0, **params: Any) -> Agent:
        from bitva.ai.levels import level_agent

        return level_agent(level, seed, **params)

    build.__name__ = level
    return build


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "easy": _level("easy"),
    "medium": _level("medium"),
    "hard": _level("hard"),
    "mcts": _search("mcts"),
    "ismcts": _search("ismcts"),
}

DESCRIPTIONS: dict[str, str] = {
    "random": "plays any legal move",
    "greedy": "one turn deep with the game's heuristic",
    "easy": "a beginner: greedy with frequent blunders",
    "medium": "a club player: short information-set search",
    "hard": "a strong player: information-set MCTS, under 2 s a move",
    "mcts": "expert: UCT on one guess of the hidden cards per move",
    "ismcts": "expert: information-set MCTS (a fresh guess every iteration)",
}

LEVELS = ("easy", "medium", "hard")

# parameters an agent name may carry: "ismcts:iterations=800,c=0.4"
_PARAMS: dict[str, Callable[[str], Any]] = {
    "iterations": int,
    "evaluations": int,
    "seconds": float,
    "c": float,
    "rollout": lambda v: None if v.strip().lower() in ("end", "none") else int(v),
    "workers": int,
    "expand": lambda v: {"all": True, "one": False}[v.strip().lower()],
}
_ACCEPTS: dict[str, tuple[str, ...]] = {
    "random": (),
    "greedy": (),
    "easy": (),
    **{name: tuple(_PARAMS) for name in ("medium", "hard", "mcts", "ismcts")},
}


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """Split `name[:key=value,...]` into the registered name and its parameters."""
    name, _, rest = spec.strip().partition(":")
    key = name.strip().lower()
    if key not in AGENTS:
        raise BitvaError(f"unknown agent {spec!r} (known: {', '.join(sorted(AGENTS))}, human)")
    params: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        field, eq, value = item.partition("=")
        field = field.strip().lower()
        if not eq or field not in _ACCEPTS[key]:
            accepted = ", ".join(_ACCEPTS[key]) or "no parameters"
            raise BitvaError(f"agent {spec!r}: bad parameter {item!r} ({key} takes {accepted})")
        try:
            params[field] = _PARAMS[field](value)
        except KeyError:
            raise BitvaError(f"agent {spec!r}: expand must be all or one, not {value!r}") from None
        except ValueError:
            raise BitvaError(f"agent {spec!r}: {field} must be a number, not {value!r}") from None
    return key, params


def make_agent(name: str, seed: int = 0) -> Agent:
    """The agent registered as `name` (optionally with parameters, `ismcts:iterations=500`),
    seeded: the same name and seed play the same moves."""
    key, params = parse_agent(name)
    return AGENTS[key](seed, **params)
