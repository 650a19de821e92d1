"""The reach analysis of issue 22: what can reach what, and the odds (GEO-3, GEO-5, GEO-8,
AOS-7, AOS-8, AOS-11.2).

For the active player's units against each enemy unit: the distance (GEO-3), whether any model
sees any model (GEO-8), the missile weapons some model carrying them could shoot at the unit now
(in range and in sight, AOS-11.2, D-37; ``stat_mod`` on range included) and the exact chance of a
charge ending within 1/2" of it (AOS-8.1 to 8.3, GEO-9, D-13): the roll must cover the unit's
charge reach (:func:`~bitva.games.age_of_sigmar.geometry.charge.unit_reach`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.analysis.charge_roll import (
    blocked_by_status,
    charge_probability,
    charge_roll,
    needed_roll,
)
from bitva.games.age_of_sigmar.analysis.snapshot import SnapshotModel, SnapshotUnit, TableSnapshot
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.schema import Side
from bitva.games.age_of_sigmar.geometry.charge import unit_reach
from bitva.games.age_of_sigmar.geometry.coherency import is_coherent
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit
from bitva.games.age_of_sigmar.geometry.paths import can_charge
from bitva.games.age_of_sigmar.geometry.sight import can_target, units_see
from bitva.games.age_of_sigmar.loader import normalize_name
from bitva.games.age_of_sigmar.warscroll import Weapon

MAX_DICE = 12
"""AOS-8.2: 2D6 shows at most 12."""


def weapon_id(weapon: Weapon) -> str:
    """A weapon's id in the analysis: its warscroll name normalized (``"Skybolt Bow"`` ->
    ``skybolt_bow``)."""
    return normalize_name(weapon.name)


def _range(unit: SnapshotUnit, model: SnapshotModel, weapon: Weapon, target: SnapshotUnit) -> float:
    """The weapon's Range plus ``stat_mod`` range effects of the unit that hold for this model
    in its shooting phase (section 3.2, 3.3)."""
    bonus = 0
    scroll = unit.warscroll
    sources = [(e, False) for a in scroll.abilities for e in a.effects]
    if scroll.champion is not None:
        sources += [(e, True) for e in scroll.champion.effects]
    for effect, champion in sources:
        if not (isinstance(effect, fx.StatMod) and effect.stat == "range"):
            continue
        if champion and not model.champion:
            continue
        if isinstance(effect.weapons, str) and effect.weapons != weapon.kind:
            continue
        if isinstance(effect.weapons, list) and weapon.name not in effect.weapons:
            continue
        if effect.models is not None and not (
            model.champion if effect.models == "champion" else effect.models in model.tags
        ):
            continue
        if effect.requires_in_unit is not None and not unit.has_tag(effect.requires_in_unit):
            continue
        if effect.when is not None and not _shooting_holds(effect.when, unit, model, target):
            continue
        bonus += effect.value
    return weapon.range + bonus


def _shooting_holds(
    cond: fx.Condition, unit: SnapshotUnit, model: SnapshotModel, target: SnapshotUnit
) -> bool:
    """Section 3.3 in the unit's own shooting phase, for a missile attack on ``target``."""
    checks: list[bool] = []
    if cond.target_keyword is not None:
        words = {k.upper() for k in target.warscroll.keywords}
        checks.append(cond.target_keyword.upper() in words)
    if cond.target_wounds_at_least is not None:
        checks.append(target.warscroll.stats.wounds >= cond.target_wounds_at_least)
    if cond.phase is not None:
        checks.append(cond.phase == "shooting")
    if cond.turn is not None:
        checks.append(cond.turn == "own")
    if cond.charged_this_turn is not None:
        checks.append(cond.charged_this_turn == unit.charged)
    if cond.moved_this_turn is not None:
        checks.append(cond.moved_this_turn == (unit.moved or unit.ran or unit.retreated))
    if cond.unit_has_tag is not None:
        checks.append(unit.has_tag(cond.unit_has_tag))
    if cond.model_has_tag is not None:
        checks.append(cond.model_has_tag in model.tags)
    if cond.attack_kind is not None:
        checks.append(cond.attack_kind == "missile")
    if cond.within_feature is not None:
        checks.append(False)  # read by the engine in play; no shipped range effect uses it
    if cond.any_of is not None:
        checks.append(any(_shooting_holds(c, unit, model, target) for c in cond.any_of))
    if cond.not_ is not None:
        checks.append(not _shooting_holds(cond.not_, unit, model, target))
    return all(checks)


def in_range(snapshot: TableSnapshot, unit: SnapshotUnit, target: SnapshotUnit) -> list[str]:
    """AOS-7, AOS-11.2: the ids of the unit's missile weapons that some model carrying one could
    shoot at ``target`` now (in range and in sight), sorted, each once; none for a unit that ran
    or retreated this turn (AOS-7.1)."""
    if unit.ran or unit.retreated:
        return []
    found: set[str] = set()
    targets = target.circles()
    for weapon in unit.warscroll.missile:
        for model in unit.models:
            if weapon.name not in model.weapons:
                continue
            reach = _range(unit, model, weapon, target)
            if can_target(model.circle, reach, targets, snapshot.features):
                found.add(weapon_id(weapon))
                break
    return sorted(found)


def charge_chance(snapshot: TableSnapshot, unit: SnapshotUnit, target: SnapshotUnit) -> Fraction:
    """AOS-8.1 to 8.3, GEO-9, D-13: the exact chance that a charge by ``unit`` now ends with a
    model within 1/2" of ``target``; 0 when the unit may not charge (AOS-8.1: an enemy unit
    within 12", none within 3", no run or retreat this turn, not befuddled)."""
    enemies = [u.circles() for u in snapshot.units if u.side != unit.side and u.models]
    if not unit.models or not target.models or unit.ran or unit.retreated or unit.charged:
        return Fraction(0)
    if not can_charge(unit.circles(), enemies) or blocked_by_status(snapshot, unit):
        return Fraction(0)
    roll = charge_roll(snapshot, unit, target)
    best = MAX_DICE + max(0, roll.modifier)
    others = [m.circle for u in snapshot.units if u.id != unit.id for m in u.models]
    found = unit_reach(
        unit.circles(),
        target.circles(),
        board=snapshot.board,
        others=others,
        fly=unit.warscroll.fly,
        limit=float(best),
    )
    if found is None:
        return Fraction(0)
    return charge_probability(needed_roll(found[1].cost), roll)


def analyse(snapshot: TableSnapshot, active: Side | None = None) -> dict[str, Any]:
    """Issue 22's answer for the active player (default: the snapshot's), JSON-ready:
    ``active``, ``units`` (every unit on the table: ``coherent``, ``models``) and ``pairs``
    (each unit of the active player against each enemy unit, sorted by unit then target)."""
    side = snapshot.active if active is None else active
    on_table = [u for u in snapshot.units if u.models]
    units = {
        u.id: {"coherent": is_coherent(u.circles()), "models": len(u.models)} for u in on_table
    }
    pairs = []
    own = sorted((u for u in on_table if u.side == side), key=lambda u: u.id)
    enemies = sorted((u for u in on_table if u.side != side), key=lambda u: u.id)
    for unit in own:
        for target in enemies:
            chance = charge_chance(snapshot, unit, target)
            pairs.append(
                {
                    "unit": unit.id,
                    "target": target.id,
                    "distance": round(unit_to_unit(unit.circles(), target.circles()), 3),
                    "visible": units_see(unit.circles(), target.circles(), snapshot.features),
                    "in_range": in_range(snapshot, unit, target),
                    "charge_probability": float(chance),
                }
            )
    return {"active": side, "units": units, "pairs": pairs}


def reach_analysis(battle: Battle, active: Side | None = None) -> dict[str, Any]:
    """:func:`analyse` of a loaded battle file (``active`` defaults to its ``[position]``)."""
    return analyse(TableSnapshot.from_battle(battle, active))
