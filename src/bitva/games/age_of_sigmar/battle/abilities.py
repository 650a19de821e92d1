"""Activated abilities in the battle (section 3.2 ``activated`` and ``aura``; AOS-5.1, AOS-5.2).

In the phase its ability names, the owner of a unit uses an activated ability that targets the
unit itself (``use B1 portal-of-skulls``; the Bloodsecrator's Portal of Skulls is the shipped
one). It is recorded on the unit as an active effect with its duration's expiry (AOS-4.3), and
while it is in force:

- its ``status`` effects hold for the unit (``cannot_move``: no move, run, retreat or charge);
- its ``aura`` effects reach the units within the aura's range (GEO-3: unit to unit) that fit
  ``who`` and ``keywords_any`` (the owner itself with ``include_self``): ``stat_mod`` on
  attacks and ``roll_mod`` on hit and wound rolls change their attacks (section 3.2 filters:
  ``weapons``), ``no_battleshock`` spares them battleshock tests (AOS-10.1).

``once_per_turn`` is read as "not again while in force". Activated abilities with another
target, other phases or the enemy's turn are not offered yet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from bitva.core.errors import Violation
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import ActiveEffect, Runtime, UnitState
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.profiles import AttackProfile

EXPIRY = {"until_your_next_hero_phase": "hero", "turn": "turn", "phase": "phase"}


def slug(name: str) -> str:
    """``Portal of Skulls`` -> ``portal-of-skulls`` (the ability's word in actions)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def activated(battle: Battle, unit: UnitState) -> dict[str, fx.Activated]:
    """The unit's self-targeted activated abilities, by slug."""
    found: dict[str, fx.Activated] = {}
    for ability in scroll_of(battle, unit).abilities:
        for effect in ability.effects:
            if isinstance(effect, fx.Activated) and effect.target == "self":
                found[slug(ability.name)] = effect
    return found


def usable(battle: Battle, rt: Runtime, phase: str) -> list[tuple[UnitState, str]]:
    """AOS-5.2: the active player's abilities of this phase not in force already."""
    out = []
    for unit in rt.army(rt.active):
        if not unit.alive:
            continue
        for name, effect in activated(battle, unit).items():
            mine = effect.phase == phase and effect.whose in ("yours", "any")
            if mine and not unit.has_effect(name):
                out.append((unit, name))
    return out


def check_use(battle: Battle, rt: Runtime, unit_id: str, name: str, phase: str) -> Violation | None:
    if not any(u.id == unit_id and n == name for u, n in usable(battle, rt, phase)):
        return Violation(
            f"{unit_id} has no ability {name} to use now (in its phase, once while in force)",
            "AOS-5.2",
        )
    return None


def use(rt: Runtime, battle: Battle, unit_id: str, name: str) -> Runtime:
    """Record the ability in force on its unit until its duration ends (AOS-4.3)."""
    unit = rt.unit_by_id(unit_id)
    effect = activated(battle, unit)[name]
    expiry = f"{EXPIRY.get(effect.duration, 'battle')}:{unit.side}"
    return rt.with_unit(replace(unit, effects=(*unit.effects, ActiveEffect(name, unit.id, expiry))))


def _in_force(battle: Battle, rt: Runtime) -> Iterator[tuple[UnitState, fx.Activated]]:
    for owner in rt.units:
        if not owner.alive or not owner.effects:
            continue
        known = activated(battle, owner)
        for e in owner.effects:
            if e.name in known:
                yield owner, known[e.name]


def statuses(battle: Battle, rt: Runtime, unit: UnitState) -> set[str]:
    """The ``status`` effects of the unit's own abilities in force (``cannot_move``)."""
    return {
        inner.name
        for owner, ability in _in_force(battle, rt)
        if owner.id == unit.id
        for inner in ability.effects
        if isinstance(inner, fx.Status)
    }


def aura_effects(battle: Battle, rt: Runtime, unit: UnitState) -> list[fx.Effect]:
    """The effects that auras in force give the unit (section 3.2 ``aura``)."""
    words = {k.upper() for k in scroll_of(battle, unit).keywords}
    out: list[fx.Effect] = []
    for owner, ability in _in_force(battle, rt):
        for aura in ability.effects:
            if not isinstance(aura, fx.Aura):
                continue
            friendly = owner.side == unit.side
            if (aura.who == "friendly" and not friendly) or (aura.who == "enemy" and friendly):
                continue
            if owner.id == unit.id and not aura.include_self:
                continue
            if aura.keywords_any and not words & {k.upper() for k in aura.keywords_any}:
                continue
            if within(unit_to_unit(owner.circles(), unit.circles()), aura.range):
                out.extend(aura.effects)
    return out


def _weapon_fits(effect: fx.Effect, profile: AttackProfile, kind: str) -> bool:
    weapons = effect.weapons
    if weapons is None:
        return True
    if isinstance(weapons, str):
        return weapons == kind
    return any(profile.name == w or profile.name.startswith(w + " (") for w in weapons)


def with_auras(
    battle: Battle, rt: Runtime, unit: UnitState, profiles: list[AttackProfile], kind: str
) -> list[AttackProfile]:
    """Attack profiles with the auras' attacks and hit and wound modifiers (section 3.2)."""
    for e in aura_effects(battle, rt, unit):
        if isinstance(e, fx.StatMod) and e.stat == "attacks":
            profiles = [
                replace(p, extra_attacks=p.extra_attacks + e.value)
                if _weapon_fits(e, p, kind)
                else p
                for p in profiles
            ]
        elif isinstance(e, fx.RollMod) and e.roll in ("hit", "wound"):
            field = f"{e.roll}_mod"
            profiles = [
                replace(p, **{field: getattr(p, field) + e.value})
                if _weapon_fits(e, p, kind)
                else p
                for p in profiles
            ]
    return profiles


def spared_battleshock(battle: Battle, rt: Runtime, unit: UnitState) -> bool:
    """AOS-10.1: an aura's ``no_battleshock``."""
    return any(isinstance(e, fx.NoBattleshock) for e in aura_effects(battle, rt, unit))
