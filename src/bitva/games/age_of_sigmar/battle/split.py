"""Split attacks (AOS-11.2, AOS-11.3): a unit's models may split their attacks among legal
targets, per model and weapon, resolved target by target.

``attack A1 at B1`` means every model that can, with every weapon that reaches, at B1. A split
sends one model's weapons (``m3 at B2``) or one weapon of it (``m3 grandhammer at B2``, the
weapon's warscroll name normalized) at another target: ``attack A1 at B1; m3 at B2``. The
targets are resolved in the order written, the main target first (AOS-11.3; the attack dice of
D-38 "per target as assigned"). A model's weapon that cannot reach its assigned target makes no
attack; a split must name a model and weapon that reach its target (AOS-11.2), and the main
target must keep some attacker.
"""

from __future__ import annotations

from bitva.core.errors import Violation
from bitva.games.age_of_sigmar.battle.actions import TargetAction, TargetVerb
from bitva.games.age_of_sigmar.battle.attacks import (
    Kind,
    legal_targets,
    reaching,
    weapons_of,
)
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.loader import normalize_name

Pairs = frozenset[tuple[int, str]]
"""(index among the unit's models on the table, weapon name) pairs attacking one target."""


def weapon_id(name: str) -> str:
    """A weapon's id in actions: its warscroll name normalized (``Grandhammer`` ->
    ``grandhammer``)."""
    return normalize_name(name)


def assignment(
    battle: Battle, rt: Runtime, unit: UnitState, action: TargetAction, kind: Kind
) -> list[tuple[str, Pairs | None]]:
    """AOS-11.3: the targets in the order they are resolved, each with the (model, weapon)
    pairs assigned to it (None: every pair, when nothing is split)."""
    if not action.splits:
        return [(action.target, None)]
    chosen = {(n, w): t for n, w, t in action.splits}
    order = [action.target]
    for _, _, t in action.splits:
        if t not in order:
            order.append(t)
    pairs: dict[str, set[tuple[int, str]]] = {t: set() for t in order}
    scroll = scroll_of(battle, unit)
    number = {m.id: n for n, m in enumerate(unit.models, start=1)}
    for i, model in enumerate(unit.alive):
        carried = scroll.loadout(model.loadout).weapons
        for weapon in weapons_of(battle, unit, kind):
            if weapon.name not in carried:
                continue
            n = number[model.id]
            target = chosen.get((n, weapon_id(weapon.name)), chosen.get((n, ""), action.target))
            pairs[target].add((i, weapon.name))
    return [(t, frozenset(pairs[t])) for t in order]


def _reaching(
    battle: Battle, rt: Runtime, unit: UnitState, target: UnitState, pairs: Pairs, kind: Kind
) -> bool:
    """Does some pair reach the target (in range and sight, AOS-11.2)?"""
    for weapon in weapons_of(battle, unit, kind):
        able = reaching(battle, rt, unit, target, weapon)
        if any((i, weapon.name) in pairs for i in able):
            return True
    return False


def check_splits(
    battle: Battle, rt: Runtime, unit: UnitState, action: TargetAction, kind: Kind
) -> Violation | None:
    """AOS-11.2, AOS-11.3: each split names a model on the table, a weapon it carries, and a
    target that weapon reaches; the main target keeps an attacker."""
    seen: set[tuple[int, str]] = set()
    legal = {t.id for t in legal_targets(battle, rt, unit, kind)}
    scroll = scroll_of(battle, unit)
    alive = {m.id: i for i, m in enumerate(unit.alive)}
    for n, w, t in action.splits:
        if (n, w) in seen:
            return Violation(f"m{n}{' ' + w if w else ''} is split twice", "AOS-11.3")
        seen.add((n, w))
        if not 1 <= n <= len(unit.models) or unit.models[n - 1].id not in alive:
            return Violation(f"{unit.id} has no model m{n} on the table", "AOS-11.2")
        if t == action.target:
            return Violation(f"m{n} attacks {t} already: split it to another target", "AOS-11.3")
        model = unit.models[n - 1]
        carried = [
            x
            for x in weapons_of(battle, unit, kind)
            if x.name in scroll.loadout(model.loadout).weapons
        ]
        named = [x for x in carried if not w or weapon_id(x.name) == w]
        if not named:
            return Violation(f"m{n} of {unit.id} carries no weapon {w}", "AOS-11.1")
        if t not in legal or not any(
            alive[model.id] in reaching(battle, rt, unit, rt.unit_by_id(t), x) for x in named
        ):
            return Violation(
                f"m{n} of {unit.id} has {t} neither within range nor in sight", "AOS-11.2"
            )
    main = assignment(battle, rt, unit, action, kind)[0][1]
    assert main is not None
    if not _reaching(battle, rt, unit, rt.unit_by_id(action.target), main, kind):
        return Violation(f"no model of {unit.id} is left to attack {action.target}", "AOS-11.2")
    return None


def split_candidates(
    battle: Battle, rt: Runtime, unit: UnitState, kind: Kind, verb: TargetVerb
) -> list[TargetAction]:
    """Per legal target, the attack at it with every model that cannot reach it sent at the
    first other target it reaches (so no attack is wasted; only where some model is sent)."""
    targets = legal_targets(battle, rt, unit, kind)
    if len(targets) < 2:
        return []
    number = {m.id: n for n, m in enumerate(unit.models, start=1)}
    weapons = weapons_of(battle, unit, kind)
    reach = {t.id: {i for w in weapons for i in reaching(battle, rt, unit, t, w)} for t in targets}
    out = []
    for main in targets:
        splits = []
        for i, model in enumerate(unit.alive):
            if i in reach[main.id]:
                continue
            other = next((t.id for t in targets if i in reach[t.id]), None)
            if other is not None:
                splits.append((number[model.id], "", other))
        if splits:
            out.append(TargetAction(verb, unit.id, main.id, tuple(splits)))
    return out
