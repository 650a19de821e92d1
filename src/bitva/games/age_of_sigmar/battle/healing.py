"""Healing (section 3.2 ``heal``; AOS-12.5, D-40, D-27): at the start of the hero phase
(``trigger = "hero_phase"``) and after attacks that slay (``"on_slay"``).

As the active player's hero phase starts (after the expiries, before the Mystical rolls, D-27),
each of its units with a ``heal`` effect of the hero phase (its own or given, :mod:`.auras`)
heals: a fixed amount at once, a dice amount (``"D3"``) as a chance node ``dice heal N`` (step
``heal-roll``, units in id order). Healing removes wounds suffered from the unit's wounded models
on the table, the most wounded first, never below 0; slain models are not healed (AOS-12.5,
D-40). After a unit's attacks slay a model (``on_slay``, Taker of Heads), its heals apply once
that attack's pools are allocated: fixed amounts at once, a dice amount as the same chance node,
after which the attack goes on (its retaliation, the next pick).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from bitva.core.events import Event
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.auras import given
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of, unit_tags
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.dice import Dice


def heals(battle: Battle, rt: Runtime, unit: UnitState, trigger: str) -> list[Dice]:
    """The amounts of the unit's ``heal`` effects of this trigger (own and given)."""
    tags = unit_tags(unit)
    own = [e for a in scroll_of(battle, unit).abilities for e in a.effects]
    return [
        e.amount
        for e in [*own, *(e for _, e in given(battle, rt, unit))]
        if isinstance(e, fx.Heal)
        and e.trigger == trigger
        and (e.requires_in_unit is None or e.requires_in_unit in tags)
    ]


def restore(rt: Runtime, unit_id: str, amount: int) -> tuple[Runtime, int]:
    """AOS-12.5, D-40: ``amount`` wounds suffered removed, the most wounded model first."""
    unit = rt.unit_by_id(unit_id)
    models = list(unit.models)
    left = amount
    order = sorted(range(len(models)), key=lambda i: (-models[i].wounds_taken, i))
    for i in order:
        take = min(left, models[i].wounds_taken) if models[i].on_table else 0
        if take:
            models[i] = replace(models[i], wounds_taken=models[i].wounds_taken - take)
            left -= take
    healed = amount - left
    return (rt.with_unit(replace(unit, models=tuple(models))) if healed else rt), healed


def start(battle: Battle, rt: Runtime) -> Runtime:
    """The hero phase's healing: fixed amounts now, dice amounts queued for ``heal-roll``."""
    from bitva.games.age_of_sigmar.battle.sequence import hero_start  # no import cycle

    queue: list[str] = []
    for unit in sorted(rt.army(rt.active), key=lambda u: u.id):
        if not unit.alive:
            continue
        for amount in heals(battle, rt, unit, "hero_phase"):
            if amount.is_fixed:
                rt = restore(rt, unit.id, amount.minimum)[0]
            elif any(m.wounds_taken for m in unit.alive):
                queue.append(f"{unit.id}:{amount}")
    if queue:
        return replace(rt, spell={"heal": queue}, step="heal-roll")
    return hero_start(battle, rt)


def on_slay(battle: Battle, rt: Runtime, unit_id: str) -> tuple[Runtime, int, list[str]]:
    """AOS-12.5: the attacking unit's ``on_slay`` heals: the fixed ones applied (the wounds
    healed), the dice ones queued for ``heal-roll``."""
    unit = rt.unit_by_id(unit_id)
    healed = 0
    queue: list[str] = []
    for amount in heals(battle, rt, unit, "on_slay"):
        if amount.is_fixed:
            rt, done = restore(rt, unit_id, amount.minimum)
            healed += done
        else:
            queue.append(f"{unit_id}:{amount}")
    return rt, healed, queue


def outcomes(rt: Runtime) -> list[tuple[int, Fraction]]:
    """The next queued heal's dice amount."""
    assert rt.spell is not None
    amount = Dice.parse(rt.spell["heal"][0].split(":")[1])
    return [(n, p) for n, p in enumerate(amount.distribution()) if p]


def roll(battle: Battle, rt: Runtime, value: int) -> tuple[Runtime, list[Event]]:
    """``dice heal N``: the first queued unit heals N (AOS-12.5), then the next or the phase."""
    from bitva.games.age_of_sigmar.battle.sequence import hero_start  # no import cycle

    held = rt.spell
    assert held is not None
    first, *rest = held["heal"]
    unit_id = first.split(":")[0]
    rt, healed = restore(rt, unit_id, value)
    event = Event("healed", {"unit": unit_id, "wounds": healed, "die": value})
    if rest:
        return replace(rt, spell={**held, "heal": rest}), [event]
    if held.get("then") == "attack":
        from bitva.games.age_of_sigmar.battle.resolution import after_heal  # no import cycle

        return after_heal(battle, rt, [event])
    return hero_start(battle, replace(rt, spell=None)), [event]
