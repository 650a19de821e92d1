"""Wounds, removal, battleshock and victory (AOS-10, AOS-12, AOS-15, D-16, D-17, D-25, D-31, D-32).

Damage is pooled per attacking unit and target and allocated one wound at a time (D-16). The
allocation is the defender's choice (D-17): a decision of its owner (:mod:`.allocation`, with
``[options] allocation = "ask"``) applied here as an order of models, or the battle file's
policy (``wounded_first`` or ``min_slain``), ties broken in the D-25 order (ordinary models, then
icon bearers, the champion, the general; listing order within each). Fleeing models are the
owner's pick too, by default in the D-25 order, ordinary models from the last listed (the rear
ranks of the shipped set-ups).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bitva.core.outcome import Outcome
from bitva.games.age_of_sigmar.battle.characteristics import bravery_of, wounds_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import (
    ModelState,
    Runtime,
    Status,
    UnitState,
    other,
    side_index,
)
from bitva.games.age_of_sigmar.battle.schema import Side
from bitva.games.age_of_sigmar.geometry.measure import within
from bitva.games.age_of_sigmar.geometry.scenery import distance_to_feature

INSPIRED = "inspiring_presence"
"""AOS-5.3: the effect name of Inspiring Presence on a unit."""
MYSTIC_SHIELD = "mystic_shield"
"""AOS-14.5: the effect name of Mystic Shield on a unit."""


def rank(model: ModelState) -> int:
    """D-25: ordinary models, then icon bearers, the champion, the general."""
    if model.is_general:
        return 3
    if model.champion:
        return 2
    if "icon" in model.tags:
        return 1
    return 0


def allocation_order(battle: Battle, rt: Runtime, unit: UnitState, policy: str) -> list[int]:
    """AOS-12.2, D-17, CALC-9: the indices of the unit's models on the table in the order they
    take wounds: fewest wounds left first (``wounded_first``, also for ``ask``) or most
    (``min_slain``), ties in the D-25 order; or ``leaders_last``, the D-25 order first and the
    fewest wounds left within it."""
    left = {
        i: wounds_of(battle, rt, unit, m) - m.wounds_taken
        for i, m in enumerate(unit.models)
        if m.on_table
    }
    if policy == "leaders_last":
        return sorted(left, key=lambda i: (rank(unit.models[i]), left[i], i))
    sign = -1 if policy == "min_slain" else 1
    return sorted(left, key=lambda i: (sign * left[i], rank(unit.models[i]), i))


def _remove(rt: Runtime, unit: UnitState, index: int, status: Status) -> tuple[Runtime, UnitState]:
    """AOS-12.3, AOS-10.2: the model leaves the table; its side counts a casualty (AOS-15.3)."""
    model = replace(unit.models[index], pos=None, status=status, wounds_taken=0)
    models = (*unit.models[:index], model, *unit.models[index + 1 :])
    slain = unit.slain_this_turn + (status == "slain")
    unit = replace(unit, models=models, slain_this_turn=slain)
    lost = list(rt.casualties)
    lost[side_index(unit.side)] += 1
    rt = replace(rt.with_unit(unit), casualties=(lost[0], lost[1]))
    return rt, unit


def slay(rt: Runtime, model_id: str) -> Runtime:
    """A model slain outright (AOS-2.5 Deadly: on a 1), if it is still on the table."""
    unit_id = model_id.rsplit(".", 1)[0]
    unit = rt.unit_by_id(unit_id)
    index = next(i for i, m in enumerate(unit.models) if m.id == model_id)
    if not unit.models[index].on_table:
        return rt
    return _remove(rt, unit, index, "slain")[0]


def inflict(
    battle: Battle, rt: Runtime, unit_id: str, pool: int, order: Sequence[int] | None = None
) -> tuple[Runtime, list[str]]:
    """AOS-12.2, D-16: ``pool`` wounds allocated one at a time to the models in ``order``
    (indices: the owner's choice), by default the battle file's policy; returns the ids of
    models slain."""
    unit = rt.unit_by_id(unit_id)
    slain: list[str] = []
    if order is None:
        order = allocation_order(battle, rt, unit, battle.data.options.allocation)
    for index in order:
        if pool <= 0:
            break
        model = unit.models[index]
        left = wounds_of(battle, rt, unit, model) - model.wounds_taken
        take = min(left, pool)
        pool -= take
        if take == left:
            rt, unit = _remove(rt, unit, index, "slain")
            slain.append(model.id)
        else:
            models = list(unit.models)
            models[index] = replace(model, wounds_taken=model.wounds_taken + take)
            unit = replace(unit, models=tuple(models))
            rt = rt.with_unit(unit)
    return rt, slain


# -- battleshock (AOS-10) ------------------------------------------------------------------------
def needs_test(battle: Battle, rt: Runtime, unit: UnitState) -> bool:
    """AOS-10.1: models slain this turn, some left, not tested yet, not under Inspiring Presence
    (AOS-5.3) nor immune (``no_battleshock``)."""
    from bitva.games.age_of_sigmar.battle.abilities import spared_battleshock  # no import cycle

    if unit.tested or unit.slain_this_turn == 0 or not unit.alive or unit.has_effect(INSPIRED):
        return False
    if spared_battleshock(battle, rt, unit):
        return False
    return not bravery_of(battle, rt, unit)[1]


def next_test(battle: Battle, rt: Runtime) -> UnitState | None:
    """AOS-10.1: the active player's units first, then the other's, each in id order."""
    for side in (rt.active, other(rt.active)):
        for unit in sorted(rt.army(side), key=lambda u: u.id):
            if needs_test(battle, rt, unit):
                return unit
    return None


def fleeing(battle: Battle, rt: Runtime, unit: UnitState, die: int) -> int:
    """AOS-10.2: D6 + models slain this turn - (Bravery + 1 per 10 models now), at most all."""
    bravery, _ = bravery_of(battle, rt, unit)
    left = len(unit.alive)
    return min(left, max(0, die + unit.slain_this_turn - bravery - left // 10))


def flee_order(unit: UnitState) -> list[int]:
    """D-25: the default order of flight, ordinary models from the last listed first, then
    icon bearers, the champion, the general (indices of the models on the table)."""
    return sorted(
        (i for i, m in enumerate(unit.models) if m.on_table),
        key=lambda i: (rank(unit.models[i]), -i),
    )


def flee(
    battle: Battle, rt: Runtime, unit_id: str, count: int, chosen: Sequence[int] | None = None
) -> tuple[Runtime, list[str]]:
    """AOS-10.2, D-25: ``count`` models flee: those ``chosen`` (indices, the owner's pick) or
    in the D-25 order. Fled models are casualties, not slain."""
    unit = rt.unit_by_id(unit_id)
    order = list(chosen) if chosen is not None else flee_order(unit)
    fled = []
    for index in order[:count]:
        fled.append(unit.models[index].id)
        rt, unit = _remove(rt, unit, index, "fled")
    return rt, fled


# -- victory (AOS-15) ----------------------------------------------------------------------------
def seat(side: Side) -> int:
    return 1 if side == "A" else 2


def immediate_outcome(rt: Runtime) -> Outcome | None:
    """AOS-15.1, D-31, AOS-15.4: a side with no model on the table loses (both: a draw); the
    named unit of Assassinate or Blunt gone is the outnumbered player's major victory."""
    left = {side: rt.on_table(side) for side in ("A", "B")}
    if left["A"] == 0 and left["B"] == 0:
        return Outcome.drawn(2, "both-wiped-out", {}, "D-31")
    sd = rt.sudden_death
    named = None if sd is None else sd.named_unit
    if sd is not None and named is not None and not rt.unit_by_id(named).alive:
        params = {"objective": sd.objective, "unit": named}
        return Outcome.win(seat(sd.chooser), 2, "sudden-death", params, "AOS-15.4")
    for side in ("A", "B"):
        if left[side] == 0:
            winner: Side = other(side)
            return Outcome.win(seat(winner), 2, "major", {"wiped_out": side}, "AOS-15.1")
    return None


def end_of_round_outcome(battle: Battle, rt: Runtime) -> Outcome | None:
    """AOS-15.4: Endure at the end of round 6, Seize Ground at the end of round 4."""
    sd = rt.sudden_death
    if sd is None:
        return None
    mine = [m for u in rt.army(sd.chooser) for m in u.alive]
    params = {"objective": sd.objective, "round": rt.round}
    if sd.objective == "endure" and rt.round == 6 and mine:
        return Outcome.win(seat(sd.chooser), 2, "sudden-death", params, "AOS-15.4")
    if sd.objective == "seize_ground" and rt.round == 4 and sd.feature is not None:
        feature = next(f for f in battle.features if f.id == sd.feature)
        if any(within(distance_to_feature(m.circle, feature), 3.0) for m in mine):
            return Outcome.win(seat(sd.chooser), 2, "sudden-death", params, "AOS-15.4")
    return None


def final_outcome(rt: Runtime) -> Outcome:
    """AOS-15.2, AOS-4.4, D-30: after the last round the lower share of the army lost wins a
    minor victory; equal shares draw (compared exactly: lost_A/size_A against lost_B/size_B)."""
    (size_a, size_b), (lost_a, lost_b) = rt.army_size, rt.casualties
    params = {"lost": [lost_a, lost_b], "army_size": [size_a, size_b]}
    left = lost_a * size_b
    right = lost_b * size_a
    if left == right:
        return Outcome.drawn(2, "minor-draw", params, "AOS-15.2")
    return Outcome.win(1 if left < right else 2, 2, "minor", params, "AOS-15.2")
