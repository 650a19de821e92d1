"""The actions of Lords of War, their text form and their stable integer encoding.

Text forms (what records store and what a player may type):

    Orc Catapult@d2        place a card (LW-6.1; the challenge, LW-4)
    shoot e4               the pending ranged unit shoots the unit on e4 (LW-7.2)
    arrows                 the pending ranged unit attacks with its arrows (LW-7.3)
    berserk d3-d4          a berserker moves (LW-11.2)
    draw                   reinforce by drawing (LW-9.1a)
    recall d3              reinforce by recalling the unit on d3 (LW-9.1b)
    deal Orc Catapult      chance: the top card of the deck is an Orc Catapult (LW-3.2, LW-9.1a)

Integer codes (issue 23; docs/research/lords-of-war.md), with n the mat's squares and K the card
slots per seat (`static.kind_slots()`: the catalogue's cards, then room for a position's inline
cards):

    0                                   draw
    1                                   arrows
    2 + square                          recall the unit on `square`
    2 + n + square                      shoot the unit on `square`
    2 + 2n + origin*8 + direction       berserker move (direction: DIRECTION_OFFSETS index)
    2 + 10n + ((seat-1)*K + g)*n + sq   seat places card g on square sq
    2 + 10n + 2Kn + (seat-1)*K + g      chance: seat's deck deals card g

`g` is a card's slot in the fixed catalogue order (`static.catalogue_order()`), not its index
among one seat's cards, so a code means the same action in every game with the same mat
(`borderless` or not), whatever the armies or decks. The engine still speaks of a seat's *kinds*
(its distinct cards): the codec maps kind <-> slot per seat with precomputed tables, so the hot
path costs the same as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bitva.core.errors import IllegalAction, UnreadableAction
from bitva.games.lords_of_war.cards import DIRECTION_OFFSETS
from bitva.games.lords_of_war.mat import SquareError

if TYPE_CHECKING:
    from bitva.games.lords_of_war.cards import Card
    from bitva.games.lords_of_war.mat import Mat


@dataclass(frozen=True, slots=True)
class Place:
    card: str  # card reference
    square: str

    def __str__(self) -> str:
        return f"{self.card}@{self.square}"


@dataclass(frozen=True, slots=True)
class Shoot:
    target: str

    def __str__(self) -> str:
        return f"shoot {self.target}"


@dataclass(frozen=True, slots=True)
class UseArrows:
    def __str__(self) -> str:
        return "arrows"


@dataclass(frozen=True, slots=True)
class BerserkMove:
    origin: str
    target: str

    def __str__(self) -> str:
        return f"berserk {self.origin}-{self.target}"


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Recall:
    square: str

    def __str__(self) -> str:
        return f"recall {self.square}"


@dataclass(frozen=True, slots=True)
class Dealt:
    """A chance outcome: the card that comes off the top of a deck (the deck's owner is the
    state's to know)."""

    card: str

    def __str__(self) -> str:
        return f"deal {self.card}"


Action = Place | Shoot | UseArrows | BerserkMove | Draw | Recall | Dealt

_PLACE = re.compile(r"^\s*(.+?)\s*@\s*(\S+)\s*$")
_SHOOT = re.compile(r"^\s*shoot\s+(\S+)\s*$", re.IGNORECASE)
_SQUARE = r"(?:[a-fA-F][1-7]|-?\d+\s*,\s*-?\d+)"
_BERSERK = re.compile(rf"^\s*berserk\s+({_SQUARE})\s*-\s*({_SQUARE})\s*$", re.IGNORECASE)
_RECALL = re.compile(r"^\s*recall\s+(\S+)\s*$", re.IGNORECASE)
_DEAL = re.compile(r"^\s*deal\s+(\S.*?)\s*$", re.IGNORECASE)


def parse_action_text(text: str) -> Action:
    """An action from its text form (syntax only; the state checks legality)."""
    lowered = text.strip().lower()
    if lowered == "draw":
        return Draw()
    if lowered == "arrows":
        return UseArrows()
    for pattern, build in (
        (_SHOOT, lambda m: Shoot(m.group(1).lower())),
        (_BERSERK, lambda m: BerserkMove(m.group(1).lower(), m.group(2).lower())),
        (_RECALL, lambda m: Recall(m.group(1).lower())),
        (_DEAL, lambda m: Dealt(m.group(1))),
    ):
        match = pattern.match(text)
        if match:
            return build(match)
    match = _PLACE.match(text)
    if match:
        return Place(match.group(1), match.group(2).lower())
    raise UnreadableAction(
        f"cannot read the action {text!r}: write e.g. 'Orc Catapult@d2', 'shoot e4', 'arrows', "
        "'berserk d3-d4', 'draw' or 'recall d3'"
    )


DRAW, ARROWS = Draw(), UseArrows()


def code_space(num_squares: int, kind_slots: int) -> int:
    """The number of codes for a mat of `num_squares` and K = `kind_slots` (the layout above)."""
    return 2 + 10 * num_squares + 2 * kind_slots * num_squares + 2 * kind_slots


class ActionCodec:
    """Integer codes <-> actions for one game's mat and cards, with every action object cached so
    that the legal-move generator hands out shared instances.

    `kinds[seat]` are the seat's distinct cards (the engine's kinds) and `slots[seat][kind]` each
    kind's slot g in the fixed card order of `catalogue` (K entries; `catalogue[g]` is None for
    an inline slot this game does not use). Methods take and give engine coordinates (seat,
    kind, square); only the numbers are stable across games."""

    def __init__(
        self,
        mat: Mat,
        kinds: tuple[tuple[Card, ...], ...],
        slots: tuple[tuple[int, ...], ...],
        catalogue: tuple[Card | None, ...],
    ) -> None:
        self.mat = mat
        self.kinds = kinds
        self.slots = slots
        self.catalogue = catalogue
        n = mat.num_squares
        k = len(catalogue)
        self.n = n
        self.kind_slots = k
        self.recall_base = 2
        self.shoot_base = 2 + n
        self.berserk_base = 2 + 2 * n
        self.place_base = 2 + 10 * n
        self.deal_base = self.place_base + 2 * k * n
        # hot-path tables: seat x kind -> first placement code / deal code, and back
        self._place_at: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.place_base + ((seat - 1) * k + g) * n for g in slots[seat]) if seat else ()
            for seat in range(len(slots))
        )
        self._deal_at: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.deal_base + (seat - 1) * k + g for g in slots[seat]) if seat else ()
            for seat in range(len(slots))
        )
        block: list[tuple[int, int]] = [(seat, -1) for seat in (1, 2) for _ in range(k)]
        for seat in (1, 2):
            for kind, g in enumerate(slots[seat]):
                block[(seat - 1) * k + g] = (seat, kind)
        self._block = tuple(block)  # (seat - 1) * K + g -> (seat, kind); kind -1: not this game's
        self._cache: dict[int, Action] = {}
        self._codes: dict[tuple[int, Action], int] = {}

    def size(self) -> int:
        return code_space(self.n, self.kind_slots)

    # -- codes of actions by engine coordinates ----------------------------------------------
    def recall(self, square: int) -> int:
        return self.recall_base + square

    def shoot(self, square: int) -> int:
        return self.shoot_base + square

    def berserk(self, origin: int, direction: int) -> int:
        return self.berserk_base + origin * 8 + direction

    def place(self, seat: int, kind: int, square: int) -> int:
        return self._place_at[seat][kind] + square

    def deal(self, seat: int, kind: int) -> int:
        return self._deal_at[seat][kind]

    def placed(self, code: int) -> tuple[int, int, int]:
        """(seat, kind, square) of a placement code (kind -1: a card this seat does not hold)."""
        block, square = divmod(code - self.place_base, self.n)
        seat, kind = self._block[block]
        return seat, kind, square

    def dealt(self, code: int) -> tuple[int, int]:
        """(seat, kind) of a deal code (kind -1: a card this seat's deck does not hold)."""
        return self._block[code - self.deal_base]

    def slot_card(self, seat: int, g: int) -> Card | None:
        """The card of slot g for `seat`: the catalogue's card, or this game's inline card."""
        seat_, kind = self._block[(seat - 1) * self.kind_slots + g]
        if kind >= 0:
            return self.kinds[seat_][kind]
        return self.catalogue[g]

    # -- codes <-> objects ---------------------------------------------------------------------
    def action(self, code: int) -> Action:
        """The action object of a code (placements and deals name their seat's cards)."""
        cached = self._cache.get(code)
        if cached is None:
            cached = self._build(code)
            self._cache[code] = cached
        return cached

    def _build(self, code: int) -> Action:
        mat = self.mat
        if code >= self.size() or code < 0:
            raise ValueError(f"no action has code {code}")
        if code >= self.deal_base:
            seat, g = divmod(code - self.deal_base, self.kind_slots)
            return Dealt(self._slot_ref(seat + 1, g, code))
        if code >= self.place_base:
            block, square = divmod(code - self.place_base, self.n)
            seat, g = divmod(block, self.kind_slots)
            return Place(self._slot_ref(seat + 1, g, code), mat.name(square))
        if code >= self.berserk_base:
            origin, direction = divmod(code - self.berserk_base, 8)
            dx, dy = DIRECTION_OFFSETS[direction]
            target = origin + dy * mat.width + dx
            return BerserkMove(mat.name(origin), mat.name(target))
        if code >= self.shoot_base:
            return Shoot(mat.name(code - self.shoot_base))
        if code >= self.recall_base:
            return Recall(mat.name(code - self.recall_base))
        if code == 1:
            return ARROWS
        if code == 0:
            return DRAW
        raise ValueError(f"no action has code {code}")

    def _slot_ref(self, seat: int, g: int, code: int) -> str:
        card = self.slot_card(seat, g)
        if card is None:
            raise ValueError(f"no action has code {code}: an inline card slot left empty")
        return card.ref

    def code(self, seat: int, action: Action) -> int:
        """The code of an action object (raises IllegalAction for a bad square or card)."""
        key = (seat, action)
        cached = self._codes.get(key)
        if cached is not None:
            return cached
        code = self._encode(seat, action)
        self._codes[key] = code
        return code

    def _encode(self, seat: int, action: Action) -> int:
        mat = self.mat
        try:
            match action:
                case Draw():
                    return 0
                case UseArrows():
                    return 1
                case Recall(square=square):
                    return self.recall(mat.parse(square))
                case Shoot(target=target):
                    return self.shoot(mat.parse(target))
                case BerserkMove(origin=origin, target=target):
                    a, b = mat.parse(origin), mat.parse(target)
                    (ax, ay), (bx, by) = mat.coords(a), mat.coords(b)
                    step = (bx - ax, by - ay)
                    if step not in DIRECTION_OFFSETS:
                        raise IllegalAction(
                            f"{target} is not adjacent to {origin}: a berserker moves onto a "
                            "square it helped to empty",
                            "LW-11.2",
                        )
                    return self.berserk(a, DIRECTION_OFFSETS.index(step))
                case Place(card=ref, square=square):
                    kinds = self.kinds[seat]
                    for kind, card in enumerate(kinds):
                        if card.ref == ref:
                            return self.place(seat, kind, mat.parse(square))
                    raise IllegalAction(f"player {seat} has no card {ref!r}", "LW-6.1")
                case Dealt(card=ref):
                    for kind, card in enumerate(self.kinds[seat]):
                        if card.ref == ref:
                            return self.deal(seat, kind)
                    raise IllegalAction(f"player {seat}'s deck has no card {ref!r}", "LW-3.2")
        except SquareError as exc:
            raise IllegalAction(str(exc), "LW-1.6") from exc
        raise IllegalAction(f"not an action of Lords of War: {action!r}")
