"""The warscroll data model (section 3.1, AOS-1.2): characteristics, weapons, loadouts, abilities.

Weapon rows are written as printed on a warscroll, ``[name, range, attacks, hit, wound, rend,
damage]``; hit and wound are the "x+" numbers 2..6, rend is 0 or negative, attacks and damage are
dice expressions (:mod:`bitva.games.age_of_sigmar.dice`).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from bitva.games.age_of_sigmar.dice import DiceField
from bitva.games.age_of_sigmar.effects import Effect, Phase, effective_scope

WeaponKind = Literal["melee", "missile"]
_WEAPON_COLUMNS = ("name", "range", "attacks", "hit", "wound", "rend", "damage")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _x_plus(value: object) -> object:
    """Accept ``4`` or ``"4+"`` for a roll target."""
    if isinstance(value, str) and re.fullmatch(r"\s*[1-7]\+\s*", value):
        return int(value.strip()[:-1])
    return value


class Weapon(_Strict):
    """One weapon profile (AOS-11.1, AOS-11.4); ``kind`` comes from the table it is listed in."""

    name: str = Field(min_length=1)
    kind: WeaponKind
    range: float = Field(ge=0)
    attacks: DiceField
    hit: int = Field(ge=2, le=6)
    wound: int = Field(ge=2, le=6)
    rend: int = Field(le=0)
    damage: DiceField

    @field_validator("hit", "wound", mode="before")
    @classmethod
    def _read_x_plus(cls, value: object) -> object:
        return _x_plus(value)


class Stats(_Strict):
    """Characteristics (section 3.1). ``save`` is 2..6 for "x+" or None for "-" (D-21)."""

    move: float = Field(ge=0)
    save: int | None = Field(ge=2, le=6)
    bravery: int = Field(ge=1)
    wounds: int = Field(ge=1)
    base_mm: float | str
    min_models: int = Field(default=1, ge=1)

    @field_validator("save", mode="before")
    @classmethod
    def _read_save(cls, value: object) -> object:
        if isinstance(value, str) and value.strip() == "-":
            return None
        if value is None:
            raise ValueError('write "-" for no save')
        return _x_plus(value)

    @field_validator("base_mm")
    @classmethod
    def _read_base(cls, value: float | str) -> float | str:
        if isinstance(value, str) and not re.fullmatch(r"\d+(\.\d+)?x\d+(\.\d+)?", value):
            raise ValueError('a base is a diameter in mm or an oval "AxB" (GEO-2)')
        if isinstance(value, (int, float)) and value <= 0:
            raise ValueError("a base diameter must be positive")
        return value


class Wizard(_Strict):
    cast: int = Field(ge=0)
    unbind: int = Field(ge=0)


class Loadout(_Strict):
    """Per model: the weapons it carries, its tags, and ``one_in`` (at most one in n models)."""

    id: str = Field(min_length=1)
    weapons: list[str]
    tags: list[str] = Field(default_factory=list)
    one_in: int | None = Field(default=None, ge=1)


class Champion(_Strict):
    name: str
    effects: list[Effect] = Field(default_factory=list)


class Ability(_Strict):
    name: str
    effects: list[Effect] = Field(default_factory=list)


class Spell(_Strict):
    name: str
    casting_value: int = Field(ge=2)
    range: float = Field(gt=0)
    target: Literal["self", "friendly_unit", "enemy_unit", "any_unit"]
    visible: bool = True
    duration: Literal["instant", "phase", "turn", "until_your_next_hero_phase", "battle"]
    effects: list[Effect] = Field(default_factory=list)


class CommandAbility(_Strict):
    name: str
    phase: Phase = "hero"
    range: float | None = Field(default=None, gt=0)
    duration: Literal["phase", "turn", "until_your_next_hero_phase", "battle"] = (
        "until_your_next_hero_phase"
    )
    effects: list[Effect] = Field(default_factory=list)


class Warscroll(_Strict):
    """All the rules of one kind of model (AOS-1.2, section 3.1)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    keywords: list[str] = Field(default_factory=list)
    stats: Stats
    fly: bool = False
    wizard: Wizard | None = None
    missile: list[Weapon] = Field(default_factory=list)
    melee: list[Weapon] = Field(default_factory=list)
    loadouts: list[Loadout] = Field(min_length=1)
    champion: Champion | None = None
    abilities: list[Ability] = Field(default_factory=list)
    spells: list[Spell] = Field(default_factory=list)
    command_abilities: list[CommandAbility] = Field(default_factory=list)
    confidence: dict[str, Literal["verified", "approximate"]] = Field(default_factory=dict)

    @field_validator("missile", "melee", mode="before")
    @classmethod
    def _weapon_rows(cls, rows: Any, info: ValidationInfo) -> Any:
        if isinstance(rows, list):
            return [_row_to_dict(i, row, str(info.field_name)) for i, row in enumerate(rows)]
        return rows

    @model_validator(mode="after")
    def _consistent(self) -> Warscroll:
        names = [w.name for w in self.weapons]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise ValueError(f"weapon names must be unique: {', '.join(duplicates)}")
        ids = [loadout.id for loadout in self.loadouts]
        if len(set(ids)) != len(ids):
            raise ValueError("loadout ids must be unique")
        for loadout in self.loadouts:
            for name in loadout.weapons:
                if name not in names:
                    raise ValueError(
                        f"loadout {loadout.id!r} names weapon {name!r}, which the warscroll "
                        f"does not list (weapons: {', '.join(names) or 'none'})"
                    )
        for where, effect in self.own_effects():
            roll = getattr(effect, "roll", None)
            own = effect.kind == "stat_mod" or effective_scope(effect, roll) == "own_attacks"
            if own and isinstance(effect.weapons, list):
                for name in effect.weapons:
                    if name not in names:
                        raise ValueError(f"{where} names weapon {name!r}, which is not listed")
        return self

    @property
    def weapons(self) -> list[Weapon]:
        return [*self.missile, *self.melee]

    def weapon(self, name: str) -> Weapon:
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        raise KeyError(name)

    def loadout(self, loadout_id: str) -> Loadout:
        for loadout in self.loadouts:
            if loadout.id == loadout_id:
                return loadout
        raise KeyError(loadout_id)

    def own_effects(self) -> list[tuple[str, Effect]]:
        """Every ability and champion effect with a label naming where it comes from."""
        found: list[tuple[str, Effect]] = []
        for ability in self.abilities:
            found.extend((f"ability {ability.name!r}", e) for e in ability.effects)
        if self.champion is not None:
            found.extend((f"champion {self.champion.name!r}", e) for e in self.champion.effects)
        return found


def _row_to_dict(index: int, row: object, kind: str) -> object:
    if isinstance(row, dict):
        return {**row, "kind": kind}
    if isinstance(row, (list, tuple)):
        if len(row) != len(_WEAPON_COLUMNS):
            raise ValueError(
                f"row {index} must be [name, range, attacks, hit, wound, rend, damage], "
                f"got {len(row)} values: {list(row)!r}"
            )
        return {**dict(zip(_WEAPON_COLUMNS, row, strict=True)), "kind": kind}
    return row
