"""Wizards in the battle: casting, unbinding, Arcane Bolt and Mystic Shield (AOS-14, AOS-2.5
Arcane, D-23, D-24).

In its own hero phase a wizard attempts a spell it has not tried this turn (``cast A4
arcane-bolt``), as many attempts a turn as its warscroll's ``cast`` (failed ones count,
AOS-14.1). The 2D6 casting roll is a chance node; a total (with +1 per Arcane feature within
3") of at least the casting value casts it. The opponent may then pick one wizard of theirs
within 18" of the caster that sees it to unbind (``unbind B5``, a decision; ``done`` lets it
through); the unbinding 2D6 must beat the casting total (D-24). The caster picks the target
after that window (``target B2``, D-24). Arcane Bolt's D3 mortal wounds are a chance node;
Mystic Shield adds 1 to the target's saves until the caster's next hero phase (a second one
refreshes it, D-23).

Warscroll spells (AOS-14.2, section 3.1 ``spells``) are cast the same way (``cast B5
daemonic-power``): the spell's casting value, its ``target`` (``self``: the caster;
``friendly_unit``: the caster or a unit of its army; ``enemy_unit``; ``any_unit``) within its
``range`` and, with ``visible``, seen by the caster (GEO-8), picked after the unbinding window
(D-24). Its ``mortal_wounds`` are inflicted at once (a dice amount is a chance node,
``dice mortal N``); its other effects hold on the target until the ``duration`` ends (AOS-4.3;
``instant`` keeps none), read by :mod:`.auras` (Daemonic Power's re-roll of hit rolls of 1
reaches the attack dice through the calculator's resolver). ``roll_mod`` on cast and unbind
rolls (section 3.2) are added to the totals.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Literal

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.abilities import record
from bitva.games.age_of_sigmar.battle.actions import Action, CastAction, Die, Done, UnitAction
from bitva.games.age_of_sigmar.battle.allocation import wound
from bitva.games.age_of_sigmar.battle.auras import expiry, roll_bonus, slug
from bitva.games.age_of_sigmar.battle.casualties import MYSTIC_SHIELD
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import (
    BEFUDDLED,
    ActiveEffect,
    Runtime,
    UnitState,
    other,
)
from bitva.games.age_of_sigmar.battle.sequence import after_removal, hero_or_movement
from bitva.games.age_of_sigmar.dice import Dice
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.geometry.scenery import features_within
from bitva.games.age_of_sigmar.geometry.sight import units_see
from bitva.games.age_of_sigmar.warscroll import Spell

SPELL_RANGE = 18.0
"""AOS-14.3 to 14.5: unbinding, Arcane Bolt and Mystic Shield reach 18"."""
UNBIND_RANGE = 18.0
SPELLS: dict[str, tuple[int, Literal["enemy", "friendly"]]] = {
    "arcane-bolt": (5, "enemy"),  # AOS-14.4
    "mystic-shield": (6, "friendly"),  # AOS-14.5
}


def warscroll_spells(battle: Battle, unit: UnitState) -> dict[str, Spell]:
    """AOS-14.2: the spells of the wizard's warscroll, by slug."""
    return {slug(s.name): s for s in scroll_of(battle, unit).spells}


def known(battle: Battle, unit: UnitState) -> list[str]:
    """AOS-14.2: Arcane Bolt, Mystic Shield and the warscroll's spells."""
    return [*SPELLS, *(n for n in warscroll_spells(battle, unit) if n not in SPELLS)]


def casting_value(battle: Battle, unit: UnitState, spell: str) -> int:
    if spell in SPELLS:
        return SPELLS[spell][0]
    return warscroll_spells(battle, unit)[spell].casting_value


def casts_left(battle: Battle, unit: UnitState) -> int:
    """AOS-14.1: the wizard's casting attempts left this turn."""
    wizard = scroll_of(battle, unit).wizard
    return 0 if wizard is None or not unit.alive else max(0, wizard.cast - unit.casts)


def unbinds_left(battle: Battle, unit: UnitState) -> int:
    wizard = scroll_of(battle, unit).wizard
    return 0 if wizard is None or not unit.alive else max(0, wizard.unbind - unit.unbinds)


def arcane_bonus(battle: Battle, unit: UnitState) -> int:
    """AOS-2.5 (Arcane), D-23: +1 to casting and unbinding per Arcane feature within 3"."""
    near = {
        f.id
        for m in unit.alive
        for f in features_within(m.circle, battle.features, 3.0)
        if f.mysterious == "arcane"
    }
    return len(near)


def castable(battle: Battle, rt: Runtime) -> list[CastAction]:
    """The casts the active player may attempt now (AOS-14.1, AOS-14.2, D-24)."""
    return [
        CastAction(unit.id, spell)
        for unit in rt.army(rt.active)
        if casts_left(battle, unit) and not unit.has_effect(BEFUDDLED)
        for spell in known(battle, unit)
        if spell not in unit.spells_tried
    ]


def unbinders(battle: Battle, rt: Runtime) -> list[UnitState]:
    """AOS-14.3: the opponent's wizards within 18" of the caster that see it."""
    assert rt.spell is not None
    caster = rt.unit_by_id(rt.spell["caster"])
    return [
        u
        for u in rt.army(other(rt.active))
        if unbinds_left(battle, u)
        and within(unit_to_unit(u.circles(), caster.circles()), UNBIND_RANGE)
        and units_see(u.circles(), caster.circles(), battle.features)
    ]


def spell_targets(battle: Battle, rt: Runtime) -> list[UnitState]:
    """AOS-14.4, AOS-14.5: units within 18" of the caster and visible to it (Mystic Shield:
    the caster itself or a friendly unit; Arcane Bolt: an enemy unit); a warscroll spell's own
    target, range and visibility (AOS-14.2)."""
    assert rt.spell is not None
    caster = rt.unit_by_id(rt.spell["caster"])
    name = rt.spell["spell"]
    reach, seen = SPELL_RANGE, True
    if name in SPELLS:
        kind = "friendly_unit" if SPELLS[name][1] == "friendly" else "enemy_unit"
    else:
        spell = warscroll_spells(battle, caster)[name]
        kind, reach, seen = spell.target, spell.range, spell.visible
        if kind == "self":
            return [caster] if caster.alive else []
    pool = {
        "friendly_unit": rt.army(rt.active),
        "enemy_unit": rt.army(other(rt.active)),
    }.get(kind, rt.units)
    return [
        u
        for u in pool
        if u.alive
        and (
            u.id == caster.id
            or (
                within(unit_to_unit(caster.circles(), u.circles()), reach)
                and (not seen or units_see(caster.circles(), u.circles(), battle.features))
            )
        )
    ]


def check_cast(battle: Battle, rt: Runtime, action: CastAction) -> Violation | None:
    if not rt.has_unit(action.unit):
        return Violation(f"there is no unit {action.unit}", "AOS-1.2")
    unit = rt.unit_by_id(action.unit)
    if unit.side != rt.active or not unit.alive:
        return Violation(f"{unit.id} is not a unit of player {rt.active}", "AOS-14.1")
    if scroll_of(battle, unit).wizard is None:
        return Violation(f"{unit.id} is not a wizard", "AOS-14.1")
    if unit.has_effect(BEFUDDLED):
        return Violation(f"{unit.id} is befuddled: it cannot be picked to cast", "AOS-2.5")
    if not casts_left(battle, unit):
        return Violation(f"{unit.id} has no casting attempt left this turn", "AOS-14.1")
    if action.spell not in known(battle, unit):
        spells = ", ".join(known(battle, unit))
        return Violation(f"{unit.id} does not know {action.spell} (it knows {spells})", "AOS-14.2")
    if action.spell in unit.spells_tried:
        return Violation(f"{unit.id} has tried {action.spell} this turn", "D-24")
    return None


def check_window(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    """The unbinding window (step ``unbind``) and the target (step ``spell-target``)."""
    if rt.step == "unbind":
        if isinstance(action, Done):
            return None
        if not (isinstance(action, UnitAction) and action.verb == "unbind"):
            return Violation("now: unbind WIZARD or done", "AOS-14.3")
        if not any(u.id == action.unit for u in unbinders(battle, rt)):
            return Violation(
                f"{action.unit} cannot unbind: a wizard of yours with an unbinding attempt left, "
                'within 18" of the caster and seeing it',
                "AOS-14.3",
            )
        return None
    targets = spell_targets(battle, rt)
    if isinstance(action, Done):
        return None if not targets else Violation("the spell has a target: pick it", "D-24")
    if not (isinstance(action, UnitAction) and action.verb == "target"):
        return Violation("now: target UNIT (the spell's target)", "D-24")
    if not any(u.id == action.unit for u in targets):
        return Violation(
            f"{action.unit} is not a target of the spell in range and sight", "AOS-14.2"
        )
    return None


def back_to_hero(battle: Battle, rt: Runtime) -> Runtime:
    """After a command ability or a spell: the hero phase goes on while there is something to
    do in it, else the movement phase starts."""
    return hero_or_movement(battle, rt)


def cast(battle: Battle, rt: Runtime, action: CastAction) -> tuple[Runtime, list[Event]]:
    unit = rt.unit_by_id(action.unit)
    unit = replace(unit, casts=unit.casts + 1, spells_tried=(*unit.spells_tried, action.spell))
    spell = {"caster": unit.id, "spell": action.spell}
    rt = replace(rt.with_unit(unit), spell=spell, step="cast-roll")
    return rt, [Event("cast", {"unit": unit.id, "spell": action.spell})]


def roll(battle: Battle, rt: Runtime, action: Die) -> tuple[Runtime, list[Event]]:
    """The casting and unbinding 2D6 (AOS-14.2, AOS-14.3) and Arcane Bolt's D3 (AOS-14.4)."""
    assert rt.spell is not None
    spell = dict(rt.spell)
    caster = rt.unit_by_id(spell["caster"])
    if action.kind == "cast":
        total = action.value + arcane_bonus(battle, caster) + roll_bonus(battle, rt, caster, "cast")
        needed = casting_value(battle, caster, spell["spell"])
        event = Event("cast-roll", {"unit": caster.id, "dice": action.value, "total": total})
        if total < needed:
            return back_to_hero(battle, rt), [event]
        rt = replace(rt, spell={**spell, "total": total})
        step = "unbind" if unbinders(battle, rt) else "spell-target"
        return replace(rt, step=step), [event]
    if action.kind == "unbind":
        unbinder = rt.unit_by_id(spell["unbinder"])
        total = action.value + arcane_bonus(battle, unbinder)
        total += roll_bonus(battle, rt, unbinder, "unbind")
        event = Event("unbind-roll", {"unit": unbinder.id, "dice": action.value, "total": total})
        if total > spell["total"]:
            return back_to_hero(battle, rt), [event]
        return replace(rt, step="spell-target"), [event]
    rt, events = mortal_wounds(battle, rt, spell["target"], action.value)
    return (rt if rt.outcome or rt.allocation else back_to_hero(battle, rt)), events


def window(battle: Battle, rt: Runtime, action: Action) -> tuple[Runtime, list[Event]]:
    """An unbinding wizard picked (or none), or the spell's target."""
    assert rt.spell is not None
    spell = dict(rt.spell)
    if rt.step == "unbind":
        if isinstance(action, Done):
            return replace(rt, step="spell-target"), [Event("no-unbind", {})]
        assert isinstance(action, UnitAction)
        unit = rt.unit_by_id(action.unit)
        rt = rt.with_unit(replace(unit, unbinds=unit.unbinds + 1))
        rt = replace(rt, spell={**spell, "unbinder": unit.id}, step="unbind-roll")
        return rt, [Event("unbind", {"unit": unit.id})]
    if isinstance(action, Done):
        return back_to_hero(battle, rt), [Event("no-target", {})]
    assert isinstance(action, UnitAction)
    target = rt.unit_by_id(action.unit)
    event = Event("spell-target", {"spell": spell["spell"], "unit": target.id})
    if spell["spell"] == "arcane-bolt":
        return replace(rt, spell={**spell, "target": target.id}, step="bolt-roll"), [event]
    if spell["spell"] == "mystic-shield":
        shield = ActiveEffect(MYSTIC_SHIELD, spell["caster"], f"hero:{rt.active}")
        effects = (*(e for e in target.effects if e.name != MYSTIC_SHIELD), shield)
        rt = rt.with_unit(replace(target, effects=effects))
        return back_to_hero(battle, rt), [event]
    caster = rt.unit_by_id(spell["caster"])
    known_spell = warscroll_spells(battle, caster)[spell["spell"]]
    if known_spell.duration != "instant":
        mark = expiry(known_spell.duration, caster.side, rt.active)
        rt = record(rt, target.id, spell["spell"], caster.id, mark, list(known_spell.effects))
    mortal = next((e for e in known_spell.effects if isinstance(e, fx.MortalWounds)), None)
    if mortal is None:
        return back_to_hero(battle, rt), [event]
    rt = replace(rt, spell={**spell, "target": target.id, "amount": str(mortal.amount)})
    if not mortal.amount.is_fixed:
        return replace(rt, step="bolt-roll"), [event]
    rt, events = mortal_wounds(battle, rt, target.id, mortal.amount.minimum)
    return (rt if rt.outcome or rt.allocation else back_to_hero(battle, rt)), [event, *events]


def mortal_outcomes(rt: Runtime) -> list[tuple[int, Fraction]]:
    """The mortal wounds' dice amount (Arcane Bolt's D3, AOS-14.4; a spell's own amount)."""
    amount = Dice.parse((rt.spell or {}).get("amount", "D3"))
    return [(n, p) for n, p in enumerate(amount.distribution()) if p]


def mortal_wounds(
    battle: Battle, rt: Runtime, target: str, wounds: int
) -> tuple[Runtime, list[Event]]:
    """AOS-12.4: a spell's mortal wounds allocated (AOS-12.2), then removal (AOS-15.1). Where
    it matters and ``[options] allocation = "ask"`` the owner allocates them (:mod:`.allocation`,
    continued by :func:`bolt_done`): the decision is then pending and no event is logged yet.
    (An ability's go through :func:`.windows.inflict_mortal`.)"""
    rt, slain = wound(battle, rt, target, wounds, "bolt")
    if slain is None:
        return rt, []
    event = Event("mortal-wounds", {"unit": target, "wounds": wounds, "slain": slain})
    return after_removal(rt), [event]


def bolt_done(
    battle: Battle, rt: Runtime, target: str, wounds: int, slain: list[str]
) -> tuple[Runtime, list[Event]]:
    """AOS-12.4: the owner allocated the spell's mortal wounds: removal, back to the hero
    phase."""
    event = Event("mortal-wounds", {"unit": target, "wounds": wounds, "slain": slain})
    rt = after_removal(rt)
    return (rt if rt.outcome is not None else back_to_hero(battle, rt)), [event]
