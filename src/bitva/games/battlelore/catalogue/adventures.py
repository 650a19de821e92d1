"""Adventure files (rules section 3, 5.5): their schema, the checks a playable adventure needs,
and the frozen `Adventure` the engine sets a game up from.

Units are written `"TYPE@HEX"` or as inline tables `{ type = "h_bf_sword", hex = "F4",
figures = 2, ordered = true, moved = 1 }` (the form position files use). Hexes are names in
the file (`F4`) and indices of `field/board.py` in the `Adventure`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from bitva.core.errors import ContentError
from bitva.games.battlelore.catalogue.base import Strict, validate
from bitva.games.battlelore.field.board import HexError, hex_of, name
from bitva.games.battlelore.field.model import Landmark, Terrain, UnitType
from bitva.games.battlelore.lore import council
from bitva.games.battlelore.lore.council import LANDMARK_OF, SEATS

SideName = Literal["south", "north"]
SIDES: tuple[SideName, ...] = ("south", "north")
TERRAINS: tuple[Terrain, ...] = ("plain", "forest", "hill", "river", "ford", "bridge")
MAX_COUNCIL_TOTAL = 10  # BL-14.6, D-37
DEFAULT_POOL = 60  # D-33
_SCHOOL_OF_LANDMARK: dict[str, str] = {mark: school for school, mark in LANDMARK_OF.items()}


# -- the file as written ------------------------------------------------------------------------
class UnitEntry(Strict):
    type: str
    hex: str
    figures: int | None = Field(default=None, ge=1)
    ordered: bool = False
    moved: int = Field(default=0, ge=0, le=9)

    @model_validator(mode="before")
    @classmethod
    def _short_form(cls, value: Any) -> Any:
        if isinstance(value, str):
            kind, at, where = value.partition("@")
            if not at or not kind.strip() or not where.strip():
                raise ValueError(f'"{value}": write a unit as "TYPE@HEX", such as "h_bf_sword@F4"')
            return {"type": kind.strip(), "hex": where.strip()}
        if not isinstance(value, dict):
            raise ValueError('a unit is "TYPE@HEX" or { type = "...", hex = "..." }')
        return value


class SideData(Strict):
    command_cards: int | None = Field(default=None, ge=1, le=9)
    war_council: dict[str, int] = Field(default_factory=dict)
    lore_token_adjust: int = Field(default=0, ge=-9, le=20)
    units: list[UnitEntry] = Field(min_length=1)

    @field_validator("war_council")
    @classmethod
    def _levels(cls, council: dict[str, int]) -> dict[str, int]:
        for seat, level in council.items():
            if seat not in SEATS:
                raise ValueError(
                    f'"{seat}" is not a seat of the council (known: {", ".join(SEATS)})'
                )
            if not 1 <= level <= 3:
                raise ValueError(f"{seat} = {level}: a seat's level is 1, 2 or 3 (2.4, BL-14.6)")
        return council


class AdventureHeader(Strict):
    id: str | None = None
    name: str | None = None
    name_cs: str | None = None
    description: str = ""
    description_cs: str = ""
    lore: bool
    first_player: SideName
    victory_banners: int
    lore_master_landmarks: bool = False
    lore_pool: int = Field(default=DEFAULT_POOL, ge=0, le=200)


class AdventureFile(Strict):
    adventure: AdventureHeader
    sides: dict[SideName, SideData]
    terrain: dict[Terrain, list[str]] = Field(default_factory=dict)
    landmarks: dict[Landmark, list[str]] = Field(default_factory=dict)


# -- the adventure the engine reads -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class UnitSetup:
    """A unit at set-up (or in a position): its type id, hex index, figures (None: full),
    whether it is ordered and how many hexes it moved this turn."""

    type: str
    hex: int
    figures: int | None = None
    ordered: bool = False
    moved: int = 0


@dataclass(frozen=True, slots=True)
class SideSetup:
    """One side of an adventure (section 3): Command cards (when no council says otherwise),
    War Council (seat -> level 1..3), token adjustment and units."""

    command_cards: int | None
    war_council: Mapping[str, int]
    lore_token_adjust: int
    units: tuple[UnitSetup, ...]

    @property
    def command_hand(self) -> int:
        """Command cards dealt: `command_cards` if given, else the Commander's table (2.4,
        BL-14.2: none 3, level 1 -> 4, 2 -> 5, 3 -> 6)."""
        if self.command_cards is not None:
            return self.command_cards
        return council.command_hand(self.war_council)

    @property
    def top_level(self) -> int:
        """The highest Lore master's level (2.4; the Commander is not one, D-36)."""
        return council.top_level(self.war_council)


@dataclass(frozen=True, slots=True)
class Adventure:
    """An adventure (section 3, 5.5): hexes are indices of `field/board.py`."""

    id: str
    name: str
    name_cs: str
    description: str
    description_cs: str
    lore: bool
    first_player: SideName
    victory_banners: int
    lore_master_landmarks: bool
    lore_pool: int
    sides: Mapping[str, SideSetup]
    terrain: Mapping[int, Terrain]  # hexes that are not plain
    landmarks: Mapping[int, Landmark]

    def landmark_owner(self, hex_: int) -> SideName | None:
        """The side whose Lore master owns the landmark on `hex_` (BL-9.3), None for a
        Fortification or an empty hex."""
        school = _SCHOOL_OF_LANDMARK.get(self.landmarks.get(hex_, ""))
        if school is None:
            return None
        owners = [s for s in SIDES if self.sides[s].war_council.get(school, 0) == 3]
        return owners[0] if len(owners) == 1 else None


# -- checks ----------------------------------------------------------------------------------
def _hex(text: str, source: str, field: str) -> int:
    try:
        return hex_of(text)
    except HexError as exc:
        raise ContentError(source, field, str(exc)) from exc


def _place_terrain(data: AdventureFile, source: str) -> dict[int, Terrain]:
    """The [terrain] lists: real hexes, each in one list only (section 3, 2.4 'one terrain')."""
    terrain: dict[int, Terrain] = {}
    for kind, hexes in data.terrain.items():
        for i, text in enumerate(hexes):
            field = f"terrain.{kind}[{i}]"
            at = _hex(text, source, field)
            if at in terrain:
                raise ContentError(
                    source, field, f"{name(at)} is already {terrain[at]}: a hex has one terrain"
                )
            terrain[at] = kind
    return {at: kind for at, kind in terrain.items() if kind != "plain"}


def _place_landmarks(
    data: AdventureFile, terrain: Mapping[int, Terrain], source: str
) -> dict[int, Landmark]:
    """The [landmarks] lists: real hexes, one landmark each, never on a river (BL-3.3, BL-9);
    a Lore master's landmark only where the rules give it to exactly one side (BL-9.3)."""
    landmarks: dict[int, Landmark] = {}
    councils: dict[str, Mapping[str, int]] = {
        side: data.sides[side].war_council for side in SIDES if side in data.sides
    }
    for kind, hexes in data.landmarks.items():
        school = _SCHOOL_OF_LANDMARK.get(kind)
        if school is not None:
            _check_master_landmark(data, kind, school, len(hexes), councils, source)
        for i, text in enumerate(hexes):
            field = f"landmarks.{kind}[{i}]"
            at = _hex(text, source, field)
            if at in landmarks:
                raise ContentError(source, field, f"{name(at)} already holds a {landmarks[at]}")
            if terrain.get(at) == "river":
                raise ContentError(
                    source, field, f"{name(at)} is a river: no landmark stands in it (BL-3.3)"
                )
            landmarks[at] = kind
    return landmarks


def _check_master_landmark(
    data: AdventureFile,
    kind: str,
    school: str,
    count: int,
    councils: Mapping[str, Mapping[str, int]],
    source: str,
) -> None:
    field = f"landmarks.{kind}"
    if not data.adventure.lore_master_landmarks:
        raise ContentError(
            source, field, "Lore masters' landmarks need lore_master_landmarks = true (BL-9.3)"
        )
    owners = [side for side, council in councils.items() if council.get(school, 0) == 3]
    if len(owners) != 1:
        reason = (
            f"no side has a level-3 {school}"
            if not owners
            else f"both sides have a level-3 {school}, so neither gets the landmark"
        )
        raise ContentError(source, field, f"{reason} (BL-9.3)")
    if count > 1:
        raise ContentError(source, field, f"a side has one {kind} (BL-9.3), not {count}")


def _check_side(
    side: SideName, data: AdventureFile, units: Mapping[str, UnitType], source: str
) -> None:
    entry = data.sides[side]
    where = f"sides.{side}"
    council = entry.war_council
    if council and not data.adventure.lore:
        raise ContentError(
            source, f"{where}.war_council", "War Councils sit in Lore adventures only (BL-14)"
        )
    if entry.lore_token_adjust and not data.adventure.lore:
        raise ContentError(
            source,
            f"{where}.lore_token_adjust",
            "Lore tokens are used in Lore adventures only (lore = true, section 3)",
        )
    if entry.command_cards is None and not council:
        raise ContentError(
            source,
            f"{where}.command_cards",
            "missing: give command_cards, or a war_council whose Commander sets the hand (2.4)",
        )
    if entry.command_cards is not None and "commander" in council:
        raise ContentError(
            source,
            f"{where}.command_cards",
            "the Commander's level already sets the Command hand (2.4): give one or the other",
        )
    total = sum(council.values())
    if total > MAX_COUNCIL_TOTAL:
        raise ContentError(
            source,
            f"{where}.war_council",
            f"{total} levels in all: never more than {MAX_COUNCIL_TOTAL}, the Commander's "
            "included (BL-14.6, D-37)",
        )
    for i, unit in enumerate(entry.units):
        _check_unit(unit, f"{where}.units[{i}]", data, units, source)


def _check_unit(
    unit: UnitEntry,
    field: str,
    data: AdventureFile,
    units: Mapping[str, UnitType],
    source: str,
) -> None:
    kind = units.get(unit.type)
    if kind is None:
        known = ", ".join(sorted(units))
        raise ContentError(source, field, f'"{unit.type}" is not a unit type (known: {known})')
    if kind.is_creature and not data.adventure.lore:
        raise ContentError(
            source,
            field,
            f"{kind.name}: creatures appear only in Lore adventures (lore = true, D-27)",
        )
    if unit.figures is not None and unit.figures > kind.figures:
        raise ContentError(
            source,
            field,
            f"{kind.name}: at most {kind.figures} figure(s) (D-7), not {unit.figures}",
        )
    if unit.moved and not unit.ordered:
        raise ContentError(
            source, field, f"moved = {unit.moved}, but only an ordered unit moves (BL-2.6)"
        )


def _place_units(
    data: AdventureFile, terrain: Mapping[int, Terrain], source: str
) -> dict[str, tuple[UnitSetup, ...]]:
    """Units on real hexes, one per hex, never in a river (BL-3.3)."""
    taken: dict[int, str] = {}
    placed: dict[str, tuple[UnitSetup, ...]] = {}
    for side in SIDES:
        setups = []
        for i, unit in enumerate(data.sides[side].units):
            field = f"sides.{side}.units[{i}]"
            at = _hex(unit.hex, source, field)
            if at in taken:
                raise ContentError(
                    source, field, f"{name(at)} already holds a unit ({taken[at]}): one per hex"
                )
            if terrain.get(at) == "river":
                raise ContentError(
                    source, field, f"{name(at)} is a river: no unit stands in it (BL-3.3)"
                )
            taken[at] = f"sides.{side}.units[{i}]"
            setups.append(UnitSetup(unit.type, at, unit.figures, unit.ordered, unit.moved))
        placed[side] = tuple(setups)
    return placed


def build_adventure(
    raw: dict[str, Any],
    source: str,
    units: Mapping[str, UnitType],
    allow: frozenset[str] = frozenset(),
) -> Adventure:
    """Check an adventure's data (section 3) and build it; `allow` names extra top-level
    tables the caller reads itself (a position file's [position])."""
    data: AdventureFile = validate(
        AdventureFile, {k: v for k, v in raw.items() if k not in allow}, source
    )
    head = data.adventure
    for side in SIDES:
        if side not in data.sides:
            raise ContentError(source, f"sides.{side}", "missing: an adventure sets up both sides")
    if head.victory_banners < 1:
        raise ContentError(
            source, "adventure.victory_banners", "a side wins with 1 banner or more (BL-16.1)"
        )
    if head.lore_master_landmarks and not head.lore:
        raise ContentError(
            source,
            "adventure.lore_master_landmarks",
            "Lore masters' landmarks belong to Lore adventures (lore = true, BL-9.3)",
        )
    for side in SIDES:
        _check_side(side, data, units, source)
    terrain = _place_terrain(data, source)
    landmarks = _place_landmarks(data, terrain, source)
    placed = _place_units(data, terrain, source)
    ident = head.id or source.rsplit("/", 1)[-1].removesuffix(".toml")
    title = head.name or ident
    sides: dict[str, SideSetup] = {
        side: SideSetup(
            data.sides[side].command_cards,
            dict(data.sides[side].war_council),
            data.sides[side].lore_token_adjust,
            placed[side],
        )
        for side in SIDES
    }
    return Adventure(
        id=ident,
        name=title,
        name_cs=head.name_cs or title,
        description=head.description,
        description_cs=head.description_cs or head.description,
        lore=head.lore,
        first_player=head.first_player,
        victory_banners=head.victory_banners,
        lore_master_landmarks=head.lore_master_landmarks,
        lore_pool=head.lore_pool,
        sides=sides,
        terrain=terrain,
        landmarks=landmarks,
    )
