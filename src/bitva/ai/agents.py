"""Agents: `random`, `greedy` (one turn deep, with the game's heuristic: `bitva.ai.greedy`), the
tree searches `mcts` and `ismcts` (`bitva.ai.search`), the levels `easy`, `medium` and `hard`, and
the registry of names that front ends accept (`--p2 hard`).

An agent is asked to choose only at a seat's decision, never at a chance node (whoever runs the
game samples chance). Every agent that looks ahead first replaces the real state by
`state.determinize(seat, rng)`: it never sees what its seat may not see.

>>> from bitva.ai import make_agent
>>> agent = make_agent("random", seed=1)
>>> expert = make_agent("ismcts:iterations=400,c=0.3", seed=1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bitva.ai.greedy import GreedyAgent
from bitva.ai.values import require_decision
from bitva.core.errors import BitvaError
from bitva.core.game import Game
from bitva.core.rng import Rng
from bitva.core.state import State

CANDIDATES = 64  # how many candidate actions `random` draws in a game with parametric actions


class Agent(Protocol):
    name: str

    def choose(self, state: State[Any]) -> Any:
        """A legal action for the seat to decide in `state` (the state is not changed). Raises
        BitvaError when nobody decides (the game is over, or chance is to move)."""


class RandomAgent:
    """Uniformly random among the legal actions; in a game with parametric actions, among
    `candidate_actions(rng, CANDIDATES)`."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State[Any]) -> Any:
        require_decision(state)
        if state.game.traits.enumerable:
            actions = state.legal_actions()
        else:
            actions = state.candidate_actions(self.rng, CANDIDATES)
        if not actions:
            raise BitvaError("no legal action to choose from")
        return self.rng.choice(actions)


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


def _greedy(seed: int = 0, nodes: int | None = None) -> Agent:
    return GreedyAgent(seed, max_nodes=nodes)


_greedy.__name__ = "greedy"

AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": _greedy,
    "easy": _level("easy"),
    "medium": _level("medium"),
    "hard": _level("hard"),
    "mcts": _search("mcts"),
    "ismcts": _search("ismcts"),
}

DESCRIPTIONS: dict[str, str] = {
    "random": "plays any legal move",
    "greedy": "one turn deep with the game's heuristic (chance by expectation)",
    "easy": "a beginner: greedy with frequent blunders",
    "medium": "a club player: short information-set search",
    "hard": "a strong player: information-set MCTS, under 2 s a move",
    "mcts": "expert: UCT on one guess of the hidden cards per move, chance sampled afresh",
    "ismcts": "expert: information-set MCTS (a fresh guess every iteration)",
}

LEVELS = ("easy", "medium", "hard")


def _count_or_none(value: str) -> int | None:
    """A search guide's count (`width=8`), or `none` to turn a game's default off."""
    return None if value.strip().lower() == "none" else int(value)


# parameters an agent name may carry: "ismcts:iterations=800,c=0.4"
_PARAMS: dict[str, Callable[[str], Any]] = {
    "iterations": int,
    "evaluations": int,
    "seconds": float,
    "c": float,
    "rollout": lambda v: None if v.strip().lower() in ("end", "none") else int(v),
    "workers": int,
    "nodes": int,
    "expand": lambda v: {"all": True, "one": False}[v.strip().lower()],
    "horizon": _count_or_none,
    "width": _count_or_none,
    "prior": _count_or_none,
}
_ACCEPTS: dict[str, tuple[str, ...]] = {
    "random": (),
    "greedy": ("nodes",),
    "easy": ("nodes",),
    **{
        name: tuple(p for p in _PARAMS if p != "nodes")
        for name in ("medium", "hard", "mcts", "ismcts")
    },
}


HUMAN = "human"  # a seat a person plays: `bitva play` and the server seat one, no agent does


def scripted_agents() -> dict[str, list[str]]:
    """The scripted opponents the registered games offer (`Game.scripts`), each name with the
    games that have it: `{"rush": ["battlelore"]}`."""
    from bitva.core.registry import all_games

    found: dict[str, list[str]] = {}
    for game in all_games():
        for name in game.scripts:
            found.setdefault(name, []).append(game.name)
    return found


class ScriptedAgent:
    """A game's own scripted opponent (`Game.scripts`), made for the game of the first state
    it is asked about: `make_agent("rush")` does not know the game yet."""

    def __init__(self, name: str, seed: int = 0) -> None:
        self.name = name
        self.seed = seed
        self._agents: dict[str, Agent] = {}

    def choose(self, state: State[Any]) -> Any:
        game = state.game
        agent = self._agents.get(game.name)
        if agent is None:
            script = game.scripts.get(self.name)
            if script is None:
                raise BitvaError(f"{game.title} has no scripted opponent {self.name!r}")
            agent = self._agents[game.name] = script[1](self.seed)
        return agent.choose(state)


def known_agents() -> str:
    """The registered agent names and the games' scripted ones, for messages: "easy, ..."."""
    return ", ".join(sorted({*AGENTS, *scripted_agents()}))


def parse_agent(spec: str) -> tuple[str, dict[str, Any]]:
    """Split `name[:key=value,...]` into the registered name and its parameters. Every command
    reads agent strings here, so `hard:evaluations=15000` means the same everywhere; `human` is
    a person, not an agent (a front end that seats people handles it before asking here)."""
    name, _, rest = spec.strip().partition(":")
    key = name.strip().lower()
    if key == HUMAN:
        raise BitvaError(
            f"{spec.strip()!r} is a person, not an agent: only `bitva play` and the server seat a"
            f" human; choose an agent ({known_agents()})"
        )
    if key not in AGENTS:
        if key not in scripted_agents():
            raise BitvaError(f"unknown agent {spec!r} (known: {known_agents()})")
        if rest.strip():
            raise BitvaError(
                f"agent {spec!r}: {key} is a scripted opponent and takes no parameters"
            )
        return key, {}
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


def split_agents(text: str) -> list[str]:
    """A comma-separated list of agent strings, whose parameters are comma-separated too: a
    piece `key=value` with no name before it belongs to the agent before it.

    >>> split_agents("random,ismcts:iterations=400,c=0.3,hard:evaluations=15000")
    ['random', 'ismcts:iterations=400,c=0.3', 'hard:evaluations=15000']
    """
    agents: list[str] = []
    for piece in (part.strip() for part in text.split(",")):
        if agents and "=" in piece and ":" not in piece and ":" in agents[-1]:
            agents[-1] += "," + piece
        else:
            agents.append(piece)
    return agents


def plays(name: str, game: Game[Any, Any]) -> bool:
    """Whether the agent `name` can play `game`: every registered agent plays every game (the
    searches walk integer codes where a game has them, else widen over its candidate actions:
    `bitva.ai.widening`); a scripted opponent plays only the games that offer it."""
    key, _ = parse_agent(name)
    return key in AGENTS or key in game.scripts


def check_plays(name: str, game: Game[Any, Any]) -> None:
    """A one-line BitvaError when the agent `name` cannot play `game` (a scripted opponent of
    other games)."""
    if not plays(name, game):
        key, _ = parse_agent(name)
        games = ", ".join(scripted_agents()[key])
        raise BitvaError(f"{key} is a scripted opponent of {games} only, not of {game.title}")


def make_agent(name: str, seed: int = 0) -> Agent:
    """The agent registered as `name` (optionally with parameters, `ismcts:iterations=500`),
    seeded: the same name and seed play the same moves."""
    key, params = parse_agent(name)
    if key not in AGENTS:
        return ScriptedAgent(key, seed)
    return AGENTS[key](seed, **params)
