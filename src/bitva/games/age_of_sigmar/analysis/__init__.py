"""Age of Sigmar analyses over a :class:`TableSnapshot` (issue 22).

``analyse(snapshot)`` answers "what can reach what, and the odds" for the active player. A
registered game lists :data:`REACH_ANALYSIS`, a :class:`bitva.core.game.Analysis` whose
``run(state, seat)`` (:func:`reach_analysis_for`) answers ``analyse(state.snapshot())``.
"""

from __future__ import annotations

from typing import Any, Protocol

from bitva.core.game import Analysis
from bitva.games.age_of_sigmar.analysis.charge_roll import (
    ChargeRoll,
    charge_distribution,
    charge_probability,
    charge_roll,
    needed_roll,
)
from bitva.games.age_of_sigmar.analysis.reach import (
    analyse,
    charge_chance,
    in_range,
    reach_analysis,
    weapon_id,
)
from bitva.games.age_of_sigmar.analysis.snapshot import (
    SnapshotModel,
    SnapshotUnit,
    TableSnapshot,
)

REACH_ANALYSIS_NAME = "reach"
REACH_ANALYSIS_TITLE = "Reach and charge odds"
REACH_ANALYSIS_DESCRIPTION = (
    "For each of the active player's units against each enemy unit: distance, line of sight, "
    "missile weapons in range and the exact chance of a successful charge."
)


class HasSnapshot(Protocol):
    """A game state that can give the reach analysis its :class:`TableSnapshot`."""

    def snapshot(self) -> TableSnapshot: ...


def reach_analysis_for(state: HasSnapshot, seat: int | None = None) -> dict[str, Any]:
    """``Analysis.run`` for a registered game: the answer for the snapshot's active side (the
    seat does not change it: every fact it reports is on the open table)."""
    return analyse(state.snapshot())


REACH_ANALYSIS = Analysis(
    name=REACH_ANALYSIS_NAME,
    title=REACH_ANALYSIS_TITLE,
    description=REACH_ANALYSIS_DESCRIPTION,
    run=reach_analysis_for,
)
"""The analysis a registered game lists (``analyses={"reach": REACH_ANALYSIS}``); its states
need ``snapshot()``."""


__all__ = [
    "REACH_ANALYSIS",
    "REACH_ANALYSIS_DESCRIPTION",
    "REACH_ANALYSIS_NAME",
    "REACH_ANALYSIS_TITLE",
    "ChargeRoll",
    "HasSnapshot",
    "SnapshotModel",
    "SnapshotUnit",
    "TableSnapshot",
    "analyse",
    "charge_chance",
    "charge_distribution",
    "charge_probability",
    "charge_roll",
    "in_range",
    "needed_roll",
    "reach_analysis",
    "reach_analysis_for",
    "weapon_id",
]
