"""The end of a turn (BL-1.2 steps 5-6): the Command draw (BL-15.1; Scout: draw 2, keep 1),
then cleanup (BL-15.4, D-34), and the next player's turn. Every card drawn is a chance node
(`deal CARD`) weighted by the cards of each kind left in the deck; the card is private to the
drawer. An empty deck is the shuffled discard pile (BL-15.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.games.battlelore import origins
from bitva.games.battlelore.lore import wiring as lore_wiring
from bitva.games.battlelore.turn.cleanup import begin_turn
from bitva.games.battlelore.turn.lore_steps import start_refill, start_setup

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def start_deals(
    state: BattleLoreState, seats: list[int], then: str, events: list[Event] | None
) -> None:
    """Deal one Command card to each of `seats` in turn (chance nodes), then go on with
    `then`: "setup" (the first turn), "draw" (the end of a turn) or "scout" (keep 1 of 2)."""
    state.deal_to = list(seats)
    state.after_deal = then
    if seats:
        refill_deck(state, events)
    if seats and sum(state.deck.values()) > 0:
        state.phase = "deal"
    else:
        after_deals(state, events)


def refill_deck(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-15.1: when the deck is empty, the discards are shuffled into a new deck."""
    if sum(state.deck.values()) == 0 and state.discard:
        for card in state.discard:
            state.deck[card] = state.deck.get(card, 0) + 1
        state.discard = []
        origins.command_rebuilt(state)
        if events is not None:
            events.append(Event("reshuffled", {"deck": sum(state.deck.values())}))


def dealt(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    """The chance outcome of a draw: `card` comes off the deck."""
    seat = state.deal_to.pop(0)
    state.deck[card] -= 1
    if state.deck[card] == 0:
        del state.deck[card]
    (state.drawn if state.after_deal == "scout" else state.hands)[seat].append(card)
    if events is not None:
        events.append(
            Event(
                "drew",
                {"player": seat, "deck": sum(state.deck.values())},
                private={"card": card},
                private_to=seat,
            )
        )
    if state.deal_to:
        refill_deck(state, events)
        if sum(state.deck.values()) == 0:  # nothing left anywhere to draw
            state.deal_to = []
            after_deals(state, events)
    else:
        after_deals(state, events)


def after_deals(state: BattleLoreState, events: list[Event] | None) -> None:
    then = state.after_deal
    state.after_deal = ""
    state.deal_to = []
    if then == "setup":
        if state.static.lore:
            start_setup(state, events)
        else:
            begin_turn(state, state.static.first_player, events)
    elif then == "scout" and len(state.drawn[state.active]) > 1:
        state.phase = "draw-keep"
    else:
        if then == "scout":  # only one card could be drawn: it is kept
            state.hands[state.active] += state.drawn[state.active]
            state.drawn[state.active] = []
        after_command_draw(state, events)


def end_turn(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-1.2 step 5, BL-15.1: the played card goes to the discards, then the draw (Scout:
    2, keep 1)."""
    state.battle = None
    if state.played is not None:
        state.discard.append(state.played)
        state.played = None
    scout = state.orders is not None and state.orders.scout
    scout = scout or lore_wiring.schemes(state)  # Scheming (RG06): as Scout, not stacking
    seat = state.active
    if state.instead:  # D-46: a CMD_INSTEAD card: no Command draw, the refill still happens
        after_command_draw(state, events)
        return
    if state.hands_pending:  # a position's turn ended: both hands are dealt now
        state.hands_pending = False
        mine, theirs = state.static.command_hand[seat - 1], state.static.command_hand[2 - seat]
        start_deals(state, [seat] * mine + [3 - seat] * theirs, "draw", events)
        return
    start_deals(state, [seat, seat] if scout else [seat], "scout" if scout else "draw", events)


def scout_discard(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    """BL-15.1: of the two cards drawn, the one not kept goes face up to the discards."""
    seat = state.active
    drawn = state.drawn[seat]
    origins.command_let_go(state, seat, card, from_drawn=True)
    state.hands[seat] += drawn
    state.drawn[seat] = []
    state.discard.append(card)
    if events is not None:
        events.append(Event("discarded", {"player": seat, "card": card}))
    after_command_draw(state, events)


def after_command_draw(state: BattleLoreState, events: list[Event] | None) -> None:
    """D-34: the Lore refill comes after the Command draw, cleanup last."""
    start_refill(state, events)
