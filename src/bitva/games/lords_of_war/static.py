"""What never changes during one game: the mat, the options and the cards of each seat, with the
per-card geometry precomputed. Shared by every clone of a state.

A unit (a physical card) is the int `owner << 8 | card_id`; `card_id` indexes the seat's `cards`.
A card's *kind* is its index among the seat's distinct cards: placements name kinds, so two
copies of one card give one action, not two.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bitva.core.errors import BitvaError
from bitva.games.lords_of_war.actions import (
    ActionCodec,
)
from bitva.games.lords_of_war.cards import DIRECTION_OFFSETS, Card
from bitva.games.lords_of_war.mat import Mat, make_mat
from bitva.games.lords_of_war.options import LordsOfWarOptions

MAX_KINDS = 64  # distinct cards per seat that the integer action encoding has room for
UNIT_SLOTS = 3 << 8


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
            if len(distinct) > MAX_KINDS:
                raise BitvaError(
                    f"seat {seat} has {len(distinct)} distinct cards; at most "
                    f"{MAX_KINDS} are supported"
                )
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
        self.codec = ActionCodec(mat, self.kinds, MAX_KINDS)

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
