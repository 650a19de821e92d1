"""Targets and attack numbers in the battle (AOS-7, AOS-9.3 step 2, AOS-11, AOS-13, D-22, D-37).

A model attacks a unit with a weapon when one of the unit's models is both within the weapon's
Range and visible to it (AOS-11.2, GEO-8; also within 3" of enemies and into combat, D-37). The
numbers of the attack come from the warscrolls through the calculator's resolver
(:func:`bitva.games.age_of_sigmar.calculator.resolve.resolve`), fed with the battle's situation:
the phase, whose turn, charged and moved this turn, Mystic Shield (AOS-14.5), cover (every model
of the target wholly on or in terrain, not in the combat phase of a turn it charged, AOS-13.1,
D-22), the mysterious features within 3" and the target's models slain this turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from bitva.games.age_of_sigmar.battle.auras import given, stat_bonus
from bitva.games.age_of_sigmar.battle.casualties import MYSTIC_SHIELD
from bitva.games.age_of_sigmar.battle.characteristics import live_spec, scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.movement import enemy_units
from bitva.games.age_of_sigmar.battle.runtime import (
    DAMNED,
    ENSORCELLED,
    INSPIRED_TRIUMPH,
    Runtime,
    UnitState,
)
from bitva.games.age_of_sigmar.calculator.resolve import Situation, resolve
from bitva.games.age_of_sigmar.geometry.scenery import features_within, in_cover
from bitva.games.age_of_sigmar.geometry.sight import can_target
from bitva.games.age_of_sigmar.profiles import AttackProfile, TargetProfile
from bitva.games.age_of_sigmar.units import UnitSpec
from bitva.games.age_of_sigmar.warscroll import Weapon

Kind = Literal["missile", "melee"]


def weapons_of(battle: Battle, unit: UnitState, kind: Kind) -> list[Weapon]:
    """AOS-11.1: the unit's weapons of this kind carried by a model on the table."""
    scroll = scroll_of(battle, unit)
    carried = {w for m in unit.alive for w in scroll.loadout(m.loadout).weapons}
    return [w for w in (scroll.missile if kind == "missile" else scroll.melee) if w.name in carried]


def shooters_of(
    battle: Battle, unit: UnitState, target: UnitState, weapon: Weapon, extra_range: float = 0.0
) -> list[int]:
    """AOS-11.2: indices (among the models on the table) of the models whose ``weapon`` may
    target ``target`` (its Range plus ``extra_range``: ``stat_mod`` range, section 3.2)."""
    scroll = scroll_of(battle, unit)
    goal = target.circles()
    out = []
    reach = max(0.0, weapon.range + extra_range)
    for i, m in enumerate(unit.alive):
        if weapon.name in scroll.loadout(m.loadout).weapons and can_target(
            m.circle, reach, goal, battle.features
        ):
            out.append(i)
    return out


def range_bonus(battle: Battle, rt: Runtime, unit: UnitState, weapon: Weapon) -> float:
    """Section 3.2 ``stat_mod`` range on the weapon: the unit's own and given ones."""
    return float(stat_bonus(battle, rt, unit, "range", (weapon.name, weapon.kind)))


def reaching(
    battle: Battle, rt: Runtime, unit: UnitState, target: UnitState, weapon: Weapon
) -> list[int]:
    """AOS-11.2: the models (indices on the table) whose ``weapon`` reaches ``target`` now."""
    return shooters_of(battle, unit, target, weapon, range_bonus(battle, rt, unit, weapon))


def legal_targets(battle: Battle, rt: Runtime, unit: UnitState, kind: Kind) -> list[UnitState]:
    """AOS-11.2, D-37: the enemy units some weapon of the unit may attack now."""
    weapons = weapons_of(battle, unit, kind)
    if not weapons or not unit.alive:
        return []
    return [
        t
        for t in enemy_units(rt, unit)
        if any(shooters_of(battle, unit, t, w, range_bonus(battle, rt, unit, w)) for w in weapons)
    ]


def _mysterious_near(battle: Battle, unit: UnitState) -> frozenset[str]:
    """Section 3.3 ``within_feature``: the mysterious kinds of features within 3" (AOS-2.5)."""
    kinds = set()
    for m in unit.alive:
        for f in features_within(m.circle, battle.features, 3.0):
            if f.mysterious is not None:
                kinds.add(f.mysterious)
    return frozenset(kinds)


def situation(
    battle: Battle, rt: Runtime, unit: UnitState, target: UnitState, kind: Kind
) -> Situation:
    """What the conditions of section 3.3 and cover (AOS-13.1, D-22) read in the battle."""
    return Situation(
        phase="shooting" if kind == "missile" else "combat",
        charged=unit.charged,
        moved=unit.moved,
        attacker_turn=unit.side == rt.active,
        cover=in_cover(target.circles(), battle.features),
        target_charged=target.charged,
        target_moved=target.moved,
        mystic_shield=target.has_effect(MYSTIC_SHIELD),
        slain_before=target.slain_this_turn,
        attacker_features=_mysterious_near(battle, unit),
        target_features=_mysterious_near(battle, target),
        attacker_given=given(battle, rt, unit),
        target_given=given(battle, rt, target),
    )


def attack_numbers(
    battle: Battle,
    rt: Runtime,
    unit: UnitState,
    target: UnitState,
    kind: Kind,
    only: frozenset[tuple[int, str]] | None = None,
) -> tuple[list[AttackProfile], TargetProfile]:
    """AOS-11.5: the attack profiles of the models that may attack ``target`` (weapon by
    weapon: only the models in range and sight of it, AOS-11.2; with ``only``, just those
    (model index, weapon name) pairs: a split, AOS-11.3), in weapon order, and the target's
    numbers."""
    spec = live_spec(battle, rt, unit)
    where = situation(battle, rt, unit, target, kind)
    goal = live_spec(battle, rt, target)
    profiles: list[AttackProfile] = []
    defender: TargetProfile | None = None
    for weapon in weapons_of(battle, unit, kind):
        models = shooters_of(battle, unit, target, weapon, range_bonus(battle, rt, unit, weapon))
        if only is not None:
            models = [i for i in models if (i, weapon.name) in only]
        if not models:
            continue
        part = UnitSpec(spec.warscroll, tuple(spec.models[i] for i in models))
        found = resolve(part, goal, where)
        defender = found.target if defender is None else defender
        profiles += [
            p
            for p in found.profiles
            if p.name == weapon.name or p.name.startswith(weapon.name + " (")
        ]
    if defender is None:
        defender = resolve(spec, goal, where).target
    profiles = with_battle_effects(unit, profiles)
    return profiles, replace(defender, slain_before=target.slain_this_turn)


def with_battle_effects(unit: UnitState, profiles: Sequence[AttackProfile]) -> list[AttackProfile]:
    """The profiles with what only a battle gives the unit, beside its warscroll's effects:
    Mystical's re-roll of failed wound rolls (AOS-2.5), Inspired's of failed hit rolls
    (AOS-3.7) and Damned's +1 to hit (AOS-2.5)."""
    out = list(profiles)
    if unit.has_effect(ENSORCELLED):
        out = [replace(p, wound_reroll=p.wound_reroll | {"failed"}) for p in out]
    if unit.has_effect(INSPIRED_TRIUMPH):
        out = [replace(p, hit_reroll=p.hit_reroll | {"failed"}) for p in out]
    if unit.has_effect(DAMNED):
        out = [replace(p, hit_mod=p.hit_mod + 1) for p in out]
    return out
