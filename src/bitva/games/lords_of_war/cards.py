"""Cards (units): rank, class, defence, eight attack arrows, ranged value and target grid (LW-1.2).

A `Card` is immutable and shared by every state that uses it. Its `ref` is how files name it: the
card name, plus `#n` (1-based, in data order) where the army data holds several cards of that name
with different arrows (section 14).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Rank = Literal["general", "command", "special", "elite", "veteran", "regular", "recruit"]
UnitClass = Literal["infantry", "cavalry", "spear", "ranged", "berserk"]

RANKS: tuple[Rank, ...] = (
    "general",
    "command",
    "special",
    "elite",
    "veteran",
    "regular",
    "recruit",
)
CLASSES: tuple[UnitClass, ...] = ("infantry", "cavalry", "spear", "ranged", "berserk")

# LW-1.3: the eight arrow positions, clockwise from the front; LW-2.3: their card-frame offsets.
DIRECTIONS: tuple[str, ...] = (
    "front",
    "front-right",
    "right",
    "back-right",
    "back",
    "back-left",
    "left",
    "front-left",
)
DIRECTION_OFFSETS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
)

# LW-1.1: the core composition of a 36-card deck.
COMPOSITION: dict[Rank, int] = {
    "general": 1,
    "command": 5,
    "special": 4,
    "elite": 4,
    "veteran": 6,
    "regular": 8,
    "recruit": 8,
}
DECK_SIZE = sum(COMPOSITION.values())
HAND_SIZE = 6  # LW-3.2, LW-9.1

RANK_ABBREVIATIONS: dict[str, str] = {
    "general": "Gen",
    "command": "Cmd",
    "special": "Spc",
    "elite": "Eli",
    "veteran": "Vet",
    "regular": "Reg",
    "recruit": "Rec",
}
CLASS_ABBREVIATIONS: dict[str, str] = {
    "infantry": "Inf",
    "cavalry": "Cav",
    "spear": "Spr",
    "ranged": "Rng",
    "berserk": "Brs",
}


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of unit card. `arrows` are the eight arrow values in DIRECTIONS order (0 = none);
    `targets` are card-frame offsets (dx, dy) of the target grid of a ranged unit (LW-1.4)."""

    ref: str
    name: str
    army: str
    rank: Rank
    unit_class: UnitClass
    defence: int
    arrows: tuple[int, int, int, int, int, int, int, int]
    ranged: int = 0
    targets: tuple[tuple[int, int], ...] = ()

    @property
    def is_command(self) -> bool:
        """LW-1.5: command units are the Command cards and the General."""
        return self.rank in ("general", "command")

    @property
    def is_support(self) -> bool:
        """LW-1.5: support units are all spear and ranged units."""
        return self.unit_class in ("spear", "ranged")

    @property
    def is_ranged(self) -> bool:
        return self.unit_class == "ranged"

    @property
    def is_berserk(self) -> bool:
        return self.unit_class == "berserk"

    @property
    def is_cavalry(self) -> bool:
        return self.unit_class == "cavalry"

    def arrow_table(self) -> dict[str, int]:
        """The arrows as {direction: value}, only those present."""
        return {d: v for d, v in zip(DIRECTIONS, self.arrows, strict=True) if v}

    def describe(self) -> str:
        arrows = ", ".join(f"{d} {v}" for d, v in self.arrow_table().items()) or "no arrows"
        ranged = f", ranged {self.ranged}" if self.is_ranged else ""
        return (
            f"{self.ref} ({self.rank} {self.unit_class}, defence {self.defence}, {arrows}{ranged})"
        )
