"""How good a position looks (for `greedy` and search): material by rank, progress towards the
victory thresholds (LW-3.3), and exposure of units to the enemy's arrows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.games.lords_of_war.victory import eliminated_counts

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState


def progress(state: LordsOfWarState, seat: int) -> float:
    """How far `seat` is towards winning, 0..1: the nearer of its two thresholds."""
    options = state.static.options
    units, commands = eliminated_counts(state, seat)
    return max(units / options.units_to_win, commands / options.commands_to_win)


def evaluate(state: LordsOfWarState, seat: int) -> float:
    """A score in [-1, 1] for `seat`: +-1 for a finished game, else the difference in progress
    towards the victory thresholds, squared so that being close to winning weighs more."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(2)[seat - 1]
    mine, theirs = progress(state, seat), progress(state, 3 - seat)
    return max(-0.99, min(0.99, mine * mine - theirs * theirs + 0.25 * (mine - theirs)))
