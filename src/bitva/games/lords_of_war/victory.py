"""Victory (LW-3.3, LW-8.1-8.3, D-4, D-7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.outcome import Outcome

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState


def eliminated_counts(state: LordsOfWarState, seat: int) -> tuple[int, int]:
    """(enemy units, enemy command units) in `seat`'s elimination pile (LW-7.6)."""
    card = state.static.card
    pile = state.pile[seat]
    commands = sum(1 for u in pile if (c := card[u]) is not None and c.is_command)
    return len(pile), commands


def reached_threshold(state: LordsOfWarState, seat: int) -> bool:
    options = state.static.options
    units, commands = eliminated_counts(state, seat)
    return units >= options.units_to_win or commands >= options.commands_to_win


def check_thresholds(state: LordsOfWarState) -> Outcome | None:
    """LW-8.1: a player at a threshold wins at once; LW-8.2 / D-4: both at once is a draw.

    Reasons: "commands" or "units" (params: the winner's eliminated `units` and `commands`),
    "both-thresholds" (D-4)."""
    first, second = reached_threshold(state, 1), reached_threshold(state, 2)
    scores = {seat: float(len(state.pile[seat])) for seat in (1, 2)}
    if first and second:
        return Outcome.drawn(2, "both-thresholds", rule="D-4", scores=scores)
    if first or second:
        winner = 1 if first else 2
        units, commands = eliminated_counts(state, winner)
        options = state.static.options
        reason = "commands" if commands >= options.commands_to_win else "units"
        return Outcome.win(
            winner,
            2,
            reason,
            params={"units": units, "commands": commands},
            rule="LW-8.1",
            scores=scores,
        )
    return None


def by_count(state: LordsOfWarState) -> Outcome:
    """LW-8.3 / D-7: two turns in a row without a placement: more eliminated units wins.

    Reason "no-placements" with params `units` (the eliminated units of seats 1 and 2)."""
    a, b = len(state.pile[1]), len(state.pile[2])
    scores = {1: float(a), 2: float(b)}
    params = {"units": [a, b]}
    if a == b:
        return Outcome.drawn(2, "no-placements", params, "LW-8.3", scores)
    return Outcome.win(1 if a > b else 2, 2, "no-placements", params, "LW-8.3", scores)
