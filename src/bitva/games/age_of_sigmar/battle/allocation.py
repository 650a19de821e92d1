"""The owner's choice of casualties: allocating pooled wounds (AOS-12.2, AOS-12.4, D-16, D-17)
and picking who flees (AOS-10.2, D-25), as decision points of the owning player (issue 22:
every choice left to a player is a decision point of that player).

A pool of wound points is allocated one model at a time: a model takes wounds until it is slain
or the pool is spent, the rest go on to the next (D-16). The owner's decision is the order
(``allocate B1 m3 m1 m2``): the models listed take the pool in that order, and the list must
spend it. Fleeing names the models that flee (``flee B1 m5 m4``), as many as the test makes flee.

The choice is void, and not asked, when every choice gives the same result: models alike
(loadout, roles, Wounds and wounds left) are interchangeable, so a pool that slays the whole
unit, or falls on a unit of alike models, or a test that makes none or all flee, leaves nothing
to decide; the engine then applies the D-17/D-25 default (which of alike models goes is the
default's: the first listed take wounds, the last listed flee). The battle file's
``[options] allocation`` is ``ask`` (the default: the owner decides) or a policy
(``wounded_first``, ``min_slain``) that the engine applies itself, fleeing then in the D-25
order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from bitva.core.errors import Violation
from bitva.games.age_of_sigmar.battle.actions import Action, CasualtyAction
from bitva.games.age_of_sigmar.battle.casualties import allocation_order, flee, flee_order, inflict
from bitva.games.age_of_sigmar.battle.characteristics import wounds_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState

Kind = tuple[str, tuple[str, ...], bool, bool, int]
"""What tells models apart for the result of a choice: loadout, tags, champion, general and
Wounds (positions are not compared: alike models are interchangeable)."""

POLICIES = ("wounded_first", "min_slain", "leaders_last")
"""The candidate orders: fewest wounds left first, most left first (D-17, CALC-9), and the
D-25 order whatever the wounds (ordinary models, icon bearers, champion, general last)."""


def asks(battle: Battle) -> bool:
    """D-17: does the owner decide (``[options] allocation = "ask"``)?"""
    return battle.data.options.allocation == "ask"


def _kind(battle: Battle, rt: Runtime, unit: UnitState, index: int) -> Kind:
    m = unit.models[index]
    return (m.loadout, m.tags, m.champion, m.is_general, wounds_of(battle, rt, unit, m))


def _left(battle: Battle, rt: Runtime, unit: UnitState, index: int) -> int:
    m = unit.models[index]
    return wounds_of(battle, rt, unit, m) - m.wounds_taken


def _classes(
    battle: Battle, rt: Runtime, unit: UnitState
) -> tuple[tuple[tuple[Kind, int], ...], tuple[int, ...]]:
    """The unit's models on the table grouped by kind and wounds left, with their counts."""
    counts: dict[tuple[Kind, int], int] = {}
    for i, m in enumerate(unit.models):
        if m.on_table:
            key = (_kind(battle, rt, unit, i), _left(battle, rt, unit, i))
            counts[key] = counts.get(key, 0) + 1
    keys = tuple(sorted(counts))
    return keys, tuple(counts[k] for k in keys)


def allocation_matters(battle: Battle, rt: Runtime, unit: UnitState, pool: int) -> bool:
    """AOS-12.2: do two orders give different results (the survivors' kinds and wounds left)?
    Exact: a search over orders of model classes, stopped at the second result."""
    keys, counts = _classes(battle, rt, unit)
    if pool <= 0 or pool >= sum(left * n for (_, left), n in zip(keys, counts, strict=True)):
        return False
    return len(_results(keys, counts, pool)) > 1


@lru_cache(maxsize=4096)
def _results(
    keys: tuple[tuple[Kind, int], ...], counts: tuple[int, ...], pool: int
) -> frozenset[tuple[tuple[tuple[Kind, int], int], ...]]:
    """Up to two distinct results of allocating ``pool`` over models of these classes."""
    found: set[tuple[tuple[tuple[Kind, int], int], ...]] = set()

    def survivors(cs: Sequence[int], extra: tuple[Kind, int] | None) -> None:
        out = {k: c for k, c in zip(keys, cs, strict=True) if c}
        if extra is not None:
            out[extra] = out.get(extra, 0) + 1
        found.add(tuple(sorted(out.items())))

    seen: set[tuple[tuple[int, ...], int]] = set()

    def walk(cs: tuple[int, ...], left_pool: int) -> None:
        if len(found) > 1 or (cs, left_pool) in seen:
            return
        seen.add((cs, left_pool))
        if left_pool == 0:
            survivors(cs, None)
            return
        for i, (kind, left) in enumerate(keys):
            if not cs[i]:
                continue
            rest = (*cs[:i], cs[i] - 1, *cs[i + 1 :])
            if left_pool >= left:
                walk(rest, left_pool - left)
            else:
                survivors(rest, (kind, left - left_pool))
            if len(found) > 1:
                return

    walk(counts, pool)
    return frozenset(found)


def flee_matters(battle: Battle, rt: Runtime, unit: UnitState, count: int) -> bool:
    """AOS-10.2: does it matter which ``count`` models flee (models of more than one kind or
    wounds left, and some but not all flee)?"""
    keys, _ = _classes(battle, rt, unit)
    return 0 < count < len(unit.alive) and len(keys) > 1


def spent(battle: Battle, rt: Runtime, unit: UnitState, order: Iterable[int], pool: int) -> int:
    """The models (indices) of ``order`` that the pool reaches (D-16: each takes wounds until
    slain, the rest go on)."""
    reached = 0
    for index in order:
        if pool <= 0:
            break
        pool -= min(pool, _left(battle, rt, unit, index))
        reached += 1
    return reached


def _numbers(unit: UnitState, action: CasualtyAction) -> list[int] | Violation:
    indices = []
    for number in action.models:
        if not 1 <= number <= len(unit.models) or not unit.models[number - 1].on_table:
            return Violation(f"{unit.id} has no model m{number} on the table", "AOS-12.3")
        indices.append(number - 1)
    if len(set(indices)) != len(indices):
        return Violation(f"{action}: a model is named twice", "AOS-12.2")
    return indices


def check(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    """The pending allocation (AOS-12.2: the listed models, in order, spend the pool) or
    flight (AOS-10.2: exactly as many models as flee)."""
    held = rt.allocation
    assert held is not None
    unit = rt.unit_by_id(held["unit"])
    verb = "allocate" if rt.step == "allocate" else "flee"
    rule = "AOS-12.2" if verb == "allocate" else "AOS-10.2"
    if not (isinstance(action, CasualtyAction) and action.verb == verb and action.unit == unit.id):
        return Violation(f"now: {verb} {unit.id} m1 m2 ... (the models in order)", rule)
    indices = _numbers(unit, action)
    if isinstance(indices, Violation):
        return indices
    if verb == "flee":
        if len(indices) != held["count"]:
            return Violation(f"{held['count']} models of {unit.id} flee: name that many", rule)
        return None
    pool = held["pool"]
    if sum(_left(battle, rt, unit, i) for i in indices) < pool:
        return Violation(f"the models named do not take all {pool} wounds: name more", rule)
    if spent(battle, rt, unit, indices, pool) < len(indices):
        return Violation(f"the {pool} wounds are spent before the last models named", rule)
    return None


def _result(
    battle: Battle, rt: Runtime, unit: UnitState, order: Sequence[int], pool: int
) -> tuple[tuple[Kind, int], ...]:
    taken = dict.fromkeys(range(len(unit.models)), 0)
    for index in order:
        if pool <= 0:
            break
        take = min(pool, _left(battle, rt, unit, index))
        taken[index] = take
        pool -= take
    return tuple(
        sorted(
            (_kind(battle, rt, unit, i), _left(battle, rt, unit, i) - taken[i])
            for i, m in enumerate(unit.models)
            if m.on_table and _left(battle, rt, unit, i) > taken[i]
        )
    )


def candidates(battle: Battle, rt: Runtime) -> list[Action]:
    """The pending choice's candidates, one per distinct result: for wounds the orders of
    :data:`POLICIES`; for fleeing the D-25 order and the wounded (fewest wounds left) first."""
    held = rt.allocation
    assert held is not None
    unit = rt.unit_by_id(held["unit"])
    out: list[Action] = []
    seen: set[tuple[tuple[Kind, int], ...]] = set()
    if rt.step == "flee":
        count = held["count"]
        orders = [flee_order(unit), allocation_order(battle, rt, unit, "wounded_first")]
        for order in orders:
            chosen = order[:count]
            kept = [i for i in range(len(unit.models)) if unit.models[i].on_table]
            result = tuple(
                sorted(
                    (_kind(battle, rt, unit, i), _left(battle, rt, unit, i))
                    for i in kept
                    if i not in chosen
                )
            )
            if result not in seen:
                seen.add(result)
                out.append(CasualtyAction("flee", unit.id, tuple(i + 1 for i in chosen)))
        return out
    pool = held["pool"]
    for policy in POLICIES:
        order = allocation_order(battle, rt, unit, policy)
        order = order[: spent(battle, rt, unit, order, pool)]
        result = _result(battle, rt, unit, order, pool)
        if result not in seen:
            seen.add(result)
            out.append(CasualtyAction("allocate", unit.id, tuple(i + 1 for i in order)))
    return out


def _ask(rt: Runtime, step: str, held: dict[str, Any]) -> Runtime:
    """The owner's decision pending (step ``allocate`` or ``flee``); ``held`` keeps the unit,
    the amount, what continues (``then``) and its context; the step it interrupts is kept."""
    return replace(rt, allocation={**held, "step": rt.step}, step=step)


def wound(
    battle: Battle, rt: Runtime, unit_id: str, pool: int, then: str, **extra: Any
) -> tuple[Runtime, list[str] | None]:
    """AOS-12.2, AOS-12.4: ``pool`` wound points to the unit. At once (the ids slain) when the
    engine allocates (a policy) or the choice is void; else the owner's decision is pending
    (step ``allocate``, None slain): ``then`` names what continues once it is made."""
    if asks(battle) and allocation_matters(battle, rt, rt.unit_by_id(unit_id), pool):
        held = {"unit": unit_id, "pool": pool, "then": then, **extra}
        return _ask(rt, "allocate", held), None
    return inflict(battle, rt, unit_id, pool)


def run_away(
    battle: Battle, rt: Runtime, unit_id: str, count: int, then: str, **extra: Any
) -> tuple[Runtime, list[str] | None]:
    """AOS-10.2, D-25: ``count`` models of the unit flee: at once in the D-25 order when the
    engine picks or the pick is void, else the owner's decision (step ``flee``, None)."""
    if asks(battle) and flee_matters(battle, rt, rt.unit_by_id(unit_id), count):
        return _ask(rt, "flee", {"unit": unit_id, "count": count, "then": then, **extra}), None
    return flee(battle, rt, unit_id, count)


def settle(
    battle: Battle, rt: Runtime, action: CasualtyAction
) -> tuple[Runtime, list[str], dict[str, Any]]:
    """The owner's checked choice applied: the ids slain (or fled) and what was pending; the
    runtime is back at the step it was at."""
    held = rt.allocation
    assert held is not None
    order = [n - 1 for n in action.models]
    rt = replace(rt, allocation=None, step=held["step"])
    if action.verb == "flee":
        rt, gone = flee(battle, rt, held["unit"], held["count"], order)
    else:
        rt, gone = inflict(battle, rt, held["unit"], held["pool"], order)
    return rt, gone, held
