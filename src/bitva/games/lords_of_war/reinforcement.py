"""Phase 3, reinforcement (LW-9, LW-11.1): which units may be recalled."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.games.lords_of_war.cards import HAND_SIZE
from bitva.games.lords_of_war.combat import engaged, engagers

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState


def recall_blocker(state: LordsOfWarState, square: int) -> tuple[str, str] | None:
    """Why the active player's unit on `square` may not be recalled, as (reason, rule), or None
    if it may (LW-9.2, LW-11.1, D-11)."""
    seat = state.active
    u = state.board.get(square)
    if u is None or u >> 8 != seat:
        return "there is no unit of yours there", "LW-9.1"
    if len(state.hand[seat]) >= HAND_SIZE:
        return "your hand already holds six cards", "D-11"
    if u in state.placed:
        return "it was placed this turn", "LW-9.2"
    if u in state.took_part:
        return "it took part in an elimination this turn", "LW-9.2"
    if engaged(state, square, seat):
        card = state.static.card_of(u)
        if not (state.static.options.cavalry_rule and card.is_cavalry):
            return "it is engaged", "LW-9.2"
        if any(
            state.static.card_of(e).unit_class == "spear" for e in engagers(state, square, seat)
        ):
            return "a spear unit engages this cavalry", "LW-11.1"
    return None


def recallable(state: LordsOfWarState) -> list[int]:
    """The squares of the active player's units that may be recalled, lowest first."""
    seat = state.active
    if len(state.hand[seat]) >= HAND_SIZE:
        return []
    return sorted(
        square
        for square, u in state.board.items()
        if u >> 8 == seat and recall_blocker(state, square) is None
    )
