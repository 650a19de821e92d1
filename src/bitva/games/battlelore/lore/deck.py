"""The Lore deck as chance (BL-14.3, BL-15.2, D-35; docs/battlelore.md, "The Lore deck as
chance"). The deck is a known multiset in the state (`lore_deck`, card id -> copies), hidden
from both seats. BL-14.3 step 2 is chance at set-up: the cards boxed from each school pile are
chosen one at a time (`box CARD`, weighted by the copies of that school left, which is a
uniform choice of the boxed cards) into `lore_boxed`, seen by nobody; `lore_to_box` counts, in
`SCHOOLS` order, how many of each school are still to box. Every Lore draw is then a
`lore-deal` chance node weighted by the copies left, the unkept cards of the opening deal go
back into the deck, and D-35 rebuilds an empty deck from the face-up discards. Which deck each
held card came from, and which returned cards each seat knows are out of the box, are kept in
`origins.py` for `redeal_hidden`."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from bitva.core.chance import sample
from bitva.core.rng import Rng
from bitva.games.battlelore import origins
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.lore.council import (
    SCHOOLS,
    intro_deck_composition,
    lore_deck_composition,
    school_piles,
)

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState


def lore_ids() -> tuple[str, ...]:
    return tuple(load_catalogue().lore)


def _school_of() -> dict[str, str]:
    return {card.id: card.schools[0] for card in load_catalogue().lore.values()}


LORE_IDS: tuple[str, ...] = lore_ids()
SCHOOL_OF: dict[str, str] = _school_of()
# each school's card ids, in `LORE_IDS` order (the order of every chance node's outcomes)
IDS_OF: dict[str, tuple[str, ...]] = {
    school: tuple(card for card in LORE_IDS if SCHOOL_OF[card] == school) for school in SCHOOLS
}


def build(state: BattleLoreState) -> None:
    """The deck of a position file that does not give it (`position.state.base_state`): built
    and boxed, each boxed card drawn with its chance from the state's RNG."""
    gather(state)
    while boxing(state):
        box(state, sample(odds(state), state.rng))


def gather(state: BattleLoreState) -> None:
    """BL-14.3 steps 1-2: every card of the four piles in the deck, and how many of each pile
    are boxed unseen (those are chosen by chance next: `box`)."""
    south, north = state.councils
    piles = school_piles(load_catalogue().lore.values())
    intro = state.static.options.councils == "intro"
    taken = intro_deck_composition() if intro else lore_deck_composition(south, north)
    state.lore_deck = dict(Counter(card for school in SCHOOLS for card in piles[school]))
    state.lore_boxed = {}
    state.lore_to_box = tuple(
        len(piles[school]) - min(taken[school], len(piles[school])) for school in SCHOOLS
    )
    state.lore_returned = ((), ())


def boxing(state: BattleLoreState) -> bool:
    """Cards are still to be boxed (BL-14.3 step 2)."""
    return any(state.lore_to_box)


def size(state: BattleLoreState) -> int:
    return sum(state.lore_deck.values())


def _by_count(counts: dict[str, int], cards: tuple[str, ...]) -> list[tuple[str, Fraction]]:
    total = sum(counts.get(card, 0) for card in cards)
    return [(card, Fraction(counts[card], total)) for card in cards if counts.get(card)]


def odds(state: BattleLoreState) -> list[tuple[str, Fraction]]:
    """The next chance outcome, each card with its exact probability in `LORE_IDS` order: while
    boxing, a card of the first school still to box, else the card drawn; by copies left."""
    if boxing(state):
        school = SCHOOLS[next(i for i, n in enumerate(state.lore_to_box) if n)]
        return _by_count(state.lore_deck, IDS_OF[school])
    return _by_count(state.lore_deck, LORE_IDS)


def box(state: BattleLoreState, card: str) -> None:
    """BL-14.3 step 2: `card` goes back into the box unseen."""
    take(state, card)
    state.lore_boxed[card] = state.lore_boxed.get(card, 0) + 1
    left = list(state.lore_to_box)
    left[SCHOOLS.index(SCHOOL_OF[card])] -= 1
    state.lore_to_box = tuple(left)


def take(state: BattleLoreState, card: str) -> None:
    """The drawn card leaves the deck."""
    state.lore_deck[card] -= 1
    if not state.lore_deck[card]:
        del state.lore_deck[card]


def put_back(state: BattleLoreState, cards: list[str]) -> None:
    """Cards shuffled back into the deck (BL-14.3 step 5): certainly in it, not boxed."""
    for card in cards:
        state.lore_deck[card] = state.lore_deck.get(card, 0) + 1


def rebuild_if_empty(state: BattleLoreState) -> bool:
    """D-35: an empty deck is rebuilt from the discard pile before a draw; False when there
    is nothing to draw at all (BL-13.8: as far as it goes)."""
    if size(state):
        return True
    if not state.lore_discard:
        return False
    state.lore_deck = dict(Counter(state.lore_discard))
    state.lore_discard = []
    origins.lore_rebuilt(state)
    return True


def redeal_hidden(state: BattleLoreState, seat: int, rng: Rng) -> None:
    """Determinization: what `seat` has not seen dealt anew (docs/battlelore.md,
    "Determinization"): the boxed cards, the deck and the other seat's Lore cards (hand, cards
    drawn and not yet kept), each of those from the deck it was drawn from:
    - from the first deck: its unseen cards (before any rebuild the deck, the boxed cards and
      those held; after one the boxed cards and those held) are boxed anew, as many of each
      school as were boxed, never a card `seat` put back and counts on (`lore_returned`:
      such a card goes to the deck or to the other seat's later draws, never to its opening
      cards), and the rest dealt back where they were;
    - from a later used-up deck: they stay (that deck was face up when rebuilt and every
      other card of it was seen);
    - from the current rebuilt deck: shuffled with its cards left and dealt again.
    Which cards the other seat put back and counts on was hidden from `seat` too: the new state
    has none (a determinization must depend on `seat`'s view only; the list only weighs the
    other seat's own determinizations, never the game)."""
    hidden = 3 - seat
    hand, drawn = state.lore_hands[hidden], state.lore_drawn[hidden]
    origins_ = state.lore_origins
    first, earlier, current = origins_.split(hidden, hand + drawn)
    certain = state.lore_returned[seat - 1]
    opening = origins_.opening[hidden - 1]
    if origins_.rebuilds:
        first, _ = _rebox(state, first, [], certain, min(opening, len(first)), rng)
        unseen = _cards(_counted(current + _cards(state.lore_deck)))  # (in a canonical order)
        current, deck = _split(unseen, len(current), rng)
    else:
        current, deck = _rebox(state, current, _cards(state.lore_deck), certain, opening, rng)
    state.lore_deck = _counted(deck)
    held = first + earlier + current
    state.lore_hands[hidden], state.lore_drawn[hidden] = held[: len(hand)], held[len(hand) :]
    origins.set_returned(state, hidden, Counter())  # hidden from `seat`: see the docstring


def _cards(counts: dict[str, int]) -> list[str]:
    return [card for card in LORE_IDS for _ in range(counts.get(card, 0))]


def _counted(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _split(items: list[str], count: int, rng: Rng) -> tuple[list[str], list[str]]:
    """`count` of `items` chosen uniformly at random, in random order, and the rest (a partial
    shuffle: the search determinizes thousands of times a second)."""
    items = list(items)
    size = len(items)
    for i in range(min(count, size - 1)):
        j = i + rng.below(size - i)
        items[i], items[j] = items[j], items[i]
    return items[:count], items[count:]


def _rebox(
    state: BattleLoreState,
    held: list[str],
    deck: list[str],
    certain: tuple[str, ...],
    opening: int,
    rng: Rng,
) -> tuple[list[str], list[str]]:
    """The first deck's unseen cards (`held`, `deck` and the boxed ones) dealt anew: each
    school's boxed count chosen uniformly among its copies but the `certain` ones, the first
    `opening` of `held` among the rest, then the others, the `certain` ones among them, dealt
    into `held` and `deck` (their sizes kept)."""
    free = _counted(held + deck)
    schools: dict[str, int] = dict.fromkeys(SCHOOLS, 0)
    for card, n in state.lore_boxed.items():
        free[card] = free.get(card, 0) + n
        schools[SCHOOL_OF[card]] += n
    kept = []
    for card in certain:  # (a hand-built state may claim more than it holds)
        if free.get(card):
            free[card] -= 1
            kept.append(card)
    boxed: dict[str, int] = {}
    for school, count in schools.items():
        if count:
            pile = [card for card in IDS_OF[school] for _ in range(free.get(card, 0))]
            for card in _split(pile, count, rng)[0]:
                boxed[card] = boxed.get(card, 0) + 1
                free[card] -= 1
    state.lore_boxed = {card: boxed[card] for card in LORE_IDS if card in boxed}
    head, rest = _split(_cards(free), opening, rng)
    tail, deck = _split(rest + kept, len(held) - opening, rng)
    return head + tail, deck
