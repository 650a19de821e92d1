"""What a unit's warscroll says in the battle as it stands: Move, Wounds, Bravery and the roll
modifiers of its abilities (sections 3.1-3.3, AOS-3.7, AOS-10.2, D-39).

Only effects that hold without a condition are read here (the conditions of 3.3 belong to the
attacks, :mod:`bitva.games.age_of_sigmar.calculator.resolve`); ``requires_in_unit`` counts the
models on the table (section 3.2).
"""

from __future__ import annotations

from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import ModelState, Runtime, UnitState
from bitva.games.age_of_sigmar.calculator.resolve import Situation, target_profile
from bitva.games.age_of_sigmar.units import ModelSpec, UnitSpec
from bitva.games.age_of_sigmar.warscroll import Warscroll


def scroll_of(battle: Battle, unit: UnitState) -> Warscroll:
    return battle.warscrolls[unit.warscroll]


def unit_tags(unit: UnitState) -> frozenset[str]:
    """The tags carried by the unit's models on the table (``requires_in_unit``)."""
    return frozenset(t for m in unit.alive for t in m.tags)


def _unconditional(battle: Battle, unit: UnitState) -> list[fx.Effect]:
    """The unit's own ability effects that hold now: no ``when``, no model filter, and any
    ``requires_in_unit`` tag carried by a model on the table."""
    tags = unit_tags(unit)
    found: list[fx.Effect] = []
    scroll = scroll_of(battle, unit)
    for ability in scroll.abilities:
        for e in ability.effects:
            if e.when is not None or e.models is not None:
                continue
            if e.requires_in_unit is not None and e.requires_in_unit not in tags:
                continue
            found.append(e)
    return found


def roll_modifier(battle: Battle, unit: UnitState, roll: str, rt: Runtime | None = None) -> int:
    """Section 3.2 ``roll_mod`` on run, charge, battleshock... rolls (Hornblowers: +1 to run and
    charge while a horn is on the table); with the runtime, also those auras, spells and
    abilities in force give the unit, and own ones whose condition holds (:mod:`.auras`)."""
    if rt is not None:
        from bitva.games.age_of_sigmar.battle.auras import roll_bonus  # no import cycle

        return roll_bonus(battle, rt, unit, roll)
    return sum(
        e.value
        for e in _unconditional(battle, unit)
        if isinstance(e, fx.RollMod) and e.roll == roll
    )


def move_of(battle: Battle, unit: UnitState, rt: Runtime | None = None) -> float:
    """AOS-6.2: the Move characteristic with ``stat_mod`` move effects (with the runtime, the
    given ones too, :mod:`.auras`)."""
    if rt is not None:
        from bitva.games.age_of_sigmar.battle.auras import stat_bonus  # no import cycle

        return max(0.0, scroll_of(battle, unit).stats.move + stat_bonus(battle, rt, unit, "move"))
    extra = sum(
        e.value
        for e in _unconditional(battle, unit)
        if isinstance(e, fx.StatMod) and e.stat == "move"
    )
    return max(0.0, scroll_of(battle, unit).stats.move + extra)


def wounds_of(battle: Battle, rt: Runtime, unit: UnitState, model: ModelState) -> int:
    """AOS-12.3: the Wounds characteristic; Empowered adds 1 to the general's (AOS-3.7);
    ``stat_mod`` wounds effects, own and given (section 3.2, D-40)."""
    from bitva.games.age_of_sigmar.battle.auras import stat_bonus  # no import cycle

    extra = int(model.is_general and unit.side in rt.empowered)
    extra += stat_bonus(battle, rt, unit, "wounds")
    return scroll_of(battle, unit).stats.wounds + extra


def live_spec(battle: Battle, rt: Runtime, unit: UnitState) -> UnitSpec:
    """The unit's models on the table as the calculator's :class:`UnitSpec` (wounds suffered
    kept below the Wounds characteristic, so an Empowered general stays a legal spec)."""
    scroll = scroll_of(battle, unit)
    specs = []
    for m in unit.alive:
        own = tuple(t for t in m.tags if t not in scroll.loadout(m.loadout).tags)
        taken = m.wounds_taken - (wounds_of(battle, rt, unit, m) - scroll.stats.wounds)
        specs.append(ModelSpec(m.loadout, m.champion, own, max(0, taken)))
    return UnitSpec(scroll, tuple(specs))


def bravery_of(battle: Battle, rt: Runtime, unit: UnitState) -> tuple[int, bool]:
    """AOS-10.2, D-39: Bravery with the unit's modifiers (an Icon Bearer on the table, Inspiring
    features and fear, AOS-2.5), and
    whether a ``no_battleshock`` effect spares it the test."""
    from bitva.games.age_of_sigmar.battle.auras import given  # no import cycle
    from bitva.games.age_of_sigmar.battle.landscapes import bravery_bonus

    where = Situation(attacker_turn=unit.side != rt.active, target_given=given(battle, rt, unit))
    profile = target_profile(live_spec(battle, rt, unit), where, [])
    assert profile.bravery is not None
    return profile.bravery + bravery_bonus(battle, rt, unit), profile.battleshock_immune
