"""Command abilities of the general's warscroll (AOS-5.3, section 3.1 ``command_abilities``,
D-26).

Besides Inspiring Presence (``inspire A1``, :mod:`.engine`), a general may use a command
ability its warscroll lists (``command A2 NAME``): one command ability a turn, Inspiring
Presence included (AOS-5.3), in the ability's ``phase`` of its own turn (the hero phase unless
the warscroll says otherwise: among the hero phase's free choices, else in the phase's ability
window, :mod:`.abilities`). A slain general has none (D-26).

Target (a decision, the warscroll's command abilities having no ``target`` field): with a
``range``, a unit of the general's army whose closest model is within that range of the general
model (measured as Inspiring Presence is, D-26), the general's own unit included
(``command A2 NAME A1``); without one, the general's own unit, from which the ability's auras
reach out. Its effects hold on the target until its ``duration`` ends (AOS-4.3), read by
:mod:`.auras` like an activated ability's.
"""

from __future__ import annotations

from dataclasses import replace

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.abilities import record
from bitva.games.age_of_sigmar.battle.actions import CommandAction
from bitva.games.age_of_sigmar.battle.auras import expiry, slug
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.warscroll import CommandAbility


def known(battle: Battle, rt: Runtime) -> tuple[UnitState | None, dict[str, CommandAbility]]:
    """The active player's general's unit and its warscroll's command abilities, by slug."""
    general = rt.general(rt.active)
    if general is None:
        return None, {}
    unit = general[0]
    return unit, {slug(c.name): c for c in scroll_of(battle, unit).command_abilities}


def targets(battle: Battle, rt: Runtime, ability: CommandAbility) -> list[UnitState]:
    """The units the command ability may be aimed at (see the module's description)."""
    general = rt.general(rt.active)
    if general is None:
        return []
    unit, model = general
    if ability.range is None:
        return [unit]
    here = (model.circle,)
    return [
        u
        for u in rt.army(rt.active)
        if u.alive and within(unit_to_unit(here, u.circles()), ability.range)
    ]


def options(battle: Battle, rt: Runtime, phase: str) -> list[CommandAction]:
    """The command abilities the general may use now, one per target."""
    unit, found = known(battle, rt)
    if unit is None or rt.command_used:
        return []
    out = []
    for name, ability in found.items():
        if ability.phase != phase:
            continue
        if ability.range is None:
            out.append(CommandAction(unit.id, name))
        else:
            out += [CommandAction(unit.id, name, t.id) for t in targets(battle, rt, ability)]
    return out


def check(battle: Battle, rt: Runtime, action: CommandAction, phase: str) -> Violation | None:
    unit, found = known(battle, rt)
    if unit is None:
        return Violation("the general is slain: no command abilities", "D-26")
    if action.unit != unit.id:
        return Violation(f"{action.unit} is not the general's unit", "AOS-5.3")
    if rt.command_used:
        return Violation("the general has used a command ability this turn", "AOS-5.3")
    ability = found.get(action.ability)
    if ability is None:
        names = ", ".join(found) or "none but Inspiring Presence"
        return Violation(f"the general knows no {action.ability} (it knows {names})", "AOS-5.3")
    if ability.phase != phase:
        return Violation(f"{action.ability} is used in the {ability.phase} phase", "AOS-5.3")
    if ability.range is None:
        if action.target not in (None, unit.id):
            return Violation(f"{action.ability} acts from the general's own unit", "AOS-5.3")
        return None
    if not any(t.id == action.target for t in targets(battle, rt, ability)):
        return Violation(
            f'{action.target} is not a unit of yours within {ability.range:g}" of the general',
            "D-26",
        )
    return None


def use(
    battle: Battle, rt: Runtime, action: CommandAction
) -> tuple[Runtime, list[Event], fx.MortalWounds | None]:
    """The command ability used: spent for the turn, its effects in force on the target."""
    unit, found = known(battle, rt)
    assert unit is not None
    ability = found[action.ability]
    target = action.target or unit.id
    mark = expiry(ability.duration, unit.side, rt.active)
    rt = record(rt, target, action.ability, unit.id, mark, list(ability.effects))
    rt = replace(rt, command_used=True)
    data = {"unit": unit.id, "ability": action.ability, "target": target}
    mortal = next((e for e in ability.effects if isinstance(e, fx.MortalWounds)), None)
    return rt, [Event("command", data)], mortal
