"""Cards off the top of a deck (LW-3.2, LW-4.1, LW-9.1a, D-17): every card drawn is a chance
outcome, one chance node per card, whose outcomes are the kinds of card left in the deck with
their exact shares. A stacked deck (a position file's) or a deck of one kind deals with certainty,
without a chance node.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.games.lords_of_war.cards import HAND_SIZE

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState


def deal_odds(state: LordsOfWarState, seat: int) -> list[tuple[int, Fraction]]:
    """The kinds the next card of `seat`'s deck may be, each with its exact probability."""
    deck = state.deck[seat]
    kind_of = state.static.kind_of[seat]
    if state.stacked[seat]:
        return [(kind_of[deck[-1]], Fraction(1))]
    counts: dict[int, int] = {}
    for card_id in deck:
        kind = kind_of[card_id]
        counts[kind] = counts.get(kind, 0) + 1
    total = len(deck)
    return [(kind, Fraction(n, total)) for kind, n in sorted(counts.items())]


def deal_kinds(state: LordsOfWarState, seat: int) -> list[int]:
    """The kinds the next card of `seat`'s deck may be, in the order of `deal_odds`."""
    deck = state.deck[seat]
    kind_of = state.static.kind_of[seat]
    if state.stacked[seat]:
        return [kind_of[deck[-1]]]
    return sorted({kind_of[card_id] for card_id in deck})


def can_deal(state: LordsOfWarState, seat: int, kind: int) -> bool:
    """Whether the next card of `seat`'s deck may be of `kind` (a quick `deal_kinds` test)."""
    deck = state.deck[seat]
    if not 0 <= kind < len(state.static.kinds[seat]) or not deck:
        return False
    if state.stacked[seat]:
        return state.static.kind_of[seat][deck[-1]] == kind
    return any(card_id in deck for card_id in state.static.ids_of_kind[seat][kind])


def draw(state: LordsOfWarState, seat: int, events: list[Event] | None) -> None:
    """LW-9.1a: draw from the top until the hand holds six or the deck is empty: one chance
    node per card."""
    count = min(HAND_SIZE - len(state.hand[seat]), len(state.deck[seat]))
    if count <= 0 and events is not None:
        events.append(
            Event(
                "drew",
                {"player": seat, "count": 0, "deck": len(state.deck[seat])},
                private={"cards": []},
                private_to=seat,
            )
        )
    start_deals(state, [seat] * max(count, 0), "reinforce", events)


def start_deals(
    state: LordsOfWarState, seats: list[int], then: str, events: list[Event] | None
) -> None:
    """Deal one card to each of `seats` in turn (chance nodes), then go on with `then`."""
    state.deal_to = seats
    state.after_deal = then
    state._legal = None
    if seats:
        state.phase = "deal"
        deal_certain(state, events)
    else:
        after_deals(state, events)


def deal_certain(state: LordsOfWarState, events: list[Event] | None) -> None:
    """Deals whose card is certain (a stacked deck, or one kind left) need no chance."""
    while state.phase == "deal":
        seat = state.deal_to[0]
        deck = state.deck[seat]
        kind_of = state.static.kind_of[seat]
        if not state.stacked[seat]:
            first = kind_of[deck[0]]
            if kind_of[deck[-1]] != first or any(kind_of[c] != first for c in deck):
                return
        deal(state, kind_of[deck[-1]], events, certain=True)


def deal(
    state: LordsOfWarState, kind: int, events: list[Event] | None, certain: bool = False
) -> None:
    """The chance outcome of a deal: the top card of the seat's deck is of `kind`."""
    seat = state.deal_to.pop(0)
    deck = state.deck[seat]
    if state.stacked[seat]:
        card_id = deck.pop()
    else:  # any copy of the kind: they are the same card
        card_id = next(c for c in state.static.ids_of_kind[seat][kind] if c in deck)
        deck.remove(card_id)
    state.hand[seat].append(card_id)
    state._legal = None
    if events is not None:
        events.append(
            Event(
                "drew",
                {"player": seat, "count": 1, "deck": len(deck)},
                private={"cards": [state._name(seat << 8 | card_id)]},
                private_to=seat,
            )
        )
    if not state.deal_to:
        after_deals(state, events)
    elif not certain:
        deal_certain(state, events)


def after_deals(state: LordsOfWarState, events: list[Event] | None) -> None:
    """Go on with what the deals were part of: the set-up, a challenge or a reinforcement."""
    then = state.after_deal
    state.after_deal = ""
    state.deal_to = []
    if then == "setup":  # LW-4.1: player 1 opens the challenge
        state.phase = "challenge"
        state.active = 1
        state._legal = None
    elif then == "challenge":
        if state.active == 1:  # LW-4.2: player 2 answers the challenge
            state.phase = "challenge"
            state.active = 2
            state.turn = 0
            state.placed = set()
            state._legal = None
        else:
            state._start_turn(1, events)
    else:
        state._end_turn(events)
