"""Shooting and combat attacks in the battle (AOS-7, AOS-9.3, AOS-11, AOS-12, D-15 to D-17, D-38).

A unit picks its target (``shoot A3 at B2``, ``attack A1 at B1``); its attacks become a pending
:class:`~.attack_steps.AttackSteps` held in the runtime, whose grouped dice are the battle's chance
nodes (``dice hit 4/6``), drawn in the canonical order of D-38. When the last die is rolled the
pooled wound points go to the target's models (AOS-12.2, :func:`.casualties.inflict`) and the
attacker suffers its retaliation (mortal wounds from save outcomes, section 3.2). A unit's
models may split their attacks among targets (``attack A1 at B1; m3 at B2``, AOS-11.3,
:mod:`.split`): the pools are allocated per target as assigned, each by its owner where the
choice matters (:mod:`.allocation`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import Any

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar.battle import healing, hooks
from bitva.games.age_of_sigmar.battle.actions import (
    Action,
    AttackDice,
    CasualtyAction,
    Done,
    TargetAction,
)
from bitva.games.age_of_sigmar.battle.allocation import settle, wound
from bitva.games.age_of_sigmar.battle.attack_steps import (
    AttackSteps,
    TargetAttacks,
    TargetOutcome,
    plan_steps,
)
from bitva.games.age_of_sigmar.battle.attacks import Kind, attack_numbers, legal_targets
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import BEFUDDLED, Runtime, UnitState
from bitva.games.age_of_sigmar.battle.sequence import after_removal, enter, next_pick
from bitva.games.age_of_sigmar.battle.split import assignment, check_splits
from bitva.games.age_of_sigmar.profiles import AttackOptions


@lru_cache(maxsize=256)
def _steps(text: str) -> AttackSteps:
    return AttackSteps.from_json(json.loads(text))


def pending(rt: Runtime) -> AttackSteps:
    """The attack resolution the runtime holds."""
    assert rt.attack is not None
    return _steps(json.dumps(rt.attack["steps"], sort_keys=True))


def pending_pools(rt: Runtime) -> dict[str, float]:
    """The wound points the pending attack resolution will still put on each target unit
    (AOS-12.1): the pools not yet allocated, as means where dice are still to roll
    (:meth:`AttackSteps.expected_pools`). What a player reads off a roll not yet made; empty
    when no attack is pending."""
    held = rt.attack
    if held is None:
        return {}
    pools = pending(rt).expected_pools()
    done = held.get("allocated", 0)
    out: dict[str, float] = {}
    for k, (target, pool) in enumerate(zip(_targets(held), pools, strict=True)):
        if k >= done and pool > 0:
            out[target] = out.get(target, 0.0) + pool
    return out


def outcomes(rt: Runtime) -> list[tuple[Action, Fraction]]:
    """The next attack roll's grouped outcomes (exact)."""
    steps = pending(rt)
    node = steps.roll()
    assert node is not None
    return [(AttackDice(node.step, counts), p) for counts, p in node.outcomes()]


def _shooter_ok(battle: Battle, rt: Runtime, unit_id: str) -> UnitState | Violation:
    if not rt.has_unit(unit_id):
        return Violation(f"there is no unit {unit_id}", "AOS-1.2")
    unit = rt.unit_by_id(unit_id)
    if unit.side != rt.active or not unit.alive:
        return Violation(f"{unit_id} is not a unit of player {rt.active} on the table", "AOS-7.1")
    if unit.ran or unit.retreated:
        return Violation(f"{unit_id} ran or retreated this turn: it may not shoot", "AOS-6.4")
    if unit.shot:
        return Violation(f"{unit_id} has shot this phase", "AOS-7.1")
    if unit.has_effect(BEFUDDLED):
        return Violation(f"{unit_id} is befuddled until its next hero phase", "AOS-2.5")
    return unit


def check_target(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    """AOS-7.1, AOS-11.2, D-37 (shooting); AOS-9.3 (the fighting unit's target)."""
    shooting = rt.step == "shooting"
    kind: Kind = "missile" if shooting else "melee"
    if shooting:
        if isinstance(action, Done):
            return None
        if not (isinstance(action, TargetAction) and action.verb == "shoot"):
            return Violation("now: shoot UNIT at TARGET or done (shooting phase)", "AOS-7.1")
        unit = _shooter_ok(battle, rt, action.unit)
        if isinstance(unit, Violation):
            return unit
    else:
        assert rt.unit is not None
        unit = rt.unit_by_id(rt.unit)
        targets = legal_targets(battle, rt, unit, kind)
        if isinstance(action, Done):
            if targets:
                return Violation(f"{unit.id} has a target: it attacks", "AOS-9.3")
            return None
        if not (
            isinstance(action, TargetAction) and action.verb == "attack" and action.unit == unit.id
        ):
            return Violation(f"now: attack {unit.id} at TARGET", "AOS-9.3")
    if not any(t.id == action.target for t in legal_targets(battle, rt, unit, kind)):
        return Violation(
            f"no model of {unit.id} has {action.target} within range and in sight", "AOS-11.2"
        )
    return check_splits(battle, rt, unit, action, kind) if action.splits else None


def start(battle: Battle, rt: Runtime, action: TargetAction) -> tuple[Runtime, list[Event]]:
    """The target is chosen (AOS-11.2): plan the attacks and go to their first roll."""
    kind: Kind = "missile" if action.verb == "shoot" else "melee"
    unit, target = rt.unit_by_id(action.unit), rt.unit_by_id(action.target)
    planned = assignment(battle, rt, unit, action, kind)  # AOS-11.3: per target as assigned
    attacks = []
    for target_id, only in planned:
        profiles, defender = attack_numbers(battle, rt, unit, rt.unit_by_id(target_id), kind, only)
        attacks.append(TargetAttacks(tuple(profiles), defender))
    policy = battle.data.options.allocation
    options = AttackOptions(
        allocation="min_slain" if policy == "min_slain" else "wounded_first",
        natural_one_fails=battle.data.options.natural_one_fails,
    )
    steps = plan_steps(attacks, options)
    if action.verb == "shoot":
        rt = rt.with_unit(replace(unit, shot=True))
    held: dict[str, Any] = {
        "unit": unit.id,
        "target": target.id,
        "kind": kind,
        "steps": steps.to_json(),
    }
    if action.splits:
        held["targets"] = [t for t, _ in planned]
    rt = replace(rt, attack=held, unit=unit.id, step="attack-dice")
    said: dict[str, Any] = {"unit": unit.id, "target": target.id}
    if action.splits:
        said["splits"] = [[n, w, t] for n, w, t in action.splits]
    event = Event(action.verb, said)
    if steps.roll() is None:
        rt, events = _finish(battle, rt, steps)
        return rt, [event, *events]
    return rt, [event]


def roll(battle: Battle, rt: Runtime, action: AttackDice) -> tuple[Runtime, list[Event]]:
    """One attack roll's outcome (D-38); after the last, the damage."""
    steps = pending(rt).advance(action.counts)
    assert rt.attack is not None
    rt = replace(rt, attack={**rt.attack, "steps": steps.to_json()})
    event = Event("attack-roll", {"step": action.step, "counts": list(action.counts)})
    if steps.roll() is not None:
        return rt, [event]
    rt, events = _finish(battle, rt, steps)
    return rt, [event, *events]


def _finish(battle: Battle, rt: Runtime, steps: AttackSteps) -> tuple[Runtime, list[Event]]:
    """AOS-12.1 to 12.3: the dice are done; the pools go to the targets' models."""
    return _damage(battle, rt, [])


def _damage_event(
    held: dict[str, Any], target: str, tally: TargetOutcome, slain: list[str]
) -> Event:
    return Event(
        "damage",
        {
            "unit": held["unit"],
            "target": target,
            "hits": tally.hits,
            "wounds": tally.wounds,
            "unsaved": tally.unsaved,
            "mortal_wounds": tally.mortal_wounds,
            "pool": tally.pool,
            "slain": slain,
        },
    )


def _damage(battle: Battle, rt: Runtime, events: list[Event]) -> tuple[Runtime, list[Event]]:
    """AOS-12.1 to 12.3, D-16, D-17: each target's pool allocated in turn (per target as
    assigned, AOS-11.3; the owner's decision where it matters, :mod:`.allocation`), the
    attacker healed once if it slew (AOS-12.5), then its retaliation allocated by its owner."""
    held = rt.attack
    assert held is not None
    result = pending(rt).result()
    targets = _targets(held)
    while held.get("allocated", 0) < len(targets):
        k = held.get("allocated", 0)
        tally = result.targets[k]
        before = rt
        rt, slain = wound(battle, rt, targets[k], tally.pool, "attack")
        if slain is None:
            return rt, events
        events.append(_damage_event(held, targets[k], tally, slain))
        held = {**held, "allocated": k + 1, "slew": held.get("slew", False) or bool(slain)}
        rt = replace(rt, attack=held)
        struck = _strike_back(battle, before, rt, targets[k], slain, events)
        if struck is not None:
            return struck
    if held.get("slew") and not held.get("healed") and rt.unit_by_id(held["unit"]).alive:
        rt, healed, dice = healing.on_slay(battle, rt, held["unit"])
        held = {**held, "healed": True}
        rt = replace(rt, attack=held)
        if healed:
            events.append(Event("healed", {"unit": held["unit"], "wounds": healed}))
        if dice:  # a dice amount (AOS-12.5): the heal-roll, then on with the attack
            return replace(rt, spell={"heal": dice, "then": "attack"}, step="heal-roll"), events
    back = result.retaliation
    if back and not held.get("retaliated") and rt.unit_by_id(held["unit"]).alive:
        rt, slain = wound(battle, rt, held["unit"], back, "retaliation")
        if slain is None:
            return rt, events
        events.append(Event("retaliation", {"unit": held["unit"], "wounds": back, "slain": slain}))
    if "resume" in held:  # a strike-back (hooks, No Respite) done: the attack it came from
        rt = after_removal(replace(rt, attack=held["resume"]))
        return (rt, events) if rt.outcome is not None else _damage(battle, rt, events)
    rt = after_removal(replace(rt, attack=None))
    if rt.outcome is not None:
        return rt, events
    return _next(battle, rt, held["unit"], held["kind"]), events


def _strike_back(
    battle: Battle, before: Runtime, rt: Runtime, target: str, slain: list[str], events: list[Event]
) -> tuple[Runtime, list[Event]] | None:
    """Section 3.2 ``custom`` (:mod:`.hooks`, No Respite): models slain by these attacks strike
    back before removal, resolved at once; the attack goes on afterwards (``resume``)."""
    held = rt.attack
    assert held is not None
    strike = hooks.on_slain(battle, before, rt, target, slain, held["unit"])
    if strike is None:
        return None
    rt = replace(rt, attack={**strike, "resume": held}, step="attack-dice")
    events.append(Event("no-respite", {"unit": target, "models": slain, "target": held["unit"]}))
    if pending(rt).roll() is None:
        return _damage(battle, rt, events)
    return rt, events


def after_heal(battle: Battle, rt: Runtime, events: list[Event]) -> tuple[Runtime, list[Event]]:
    """The on_slay heal's dice rolled (:mod:`.healing`): the attack goes on."""
    return _damage(battle, replace(rt, spell=None, step="attack-dice"), events)


def allocated(battle: Battle, rt: Runtime, action: CasualtyAction) -> tuple[Runtime, list[Event]]:
    """The owner allocated a pool of these attacks (AOS-12.2): on to the next pool."""
    before = rt
    rt, slain, pool = settle(battle, rt, action)
    held = rt.attack
    assert held is not None
    if pool["then"] == "retaliation":
        event = Event("retaliation", {"unit": held["unit"], "wounds": pool["pool"], "slain": slain})
        rt = replace(rt, attack={**held, "retaliated": True})
        return _damage(battle, rt, [event])
    k = held.get("allocated", 0)
    tally = pending(rt).result().targets[k]
    event = _damage_event(held, _targets(held)[k], tally, slain)
    held = {**held, "allocated": k + 1, "slew": held.get("slew", False) or bool(slain)}
    rt = replace(rt, attack=held)
    struck = _strike_back(battle, before, rt, _targets(held)[k], slain, [event])
    return struck if struck is not None else _damage(battle, rt, [event])


def _targets(held: dict[str, Any]) -> list[str]:
    """The targets of the pending attacks, as assigned (AOS-11.3)."""
    return list(held.get("targets", [held["target"]]))


def _next(battle: Battle, rt: Runtime, unit_id: str, kind: str) -> Runtime:
    """Back to the shooting phase, or the combat phase's next pick (AOS-9.2)."""
    if kind == "missile":
        return enter(battle, replace(rt, unit=None), "shooting")
    unit = rt.unit_by_id(unit_id)
    rt = rt.with_unit(replace(unit, fought=True))
    return next_pick(battle, replace(rt, unit=None), unit.side)


def after_pile_in(battle: Battle, rt: Runtime, unit_id: str) -> Runtime:
    """AOS-9.3: after piling in the unit attacks a target in reach; with none it has still
    fought (D-15)."""
    unit = rt.unit_by_id(unit_id)
    if legal_targets(battle, rt, unit, "melee"):
        return replace(rt, step="attack", unit=unit.id)
    return _next(battle, rt, unit.id, "melee")


def skip(battle: Battle, rt: Runtime) -> tuple[Runtime, list[Event]]:
    """``done`` at the attack step: no target in reach (D-15)."""
    assert rt.unit is not None
    return _next(battle, rt, rt.unit, "melee"), [Event("no-target", {"unit": rt.unit})]
