"""The unit roster, the weapon table and the creature cards as data (rules 2.3, 2.4, 5.3,
D-5..D-9, D-30, D-45): `units.toml` and `creatures.toml` become the frozen `UnitType` and `Weapon`
of `field/model.py`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import Field

from bitva.core.errors import ContentError
from bitva.games.battlelore.catalogue.base import BANNERS, Label, Strict, validate
from bitva.games.battlelore.field.model import Ability, Banner, UnitType, Weapon

Trait = Literal["iron_morale", "frightened", "rush"]


class MoveData(Strict):
    move_max: int = Field(ge=1, le=9)
    move_battle: int = Field(ge=0, le=9)
    figures: int = Field(ge=1, le=9)


class BannerData(Strict):
    melee_dice: int = Field(ge=1, le=9)
    foot: MoveData
    mounted: MoveData


class WeaponData(Strict):
    name: str
    name_cs: str
    range: int = Field(ge=1, le=9)
    ranged_dice: tuple[int, ...] = ()  # at distance 2, 3, ..., range
    moved: Literal["minus1", "none", "ok"] = "ok"
    sword_hits: bool


class UnitData(Strict):
    name: str
    name_cs: str
    race: Literal["human", "dwarf", "goblin"]
    banner: Banner
    status: Literal["foot", "mounted"]
    weapon: str
    traits: tuple[Trait, ...] = ()


class TraitData(Strict):
    name: str
    name_cs: str
    text: str
    text_cs: str


class UnitsFile(Strict):
    banners: dict[Banner, BannerData]
    weapons: dict[str, WeaponData]
    traits: dict[Trait, TraitData]
    units: dict[str, UnitData]


class AbilityData(Strict):
    id: str
    name: str
    name_cs: str
    lore: int = Field(ge=1, le=9)
    requires_hit: bool
    text: str
    text_cs: str


class CreatureData(Strict):
    name: str
    name_cs: str
    banner: Banner
    move: int = Field(ge=1, le=9)
    move_battle: int | None = Field(default=None, ge=0, le=9)  # default: `move` (D-45)
    retreat_per_flag: int = Field(ge=1, le=9)
    weapon: str
    weapon_name: str
    weapon_name_cs: str
    dice: int = Field(ge=1, le=9)
    bonus_strike: bool
    max_stored_lore: int = Field(ge=0, le=9)
    abilities: tuple[AbilityData, ...] = ()


class CreaturesFile(Strict):
    creature: dict[str, CreatureData]


def _weapon(wid: str, data: WeaponData, source: str) -> Weapon:
    """A weapon of the table of 2.3 (D-8, D-9): `ranged_dice` lists distances 2..range."""
    where = f"weapons.{wid}"
    if len(data.ranged_dice) != data.range - 1:
        raise ContentError(
            source,
            f"{where}.ranged_dice",
            f"a weapon of range {data.range} needs dice for distances 2..{data.range}: "
            f"{data.range - 1} number(s), not {len(data.ranged_dice)} (D-8)",
        )
    if data.range == 1 and data.moved != "ok":
        raise ContentError(source, f"{where}.moved", "only ranged weapons care about moving (D-8)")
    if any(d < 1 for d in data.ranged_dice):
        raise ContentError(source, f"{where}.ranged_dice", "a ranged weapon rolls 1 die or more")
    if data.range > 1 and data.sword_hits:
        raise ContentError(
            source, f"{where}.sword_hits", "S hits only for sword, spear and lance (D-9)"
        )
    dice = tuple((distance, d) for distance, d in enumerate(data.ranged_dice, start=2))
    return Weapon(wid, data.range, dice, data.moved, data.sword_hits)


def _required_traits(data: UnitData) -> set[str]:
    """The traits the seed gives every unit of a race (BL-10.1, BL-10.2, BL-10.4, D-30)."""
    if data.race == "dwarf" and data.status == "foot":
        return {"iron_morale"}
    if data.race == "goblin":
        return {"frightened", "rush"} if data.status == "foot" else {"frightened"}
    return set()


def _unit_type(
    uid: str, data: UnitData, file: UnitsFile, weapons: dict[str, Weapon], source: str
) -> UnitType:
    where = f"units.{uid}"
    if data.weapon not in weapons:
        raise ContentError(
            source,
            f"{where}.weapon",
            f'"{data.weapon}" is not a weapon (known: {", ".join(sorted(weapons))})',
        )
    required = _required_traits(data)
    if set(data.traits) != required:
        wanted = ", ".join(sorted(required)) or "none"
        raise ContentError(
            source,
            f"{where}.traits",
            f"a {data.race} {data.status} unit has the traits: {wanted} "
            "(BL-10.1, BL-10.2, BL-10.4, D-30)",
        )
    banner = file.banners[data.banner]
    move = banner.foot if data.status == "foot" else banner.mounted
    return UnitType(
        id=uid,
        name=data.name,
        race=data.race,
        banner=data.banner,
        status=data.status,
        figures=move.figures,
        weapon=weapons[data.weapon],
        move_max=move.move_max,
        move_battle=move.move_battle,
        melee_dice=banner.melee_dice,
        traits=frozenset(data.traits),
    )


def _creature(key: str, data: CreatureData, source: str) -> tuple[UnitType, Weapon]:
    """A creature card (2.4 'Creature summary card', 5.3) as a unit type with one figure (D-7)."""
    where = f"creature.{key}"
    lores = [ability.lore for ability in data.abilities]
    if lores != sorted(lores):
        raise ContentError(
            source, f"{where}.abilities", "abilities are listed by rising Lore (2.4)"
        )
    if data.max_stored_lore != max(lores, default=0):
        raise ContentError(
            source,
            f"{where}.max_stored_lore",
            f"is the Lore of the most expensive ability, {max(lores, default=0)} (2.4, BL-11.7)",
        )
    weapon = Weapon(data.weapon, 1, (), "ok", data.bonus_strike)
    unit = UnitType(
        id=f"c_{key}",
        name=data.name,
        race="creature",
        banner=data.banner,
        status="creature",
        figures=1,
        weapon=weapon,
        move_max=data.move,
        move_battle=data.move if data.move_battle is None else data.move_battle,
        melee_dice=data.dice,
        retreat_per_flag=data.retreat_per_flag,
        bonus_strike=data.bonus_strike,
        max_stored_lore=data.max_stored_lore,
        abilities=tuple(Ability(a.id, a.lore, a.requires_hit) for a in data.abilities),
    )
    return unit, weapon


@dataclass(frozen=True)
class Roster:
    units: dict[str, UnitType]
    weapons: dict[str, Weapon]
    labels: dict[str, Label]


def build_roster(units_raw: dict[str, Any], creatures_raw: dict[str, Any]) -> Roster:
    """The unit types of `units.toml` and `creatures.toml` (2.3, 5.3), keyed by id."""
    source = "units.toml"
    file: UnitsFile = validate(UnitsFile, units_raw, source)
    for banner in BANNERS:
        if banner not in file.banners:
            raise ContentError(source, f"banners.{banner}", "missing: every banner needs a row")
    weapons = {wid: _weapon(wid, data, source) for wid, data in file.weapons.items()}
    labels = {f"weapon:{wid}": Label(d.name, d.name_cs) for wid, d in file.weapons.items()}
    labels |= {
        f"trait:{t}": Label(d.name, d.name_cs, d.text, d.text_cs) for t, d in file.traits.items()
    }
    units: dict[str, UnitType] = {}
    for uid, data in file.units.items():
        if uid.startswith("c_"):
            raise ContentError(source, f"units.{uid}", "ids starting c_ are creatures' (2.3)")
        units[uid] = _unit_type(uid, data, file, weapons, source)
        labels[f"unit:{uid}"] = Label(data.name, data.name_cs)
    source = "creatures.toml"
    creatures: CreaturesFile = validate(CreaturesFile, creatures_raw, source)
    for key, card in creatures.creature.items():
        unit, weapon = _creature(key, card, source)
        if weapon.id in weapons:
            raise ContentError(
                source, f"creature.{key}.weapon", f"{weapon.id!r} is already a unit weapon"
            )
        units[unit.id] = unit
        weapons[weapon.id] = weapon
        labels[f"unit:{unit.id}"] = Label(card.name, card.name_cs)
        labels[f"weapon:{weapon.id}"] = Label(card.weapon_name, card.weapon_name_cs)
        for ability in card.abilities:
            labels[f"ability:{ability.id}"] = Label(
                ability.name, ability.name_cs, ability.text, ability.text_cs
            )
    return Roster(units, weapons, labels)
