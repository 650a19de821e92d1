"""Custom hooks (section 3.2 ``custom``): registered Python functions, each with its own test.

A warscroll names a hook as ``custom`` effect ``hook = "module:function"`` (the shipped Blood
Warriors: ``aos.hooks:no_respite``). :data:`HOOKS` maps each name to the function the battle
calls; :func:`unknown_hooks` lists the names a battle's warscrolls use that nothing registers
(such an effect would do nothing in the battle, so the battle loader refuses the file, naming
the hook and the warscroll; the shipped warscrolls have none).

No Respite (the Blood Warriors, "slain in the combat phase: piles in and attacks before
removal"), as players play it: when an enemy unit's attacks in the combat phase slay models of
the unit (the pool of one attacking unit allocated, AOS-12.2), before they are removed those
models pile in (up to 3" towards the closest enemy model, GEO-11, the default planner, each
from where it stood) and attack the unit that slew them with all their melee weapons (AOS-11.1,
range and sight as always, AOS-11.2), resolved at once with its own dice (D-38 order) before
the attack that slew them goes on (its retaliation, the next pick). Models that fled (D-25) or
were slain outside the combat phase do not strike back; models slain by this strike-back do
(the enemy's models have no No Respite, so it ends there). With no target in reach after the
pile-in, nothing happens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.attack_steps import TargetAttacks, plan_steps
from bitva.games.age_of_sigmar.battle.attacks import attack_numbers
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.movement import moved_unit, plan_pile
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.profiles import AttackOptions
from bitva.games.age_of_sigmar.warscroll import Warscroll

SlainHook = Callable[[Battle, Runtime, Runtime, str, list[str], str], dict[str, Any] | None]
"""``(battle, before, after, unit, slain model ids, attacker) -> a pending attack or None``."""

HOOKS: dict[str, SlainHook] = {}


def register(name: str) -> Callable[[SlainHook], SlainHook]:
    def add(function: SlainHook) -> SlainHook:
        HOOKS[name] = function
        return function

    return add


def hooks_of(battle: Battle, unit: UnitState) -> list[str]:
    """The ``custom`` hooks of the unit's abilities (section 3.2)."""
    return [
        e.hook
        for ability in scroll_of(battle, unit).abilities
        for e in ability.effects
        if isinstance(e, fx.Custom)
    ]


HookUse = tuple[Warscroll, tuple[str | int, ...], str]
"""``(warscroll, where in it, hook name)``: ``("abilities", 2, "effects", 0, "hook")``."""


def hook_uses(scrolls: Iterable[Warscroll]) -> list[HookUse]:
    """Every ``custom`` hook the warscrolls name, in order: in their abilities, champions, spells
    and command abilities, and inside the effects of an aura or an activated ability."""
    found: list[HookUse] = []

    def walk(scroll: Warscroll, where: tuple[str | int, ...], effects: list[fx.Effect]) -> None:
        for j, effect in enumerate(effects):
            if isinstance(effect, fx.Custom):
                found.append((scroll, (*where, "effects", j, "hook"), effect.hook))
            elif isinstance(effect, fx.Aura | fx.Activated):
                walk(scroll, (*where, "effects", j), effect.effects)

    for scroll in scrolls:
        for i, ability in enumerate(scroll.abilities):
            walk(scroll, ("abilities", i), ability.effects)
        if scroll.champion is not None:
            walk(scroll, ("champion",), scroll.champion.effects)
        for i, spell in enumerate(scroll.spells):
            walk(scroll, ("spells", i), spell.effects)
        for i, command in enumerate(scroll.command_abilities):
            walk(scroll, ("command_abilities", i), command.effects)
    return found


def unknown_hooks(battle: Battle) -> list[str]:
    """Hook names the battle's warscrolls use that no function is registered for (the battle
    loader refuses them)."""
    names = {hook for _, _, hook in hook_uses(battle.warscrolls.values())}
    return sorted(n for n in names if n not in HOOKS)


def on_slain(
    battle: Battle, before: Runtime, after: Runtime, unit_id: str, slain: list[str], attacker: str
) -> dict[str, Any] | None:
    """The first hook of the unit that answers models slain by ``attacker``'s attacks."""
    if not slain:
        return None
    for name in hooks_of(battle, after.unit_by_id(unit_id)):
        hook = HOOKS.get(name)
        found = None if hook is None else hook(battle, before, after, unit_id, slain, attacker)
        if found is not None:
            return found
    return None


@register("aos.hooks:no_respite")
def no_respite(
    battle: Battle, before: Runtime, after: Runtime, unit_id: str, slain: list[str], attacker: str
) -> dict[str, Any] | None:
    """No Respite (see the module's description): the slain models, back where they stood,
    pile in and attack ``attacker``; returns the pending attack (``Runtime.attack``) or None."""
    if after.phase != "combat" or not after.unit_by_id(attacker).alive:
        return None
    old = before.unit_by_id(unit_id)
    models = tuple(m for m in old.models if m.id in slain and m.on_table)
    if not models:
        return None
    ghost = UnitState(f"{unit_id}-respite", old.side, old.warscroll, models, charged=old.charged)
    where = replace(after, units=(*after.units, ghost))
    ghost = moved_unit(ghost, plan_pile(battle, where, ghost))
    where = where.with_unit(ghost)
    target = where.unit_by_id(attacker)
    profiles, defender = attack_numbers(battle, where, ghost, target, "melee")
    if not profiles:
        return None
    policy = battle.data.options.allocation
    options = AttackOptions(
        allocation="min_slain" if policy == "min_slain" else "wounded_first",
        natural_one_fails=battle.data.options.natural_one_fails,
    )
    steps = plan_steps([TargetAttacks(tuple(profiles), defender)], options)
    return {
        "unit": unit_id,
        "target": attacker,
        "kind": "melee",
        "steps": steps.to_json(),
        "respite": list(slain),
    }
