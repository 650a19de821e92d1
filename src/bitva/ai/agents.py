"""Agents: `random` and `greedy` (one ply, with the game's heuristic), and the registry of names
that front ends accept (`--p1 greedy`)."""

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
        return self.rng.choice(state.legal_actions())


class GreedyAgent:
    """One ply: the action whose immediate outcome the game's heuristic likes best.

    "Immediate" is the rest of the turn: the agent follows its own later decisions of the same turn
    (taking the best) and the opponent's decisions inside it (assuming the worst), and scores the
    position where the turn ends. Ties break at random, reproducibly."""

    name = "greedy"

    def __init__(self, seed: int = 0, max_nodes: int = 20_000) -> None:
        self.rng = Rng(seed)
        self.max_nodes = max_nodes

    def choose(self, state: State) -> Any:
        seat = state.current_player
        if seat is None:
            raise BitvaError("the game is over: nobody is to move")
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        self._budget = self.max_nodes
        best: list[Any] = []
        best_value = float("-inf")
        for action in actions:
            child = state.clone()
            child.apply_unchecked(action)
            value = self._value(child, seat, state.turn)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return self.rng.choice(best)

    def _value(self, state: State, seat: int, turn: int) -> float:
        mover = state.current_player
        if mover is None or state.turn != turn or self._budget <= 0:
            return state.game.heuristic(state, seat)
        self._budget -= 1
        values = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_unchecked(action)
            values.append(self._value(child, seat, turn))
        return max(values) if mover == seat else min(values)


AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
}


def make_agent(name: str, seed: int = 0) -> Agent:
    key = name.strip().lower()
    if key not in AGENTS:
        raise BitvaError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))}, human)")
    return AGENTS[key](seed)
