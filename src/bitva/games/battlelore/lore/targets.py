"""The moment a Lore card is played and the targets it may take (BL-13.3, BL-13.4, D-38).

`Moment` is everything a card's targeting reads: the battlefield, the caster's seat and
casting level, whose turn it is, and the context of the window (the declared battle, the roll,
the unit moving, the cards played this turn). `Target` is one complete choice of targets; its
text form names units by their hexes (`F4`, `F4 H6`, `F4 G4`, `centre`, `F4 poison`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from bitva.games.battlelore.catalogue.load import LoreCard, load_catalogue, scaled
from bitva.games.battlelore.field.board import SECTION_OF, SECTIONS, Section, distance, name
from bitva.games.battlelore.field.model import Face, Field, Unit
from bitva.games.battlelore.lore.economy import PlayedCard
from bitva.games.battlelore.lore.effects import Effect, LoreDice

Marker = Literal["web", "poison"]


def lore_card(card: str) -> LoreCard:
    """The card's data (5.2): its numbers and the faces it names come from the catalogue."""
    return load_catalogue().lore[card]


def value(card: str, key: str, level: int) -> int:
    """A number of `card`'s text at the casting `level` (BL-13.2: `1D/level+1` is 2/3/4)."""
    return scaled(getattr(lore_card(card), key), level)


@dataclass(frozen=True, slots=True)
class Moment:
    """The context of a Lore card (BL-13.3, BL-13.4). `seat` casts at `level`; `active` is the
    player whose turn it is. The rest depends on the window: `attacker`/`defender` (uids) and
    `melee` for a declared battle (DEFENDING, ATTACKING, IN_MELEE, IN_RANGED), `faces` for
    ROLL_AFTER, `moving` for MOV_REACT, `played` the Lore cards of this turn in order (the last
    one is the card just played, LORE_REACT), `goblets` and `pool` the tokens now."""

    field: Field
    seat: int
    level: int
    active: int
    attacker: int | None = None
    defender: int | None = None
    melee: bool | None = None
    faces: tuple[Face, ...] = ()
    moving: int | None = None
    played: tuple[PlayedCard, ...] = ()
    goblets: tuple[int, int] = (0, 0)
    pool: int = 0

    @property
    def opponent(self) -> int:
        return 3 - self.seat

    def unit(self, uid: int | None) -> Unit | None:
        if uid is None or not 0 <= uid < len(self.field.units):
            return None
        return self.field.units[uid]

    def own(self) -> list[Unit]:
        """YOUR_UNITS (BL-13.4): ordered or not."""
        return self.field.alive(self.seat)

    def enemies(self) -> list[Unit]:
        """ENEMY_UNITS (BL-13.4)."""
        return self.field.alive(self.opponent)

    def own_ordered(self) -> list[Unit]:
        """ORDERED (BL-13.4): the caster's units ordered this turn."""
        return [u for u in self.own() if u.ordered]

    def in_range(self, hex_: int, reach: int) -> bool:
        """D-38: Lore ranges count from any of the caster's units; no line of sight."""
        return any(distance(u.hex, hex_) <= reach for u in self.own())


@dataclass(frozen=True, slots=True)
class Target:
    """One complete choice of targets: units (uids), a hex, a section, a marker or a card.
    `whole`: every unit that qualifies, no choice (River Rage), so the action names none."""

    units: tuple[int, ...] = ()
    hex: int | None = None
    section: Section | None = None
    marker: Marker | None = None
    card: str | None = None
    whole: bool = False

    def text(self, field: Field) -> str:
        """The words after `lore CARD` in an action (hexes of the units, then the rest)."""
        if self.whole:
            return ""
        words = [name(u.hex) for uid in self.units if (u := field.units[uid]) is not None]
        if self.hex is not None:
            words.append(name(self.hex))
        words += [w for w in (self.section, self.marker, self.card) if w is not None]
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class LoreRule:
    """A Lore card's rules: every legal target at a moment, the effects of playing it on one,
    and, for a "?" cost, the cost set by the moment (Dispel: what the cancelled card cost)."""

    card: str
    targets: Callable[[Moment], tuple[Target, ...]]
    effect: Callable[[Moment, Target], tuple[Effect, ...]]
    variable_cost: Callable[[Moment], int] | None = None


def each_unit(units: Iterable[Unit]) -> tuple[Target, ...]:
    """A target per unit, in uid order."""
    return tuple(Target(units=(u.uid,)) for u in sorted(units, key=lambda u: u.uid))


def enemy_in_reach(card: str) -> Callable[[Moment], tuple[Target, ...]]:
    """1 enemy unit within the card's range (D-38): WZ01 Fire Bolt, CL05 Wrath of Heaven (2
    hexes/level)."""

    def targets(m: Moment) -> tuple[Target, ...]:
        reach = value(card, "range", m.level)
        return each_unit(u for u in m.enemies() if m.in_range(u.hex, reach))

    return targets


def roll_against(card: str, m: Moment, uids: Iterable[int]) -> tuple[LoreDice, ...]:
    """A card's Lore-card dice against each unit (BL-13.9): its dice at the casting level, the
    faces that hit and what a flag does, as the card says."""
    data = lore_card(card)
    dice = value(card, "dice", m.level)
    hits = frozenset(data.hits)
    return tuple(LoreDice(uid, dice, hits, data.flags or "retreat") for uid in uids)


def ordered_unit(m: Moment) -> tuple[Target, ...]:
    """1 ordered unit of yours: CL01 Blessing, WR01 Strength, WR03 Rampage!, WR07 Weapon
    Mastery."""
    return each_unit(m.own_ordered())


def you(m: Moment) -> tuple[Target, ...]:
    """YOU or OPPONENT (BL-13.4): the card takes no choice of target."""
    return (Target(),)


# the cards whose target is "up to N units" (WR05 Forced March, RG05 Stealth): a play names its
# first unit and the others are added one at a time (`lore/several.py`)
ONE_AT_A_TIME = frozenset(("WR05", "RG05"))


def up_to(units: Iterable[Unit], most: int) -> tuple[Target, ...]:
    """Every choice of 1 to `most` of these units (cards that target several units)."""
    uids = sorted(u.uid for u in units)
    return tuple(
        Target(units=chosen)
        for size in range(1, min(most, len(uids)) + 1)
        for chosen in combinations(uids, size)
    )


def sections_of(units: Iterable[Unit]) -> dict[Section, tuple[int, ...]]:
    """The units in each absolute section (a unit on a shared hex counts in both, BL-2.2)."""
    found: dict[Section, list[int]] = {s: [] for s in SECTIONS}
    for u in sorted(units, key=lambda u: u.uid):
        for section in SECTION_OF[u.hex]:
            found[section].append(u.uid)
    return {s: tuple(uids) for s, uids in found.items() if uids}


def match_target(targets: Iterable[Target], field: Field, words: Iterable[str]) -> Target | None:
    """The legal target written `words` (the text form, case and spacing forgiven), or None.
    Matching the card's own list keeps every card's words unambiguous (a Creeping Doom hex
    may hold a unit; a Teleport's second hex never does)."""
    wanted = " ".join(words).upper().split()
    for target in targets:
        if target.text(field).upper().split() == wanted:
            return target
    return None
