"""Banners and victory (BL-5.3, BL-16): an eliminated unit gives its owner's opponent a banner,
and a side wins the moment it holds the adventure's banners (BL-16.1), even mid-turn; a side
left with no unit loses at once (our ruling: no banner could be won any more)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.field.model import Unit

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def eliminated(state: BattleLoreState, unit: Unit, events: list[Event] | None) -> None:
    """BL-5.3, D-23: whatever eliminated `unit` (battle, blocked retreat, panic, trample,
    poison, a Lore card), its owner's opponent takes a banner; then BL-16.1."""
    winner = 3 - unit.side
    state.banners[winner - 1] += 1
    if events is not None:
        events.append(
            Event("eliminated", {"side": unit.side, "hex": name(unit.hex), "type": unit.type.id})
        )
        events.append(Event("banner", {"player": winner, "banners": state.banners[winner - 1]}))
    if state.banners[winner - 1] >= state.static.victory_banners:
        state.finish(winner, events)
    elif not state.field.alive(unit.side):
        state.finish(winner, events, reason="no-units")
