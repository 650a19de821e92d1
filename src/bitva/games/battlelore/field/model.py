"""The data model the BattleLore rules work on (rules section 2.3 and 2.4).

Static data (what a unit type, a weapon or a creature card *is*) is frozen and shared; the
catalogue (`catalogue/load.py`) builds it from the TOML content. A game in progress is mutable: the
units on the board (`Unit`) and the battlefield they stand on (`Field`). The rest of a game's
state (hands, decks, goblets, the decision in progress) belongs to `state.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from bitva.games.battlelore.field.board import HEX_COUNT

Banner = Literal["green", "blue", "red"]
Status = Literal["foot", "mounted", "creature"]
Race = Literal["human", "dwarf", "goblin", "creature"]
Terrain = Literal["plain", "forest", "hill", "river", "ford", "bridge"]
Landmark = Literal["fortification", "wizard_tower", "cleric_shrine", "warrior_camp", "rogue_den"]
Face = Literal["G", "B", "R", "F", "S", "L"]
# section 2.2; rolls are written in this order
FACES: tuple[Face, ...] = ("G", "B", "R", "F", "S", "L")
HELMET_OF: dict[Banner, Face] = {"green": "G", "blue": "B", "red": "R"}


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon (section 2.3, D-8, D-9). `ranged_dice[d]` is the dice at distance `d` (empty for
    melee weapons); `moved` says what moving this turn does to a ranged attack: "minus1" (one
    die fewer), "none" (no ranged battle) or "ok"; `sword_hits`: whether `S` hits in melee."""

    id: str
    range: int
    ranged_dice: tuple[tuple[int, int], ...]  # (distance, dice) for distances 2..range
    moved: Literal["minus1", "none", "ok"]
    sword_hits: bool

    def dice_at(self, distance: int) -> int:
        for at, dice in self.ranged_dice:
            if at == distance:
                return dice
        return 0


@dataclass(frozen=True, slots=True)
class Ability:
    """A creature's special ability (BL-11.6): the Lore it needs, and whether the roll must
    contain a hit on the target (poison, BL-11.10)."""

    id: str
    lore: int
    requires_hit: bool


@dataclass(frozen=True, slots=True)
class UnitType:
    """A unit type of the roster or a creature card (section 2.3, 5.3). For a creature,
    `retreat_per_flag`, `max_stored_lore` and `abilities` come from its card."""

    id: str
    name: str
    race: Race
    banner: Banner
    status: Status
    figures: int
    weapon: Weapon
    move_max: int
    move_battle: int
    melee_dice: int
    traits: frozenset[str] = frozenset()  # iron_morale, frightened, rush
    retreat_per_flag: int = 1
    bonus_strike: bool = False  # creatures: does `S` hit in melee (BL-5.1)
    max_stored_lore: int = 0
    abilities: tuple[Ability, ...] = ()

    @property
    def is_creature(self) -> bool:
        return self.status == "creature"

    @property
    def is_missile(self) -> bool:
        """A unit with a ranged weapon (Volley orders these)."""
        return self.weapon.range >= 2


@dataclass(slots=True)
class Unit:
    """A unit on the board (section 2.3, state fields). `uid` is stable for the whole game (the
    order of the adventure's unit lists, South first); per-turn fields reset at cleanup."""

    uid: int
    type: UnitType
    side: int  # seat: 1 South, 2 North
    hex: int
    figures: int
    ordered: bool = False
    moved: int = 0  # hexes moved this turn (BL-3.2)
    move_stopped: bool = False  # its ordinary move was ended (ford, forest, landmark, Snare)
    entered_stop: bool = False  # entered a forest or a landmark this turn (BL-3.4, D-47)
    entered_landmark: bool = False  # entered a landmark this turn (BL-9.1)
    battled: bool = False
    rush_target: int | None = None  # uid of the enemy a rushing goblin must battle (BL-10.4)
    webbed: bool = False  # BL-11.8
    poisoned: bool = False  # BL-11.10
    stored_lore: int = 0  # tokens stored beside a creature (BL-11.7)

    def copy(self) -> Unit:
        return Unit(
            self.uid,
            self.type,
            self.side,
            self.hex,
            self.figures,
            self.ordered,
            self.moved,
            self.move_stopped,
            self.entered_stop,
            self.entered_landmark,
            self.battled,
            self.rush_target,
            self.webbed,
            self.poisoned,
            self.stored_lore,
        )

    def reset_turn(self) -> None:
        """Per-turn flags back to their start (BL-15.4)."""
        self.ordered = False
        self.moved = 0
        self.move_stopped = False
        self.entered_stop = False
        self.entered_landmark = False
        self.battled = False
        self.rush_target = None


@dataclass(slots=True)
class Field:
    """The battlefield: terrain and landmarks per hex (static for a game) and the units on it.
    `at[hex]` is the uid of the unit there, or None; `units[uid]` is None once eliminated."""

    terrain: tuple[Terrain, ...]
    landmarks: tuple[Landmark | None, ...]
    lore: bool  # a Lore adventure: `L` counts and creatures may appear (BL-5.1, D-27)
    units: list[Unit | None]
    at: list[int | None] = field(default_factory=lambda: [None] * HEX_COUNT)

    def __post_init__(self) -> None:
        if all(uid is None for uid in self.at):
            for unit in self.units:
                if unit is not None:
                    self.at[unit.hex] = unit.uid

    def copy(self) -> Field:
        return Field(
            self.terrain,
            self.landmarks,
            self.lore,
            [unit.copy() if unit is not None else None for unit in self.units],
            list(self.at),
        )

    def unit_at(self, hex_: int) -> Unit | None:
        uid = self.at[hex_]
        return self.units[uid] if uid is not None else None

    def alive(self, side: int | None = None) -> list[Unit]:
        return [u for u in self.units if u is not None and (side is None or u.side == side)]

    def move_unit(self, unit: Unit, to: int) -> None:
        self.at[unit.hex] = None
        self.at[to] = unit.uid
        unit.hex = to

    def remove(self, unit: Unit) -> None:
        """Take an eliminated unit off the board (BL-5.3: the caller gives the banner)."""
        self.at[unit.hex] = None
        self.units[unit.uid] = None
