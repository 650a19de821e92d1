"""The War Council (rules section 2.4, BL-14) and the Lore-master landmarks (BL-9.3, 5.4).

A council is a mapping from seat name to level: `{"commander": 2, "cleric": 2, "wizard": 1}`;
a seat that is absent (or at 0) is empty. Everything here is a pure function of councils and of
the battlefield: the Command hand, the Lore-master table (starting cards and tokens, the hand
limit), the make-up of the Lore deck, the intro variant, custom councils and their checks, and
which side gets which Lore-master landmark and where it may stand.

Drawing the actual cards is chance and belongs to the state machine: `lore_deck_composition`
says how many cards of each school go into the deck, `school_piles` lists each school's pile.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from bitva.core.errors import UnreadableAction, Violation
from bitva.games.battlelore.field.board import HEX_COUNT, NEIGHBOURS, SOUTH, row
from bitva.games.battlelore.field.model import Field, Landmark

Seat = Literal["commander", "cleric", "wizard", "rogue", "warrior"]
School = Literal["cleric", "wizard", "rogue", "warrior"]
SEATS: tuple[Seat, ...] = ("commander", "cleric", "wizard", "rogue", "warrior")
SCHOOLS: tuple[School, ...] = ("cleric", "wizard", "rogue", "warrior")
Council = Mapping[str, int]

# BL-14.6: a custom council's agreed total of levels; six is recommended, ten the most
RECOMMENDED_TOTAL = 6
MAX_TOTAL = 10
MAX_LEVEL = 3
# BL-14.1: the intro variant seats a lone level-1 Wizard on each side
INTRO_COUNCIL: dict[str, int] = {"wizard": 1}
INTRO_KEEP = 1
INTRO_TOKENS = 1
DEAL_AT_START = 4  # BL-14.3 step 4, BL-14.1
PILE_SIZE = 15  # cards per school (5.2)
# BL-14.3 step 2: cards taken from a school's pile by how many councils seat it
TAKEN_BY_PRESENCE = {2: 14, 1: 8, 0: 5}

LANDMARK_OF: dict[School, Landmark] = {
    "cleric": "cleric_shrine",
    "wizard": "wizard_tower",
    "rogue": "rogue_den",
    "warrior": "warrior_camp",
}
# BL-9.3 placement [O]: the rows of the owner's half where its landmark may stand
LANDMARK_ROWS: dict[int, tuple[int, ...]] = {1: (2, 3, 4), 2: (6, 7, 8)}


class LoreCardLike(Protocol):
    """What this module reads of a Lore card (the catalogue's `LoreCard` has more)."""

    @property
    def id(self) -> str: ...

    @property
    def schools(self) -> tuple[str, ...]: ...

    @property
    def count(self) -> int: ...


def level(council: Council | None, seat: str) -> int:
    """The level of `seat` in `council` (0: the seat is empty, or there is no council)."""
    return int(council.get(seat, 0)) if council else 0


def command_hand(council: Council | None) -> int:
    """Command cards held (2.4, BL-14.2): no Commander 3, level 1 -> 4, 2 -> 5, 3 -> 6."""
    return 3 + level(council, "commander")


def top_level(council: Council | None) -> int:
    """The highest level among the four Lore masters (2.4); the Commander is not a Lore
    master, and a council without one has top level 0 (D-36)."""
    return max((level(council, school) for school in SCHOOLS), default=0)


@dataclass(frozen=True, slots=True)
class LoreStart:
    """A side's Lore at the start (2.4 table, BL-14.2): cards kept of the 4 dealt, tokens in
    the goblet, and the most Lore cards it may ever hold (BL-14.5)."""

    cards: int
    tokens: int
    hand_limit: int


def lore_start(council: Council | None, token_adjust: int = 0) -> LoreStart:
    """The 2.4 table by `top_level` (0 -> 0/0/1 by D-36, n -> n cards, n tokens, n + 1 held),
    plus the adventure's `lore_token_adjust` (BL-14.2; never below 0 tokens)."""
    top = top_level(council)
    return LoreStart(cards=top, tokens=max(0, top + token_adjust), hand_limit=top + 1)


def hand_limit(council: Council | None) -> int:
    """BL-14.5: at most `top_level` + 1 Lore cards (1 without a Lore master, D-36)."""
    return top_level(council) + 1


def intro_start() -> LoreStart:
    """BL-14.1: each side keeps 1 of the 4 cards dealt and starts with 1 token; its lone
    level-1 Wizard allows 2 cards in hand."""
    return LoreStart(cards=INTRO_KEEP, tokens=INTRO_TOKENS, hand_limit=hand_limit(INTRO_COUNCIL))


def lore_deck_composition(
    council_south: Council | None, council_north: Council | None
) -> dict[School, int]:
    """BL-14.3 step 2: cards taken from each school's pile: 14 for a school seated in both
    councils, 8 in one, 5 in neither (T-34: A02 gives 14 + 8 + 8 + 5 = 35)."""
    return {
        school: TAKEN_BY_PRESENCE[
            (level(council_south, school) > 0) + (level(council_north, school) > 0)
        ]
        for school in SCHOOLS
    }


def intro_deck_composition() -> dict[School, int]:
    """BL-14.1: the deck is the 15 Wizard cards."""
    return {school: PILE_SIZE if school == "wizard" else 0 for school in SCHOOLS}


def school_piles(cards: Iterable[LoreCardLike]) -> dict[School, tuple[str, ...]]:
    """BL-14.3 step 1: the 60 cards split into the four school piles, each copy listed by its
    card id (a card of several schools goes to its first school's pile)."""
    piles: dict[School, list[str]] = {school: [] for school in SCHOOLS}
    for card in cards:
        school = card.schools[0]
        if school not in piles:
            raise ValueError(f"Lore card {card.id} has an unknown school {school!r}")
        piles[school].extend([card.id] * card.count)
    return {school: tuple(sorted(ids)) for school, ids in piles.items()}


def deck_after_keeping(deck_size: int, kept: Iterable[int]) -> int:
    """BL-14.3 steps 4-5: the deck's size once both sides were dealt 4 and kept their
    starting cards (the rest shuffled back). T-34: 35, keeping 2 and 2 -> 31."""
    kept = tuple(kept)
    for keep in kept:
        if not 0 <= keep <= DEAL_AT_START:
            raise ValueError(f"a side keeps 0 to {DEAL_AT_START} of the cards dealt, not {keep}")
    if deck_size < DEAL_AT_START * len(kept):
        raise ValueError(f"a deck of {deck_size} cannot deal {DEAL_AT_START} to each side")
    return deck_size - sum(kept)


def check_keep(dealt: Iterable[str], kept: Iterable[str], keep: int) -> Violation | None:
    """BL-14.3 step 4: a side keeps exactly its starting number of the cards dealt to it."""
    pool = list(dealt)
    chosen = list(kept)
    if len(chosen) != keep:
        return Violation(f"keep exactly {keep} of the Lore cards dealt to you", "BL-14.3")
    for card in chosen:
        if card not in pool:
            return Violation(f"{card} is not among the Lore cards dealt to you", "BL-14.3")
        pool.remove(card)
    return None


# -- custom councils (BL-14.6, D-37) ---------------------------------------------------------


def check_custom_total(total: int) -> Violation | None:
    """BL-14.6: the agreed total of levels per side, Commander included (D-37): 1 to 10."""
    if not 1 <= total <= MAX_TOTAL:
        return Violation(
            f"a council's total of levels must be 1 to {MAX_TOTAL} (six is recommended), "
            f"not {total}",
            "BL-14.6",
        )
    return None


def check_custom_council(levels: Mapping[str, int], total: int) -> Violation | None:
    """BL-14.6, D-37: a custom council names known seats, puts 1 to 3 levels on each seat it
    fills, and uses exactly the agreed total, the Commander's levels included. (Our reading:
    every level token is placed; an unplaced one would only weaken its owner.)"""
    bad_total = check_custom_total(total)
    if bad_total is not None:
        return bad_total
    for seat, value in levels.items():
        if seat not in SEATS:
            return Violation(
                f"{seat!r} is not a council seat (seats: {', '.join(SEATS)})", "BL-14.6"
            )
        if not 1 <= value <= MAX_LEVEL:
            return Violation(
                f"the {seat} may have 1 to {MAX_LEVEL} levels, not {value} "
                "(leave a seat out to keep it empty)",
                "BL-14.6",
            )
    used = sum(levels.values())
    if used != total:
        return Violation(
            f"the council's levels add up to {used}, but the agreed total is {total} "
            "(the Commander counts)",
            "D-37",
        )
    return None


def parse_council(text: str) -> dict[str, int]:
    """`commander=2 cleric=2 wizard=1` (the `council` action's arguments) as a mapping;
    UnreadableAction (one clear line) for text that is not that form. Whether the levels are
    allowed is `check_custom_council`'s question."""
    levels: dict[str, int] = {}
    for part in text.split():
        seat, sep, value = part.partition("=")
        seat = seat.strip().lower()
        if not sep or not value.strip().isdigit():
            raise UnreadableAction(f"{part!r} is not SEAT=LEVEL, such as wizard=2")
        if seat in levels:
            raise UnreadableAction(f"the {seat} is named twice")
        levels[seat] = int(value)
    return levels


def format_council(levels: Council) -> str:
    """The text form of a council, seats in the order of the War Council sheet."""
    return " ".join(f"{seat}={levels[seat]}" for seat in SEATS if levels.get(seat, 0) > 0)


# -- Lore-master landmarks (BL-9.3, D-32, 5.4) -----------------------------------------------


def landmark_entitlement(
    council_south: Council | None, council_north: Council | None
) -> dict[int, tuple[Landmark, ...]]:
    """BL-9.3: a side with a level-3 Cleric, Wizard, Rogue or Warrior gets that school's
    landmark, unless the other side also has a level-3 master of that school (then neither
    does). T-35: both Wizards at 3 -> no tower; South's lone level-3 Cleric -> the shrine."""
    councils = {1: council_south, 2: council_north}
    owed: dict[int, tuple[Landmark, ...]] = {}
    for side, council in councils.items():
        other = councils[3 - side]
        owed[side] = tuple(
            LANDMARK_OF[school]
            for school in SCHOOLS
            if level(council, school) == MAX_LEVEL and level(other, school) != MAX_LEVEL
        )
    return owed


def landmark_hexes(field: Field, side: int) -> tuple[int, ...]:
    """BL-9.3 placement [O], D-32: the hexes where `side` may put a Lore-master landmark now:
    an empty plain hex without a landmark in rows 2-4 of its half (North: rows 6-8), not
    adjacent to another landmark."""
    rows = LANDMARK_ROWS[side]
    return tuple(
        hex_
        for hex_ in range(HEX_COUNT)
        if row(hex_) in rows
        and field.terrain[hex_] == "plain"
        and field.landmarks[hex_] is None
        and field.at[hex_] is None
        and not any(field.landmarks[n] is not None for n in NEIGHBOURS[hex_])
    )


def check_landmark_hex(field: Field, side: int, hex_: int) -> Violation | None:
    """Why `side` may not put a Lore-master landmark on `hex_` (BL-9.3, D-32), or None."""
    if hex_ in landmark_hexes(field, side):
        return None
    rows = LANDMARK_ROWS[side]
    if row(hex_) not in rows:
        half = "South" if side == SOUTH else "North"
        return Violation(
            f"a Lore-master landmark goes in rows {rows[0]}-{rows[-1]} of the {half} half",
            "BL-9.3",
        )
    if field.terrain[hex_] != "plain" or field.landmarks[hex_] is not None:
        return Violation("a Lore-master landmark goes on a plain hex", "BL-9.3")
    if field.at[hex_] is not None:
        return Violation("a Lore-master landmark goes on an empty hex", "BL-9.3")
    return Violation("a Lore-master landmark may not stand next to another landmark", "BL-9.3")


def placement_order(owed: Mapping[int, tuple[Landmark, ...]]) -> tuple[tuple[int, Landmark], ...]:
    """BL-9.3: who places which landmark, in order: South first, then the sides take turns
    (each side's landmarks in the order of the schools: cleric, wizard, rogue, warrior)."""
    south, north = list(owed.get(1, ())), list(owed.get(2, ()))
    order: list[tuple[int, Landmark]] = []
    while south or north:
        if south:
            order.append((1, south.pop(0)))
        if north:
            order.append((2, north.pop(0)))
    return tuple(order)


def landmark_income(field: Field, side: int, owned: Iterable[int], tokens_each: int = 1) -> int:
    """5.4, D-32: the tokens `side` takes at the end of its turn from its Lore-master
    landmarks (`owned`: their hexes): `tokens_each` for each with a friendly unit on it
    (before BL-12.2's empty pool)."""
    count = 0
    for hex_ in owned:
        unit = field.unit_at(hex_)
        if unit is not None and unit.side == side:
            count += 1
    return count * tokens_each
