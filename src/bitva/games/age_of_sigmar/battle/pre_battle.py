"""Before the battle, in play (AOS-2.3, AOS-2.5, AOS-3.1 to AOS-3.7, AOS-1.7, AOS-1.8, D-28,
D-30, D-32, D-33, D-35): what a battle file leaves open is decided at decision points and chance
nodes of phase ``set-up``, in this order, each step only when the file does not record it:

================== ============ ==========================================================
step               who          what
================== ============ ==========================================================
scenery-roll       chance       ``dice scenery 7``: a cell's 2D6 (``[scenery] roll = true``,
                                AOS-2.3, D-35), cell by cell in canonical order
scenery-roll-off   chance       ``roll-off 3 5``: who chooses on 11-12 (once, D-35)
scenery            the winner   ``scenery 2``: the count of a cell that rolled 11-12
landscape-roll     chance       ``dice landscape 4``: a feature's rule (``mysterious = "roll"``)
landscape-roll-off chance       ``roll-off 3 5``: who chooses the rules (``"choose"``, AOS-1.8)
landscape          the winner   ``landscape F1 arcane``, feature by feature
territory-roll-off chance       ``roll-off 2 6`` (A's die first, ties again, AOS-1.7, 3.1)
territory          the loser    ``territory low`` / ``territory high`` (AOS-3.1, GEO-12)
deploy             the setter   ``deploy A1 m1 x,y; ...`` or ``done`` (AOS-3.2, 3.3, D-28)
general            each player  ``general A2.1``, a model on the table (AOS-3.5)
objective          outnumbered  ``objective blunt`` ... or ``objective none`` (AOS-3.6, D-32)
name               the opponent ``name B1``: the unit for Assassinate or Blunt (AOS-3.6)
triumph            chance       ``dice triumph 5`` (AOS-3.7, D-33)
================== ============ ==========================================================

then ``first-turn`` (AOS-3.4, D-29: the player done setting up first chooses). The scenery
roll's features (:mod:`.scenery`) stand from the moment their cell's count is decided, so the
landscapes that follow give them rules too. The armies are
set up in play when the file says ``[deployment] mode = "players"`` or places no model
(:mod:`.deployment`); the shipped setups are set up by the file (6.2). AOS-3.8 ("after set-up"
abilities) has no ability to resolve: no effect kind of section 3.2 acts after set-up.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from bitva.core.chance import dice_sum
from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar.battle.actions import (
    Action,
    Die,
    DieKind,
    Done,
    RollOff,
    UnitAction,
)
from bitva.games.age_of_sigmar.battle.deployment import (
    check_deploy,
    declare_done,
    deploy,
    half_of_a,
    territory_of,
)
from bitva.games.age_of_sigmar.battle.loader import SUDDEN_DEATH_HEROES, Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, SetUp, UnitState, done_first, other
from bitva.games.age_of_sigmar.battle.scenery import (
    CHOICES,
    DEFAULT_CHOICE,
    cells,
    count_for,
    generated,
    with_scenery,
)
from bitva.games.age_of_sigmar.battle.schema import SIDES, Side, SuddenDeath, triumph_name
from bitva.games.age_of_sigmar.battle.sequence import start_round
from bitva.games.age_of_sigmar.battle.set_up_actions import (
    LANDSCAPES,
    Deploy,
    General,
    Landscape,
    Objective,
    ObjectiveChoice,
    SceneryCount,
    Territory,
)
from bitva.games.age_of_sigmar.geometry.polygon import contains

CHANCE = frozenset(
    {
        "scenery-roll",
        "scenery-roll-off",
        "landscape-roll",
        "landscape-roll-off",
        "territory-roll-off",
        "triumph",
    }
)
DECISIONS = frozenset(
    {"scenery", "landscape", "territory", "deploy", "general", "objective", "name"}
)
STEPS = CHANCE | DECISIONS
ROLL_OFFS = {
    "scenery-roll-off": "scenery",
    "landscape-roll-off": "landscapes",
    "territory-roll-off": "territory",
}
"""The roll-offs before the battle and what each decides (the event's ``for``)."""
ENDURE_ROUNDS = 6
SEIZE_ROUNDS = 4
"""AOS-3.6, D-30: Endure resolves at the end of round 6, Seize Ground at the end of round 4."""


def _su(rt: Runtime) -> SetUp:
    return rt.set_up or SetUp()


def open_landscapes(battle: Battle, rt: Runtime) -> list[str]:
    """AOS-2.5: the features still without a rule (``mysterious`` roll or choose), in order."""
    if battle.data.mysterious == "off":
        return []
    known = dict(_su(rt).landscapes)
    return [f.id for f in battle.features if f.mysterious is None and f.id not in known]


def scenery_chooser(battle: Battle, rt: Runtime) -> Side | None:
    """D-35: who chooses the count on 11-12: the file's preset winner, else the roll-off's."""
    return battle.data.roll_offs.scenery or _su(rt).scenery_chooser


def _scenery_step(battle: Battle, rt: Runtime) -> Runtime | None:
    """AOS-2.3, D-35: the next step of the scenery roll, None once every cell has its count."""
    if not battle.data.scenery.roll:
        return None
    su = _su(rt)
    if su.scenery_roll is not None:
        chooser = scenery_chooser(battle, rt)
        if chooser is None:
            return replace(rt, step="scenery-roll-off")
        return replace(rt, step="scenery", chooser=chooser)
    if len(su.scenery) < len(cells(battle.table.width, battle.table.depth)):
        return replace(rt, step="scenery-roll")
    return None


def _scenery_count(battle: Battle, rt: Runtime, count: int) -> tuple[Runtime, dict[str, Any]]:
    """A cell's count decided (AOS-2.3): its features stand (D-35); the event's words (the
    cell, of how many, the count and the features placed)."""
    su = _su(rt)
    counts = (*su.scenery, count)
    before = len(generated(battle.data, su.scenery))
    made = [f.id for f in generated(battle.data, counts)[before:]]
    rt = replace(rt, set_up=replace(su, scenery=counts, scenery_roll=None))
    total = len(cells(battle.table.width, battle.table.depth))
    return rt, {"cell": len(counts), "cells": total, "count": count, "features": made}


def territory_winner(battle: Battle, rt: Runtime) -> Side | None:
    """AOS-3.1: the file's preset winner, else the roll-off's."""
    return battle.data.roll_offs.territory or _su(rt).territory_winner


def outnumbered(rt: Runtime) -> Side | None:
    """D-32: the side the other has at least a third more models than (3 x larger >= 4 x
    smaller), counted after set-up; None when neither (or a side has none)."""
    a, b = rt.on_table("A"), rt.on_table("B")
    if min(a, b) == 0 or a == b:
        return None
    small: Side = "A" if a < b else "B"
    return small if 3 * max(a, b) >= 4 * min(a, b) else None


def nameable(battle: Battle, rt: Runtime, objective: str, side: Side) -> list[UnitState]:
    """AOS-3.6: the units of ``side`` (the opponent) that may be named for the objective."""
    out = []
    for unit in rt.army(side):
        if not unit.alive:
            continue
        keywords = set(battle.warscrolls[unit.warscroll].keywords)
        if objective == "assassinate" and keywords & set(SUDDEN_DEATH_HEROES):
            out.append(unit)
        if objective == "blunt" and len(unit.models) >= 5:
            out.append(unit)
    return out


def seize_features(battle: Battle, rt: Runtime, chooser: Side) -> list[str]:
    """D-32: the features whose centroid lies in the enemy territory."""
    enemy = territory_of(battle, rt, other(chooser))
    return [f.id for f in battle.features if contains(f.centroid, enemy)]


def objectives(battle: Battle, rt: Runtime, chooser: Side) -> list[Objective]:
    """AOS-3.6, D-30, D-32: the objectives the outnumbered player may choose now, ``none``
    last."""
    enemy = other(chooser)
    rounds = battle.data.options.max_rounds
    out = [Objective(o) for o in ("assassinate", "blunt") if nameable(battle, rt, o, enemy)]
    if rounds >= ENDURE_ROUNDS:
        out.append(Objective("endure"))
    if rounds >= SEIZE_ROUNDS:
        out += [Objective("seize_ground", f) for f in seize_features(battle, rt, chooser)]
    return [*out, Objective("none")]


def _pending_triumph(battle: Battle, rt: Runtime) -> Side | None:
    rolled = dict(_su(rt).triumph_dice)
    for side in SIDES:
        t = battle.data.triumphs.get(side)
        if t is not None and t.won and t.die is None and side not in rolled:
            return side
    return None


def advance(battle: Battle, rt: Runtime) -> Runtime:
    """The next open step before the battle, else round 1's first-turn choice (AOS-3.4)."""
    su = _su(rt)
    rt = replace(rt, phase="set-up", unit=None, picker=None)
    scenery = _scenery_step(battle, rt)
    if scenery is not None:
        return scenery
    battle = with_scenery(battle, rt)  # AOS-2.5 reads the features the roll placed (D-35)
    if open_landscapes(battle, rt):
        if battle.data.mysterious == "roll":
            return replace(rt, step="landscape-roll")
        if su.landscape_chooser is None:
            return replace(rt, step="landscape-roll-off")
        return replace(rt, step="landscape", chooser=su.landscape_chooser)
    if battle.players_set_up:
        winner = territory_winner(battle, rt)
        if winner is None:
            return replace(rt, step="territory-roll-off")
        if half_of_a(battle, rt) is None:
            return replace(rt, step="territory", chooser=other(winner))
        if len(su.done) < 2:
            if rt.step != "deploy":  # AOS-3.2: the roll-off's winner sets up first
                rt = replace(rt, chooser=winner)
            return replace(rt, step="deploy")
    rt = replace(rt, army_size=(rt.on_table("A"), rt.on_table("B")))
    for side in SIDES:  # AOS-3.5
        if rt.general(side) is None and rt.on_table(side) and battle.general(side) is None:
            return replace(rt, step="general", chooser=side)
    chooser = outnumbered(rt)
    if rt.sudden_death is None and chooser is not None:
        if su.objective is not None:
            return replace(rt, step="name", chooser=other(chooser))
        if len(objectives(battle, rt, chooser)) > 1:
            return replace(rt, step="objective", chooser=chooser)
    if _pending_triumph(battle, rt) is not None:
        return replace(rt, step="triumph")
    first = su.done[0] if battle.players_set_up and su.done else done_first(battle)
    rt = replace(rt, step="first-turn", chooser=first)
    preset = battle.data.deployment.first_turn
    return rt if preset is None else start_round(battle, rt, preset)


def actor(rt: Runtime) -> Side:
    """Who decides at a set-up decision (``Runtime.chooser``; ``active`` stays whose turn a
    battle file's analyses answer for, ``[position] active``)."""
    return rt.chooser


def chance_outcomes(battle: Battle, rt: Runtime) -> list[tuple[Action, Fraction]]:
    """AOS-1.7 roll-offs (A's die first), a cell's scenery 2D6 (AOS-2.3: its total), the
    landscape D6 (AOS-2.5), the triumph D6."""
    if rt.step in ("scenery-roll-off", "landscape-roll-off", "territory-roll-off"):
        return [(RollOff(a, b), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7)]
    if rt.step == "scenery-roll":
        return [(Die("scenery", total), p) for total, p in dice_sum(2, range(1, 7))]
    kind: DieKind = "landscape" if rt.step == "landscape-roll" else "triumph"
    return [(Die(kind, face), Fraction(1, 6)) for face in range(1, 7)]


def check(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    """Why ``action`` is illegal at this set-up decision, or None."""
    step, side = rt.step, rt.chooser
    if step == "scenery":
        if not isinstance(action, SceneryCount):
            return Violation("now: scenery 0, 1, 2 or 3, the features of this cell", "AOS-2.3")
        if action.count not in CHOICES:
            return Violation(f"{action.count} features: choose 0 to 3 on 11-12", "AOS-2.3")
        return None
    if step == "landscape":
        feature = open_landscapes(battle, rt)[0]
        if not isinstance(action, Landscape):
            return Violation(f"now: landscape {feature} RULE", "AOS-2.5")
        if action.feature != feature:
            return Violation(f"the next feature to choose for is {feature}", "AOS-2.5")
        return None
    if step == "territory":
        if isinstance(action, Territory):
            return None
        return Violation("now: territory low or territory high", "AOS-3.1")
    if step == "deploy":
        if isinstance(action, Done):
            return None
        if isinstance(action, Deploy):
            return check_deploy(battle, rt, action)
        return Violation("now: deploy UNIT m1 x,y; m2 x,y ... or done", "AOS-3.2")
    if step == "general":
        return _check_general(rt, action)
    if step == "objective":
        if not isinstance(action, Objective):
            return Violation("now: objective OBJECTIVE (or objective none)", "AOS-3.6")
        if action not in objectives(battle, rt, side):
            return Violation(f"{action.objective} is not available now", "D-32")
        return None
    if not (isinstance(action, UnitAction) and action.verb == "name"):
        return Violation("now: name UNIT, the unit for the objective", "AOS-3.6")
    pending = _su(rt).objective or ""
    if not any(u.id == action.unit for u in nameable(battle, rt, pending, side)):
        need = "a HERO, WIZARD, PRIEST or MONSTER" if pending == "assassinate" else "five models"
        return Violation(
            f"{action.unit} is not a unit of yours on the table with {need}", "AOS-3.6"
        )
    return None


def _check_general(rt: Runtime, action: Action) -> Violation | None:
    if not isinstance(action, General):
        return Violation("now: general MODEL (a model of yours on the table)", "AOS-3.5")
    for unit in rt.army(rt.chooser):
        for model in unit.models:
            if model.id == action.model:
                if model.on_table:
                    return None
                return Violation(f"{model.id} is not on the table", "AOS-3.5")
    return Violation(f"{action.model} is not a model of player {rt.chooser}", "AOS-3.5")


def play(battle: Battle, rt: Runtime, action: Action) -> tuple[Runtime, list[Event]]:
    """Apply a legal set-up action or roll, then go on to the next open step."""
    su = _su(rt)
    events: list[Event]
    if isinstance(action, RollOff):
        purpose = ROLL_OFFS[rt.step]
        events = [Event("roll-off", {"a": action.a, "b": action.b, "for": purpose})]
        if action.a == action.b:  # AOS-1.7: ties roll again
            return rt, events
        winner: Side = "A" if action.a > action.b else "B"
        if purpose == "territory":
            su = replace(su, territory_winner=winner)
        elif purpose == "scenery":
            su = replace(su, scenery_chooser=winner)
        else:
            su = replace(su, landscape_chooser=winner)
    elif isinstance(action, Die) and action.kind == "scenery":
        return _scenery_roll(battle, rt, action.value)
    elif isinstance(action, SceneryCount):
        side = rt.chooser
        rt, said = _scenery_count(battle, rt, action.count)
        return advance(battle, rt), [Event("scenery-choice", {"side": side, **said})]
    elif isinstance(action, Die) and action.kind == "landscape":
        feature = open_landscapes(battle, rt)[0]
        rule = LANDSCAPES[action.value - 1]
        su = replace(su, landscapes=(*su.landscapes, (feature, rule)))
        events = [Event("landscape", {"feature": feature, "rule": rule, "die": action.value})]
    elif isinstance(action, Landscape):
        su = replace(su, landscapes=(*su.landscapes, (action.feature, action.rule)))
        events = [Event("landscape", {"feature": action.feature, "rule": action.rule})]
    elif isinstance(action, Territory):
        half_a = action.half if rt.chooser == "A" else ("high" if action.half == "low" else "low")
        su = replace(su, territory_a=half_a)
        events = [Event("territory", {"side": rt.chooser, "half": action.half})]
    elif isinstance(action, Deploy):
        rt, events = deploy(rt, action)
        return advance(battle, rt), events
    elif isinstance(action, Done):
        rt, events = declare_done(rt)
        return advance(battle, rt), events
    elif isinstance(action, General):
        rt, events = _name_general(rt, action)
        return advance(battle, rt), events
    elif isinstance(action, Objective):
        return _choose_objective(battle, rt, action)
    elif isinstance(action, UnitAction):  # name: AOS-3.6
        chooser = other(rt.chooser)
        objective: ObjectiveChoice = "assassinate" if su.objective == "assassinate" else "blunt"
        sd = SuddenDeath(chooser=chooser, objective=objective, named_unit=action.unit)
        rt = replace(rt, sudden_death=sd, set_up=replace(su, objective=None))
        return advance(battle, rt), [Event("named", {"unit": action.unit, "objective": objective})]
    else:
        assert isinstance(action, Die) and action.kind == "triumph"
        return _triumph(battle, rt, action)
    return advance(battle, replace(rt, set_up=su)), events


def _scenery_roll(battle: Battle, rt: Runtime, total: int) -> tuple[Runtime, list[Event]]:
    """AOS-2.3: a cell's 2D6; on 11-12 the file's ``choose``, else the roll-off's winner
    chooses (D-35)."""
    count = count_for(total)
    if count is None:
        count = battle.data.scenery.choose
    if count is None:
        su = replace(_su(rt), scenery_roll=total)
        cell = len(su.scenery) + 1
        total_cells = len(cells(battle.table.width, battle.table.depth))
        event = Event("scenery-roll", {"cell": cell, "cells": total_cells, "dice": total})
        return advance(battle, replace(rt, set_up=su)), [event]
    rt, said = _scenery_count(battle, rt, count)
    return advance(battle, rt), [Event("scenery-roll", {"dice": total, **said})]


def _name_general(rt: Runtime, action: General) -> tuple[Runtime, list[Event]]:
    unit_id = action.model.rsplit(".", 1)[0]
    unit = rt.unit_by_id(unit_id)
    models = tuple(replace(m, is_general=m.id == action.model) for m in unit.models)
    rt = rt.with_unit(replace(unit, models=models))
    return rt, [Event("general", {"side": unit.side, "model": action.model})]


def _choose_objective(
    battle: Battle, rt: Runtime, action: Objective
) -> tuple[Runtime, list[Event]]:
    """AOS-3.6: Assassinate and Blunt wait for the opponent to name the unit."""
    params: dict[str, str] = {"side": rt.chooser, "objective": action.objective}
    if action.feature is not None:
        params["feature"] = action.feature
    event = Event("objective", params)
    if action.objective in ("assassinate", "blunt"):
        rt = replace(rt, set_up=replace(_su(rt), objective=action.objective))
        return advance(battle, rt), [event]
    sd = SuddenDeath(chooser=rt.chooser, objective=action.objective, feature=action.feature)
    return advance(battle, replace(rt, sudden_death=sd)), [event]


def _triumph(battle: Battle, rt: Runtime, action: Die) -> tuple[Runtime, list[Event]]:
    """AOS-3.7, D-33: Empowered adds 1 to the general's Wounds; Inspired is declared later;
    Blessed is held from now on (:func:`.blessed.holders` reads the die)."""
    side = _pending_triumph(battle, rt)
    assert side is not None
    su = _su(rt)
    name = triumph_name(action.value)
    rt = replace(rt, set_up=replace(su, triumph_dice=(*su.triumph_dice, (side, action.value))))
    if name == "empowered":
        rt = replace(rt, empowered=(*rt.empowered, side))
    if name == "inspired":
        rt = replace(rt, inspired=(*rt.inspired, side))
    event = Event("triumph", {"side": side, "die": action.value, "triumph": name})
    return advance(battle, rt), [event]


def candidates(battle: Battle, rt: Runtime) -> list[Action]:
    """The candidate actions of a set-up decision: every rule of the next feature, both
    halves, the candidate set-ups of each unit not set up (:mod:`.deployment`) and ``done``
    once a unit stands, a model of each unit for general (its champion, else its first),
    every available objective, every unit that may be named."""
    from bitva.games.age_of_sigmar.battle.deployment import candidate_set_ups, unplaced

    step, side = rt.step, rt.chooser
    if step == "scenery":  # D-35's default first
        rest = (c for c in CHOICES if c != DEFAULT_CHOICE)
        return [SceneryCount(n) for n in (DEFAULT_CHOICE, *rest)]
    if step == "landscape":
        feature = open_landscapes(battle, rt)[0]
        return [Landscape(feature, rule) for rule in LANDSCAPES]
    if step == "territory":
        return [Territory("low"), Territory("high")]
    if step == "deploy":
        out: list[Action] = []
        for unit in unplaced(rt, side):
            out += candidate_set_ups(battle, rt, unit)
        return [*out, Done()] if rt.on_table(side) or not out else out
    if step == "general":
        return [
            General(next((m for m in u.alive if m.champion), u.alive[0]).id)
            for u in rt.army(side)
            if u.alive
        ]
    if step == "objective":
        return list(objectives(battle, rt, side))
    pending = _su(rt).objective or ""
    return [UnitAction("name", u.id) for u in nameable(battle, rt, pending, side)]
