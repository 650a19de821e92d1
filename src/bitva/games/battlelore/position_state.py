"""Positions as game states (issue 11, "The analysis command"): `position.py` reads and writes
the file (the battlefield, the side to act, the step); this module turns it into a state at
that decision point and back.

A position file holds the battlefield only, so a state read from one starts from what set-up
would give: the Command hands and the Lore hands are empty and the Command deck is whole; the
goblets hold the councils' starting tokens (2.4) and the Lore deck is built (BL-14.3); banners,
discards and the turn count start at 0. The turn in progress has no Command card: its ordered
units are those the file marks `ordered`, with no card effect. When that turn ends, both sides
are dealt their whole Command hands (chance nodes, the side whose turn ended first, its draw
included) and play goes on as usual.

Only states the file can say are written: at the `move` or `battle` decision, with no unit
that battled or rushes this turn and no Command card whose effect lasts the turn (Forward
March, Volley, Mounted Charge); other states raise PositionError.
"""

from __future__ import annotations

from dataclasses import replace

from bitva.core.errors import PositionError
from bitva.core.rng import Rng
from bitva.games.battlelore.analysis import Step
from bitva.games.battlelore.command import DECK, Orders
from bitva.games.battlelore.council import lore_start
from bitva.games.battlelore.lore import new_bank
from bitva.games.battlelore.options import BattleLoreOptions
from bitva.games.battlelore.position import Position, read_position, write_position
from bitva.games.battlelore.state import BattleLoreState
from bitva.games.battlelore.static import Static

POSITION_ORDERS = "POSITION"  # the orders of a position's turn: those the file gives


def state_of(text: str, source: str) -> BattleLoreState:
    from bitva.games.battlelore import lore_deck
    from bitva.games.battlelore.catalogue import load_catalogue

    position = read_position(text, source)
    adventure = position.adventure
    options = BattleLoreOptions(adventure=adventure.id or "A01")
    static = Static.from_adventure(options, adventure, load_catalogue())
    state = BattleLoreState(static, Rng(0))
    state.field = position.field
    state.active = position.active
    state.phase = position.step
    state.deck = dict(DECK)
    state.hands_pending = True
    state.ordered = [u.uid for u in state.field.alive(position.active) if u.ordered]
    state.orders = Orders(POSITION_ORDERS, need="any", count=len(state.ordered))
    if static.lore:
        starts = [lore_start(static.councils[i], static.token_adjust[i]).tokens for i in (0, 1)]
        state.bank = new_bank(starts[0], starts[1], static.lore_pool)
        lore_deck.build(state)
    return state


def text_of(state: BattleLoreState) -> str:
    if state.outcome is not None or state.phase not in ("move", "battle"):
        raise PositionError(
            "position.step", "a position is a state at the move or battle decision", "BL-1.2"
        )
    orders = state.orders
    if orders is not None and (
        orders.move_bonus or orders.no_move or orders.melee_bonus or orders.ranged_bonus
    ):
        raise PositionError(
            "position", f"the effect of {orders.card} this turn is not in a position file", "BL-2.3"
        )
    for unit in state.field.alive():
        if unit.battled or unit.rush_target is not None:
            raise PositionError(
                "position", "a unit battled or rushes this turn: not in a position file", "BL-4.1"
            )
    from bitva.games.battlelore.catalogue import load_catalogue

    adventure = load_catalogue().adventures.get(state.static.adventure_id)
    if adventure is None:
        raise PositionError("adventure", f"{state.static.adventure_id} is not a shipped adventure")
    step: Step = "move" if state.phase == "move" else "battle"
    marks = {h: mark for h, mark in enumerate(state.field.landmarks) if mark is not None}
    adventure = replace(adventure, landmarks=marks)  # with Lore-master landmarks placed
    return write_position(Position(adventure, state.field, state.active, step))
