"""Activated abilities in the battle (section 3.2 ``activated``; AOS-5.1, AOS-5.2, D-23).

A unit's owner uses an activated ability of its warscroll (``use B1 portal-of-skulls``, or
``use A3 NAME B2`` for one aimed at another unit) in the ability's ``phase``:

- ``whose``: ``yours`` in the owner's own turn, ``enemy`` in the opponent's, ``any`` in either.
  In the hero phase the active player uses theirs among the hero phase's free choices, then the
  other player uses theirs (AOS-5.1, AOS-5.2); in the other phases both players get a window as
  the phase starts, the active player first (step ``ability``, :func:`window`).
- ``target``: ``self``, or a ``friendly_unit`` (the user itself included), ``enemy_unit`` or
  ``any_unit`` within ``range`` of the user (GEO-3) and, with ``visible``, seen by it (GEO-8).
- ``limit``: ``once_per_turn``, ``once_per_phase`` or ``once_per_battle`` per unit; an ability
  with no limit is used at most once a phase (a phase's decisions must end).
- The ability's effects hold on the target until the ``duration`` ends (AOS-4.3), as an active
  effect named by the ability's slug with the user as source (:mod:`.auras` reads them and their
  auras); a second use on the same target refreshes it (D-23). ``befuddled``, ``ensorcelled``
  and ``causes_fear`` statuses are recorded under their own names too, where the core rules read
  them; ``mortal_wounds`` are inflicted at once (AOS-12.4), a dice amount as a chance node,
  allocated as an attack's damage is (the owner's decision where it matters, :mod:`.windows`).
"""

from __future__ import annotations

from dataclasses import replace

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.actions import UseAction
from bitva.games.age_of_sigmar.battle.auras import expiry, given, slug
from bitva.games.age_of_sigmar.battle.auras import statuses as statuses
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import ActiveEffect, Runtime, UnitState, other
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.geometry.sight import units_see

LIMIT_EXPIRY = {"once_per_turn": "turn", "once_per_phase": "phase", "once_per_battle": "battle"}
RECORDED_STATUSES = ("befuddled", "ensorcelled", "causes_fear")
"""Statuses the core rules read by name on a unit (AOS-2.5)."""


def activated(battle: Battle, unit: UnitState) -> dict[str, fx.Activated]:
    """The unit's activated abilities, by slug."""
    found: dict[str, fx.Activated] = {}
    for ability in scroll_of(battle, unit).abilities:
        for effect in ability.effects:
            if isinstance(effect, fx.Activated):
                found[slug(ability.name)] = effect
    return found


def _marker(name: str) -> str:
    return f"used:{name}"


def _whose_fits(effect: fx.Activated, side: str, active: str) -> bool:
    own = side == active
    return effect.whose == "any" or (effect.whose == "yours") == own


def usable(
    battle: Battle, rt: Runtime, phase: str, side: str | None = None
) -> list[tuple[UnitState, str]]:
    """AOS-5.2: the abilities of ``side`` (the active player by default) usable in this phase:
    its phase and turn, not used up (``limit``), with a target."""
    side = rt.active if side is None else side
    out = []
    for unit in rt.army(side):  # type: ignore[arg-type]
        if not unit.alive:
            continue
        for name, effect in activated(battle, unit).items():
            if effect.phase != phase or not _whose_fits(effect, side, rt.active):
                continue
            if unit.has_effect(_marker(name)) or not targets(battle, rt, unit, effect):
                continue
            out.append((unit, name))
    return out


def targets(battle: Battle, rt: Runtime, unit: UnitState, effect: fx.Activated) -> list[UnitState]:
    """Section 3.2 ``target``, ``range``, ``visible``: the units the ability may be aimed at."""
    if effect.target == "self":
        return [unit]
    if effect.target == "friendly_unit":
        pool = rt.army(unit.side)
    elif effect.target == "enemy_unit":
        pool = rt.army(other(unit.side))
    else:
        pool = rt.units
    out = []
    for u in pool:
        if not u.alive:
            continue
        if u.id != unit.id:
            if effect.range is not None and not within(
                unit_to_unit(unit.circles(), u.circles()), effect.range
            ):
                continue
            if effect.visible and not units_see(unit.circles(), u.circles(), battle.features):
                continue
        out.append(u)
    return out


def options(battle: Battle, rt: Runtime, phase: str, side: str | None = None) -> list[UseAction]:
    """Every use of an ability now, one per target (the candidates)."""
    out = []
    for unit, name in usable(battle, rt, phase, side):
        effect = activated(battle, unit)[name]
        if effect.target == "self":
            out.append(UseAction(unit.id, name))
        else:
            out += [UseAction(unit.id, name, t.id) for t in targets(battle, rt, unit, effect)]
    return out


def check_use(
    battle: Battle, rt: Runtime, action: UseAction, phase: str, side: str | None = None
) -> Violation | None:
    found = [u for u, n in usable(battle, rt, phase, side) if u.id == action.unit]
    if not any(action.ability == n for u, n in usable(battle, rt, phase, side)) or not found:
        return Violation(
            f"{action.unit} has no ability {action.ability} to use now (its phase and turn, "
            "within its limit)",
            "AOS-5.2",
        )
    unit = found[0]
    effect = activated(battle, unit)[action.ability]
    if effect.target == "self":
        if action.target not in (None, unit.id):
            return Violation(f"{action.ability} is used on {unit.id} itself", "AOS-5.2")
        return None
    if action.target is None:
        return Violation(
            f"{action.ability} needs a target: use {unit.id} {action.ability} UNIT", "AOS-5.2"
        )
    if not any(t.id == action.target for t in targets(battle, rt, unit, effect)):
        reach = f'within {effect.range:g}"' if effect.range is not None else ""
        seen = " and in sight" if effect.visible else ""
        kind = effect.target.replace("_", " ")
        return Violation(f"{action.target} is not a {kind} {reach}{seen} of {unit.id}", "AOS-5.2")
    return None


def record(
    rt: Runtime, target_id: str, name: str, source: str, mark: str, effects: list[fx.Effect]
) -> Runtime:
    """The effects in force on the target until ``mark`` (AOS-4.3), refreshing the same one
    (D-23), with the recorded statuses under their own names."""
    lasting = [e for e in effects if not isinstance(e, fx.MortalWounds)]
    if not lasting:
        return rt
    target = rt.unit_by_id(target_id)
    names = {name} | {
        e.name for e in lasting if isinstance(e, fx.Status) and e.name in RECORDED_STATUSES
    }
    kept = tuple(e for e in target.effects if not (e.name in names and e.source == source))
    added = tuple(ActiveEffect(n, source, mark) for n in sorted(names))
    return rt.with_unit(replace(target, effects=(*kept, *added)))


def use(
    battle: Battle, rt: Runtime, action: UseAction
) -> tuple[Runtime, list[Event], fx.MortalWounds | None]:
    """Use the ability: the limit spent, its effects in force on the target; returns the
    ``mortal_wounds`` effect still to inflict on the target, if any (AOS-12.4)."""
    unit = rt.unit_by_id(action.unit)
    effect = activated(battle, unit)[action.ability]
    limit = LIMIT_EXPIRY.get(effect.limit or "once_per_phase", "phase")
    mark = "battle" if limit == "battle" else f"{limit}:{rt.active}"
    spent = ActiveEffect(_marker(action.ability), unit.id, mark)
    unit = replace(unit, effects=(*unit.effects, spent))
    rt = rt.with_unit(unit)
    target = action.target or unit.id
    rt = record(
        rt,
        target,
        action.ability,
        unit.id,
        expiry(effect.duration, unit.side, rt.active),
        list(effect.effects),
    )
    data = {"unit": action.unit, "ability": action.ability}
    if action.target is not None:
        data["target"] = action.target
    mortal = next((e for e in effect.effects if isinstance(e, fx.MortalWounds)), None)
    return rt, [Event("ability", data)], mortal


def spared_battleshock(battle: Battle, rt: Runtime, unit: UnitState) -> bool:
    """AOS-10.1: a ``no_battleshock`` given to the unit (an aura, a spell, an ability)."""
    return any(isinstance(e, fx.NoBattleshock) for _, e in given(battle, rt, unit))
