"""What never changes during one game: the mat, the options and the cards of each seat, with the
per-card geometry precomputed. Shared by every clone of a state.

A unit (a physical card) is the int `owner << 8 | card_id`; `card_id` indexes the seat's `cards`.
A card's *kind* is its index among the seat's distinct cards: placements name kinds, so two
copies of one card give one action, not two. The integer codes name a card by its *slot* in one
fixed order instead (`catalogue_order()`, issue 23), so that a code means the same action in
every game; the codec maps kinds to slots per seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bitva.core.errors import BitvaError
from bitva.games.lords_of_war.actions import (
    ActionCodec,
)
from bitva.games.lords_of_war.cards import DECK_SIZE, DIRECTION_OFFSETS, Card
from bitva.games.lords_of_war.catalogue import army_names, load_army
from bitva.games.lords_of_war.mat import Mat, make_mat
from bitva.games.lords_of_war.options import LordsOfWarOptions

# Slots after the catalogue's cards for a position file's inline cards (section 14): a seat holds
# at most DECK_SIZE cards (LW-1.1), so at most that many distinct inline ones.
INLINE_SLOTS = DECK_SIZE
UNIT_SLOTS = 3 << 8


@cache
def catalogue_order() -> tuple[Card, ...]:
    """The fixed order of card slots in the integer codes (issue 23): the shipped armies in
    `army_names()` order (alphabetical: dwarves, elves, lizardmen, orcs), each army's distinct
    cards in the order of its file. Every deck card, custom and mercenary decks included, is one
    of these (`catalogue.card_index()`). Adding an army file changes the order, so the codes are
    stable for one catalogue (docs/research/lords-of-war.md)."""
    return tuple(card for army in army_names() for card in load_army(army).cards)


@cache
def catalogue_slot() -> dict[Card, int]:
    """A catalogue card's slot in `catalogue_order()`."""
    return {card: g for g, card in enumerate(catalogue_order())}


def kind_slots() -> int:
    """K, the card slots per seat in the codes: the catalogue, then INLINE_SLOTS."""
    return len(catalogue_order()) + INLINE_SLOTS


def card_slots(kinds: tuple[Card, ...], seat: int) -> tuple[int, ...]:
    """The slot of each of a seat's kinds: its catalogue slot, or for a card that is no catalogue
    card (an inline card of a position file) the next inline slot, in kind order."""
    known = catalogue_slot()
    base = len(known)
    slots: list[int] = []
    inline = 0
    for card in kinds:
        g = known.get(card)
        if g is None:
            if inline == INLINE_SLOTS:
                raise BitvaError(
                    f"seat {seat} has more than {INLINE_SLOTS} cards that are not in the "
                    "catalogue; the integer action codes have room for that many"
                )
            g = base + inline
            inline += 1
        slots.append(g)
    return tuple(slots)


_SHARED: dict[tuple[str, tuple[Card, ...], tuple[Card, ...]], Static] = {}


def unit(owner: int, card_id: int) -> int:
    return owner << 8 | card_id


@dataclass
class Static:
    options: LordsOfWarOptions
    mat: Mat
    cards: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]  # index 0 unused
    kinds: tuple[tuple[Card, ...], ...] = field(init=False)
    kind_of: tuple[tuple[int, ...], ...] = field(init=False)
    kind_index: tuple[dict[str, int], ...] = field(init=False)  # card ref -> kind, per seat
    ids_of_kind: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False)  # per seat and kind
    # per unit (lists of UNIT_SLOTS entries; None where no such unit)
    card: list[Card | None] = field(init=False)
    arrows: list[tuple[tuple[int, int], ...]] = field(init=False)  # (board delta, value)
    arrow_deltas: list[frozenset[int]] = field(init=False)
    # per seat and kind: the board deltas of its arrows (for the contact rule)
    kind_deltas: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False)
    codec: ActionCodec = field(init=False)
    json_cache: dict[str, Any] | None = field(default=None, init=False)
    _grids: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        mat = self.mat
        kinds: list[tuple[Card, ...]] = [()]
        kind_of: list[tuple[int, ...]] = [()]
        kind_index: list[dict[str, int]] = [{}]
        for seat in (1, 2):
            index: dict[Card, int] = {}
            ids: list[int] = []
            for card in self.cards[seat]:
                ids.append(index.setdefault(card, len(index)))
            distinct = list(index)
            kinds.append(tuple(distinct))
            kind_of.append(tuple(ids))
            kind_index.append({card.ref: k for k, card in enumerate(distinct)})
        self.kinds = tuple(kinds)
        self.kind_of = tuple(kind_of)
        self.kind_index = tuple(kind_index)
        self.ids_of_kind = tuple(
            tuple(
                tuple(card_id for card_id, k in enumerate(kind_of[seat]) if k == kind)
                for kind in range(len(kinds[seat]))
            )
            for seat in range(3)
        )
        self.card = [None] * UNIT_SLOTS
        self.arrows = [()] * UNIT_SLOTS
        self.arrow_deltas = [frozenset()] * UNIT_SLOTS
        for seat in (1, 2):
            for card_id, card in enumerate(self.cards[seat]):
                u = unit(seat, card_id)
                self.card[u] = card
                self.arrows[u] = tuple(
                    (mat.direction_delta(seat, dx, dy), value)
                    for (dx, dy), value in zip(DIRECTION_OFFSETS, card.arrows, strict=True)
                    if value
                )
                self.arrow_deltas[u] = frozenset(delta for delta, _ in self.arrows[u])
        self.kind_deltas = (
            (),
            *(
                tuple(
                    tuple(
                        mat.direction_delta(seat, dx, dy)
                        for (dx, dy), value in zip(DIRECTION_OFFSETS, card.arrows, strict=True)
                        if value
                    )
                    for card in self.kinds[seat]
                )
                for seat in (1, 2)
            ),
        )
        slots = ((), *(card_slots(self.kinds[seat], seat) for seat in (1, 2)))
        catalogue: tuple[Card | None, ...] = (*catalogue_order(), *(None,) * INLINE_SLOTS)
        self.codec = ActionCodec(mat, self.kinds, slots, catalogue)

    @classmethod
    def build(cls, options: LordsOfWarOptions, cards1: list[Card], cards2: list[Card]) -> Static:
        """The static part of a game. Games with the same options and cards share one (it holds
        only derived data and caches), so starting a game costs no precomputation."""
        key = (options.model_dump_json(), tuple(cards1), tuple(cards2))
        static = _SHARED.get(key)
        if static is None:
            static = cls(options, make_mat(options.borderless), ((), tuple(cards1), tuple(cards2)))
            if len(_SHARED) >= 64:
                _SHARED.pop(next(iter(_SHARED)))
            _SHARED[key] = static
        return static

    def grid(self, u: int, square: int) -> tuple[int, ...]:
        """The squares of the target grid of ranged unit `u` standing on `square` (LW-1.4)."""
        key = (u, square)
        squares = self._grids.get(key)
        if squares is None:
            owner = u >> 8
            found = (
                self.mat.offset_square(square, owner, dx, dy) for dx, dy in self.card_of(u).targets
            )
            squares = tuple(sorted(s for s in found if s is not None))
            self._grids[key] = squares
        return squares

    def card_of(self, u: int) -> Card:
        card = self.card[u]
        assert card is not None
        return card
