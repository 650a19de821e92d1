"""Mysterious landscapes in play (AOS-2.5, AOS-5.1, D-23, D-36): what the features' rules do in
the battle. A unit is within 3" of a feature when any of its models is (GEO-3, D-36).

- Mystical: at the start of your hero phase roll a D6 for each of your units within 3" (a
  chance node each, id order): 1 befuddled (it cannot be picked to cast, move, run, retreat,
  charge, pile in or attack until your next hero phase; it may still unbind, D-36), 2-6
  ensorcelled (it re-rolls failed wound rolls until then).
- Sinister: your units within 3" in your hero phase cause fear until your next hero phase;
  enemy units within 3" of one or more of them have -1 Bravery (fixed in the hero phase, read at
  each test, D-36; it does not stack, D-23).
- Inspiring: +1 Bravery to units within 3" (each such feature, D-23).
- Arcane is read by the wizards (:mod:`.wizards`), Deadly by the moves (:mod:`.movement`).
- Damned: in your hero phase one of your units within 3" may sacrifice (``sacrifice A1``): it
  suffers D3 mortal wounds (a chance node) and adds 1 to its hit rolls until your next hero
  phase; one sacrifice per feature per hero phase (D-36).
"""

from __future__ import annotations

from dataclasses import replace

from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import (
    BEFUDDLED,
    CAUSES_FEAR,
    DAMNED,
    ENSORCELLED,
    ActiveEffect,
    Runtime,
    UnitState,
    other,
)
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.geometry.scenery import Feature, features_within

NEAR = 3.0
"""AOS-2.5: "within 3"" of a feature."""


def near(battle: Battle, unit: UnitState, kind: str) -> list[Feature]:
    """The features of this mysterious kind within 3" of the unit (D-36), in id order."""
    found: dict[str, Feature] = {}
    for m in unit.alive:
        for f in features_within(m.circle, battle.features, NEAR):
            if f.mysterious == kind:
                found[f.id] = f
    return [found[k] for k in sorted(found)]


def mystical_queue(battle: Battle, rt: Runtime) -> tuple[str, ...]:
    """AOS-2.5 (Mystical), AOS-5.1: the active player's units that roll, in id order."""
    return tuple(
        u.id for u in sorted(rt.army(rt.active), key=lambda u: u.id) if near(battle, u, "mystical")
    )


def mystical_result(rt: Runtime, unit_id: str, die: int) -> Runtime:
    """1: befuddled, 2-6: ensorcelled, until the owner's next hero phase."""
    unit = rt.unit_by_id(unit_id)
    name = BEFUDDLED if die == 1 else ENSORCELLED
    kept = tuple(e for e in unit.effects if e.name not in (BEFUDDLED, ENSORCELLED))
    effect = ActiveEffect(name, "mystical", f"hero:{unit.side}")
    return rt.with_unit(replace(unit, effects=(*kept, effect)))


def sinister_marks(battle: Battle, rt: Runtime) -> Runtime:
    """AOS-2.5 (Sinister), AOS-5.1: the active player's units within 3" cause fear."""
    for unit in rt.army(rt.active):
        if unit.alive and near(battle, unit, "sinister"):
            kept = tuple(e for e in unit.effects if e.name != CAUSES_FEAR)
            effect = ActiveEffect(CAUSES_FEAR, "sinister", f"hero:{unit.side}")
            rt = rt.with_unit(replace(unit, effects=(*kept, effect)))
    return rt


def damned_feature(battle: Battle, rt: Runtime, unit: UnitState) -> str | None:
    """D-36: the first Damned feature within 3" of the unit not yet used this hero phase."""
    for feature in near(battle, unit, "damned"):
        if feature.id not in rt.damned_used:
            return feature.id
    return None


def may_sacrifice(battle: Battle, rt: Runtime) -> list[UnitState]:
    """AOS-2.5 (Damned): the active player's units that may sacrifice now."""
    return [u for u in rt.army(rt.active) if u.alive and damned_feature(battle, rt, u) is not None]


def sacrificed(rt: Runtime, unit_id: str, feature: str) -> Runtime:
    """The sacrifice made: +1 to hit until the owner's next hero phase, the feature used."""
    unit = rt.unit_by_id(unit_id)
    kept = tuple(e for e in unit.effects if e.name != DAMNED)
    effect = ActiveEffect(DAMNED, feature, f"hero:{unit.side}")
    rt = rt.with_unit(replace(unit, effects=(*kept, effect)))
    return replace(rt, damned_used=(*rt.damned_used, feature))


def bravery_bonus(battle: Battle, rt: Runtime, unit: UnitState) -> int:
    """Inspiring features (+1 each) and fear (-1 once) on the unit's Bravery (AOS-2.5, D-23)."""
    bonus = len(near(battle, unit, "inspiring"))
    mine = unit.circles()
    feared = any(
        e.has_effect(CAUSES_FEAR) and within(unit_to_unit(e.circles(), mine), NEAR)
        for e in rt.army(other(unit.side))
        if e.alive
    )
    return bonus - int(feared)
