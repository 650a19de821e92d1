"""What the agents maximise: a vector of per-seat values, one entry per seat.

A finished game is worth its outcome's returns; an unfinished one what the game's heuristic says
for every seat (`Game.heuristic_values`: one evaluation, negated, for two-seat zero-sum games, so
the vector costs nothing over a single value there). Every decision in a
look-ahead or a search is scored for the seat that takes it, so the same code serves one seat
(solo games: the seat maximises its own return), two zero-sum seats (maximising one's own value
is minimising the opponent's) and any number of seats with general-sum returns (max^n).

>>> from bitva.core.outcome import Outcome
>>> Outcome.win(2, seats=3, reason="target").returns
(-0.5, 1.0, -0.5)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError, NotSupported
from bitva.core.game import Game
from bitva.core.rng import Rng
from bitva.core.state import State

Heuristic = Callable[[State[Any], int], float]
"""A custom evaluation of a state for one seat (the game's `heuristic` by default)."""

Values = tuple[float, ...]
Evaluate = Callable[[State[Any]], Values]


def has_codes(state: State[Any]) -> bool:
    """Whether the game of `state` lists its actions with integer codes (the fast path that the
    tree searches walk); games with parametric actions do not."""
    return game_has_codes(state.game)


@functools.cache
def game_has_codes(game: Game[Any, Any]) -> bool:
    """Probed once per game on a new state: its first decision's legal actions as codes."""
    if not game.traits.enumerable:
        return False
    try:
        state = game.new(None, 0)
        state.resolve_chance(Rng(0))
        state.legal_codes()
    except NotSupported:
        return False
    return True


def require_decision(state: State[Any]) -> int:
    """The seat to move, or a BitvaError when nobody is to choose: an agent is only asked at a
    seat's decision (chance nodes are sampled by whoever runs the game)."""
    seat = state.current_player
    if seat is None:
        raise BitvaError("the game is over: nobody is to move")
    if seat == CHANCE:
        raise BitvaError("a chance node: chance decides here, not an agent")
    return seat


def evaluator(game: Game[Any, Any], heuristic: Heuristic | None = None) -> Evaluate:
    """The per-seat values of a state: its returns when it is over, else the heuristic of every
    seat (the game's, or `heuristic` applied the way `Game.heuristic_values` applies the game's
    own)."""
    if heuristic is None:
        estimate: Callable[[State[Any]], Values] = game.heuristic_values
    else:
        zero_sum_pair = game.traits.utility == "zero-sum"

        def estimate(state: State[Any]) -> Values:
            seats = state.seats
            if seats == 2 and zero_sum_pair:
                value = heuristic(state, 1)
                return (value, -value)
            return tuple(heuristic(state, seat) for seat in range(1, seats + 1))

    def values(state: State[Any]) -> Values:
        outcome = state.outcome
        if outcome is not None:
            return outcome.returns
        return estimate(state)

    return values
