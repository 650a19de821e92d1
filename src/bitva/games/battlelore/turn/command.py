"""Command and orders (BL-2) and what each of the 40 Command cards of section 5.1 orders.

A card's orders are resolved once, when it is played, into `Orders`: slots of absolute board
sections (a section card, seen from the active side: 2.1 flanks), or a tactic's unit test and
count. Which units may still be ordered is then a matching of the ordered units to the slots,
so a unit on a shared hex counts for either section (BL-2.2) and orders beyond the units
available are simply lost.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.field.board import NEIGHBOURS, SECTION_OF, Section, flank
from bitva.games.battlelore.field.model import Unit


def _deck() -> dict[str, int]:
    return {card.id: card.count for card in load_catalogue().commands.values()}


# The kinds of Command card (section 5.1, the catalogue's `commands.toml`) with how many of
# each the deck holds (40 in all); their order fixes the action codes.
DECK: dict[str, int] = _deck()
CARD_IDS: tuple[str, ...] = tuple(DECK)
Need = Literal["any", "mounted", "missile", "foot", "line"]
_NEEDS: dict[str, Need] = {
    "mounted": "mounted",
    "missile": "missile",
    "foot": "foot",
    "adjacent_to_ordered": "line",
}


@dataclass(frozen=True, slots=True)
class Orders:
    """What the turn's Command card orders, in absolute terms. `slots` (section cards): one
    entry per order, the sections a unit may be in to fill it. `need` and `count` (tactic
    cards, or "any" for one unit of choice: D-40, D-42). The effects ride along: `scout` (draw
    2 keep 1, BL-15.1), `melee_bonus` (Mounted Charge), `ranged_bonus` (Volley), `no_move`
    (Volley), `move_bonus` (Forward March)."""

    card: str
    slots: tuple[frozenset[Section], ...] = ()
    need: Need | None = None
    count: int = 0
    scout: bool = False
    melee_bonus: int = 0
    ranged_bonus: int = 0
    no_move: bool = False
    move_bonus: int = 0

    @property
    def size(self) -> int:
        """How many units the card may order at most."""
        return len(self.slots) if self.need is None else self.count

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card,
            "slots": [sorted(slot) for slot in self.slots],
            "need": self.need,
            "count": self.count,
            "scout": self.scout,
            "melee_bonus": self.melee_bonus,
            "ranged_bonus": self.ranged_bonus,
            "no_move": self.no_move,
            "move_bonus": self.move_bonus,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Orders:
        slots = data["slots"]
        assert isinstance(slots, list)
        return cls(
            str(data["card"]),
            tuple(frozenset(slot) for slot in slots),
            data["need"],  # type: ignore[arg-type]
            int(data["count"]),  # type: ignore[call-overload]
            bool(data["scout"]),
            int(data["melee_bonus"]),  # type: ignore[call-overload]
            int(data["ranged_bonus"]),  # type: ignore[call-overload]
            bool(data["no_move"]),
            int(data["move_bonus"]),  # type: ignore[call-overload]
        )


def one_of_choice(card: str) -> Orders:
    """1 unit of the player's choice (D-40: a tactic with no eligible unit; D-42: countering a
    turn with no Command card)."""
    return Orders(card, need="any", count=1)


def card_orders(card_id: str, seat: int, last_of_opponent: Orders | None) -> Orders:
    """The orders of the Command card `card_id` played by `seat` (BL-2.2, BL-2.3, section
    5.1), from its catalogue entry: a section card's order groups are flanks seen from `seat`
    (2.1). A Counter-Attack copies the opponent's last orders (D-42): they are absolute, so the
    copy orders the same board section (Left and Right swapped), keeps a Scout's draw, and a
    copied Counter-Attack copies what it copied. With no last Command card (the first turn, or
    a `CMD_INSTEAD` turn) it orders 1 unit of choice."""
    card = load_catalogue().commands[card_id]
    if card.copies_last:
        return last_of_opponent if last_of_opponent is not None else one_of_choice(card_id)
    effects = {
        "scout": card.draw_keep is not None,
        "melee_bonus": card.melee_bonus_dice,
        "ranged_bonus": card.ranged_bonus_dice,
        "no_move": card.no_move,
        "move_bonus": card.move_bonus,
    }
    if card.kind == "section":
        per_group = card.orders_per_section
        slots = tuple(
            frozenset((flank(seat, relative),))
            for relative in card.sections
            for _ in range(per_group)
        )
        return Orders(card_id, slots, **effects)  # type: ignore[arg-type]
    need: Need = _NEEDS[card.requires] if card.requires is not None else "any"
    return Orders(card_id, need=need, count=card.orders, **effects)  # type: ignore[arg-type]


def fits_need(unit: Unit, need: Need) -> bool:
    """Whether a tactic card may order `unit` at all (BL-2.3, D-27): cards for foot or mounted
    units never order a creature; Volley orders missile units."""
    status = unit.type.status
    if need == "mounted":
        return status == "mounted"
    if need == "foot":
        return status == "foot"
    if need == "missile":
        return unit.type.is_missile and status != "creature"
    return True


def tactic_fallback(orders: Orders, units: Sequence[Unit]) -> Orders:
    """D-40: a tactic card with no eligible unit orders 1 unit of choice instead."""
    if orders.need in (None, "any", "line") or any(fits_need(u, orders.need) for u in units):
        return orders
    return Orders(
        orders.card,
        need="any",
        count=1,
        scout=orders.scout,
        melee_bonus=orders.melee_bonus,
        ranged_bonus=orders.ranged_bonus,
        no_move=orders.no_move,
        move_bonus=orders.move_bonus,
    )


def _matchable(
    items: Sequence[frozenset[Section] | None], slots: Sequence[frozenset[Section]]
) -> bool:
    """Whether each item (the sections of an ordered unit's hex; None: fits any slot) can take
    a slot of its own that shares a section with it."""
    owner: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        item = items[i]
        for j, slot in enumerate(slots):
            if j in seen or (item is not None and not item & slot):
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(items)))


def may_order(
    orders: Orders,
    unit: Unit,
    ordered: Sequence[Unit],
    out_of_section: Sequence[int] = (),
    paying: bool = False,
    reduce: int = 0,
) -> bool:
    """Whether `unit` may be ordered next, given the units already ordered this turn (BL-2.2 to
    BL-2.4). `out_of_section`: uids of creatures ordered by paying (BL-11.2); `paying`: this
    order is such a paid order (any slot of a section card). `reduce`: orders taken away
    (Misdirection, minimum 1)."""
    if unit.ordered or any(u.uid == unit.uid for u in ordered):
        return False
    limit = max(1, orders.size - reduce) if orders.size else 0
    if len(ordered) >= limit:
        return False
    if orders.need is None:
        if paying and not unit.type.is_creature:
            return False
        items = [None if u.uid in out_of_section else SECTION_OF[u.hex] for u in ordered]
        items.append(None if paying else SECTION_OF[unit.hex])
        return _matchable(items, orders.slots)
    if paying:
        return False
    if orders.need == "line":
        return not ordered or any(n == u.hex for u in ordered for n in NEIGHBOURS[unit.hex])
    return fits_need(unit, orders.need)
