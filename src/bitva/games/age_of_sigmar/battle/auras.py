"""Effects in force on a unit in the battle (section 3.2 ``aura``, ``activated``; AOS-5.3,
AOS-14.2, AOS-4.3).

A unit's own warscroll effects are read where they are needed (:mod:`.characteristics`, the
calculator's resolver). What other things give it is gathered here as ``(source, effect)``
pairs, the *given* effects:

- an ability, warscroll spell or command ability in force on the unit (an
  :class:`~.runtime.ActiveEffect` named by its slug, ``source`` the unit that used or cast it):
  its effects hold for the unit until the expiry (AOS-4.3);
- the ``aura`` effects of such a thing in force on another unit (or on this one, with
  ``include_self``), and the auras of the other units' own abilities: their effects reach the
  units within the aura's range (GEO-3, unit to unit; D-2) that fit ``who`` and
  ``keywords_any``.

The given effects are read by the same filters and conditions as a unit's own: in an attack by
the calculator's resolver (``Situation.attacker_given`` and ``target_given``: hit, wound and
save modifiers and re-rolls, attacks, rend and damage, wards, Bravery), elsewhere by
:func:`roll_bonus` and :func:`stat_bonus` (run, charge, cast, unbind; move, range, wounds),
whose conditions (section 3.3) are those a unit can meet outside an attack.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of, unit_tags
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import ActiveEffect, Runtime, UnitState
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.geometry.scenery import features_within
from bitva.games.age_of_sigmar.warscroll import Warscroll

Given = tuple[tuple[str, fx.Effect], ...]
"""Effects given to a unit, each with the name of the ability, spell or command giving it."""

EXPIRY = {"until_your_next_hero_phase": "hero", "turn": "turn", "phase": "phase"}
"""Section 3.2 durations to the runtime's expiry marks (AOS-4.3); ``battle`` never ends."""


@lru_cache(maxsize=4096)
def slug(name: str) -> str:
    """``Portal of Skulls`` -> ``portal-of-skulls`` (the word in actions and active effects)."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def expiry(duration: str, side: str, active: str) -> str:
    """The expiry mark of a duration (AOS-4.3): ``hero:A`` ends as A's next hero phase starts
    (the user's side), ``turn:B``/``phase:B`` as the current turn or phase ends."""
    kind = EXPIRY.get(duration, "battle")
    if kind == "hero":
        return f"hero:{side}"
    return "battle" if kind == "battle" else f"{kind}:{active}"


def definition(battle: Battle, rt: Runtime, active: ActiveEffect) -> tuple[str, list[fx.Effect]]:
    """The name and effects of the spell, command ability or activated ability an active effect
    records (by its slug, on the warscroll of its source unit); none for the core rules' own
    effects (Mystic Shield, Inspiring Presence, the landscapes)."""
    if not rt.has_unit(active.source):
        return "", []
    scroll = scroll_of(battle, rt.unit_by_id(active.source))
    for spell in scroll.spells:
        if slug(spell.name) == active.name:
            return spell.name, list(spell.effects)
    for command in scroll.command_abilities:
        if slug(command.name) == active.name:
            return command.name, list(command.effects)
    for ability in scroll.abilities:
        if slug(ability.name) == active.name:
            for e in ability.effects:
                if isinstance(e, fx.Activated):
                    return ability.name, list(e.effects)
    return "", []


def reaches(battle: Battle, owner: UnitState, unit: UnitState, aura: fx.Aura) -> bool:
    """Section 3.2 ``aura``: ``unit`` is within range of the owner (GEO-3) and fits ``who``,
    ``keywords_any`` and ``include_self``."""
    if not owner.alive or not unit.alive:
        return False
    if owner.id == unit.id:
        return aura.include_self and aura.who in ("friendly", "all") and _fits(battle, unit, aura)
    friendly = owner.side == unit.side
    if (aura.who == "friendly" and not friendly) or (aura.who == "enemy" and friendly):
        return False
    if not _fits(battle, unit, aura):
        return False
    return within(unit_to_unit(owner.circles(), unit.circles()), aura.range)


def _fits(battle: Battle, unit: UnitState, aura: fx.Aura) -> bool:
    if not aura.keywords_any:
        return True
    words = {k.upper() for k in scroll_of(battle, unit).keywords}
    return bool(words & {k.upper() for k in aura.keywords_any})


def in_force(battle: Battle, rt: Runtime) -> Iterator[tuple[UnitState, str, list[fx.Effect]]]:
    """Every thing in force: (the unit holding it, its name, its effects)."""
    for holder in rt.units:
        for active in holder.effects:
            name, effects = definition(battle, rt, active)
            if effects:
                yield holder, name, effects


def given(battle: Battle, rt: Runtime, unit: UnitState) -> Given:
    """The effects other things give ``unit`` now (see the module's description)."""
    out: list[tuple[str, fx.Effect]] = []
    for holder, name, effects in in_force(battle, rt):
        for e in effects:
            if isinstance(e, fx.Aura):
                if reaches(battle, holder, unit, e):
                    out += [(name, inner) for inner in e.effects]
            elif holder.id == unit.id:
                out.append((name, e))
    for owner in rt.units:
        if owner.id == unit.id or not owner.alive:
            continue  # a unit's own passive auras are its own effects (include_self)
        for name, aura in _passive_auras(battle, owner.warscroll):
            if reaches(battle, owner, unit, aura):
                out += [(name, inner) for inner in aura.effects]
    return tuple(out)


_PASSIVE: dict[str, tuple[Warscroll, tuple[tuple[str, fx.Aura], ...]]] = {}


def _passive_auras(battle: Battle, warscroll: str) -> tuple[tuple[str, fx.Aura], ...]:
    """The auras of a warscroll's abilities (not activated), remembered per warscroll object."""
    scroll = battle.warscrolls[warscroll]
    cached = _PASSIVE.get(warscroll)
    if cached is not None and cached[0] is scroll:
        return cached[1]
    found = tuple(
        (a.name, e) for a in scroll.abilities for e in a.effects if isinstance(e, fx.Aura)
    )
    _PASSIVE[warscroll] = (scroll, found)
    return found


def holds(battle: Battle, rt: Runtime, unit: UnitState, cond: fx.Condition | None) -> bool:
    """Section 3.3 outside an attack: phase, turn, charged and moved this turn, tags, features
    within 3"; the predicates about an attack (its target, its kind, one model) do not hold."""
    if cond is None:
        return True
    checks: list[bool] = []
    if cond.phase is not None:
        checks.append(cond.phase == rt.phase)
    if cond.turn is not None:
        checks.append((cond.turn == "own") == (unit.side == rt.active))
    if cond.charged_this_turn is not None:
        checks.append(cond.charged_this_turn == unit.charged)
    if cond.moved_this_turn is not None:
        checks.append(cond.moved_this_turn == unit.moved)
    if cond.unit_has_tag is not None:
        checks.append(cond.unit_has_tag in unit_tags(unit))
    if cond.within_feature is not None:
        near = {
            f.mysterious for m in unit.alive for f in features_within(m.circle, battle.features, 3)
        }
        checks.append(cond.within_feature in near)
    attack_only = (
        cond.target_keyword,
        cond.target_wounds_at_least,
        cond.model_has_tag,
        cond.attack_kind,
    )
    if any(p is not None for p in attack_only):
        checks.append(False)
    if cond.any_of is not None:
        checks.append(any(holds(battle, rt, unit, c) for c in cond.any_of))
    if cond.not_ is not None:
        checks.append(not holds(battle, rt, unit, cond.not_))
    return all(checks)


def _unit_level(battle: Battle, rt: Runtime, unit: UnitState) -> Iterator[fx.Effect]:
    """The unit's own ability effects and the given ones that hold for the whole unit now: no
    model filter, any ``requires_in_unit`` tag on the table, the condition holding."""
    tags = unit_tags(unit)
    own: list[fx.Effect] = []
    for ability in scroll_of(battle, unit).abilities:
        for e in ability.effects:
            if isinstance(e, fx.Aura):
                own += e.effects if reaches(battle, unit, unit, e) else []
            else:
                own.append(e)
    for e in [*own, *(e for _, e in given(battle, rt, unit))]:
        if e.models is not None:
            continue
        if e.requires_in_unit is not None and e.requires_in_unit not in tags:
            continue
        if holds(battle, rt, unit, e.when):
            yield e


def roll_bonus(battle: Battle, rt: Runtime, unit: UnitState, roll: str) -> int:
    """Section 3.2 ``roll_mod`` on the unit's run, charge, cast or unbind rolls (AOS-6.5,
    AOS-8.2, AOS-14.2, AOS-14.3): its own and the given ones."""
    return sum(
        e.value
        for e in _unit_level(battle, rt, unit)
        if isinstance(e, fx.RollMod) and e.roll == roll
    )


def stat_bonus(
    battle: Battle, rt: Runtime, unit: UnitState, stat: str, weapon: tuple[str, str] | None = None
) -> int:
    """Section 3.2 ``stat_mod`` on move, wounds or a weapon's range (``weapon`` = its name and
    kind, for the ``weapons`` filter): the unit's own and the given ones."""
    total = 0
    for e in _unit_level(battle, rt, unit):
        if not (isinstance(e, fx.StatMod) and e.stat == stat):
            continue
        if weapon is not None and e.weapons is not None:
            name, kind = weapon
            fits = e.weapons == kind if isinstance(e.weapons, str) else name in e.weapons
            if not fits:
                continue
        total += e.value
    return total


def statuses(battle: Battle, rt: Runtime, unit: UnitState) -> set[str]:
    """The ``status`` effects given to the unit (``cannot_move``: no move, run, retreat, charge
    or pile-in)."""
    return {e.name for _, e in given(battle, rt, unit) if isinstance(e, fx.Status)}
