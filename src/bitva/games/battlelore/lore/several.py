"""Lore cards for several units, chosen one unit at a time (BL-13.4, issue 23).

Forced March (WR05: up to 1 ordered foot unit per level + 1) and Stealth (RG05: 1 ordered unit
per level) name several units. Written in one action (`lore WR05 F4 G5 C3`), every ordered tuple
of hexes would be an action, far too many for a masked policy's action codes. So the play names
its first unit (`lore WR05 F4`), then the same seat answers the decision "lore-units": `add HEX`
for each further unit that the card's targets allow with those already chosen (distinct, within
the card's limit at its casting level, eligible by its text), and `done` once the units chosen
are a whole target of the card. When no unit can be added the choice completes by itself (so a
play that can name one unit only, or has reached the limit, takes no `done`).

Only then is the card revealed and paid, its LORE_REACT window offered and its effect carried
out (BL-13.5, D-43), exactly as a play naming all its units at once: the words of that play are
the chosen units' hexes in the units' id order, the engine's order (`targets.up_to`). The state
keeps the choice in `state.choosing`; nothing else changes while it is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bitva.games.battlelore.field.board import hex_of, name
from bitva.games.battlelore.lore.cards import targets
from bitva.games.battlelore.lore.economy import Window, casting
from bitva.games.battlelore.lore.targets import ONE_AT_A_TIME, Target, lore_card
from bitva.games.battlelore.lore.wiring import moment

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

__all__ = ["ONE_AT_A_TIME", "Choosing", "add", "additions", "complete_words", "finish", "start"]
DECISION = "lore-units"


@dataclass(frozen=True, slots=True)
class Choosing:
    """A card for several units being played: the seat, the card and the hexes of the units
    chosen so far, in the order chosen."""

    seat: int
    card: str
    hexes: tuple[str, ...]


def _targets(state: BattleLoreState, choosing: Choosing) -> tuple[Target, ...]:
    """The card's whole targets now (BL-13.4), at its casting level (BL-14.4)."""
    window: Window = state.window.window if state.window is not None else "CMD"  # type: ignore[assignment]
    level = casting(lore_card(choosing.card), state.councils[choosing.seat - 1]).level
    return targets(choosing.card, moment(state, choosing.seat, window, level))


def _chosen(state: BattleLoreState, choosing: Choosing) -> set[int]:
    uids = set()
    for hex_name in choosing.hexes:
        unit = state.field.unit_at(hex_of(hex_name))
        assert unit is not None, f"no unit on {hex_name}"
        uids.add(unit.uid)
    return uids


def additions(state: BattleLoreState, choosing: Choosing) -> list[str]:
    """The hexes of the units `add` may name: each unit not chosen yet that forms, with those
    chosen, part of a target of the card (within its limit, eligible by its text), in hex
    order."""
    chosen = _chosen(state, choosing)
    found: set[int] = set()
    for target in _targets(state, choosing):
        units = set(target.units)
        if len(units) > len(chosen) and chosen <= units:
            found |= units - chosen
    hexes = sorted(state.unit(uid).hex for uid in found)
    return [name(h) for h in hexes]


def complete_words(state: BattleLoreState, choosing: Choosing) -> tuple[str, ...] | None:
    """The words of the whole play when the units chosen are a target of the card (`done` is
    then legal), in the engine's order (the units' ids); None while they are not."""
    chosen = _chosen(state, choosing)
    for target in _targets(state, choosing):
        if set(target.units) == chosen:
            return tuple(name(state.unit(uid).hex) for uid in target.units)
    return None


def start(state: BattleLoreState, seat: int, card: str, hexes: tuple[str, ...]) -> bool:
    """Begin the choice after `lore CARD HEX` when more units may be added (True: the state now
    waits for `add`/`done`); False when the play is already whole."""
    if card not in ONE_AT_A_TIME:
        return False
    choosing = Choosing(seat, card, hexes)
    if not additions(state, choosing):
        return False
    state.choosing = choosing
    state.phase = DECISION
    return True


def add(state: BattleLoreState, hex_name: str) -> tuple[str, ...] | None:
    """`add HEX`: one more unit; the whole play's words when no further unit can be added (the
    choice is complete), else None (the seat chooses again)."""
    choosing = state.choosing
    assert choosing is not None
    choosing = Choosing(choosing.seat, choosing.card, (*choosing.hexes, hex_name))
    state.choosing = choosing
    if additions(state, choosing):
        return None
    return finish(state)


def finish(state: BattleLoreState) -> tuple[str, ...]:
    """`done` (or the last `add`): the choice ends; the whole play's words."""
    choosing = state.choosing
    assert choosing is not None
    words = complete_words(state, choosing)
    assert words is not None, f"{choosing} is no whole target of {choosing.card}"
    state.choosing = None
    state.phase = "react" if state.window is not None else "command"
    return words
