"""The Lore deck as chance (BL-14.3, BL-15.2, D-35). The deck is built from the four school
piles: from each pile a number of cards is taken at random and the rest boxed unseen. Rather
than deal that hidden choice at set-up, the deck keeps, per school, how many of its cards are
still in the deck (`left`) and which pile cards nobody has drawn yet (`piles`): the next card is
of school s with probability left[s] / sum(left), and then any unseen card of that pile alike,
which is exactly the chance of the shuffled deck (but for the unkept opening cards, which go
back into the piles as unseen: docs/battlelore.md, "Determinization"). Once the deck is empty it
is rebuilt from the discard pile (D-35), whose cards everybody saw: it is then `known`, drawn by
count. Which deck each held card came from is counted in `origins.py`, for `redeal_hidden`."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from bitva.core.rng import Rng
from bitva.games.battlelore import origins
from bitva.games.battlelore.council import (
    SCHOOLS,
    intro_deck_composition,
    lore_deck_composition,
    school_piles,
)

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def lore_ids() -> tuple[str, ...]:
    from bitva.games.battlelore.catalogue import load_catalogue

    return tuple(load_catalogue().lore)


def _school_of() -> dict[str, str]:
    from bitva.games.battlelore.catalogue import load_catalogue

    return {card.id: card.schools[0] for card in load_catalogue().lore.values()}


LORE_IDS: tuple[str, ...] = lore_ids()
SCHOOL_OF: dict[str, str] = _school_of()


def build(state: BattleLoreState) -> None:
    """BL-14.3 steps 1-3: the piles and how many cards of each the deck takes."""
    from bitva.games.battlelore.catalogue import load_catalogue

    south, north = state.councils
    piles = school_piles(load_catalogue().lore.values())
    intro = state.static.options.councils == "intro"
    taken = intro_deck_composition() if intro else lore_deck_composition(south, north)
    state.lore_piles = {school: list(piles[school]) for school in SCHOOLS}
    state.lore_left = {school: min(taken[school], len(piles[school])) for school in SCHOOLS}
    state.lore_known = {}


def size(state: BattleLoreState) -> int:
    if state.lore_known:
        return sum(state.lore_known.values())
    return sum(state.lore_left.values())


def odds(state: BattleLoreState) -> list[tuple[str, Fraction]]:
    """The card the next draw may be, each with its exact probability, in `LORE_IDS` order."""
    if state.lore_known:
        total = sum(state.lore_known.values())
        return [
            (card, Fraction(state.lore_known[card], total))
            for card in LORE_IDS
            if state.lore_known.get(card)
        ]
    return _pile_odds(state)


def _pile_odds(state: BattleLoreState) -> list[tuple[str, Fraction]]:
    """The first deck's next card: school s with probability left[s] / sum(left), then any
    card of that school's unseen pile alike."""
    total = sum(state.lore_left.values())
    chance: dict[str, Fraction] = {}
    for school, left in state.lore_left.items():
        pile = state.lore_piles[school]
        if not left:
            continue
        for card in pile:
            chance[card] = chance.get(card, Fraction(0)) + Fraction(left, total * len(pile))
    return [(card, chance[card]) for card in LORE_IDS if card in chance]


def take(state: BattleLoreState, card: str) -> None:
    """The drawn card leaves the deck."""
    if state.lore_known:
        state.lore_known[card] -= 1
        if not state.lore_known[card]:
            del state.lore_known[card]
        return
    _take_from_piles(state, card)


def _take_from_piles(state: BattleLoreState, card: str) -> None:
    school = SCHOOL_OF[card]
    state.lore_piles[school].remove(card)
    state.lore_left[school] -= 1


def put_back(state: BattleLoreState, cards: list[str]) -> None:
    """Cards shuffled back into the deck unseen (BL-14.3 step 5)."""
    if state.lore_known:
        for card in cards:
            state.lore_known[card] = state.lore_known.get(card, 0) + 1
    else:
        _back_to_piles(state, cards)


def _back_to_piles(state: BattleLoreState, cards: list[str]) -> None:
    for card in cards:
        school = SCHOOL_OF[card]
        state.lore_piles[school].append(card)
        state.lore_piles[school].sort()
        state.lore_left[school] += 1


def rebuild_if_empty(state: BattleLoreState) -> bool:
    """D-35: an empty deck is rebuilt from the discard pile before a draw; False when there
    is nothing to draw at all (BL-13.8: as far as it goes)."""
    if size(state):
        return True
    if not state.lore_discard:
        return False
    state.lore_left = {school: 0 for school in SCHOOLS}
    state.lore_known = {}
    for card in state.lore_discard:
        state.lore_known[card] = state.lore_known.get(card, 0) + 1
    state.lore_discard = []
    origins.lore_rebuilt(state)
    return True


def redeal_hidden(state: BattleLoreState, seat: int, rng: Rng) -> None:
    """Determinization: the other seat's Lore cards (hand, cards drawn and not yet kept) dealt
    anew, each from the pile it was drawn from, among the cards `seat` cannot rule out
    (docs/battlelore.md, "Determinization"):
    - before any rebuild (D-35), all of them from the first deck: back into the school piles,
      then drawn as the deck draws (the school counts of the piles left are public);
    - after one, those from the first deck again from its piles, whose `left` is then 0 for
      every school: each is dealt a card of its own school (that school's count is public,
      its share of the used-up deck less the cards `seat` saw), among the cards nobody saw;
      those from a later used-up deck stay as they are (that deck was face up when rebuilt and
      every other card of it was seen); those from the current deck are shuffled with its
      cards left and dealt again."""
    hidden = 3 - seat
    hand, drawn = state.lore_hands[hidden], state.lore_drawn[hidden]
    first, earlier, current = state.lore_origins.split(hidden, hand + drawn)
    if state.lore_origins.rebuilds or state.lore_known:  # (a hand-built state may lack the count)
        first = _redeal_from_piles(state, first, rng)
        current = _redeal_from_rebuilt(state, current, rng)
    else:
        current = _redeal_from_piles(state, current, rng)
    held = first + earlier + current
    state.lore_hands[hidden], state.lore_drawn[hidden] = held[: len(hand)], held[len(hand) :]


def _redeal_from_piles(state: BattleLoreState, cards: list[str], rng: Rng) -> list[str]:
    from bitva.core.chance import sample

    _back_to_piles(state, cards)
    dealt = []
    for _ in cards:
        card = sample(_pile_odds(state), rng)
        _take_from_piles(state, card)
        dealt.append(card)
    return dealt


def _redeal_from_rebuilt(state: BattleLoreState, cards: list[str], rng: Rng) -> list[str]:
    unseen = sorted(cards + [card for card, n in state.lore_known.items() for _ in range(n)])
    rng.shuffle(unseen)
    state.lore_known = {}
    for card in unseen[len(cards) :]:
        state.lore_known[card] = state.lore_known.get(card, 0) + 1
    return unseen[: len(cards)]
