"""The last step of a turn and the first of the next (BL-15.4, BL-1.1): cleanup resets what
lasts a turn, and the other side's turn begins. Both the end of a turn (`end.py`) and the Lore
refill (`lore_steps.py`) come here, so this module sits below both."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.events import Event

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def cleanup(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-15.4: per-turn flags reset; the other side's turn begins (BL-1.1)."""
    for hex_, owner in state.landmark_owned:  # 5.4: a Lore-master landmark held
        unit = state.field.unit_at(hex_)
        if owner == state.active and unit is not None and unit.side == owner:
            state.gain(owner, 1, events)
    for unit in state.field.alive():
        unit.reset_turn()
    state.bank = state.bank.cleanup()  # BL-15.4: the Lore cards played go to the discards
    state.lore_discard += [card.card for card in state.lore_played]
    state.lore_played = []
    state.lore_played_by = [False, False]
    state.instead = False
    state.paid = []
    state.first = []
    state.lore_effects = []  # "this turn" effects end (BL-15.4)
    state.orders = None
    state.ordered = []
    state.turn += 1
    begin_turn(state, 3 - state.active, events)


def begin_turn(state: BattleLoreState, seat: int, events: list[Event] | None) -> None:
    state.active = seat
    state.phase = "command"
    if events is not None:
        events.append(Event("turn", {"player": seat, "turn": state.turn + 1}))
