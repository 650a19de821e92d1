"""Attack profiles, targets and options as JSON values, read back exactly (a pending attack is
part of a battle state, and a state round-trips through JSON).

Dice are written as their expression (``"D3+1"``, a fixed value as a number); everything read is
checked, and a value that is missing, of the wrong type or out of range is an
`AttackStepsError` naming the field and the reason.

>>> from bitva.games.age_of_sigmar.dice import Dice
>>> hammer = AttackProfile(hit=4, wound=3, rend=-1, damage=Dice.parse("D3"))
>>> profile_to_json(hammer)["damage"]
'D3'
>>> profile_from_json(profile_to_json(hammer), "profile") == hammer
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast, get_args

from bitva.core.errors import BitvaError
from bitva.games.age_of_sigmar.battle.attack_program import AttackStepsError
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.profiles import (
    Allocation,
    AttackOptions,
    AttackProfile,
    RerollKind,
    TargetProfile,
    Trigger,
)

T = TypeVar("T")
_REROLLS = frozenset(get_args(RerollKind))
_ALLOCATIONS = frozenset(get_args(Allocation))
_IGNORE = frozenset({"none", "rend", "all"})


def dice_to_json(dice: Dice) -> int | str | list[int]:
    """A fixed D6 value as a number, else the expression; the rare value that its text does
    not give back (a fixed "D3") as ``[count, sides, bonus]``."""
    if dice.is_fixed and dice.sides == 6:
        return dice.bonus
    if not dice.is_fixed:
        return str(dice)
    return [dice.count, dice.sides, dice.bonus]


def _dice(value: object, where: str) -> Dice:
    try:
        if isinstance(value, list) and len(value) == 3 and all(type(v) is int for v in value):
            return Dice(value[0], value[1], value[2])
        return Dice.parse(value)
    except BitvaError as exc:
        raise AttackStepsError(f"{where}: {exc}") from None


def _field(obj: dict[str, Any], key: str, where: str, kind: type[T], default: T) -> T:
    value = obj.get(key, default)
    ok = type(value) is kind or (kind is float and type(value) is int)
    if not ok:
        raise AttackStepsError(
            f"{where}.{key}: expected {kind.__name__}, got {type(value).__name__}"
        )
    return cast(T, value)


def _optional_int(obj: dict[str, Any], key: str, where: str) -> int | None:
    value = obj.get(key)
    if value is not None and type(value) is not int:
        raise AttackStepsError(f"{where}.{key}: expected a whole number or null, got {value!r}")
    return value


def _object(value: object, where: str, keys: frozenset[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise AttackStepsError(f"{where}: expected an object, got {type(value).__name__}")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise AttackStepsError(f"{where}.{unknown[0]}: unknown field")
    return value


def _rerolls(obj: dict[str, Any], key: str, where: str) -> frozenset[RerollKind]:
    value = obj.get(key, [])
    if not isinstance(value, list) or not all(v in _REROLLS for v in value):
        raise AttackStepsError(f"{where}.{key}: expected a list of {sorted(_REROLLS)}")
    return frozenset(cast(list[RerollKind], value))


def _build(make: Callable[[], T], where: str) -> T:
    try:
        return make()
    except BitvaError as exc:
        raise AttackStepsError(f"{where}: {exc}") from None


def trigger_to_json(trigger: Trigger) -> dict[str, Any]:
    out: dict[str, Any] = {"on": trigger.on, "unmodified": trigger.unmodified}
    for name in ("hits", "mortal_wounds", "damage", "attacker_mortal_wounds"):
        dice = getattr(trigger, name)
        if dice is not None:
            out[name] = dice_to_json(dice)
    if trigger.end:
        out["end"] = True
    if trigger.rend is not None:
        out["rend"] = trigger.rend
    return out


_TRIGGER_KEYS = frozenset(
    {"on", "unmodified", "hits", "mortal_wounds", "end", "rend", "damage", "attacker_mortal_wounds"}
)


def trigger_from_json(value: object, where: str) -> Trigger:
    obj = _object(value, where, _TRIGGER_KEYS)
    dice = {
        name: _dice(obj[name], f"{where}.{name}") if obj.get(name) is not None else None
        for name in ("hits", "mortal_wounds", "damage", "attacker_mortal_wounds")
    }
    on = obj.get("on")
    if type(on) is not int or not 1 <= on <= 7:
        raise AttackStepsError(f"{where}.on: expected a whole number from 1 to 7, got {on!r}")
    return Trigger(
        on=on,
        unmodified=_field(obj, "unmodified", where, bool, True),
        end=_field(obj, "end", where, bool, False),
        rend=_optional_int(obj, "rend", where),
        **dice,
    )


def profile_to_json(profile: AttackProfile) -> dict[str, Any]:
    return {
        "name": profile.name,
        "hit": profile.hit,
        "wound": profile.wound,
        "rend": profile.rend,
        "damage": dice_to_json(profile.damage),
        "attacks": dice_to_json(profile.attacks),
        "n_models": profile.n_models,
        "extra_attacks": profile.extra_attacks,
        "hit_mod": profile.hit_mod,
        "wound_mod": profile.wound_mod,
        "save_mod": profile.save_mod,
        "hit_reroll": sorted(profile.hit_reroll),
        "wound_reroll": sorted(profile.wound_reroll),
        "hit_triggers": [trigger_to_json(t) for t in profile.hit_triggers],
        "wound_triggers": [trigger_to_json(t) for t in profile.wound_triggers],
    }


_PROFILE_KEYS = frozenset(profile_to_json(AttackProfile(hit=4, wound=4)))


def _triggers(obj: dict[str, Any], key: str, where: str) -> tuple[Trigger, ...]:
    value = obj.get(key, [])
    if not isinstance(value, list):
        raise AttackStepsError(f"{where}.{key}: expected a list of triggers")
    return tuple(trigger_from_json(t, f"{where}.{key}[{i}]") for i, t in enumerate(value))


def profile_from_json(value: object, where: str) -> AttackProfile:
    obj = _object(value, where, _PROFILE_KEYS)
    ints = {
        key: _field(obj, key, where, int, default)
        for key, default in (
            ("hit", 0),
            ("wound", 0),
            ("rend", 0),
            ("n_models", 1),
            ("extra_attacks", 0),
            ("hit_mod", 0),
            ("wound_mod", 0),
            ("save_mod", 0),
        )
    }
    return _build(
        lambda: AttackProfile(
            name=_field(obj, "name", where, str, "attack"),
            damage=_dice(obj.get("damage", 1), f"{where}.damage"),
            attacks=_dice(obj.get("attacks", 1), f"{where}.attacks"),
            hit_reroll=_rerolls(obj, "hit_reroll", where),
            wound_reroll=_rerolls(obj, "wound_reroll", where),
            hit_triggers=_triggers(obj, "hit_triggers", where),
            wound_triggers=_triggers(obj, "wound_triggers", where),
            **ints,
        ),
        where,
    )


def target_to_json(target: TargetProfile) -> dict[str, Any]:
    return {
        "name": target.name,
        "wounds": list(target.wounds),
        "save": target.save,
        "save_mod": target.save_mod,
        "save_reroll": sorted(target.save_reroll),
        "ignore_save_mods": target.ignore_save_mods,
        "ward": target.ward,
        "mortal_ward": target.mortal_ward,
        "bravery": target.bravery,
        "slain_before": target.slain_before,
        "battleshock_immune": target.battleshock_immune,
        "save_triggers": [trigger_to_json(t) for t in target.save_triggers],
    }


_TARGET_KEYS = frozenset(target_to_json(TargetProfile(wounds=(1,))))


def target_from_json(value: object, where: str) -> TargetProfile:
    obj = _object(value, where, _TARGET_KEYS)
    wounds = obj.get("wounds")
    if not isinstance(wounds, list) or not all(type(w) is int for w in wounds):
        raise AttackStepsError(f"{where}.wounds: expected a list of whole numbers")
    ignore = obj.get("ignore_save_mods", "none")
    if ignore not in _IGNORE:
        raise AttackStepsError(f"{where}.ignore_save_mods: expected one of {sorted(_IGNORE)}")
    return _build(
        lambda: TargetProfile(
            name=_field(obj, "name", where, str, "target"),
            wounds=tuple(wounds),
            save=_optional_int(obj, "save", where),
            save_mod=_field(obj, "save_mod", where, int, 0),
            save_reroll=_rerolls(obj, "save_reroll", where),
            ignore_save_mods=ignore,
            ward=_optional_int(obj, "ward", where),
            mortal_ward=_optional_int(obj, "mortal_ward", where),
            bravery=_optional_int(obj, "bravery", where),
            slain_before=_field(obj, "slain_before", where, int, 0),
            battleshock_immune=_field(obj, "battleshock_immune", where, bool, False),
            save_triggers=_triggers(obj, "save_triggers", where),
        ),
        where,
    )


def options_to_json(options: AttackOptions) -> dict[str, Any]:
    return {"allocation": options.allocation, "natural_one_fails": options.natural_one_fails}


def options_from_json(value: object, where: str) -> AttackOptions:
    obj = _object(value, where, frozenset({"allocation", "natural_one_fails"}))
    allocation = obj.get("allocation", "wounded_first")
    if allocation not in _ALLOCATIONS:
        raise AttackStepsError(f"{where}.allocation: expected one of {sorted(_ALLOCATIONS)}")
    return AttackOptions(
        allocation=allocation,
        natural_one_fails=_field(obj, "natural_one_fails", where, bool, False),
    )
