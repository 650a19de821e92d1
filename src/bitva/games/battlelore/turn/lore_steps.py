"""The Lore cards' part of set-up and of the end of a turn: the starting cards (BL-14.3 steps
2-5: the cards boxed, deal 4, keep the starting number, the rest back into the deck), the
refill announced first (BL-15.2 a/b/c, D-34; BL-15.3 never skips it) and the hand limit
(BL-14.5). Each card drawn is a `lore-deal` chance node (`lore/deck.py`), private to the
drawer; each card boxed a `lore-box` chance node, private to nobody."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.core.events import Event
from bitva.games.battlelore import origins
from bitva.games.battlelore.field.board import name
from bitva.games.battlelore.lore import deck as lore_deck
from bitva.games.battlelore.lore.council import (
    DEAL_AT_START,
    hand_limit,
    landmark_entitlement,
    landmark_hexes,
    lore_start,
    placement_order,
)
from bitva.games.battlelore.lore.economy import REFILL_OPTIONS
from bitva.games.battlelore.turn.cleanup import begin_turn, cleanup

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def start_setup(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-14.3: build the deck, box the cards it does not take (chance, `box CARD` one at a
    time, seen by nobody), then deal 4 to each side that keeps any (South first)."""
    lore_deck.gather(state)
    for seat in (1, 2):
        state.keep_left[seat] = lore_start(state.councils[seat - 1]).cards
    next_box(state, events)


def boxed(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    """BL-14.3 step 2: one card boxed unseen; no event, no view names it."""
    lore_deck.box(state, card)
    next_box(state, events)


def next_box(state: BattleLoreState, events: list[Event] | None) -> None:
    if lore_deck.boxing(state):
        state.phase = "lore-box"
        return
    seats = [s for s in (1, 2) if state.keep_left[s] for _ in range(DEAL_AT_START)]
    start_lore_deals(state, seats, "setup", events)


def start_lore_deals(
    state: BattleLoreState, seats: list[int], then: str, events: list[Event] | None
) -> None:
    state.lore_deal_to = list(seats)
    state.lore_after = then
    next_lore_deal(state, events)


def next_lore_deal(state: BattleLoreState, events: list[Event] | None) -> None:
    if state.lore_deal_to and lore_deck.rebuild_if_empty(state):
        state.phase = "lore-deal"
        return
    state.lore_deal_to = []
    after_lore_deals(state, events)


def lore_dealt(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    seat = state.lore_deal_to.pop(0)
    lore_deck.take(state, card)
    if not state.lore_origins.rebuilds:  # a first-deck card the seat now sees
        origins.lore_seen(state, seat, card)
    state.lore_drawn[seat].append(card)
    if events is not None:
        events.append(
            Event(
                "drew-lore",
                {"player": seat, "deck": lore_deck.size(state)},
                private={"card": card},
                private_to=seat,
            )
        )
    next_lore_deal(state, events)


def after_lore_deals(state: BattleLoreState, events: list[Event] | None) -> None:
    then = state.lore_after
    state.lore_after = ""
    if then == "setup":
        origins.lore_dealt_opening(state)
        for seat in (1, 2):  # fewer cards than the deal: all of them are kept
            state.keep_left[seat] = min(state.keep_left[seat], len(state.lore_drawn[seat]))
        next_keep(state, events)
    elif then == "refill-a" and len(state.lore_drawn[state.active]) > 1:
        state.phase = "lore-keep"
    else:
        seat = state.active
        state.lore_hands[seat] += state.lore_drawn[seat]
        state.lore_drawn[seat] = []
        check_hand_limit(state, events)


def next_keep(state: BattleLoreState, events: list[Event] | None) -> None:
    """The starting cards are kept one at a time, South first; the unkept go back (step 5)."""
    for seat in (1, 2):
        if not state.keep_left[seat] and state.lore_drawn[seat]:
            lore_deck.put_back(state, state.lore_drawn[seat])
            returned, state.lore_drawn[seat] = state.lore_drawn[seat], []
            origins.lore_put_back(state, seat, returned)
    if state.keep_left[1] or state.keep_left[2]:
        state.phase = "keep-lore"
        return
    if state.static.master_landmarks and not state.landmark_queue and not state.placed_once:
        south, north = state.councils
        state.landmark_queue = list(placement_order(landmark_entitlement(south, north)))
        state.placed_once = True
    if state.landmark_queue:  # section 3 step 4.5, BL-9.3: South places first
        state.phase = "landmark"
        return
    begin_turn(state, state.static.first_player, events)


def landmark_choices(state: BattleLoreState) -> list[int]:
    seat, _ = state.landmark_queue[0]
    return list(landmark_hexes(state.field, seat))


def place_landmark(state: BattleLoreState, hex_: int, events: list[Event] | None) -> None:
    """BL-9.3, D-32: the landmark stands on `hex_` for the rest of the game (5.4)."""
    seat, landmark = state.landmark_queue.pop(0)
    marks = list(state.field.landmarks)
    marks[hex_] = landmark
    state.field.landmarks = tuple(marks)
    state.landmark_owned.append((hex_, seat))
    if events is not None:
        events.append(Event("landmark", {"player": seat, "landmark": landmark, "hex": name(hex_)}))
    next_keep(state, events)


def keep(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    seat = 1 if state.keep_left[1] else 2
    state.lore_drawn[seat].remove(card)
    state.lore_hands[seat].append(card)
    state.keep_left[seat] -= 1
    if events is not None:
        events.append(Event("kept-lore", {"player": seat}, private={"card": card}, private_to=seat))
    next_keep(state, events)


def start_refill(state: BattleLoreState, events: list[Event] | None) -> None:
    """D-34: after the Command draw, the Lore refill (Lore adventures), then cleanup. BL-15.3:
    a card played in the opponent's turn only means no refill before the end of one's own
    next turn, which is when the refill comes anyway: it never skips this one."""
    if not state.static.lore:
        cleanup(state, events)
    else:
        state.phase = "refill"


def refill(state: BattleLoreState, option: str, events: list[Event] | None) -> None:
    """BL-15.2: (a) 2 cards, keep 1; (b) 1 card and 1 token; (c) 2 tokens."""
    seat = state.active
    cards, _, tokens = REFILL_OPTIONS[option]  # type: ignore[index]
    if events is not None:
        events.append(Event("refill", {"player": seat, "option": option}))
    if tokens:
        state.gain(seat, tokens, events)
    start_lore_deals(state, [seat] * cards, f"refill-{option}", events)


def discard_drawn(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    """Refill (a): the card not kept goes face up to the discard pile."""
    seat = state.active
    origins.lore_let_go(state, seat, card, from_drawn=True)
    state.lore_discard.append(card)
    if events is not None:
        events.append(Event("discarded-lore", {"player": seat, "card": card}))
    state.lore_hands[seat] += state.lore_drawn[seat]
    state.lore_drawn[seat] = []
    check_hand_limit(state, events)


def over_limit(state: BattleLoreState) -> int:
    seat = state.active
    return len(state.lore_hands[seat]) - hand_limit(state.councils[seat - 1])


def check_hand_limit(state: BattleLoreState, events: list[Event] | None) -> None:
    """BL-14.5: excess cards are discarded at once, the owner's choice, new or old."""
    if over_limit(state) > 0:
        state.phase = "discard"
    else:
        cleanup(state, events)


def discard_from_hand(state: BattleLoreState, card: str, events: list[Event] | None) -> None:
    seat = state.active
    origins.lore_let_go(state, seat, card)
    state.lore_discard.append(card)
    if events is not None:
        events.append(Event("discarded-lore", {"player": seat, "card": card}))
    check_hand_limit(state, events)
