"""The seven Cleric cards of section 5.2 (CL01-CL07): targets and effects, their numbers (level
notation of BL-13.2) and faces from the catalogue (`content/lore.toml`)."""

from __future__ import annotations

from bitva.games.battlelore.field.model import HELMET_OF
from bitva.games.battlelore.lore.effects import (
    BoldBonus,
    CancelDice,
    Effect,
    ExtraDice,
    FewerDice,
    Heal,
    RemoveMarker,
)
from bitva.games.battlelore.lore.targets import (
    LoreRule,
    Moment,
    Target,
    each_unit,
    enemy_in_reach,
    lore_card,
    ordered_unit,
    roll_against,
    value,
)


def blessing(m: Moment, t: Target) -> tuple[Effect, ...]:
    """CL01 Blessing, on 1 ordered unit of yours: +1D/level in all its battles this turn
    (T-28: +2 at Cleric 2)."""
    return (ExtraDice(t.units[0], value("CL01", "dice", m.level), "any", m.seat),)


def healing_hands_targets(m: Moment) -> tuple[Target, ...]:
    """CL02 Healing Hands: 1 of your non-creature units that has lost figures."""
    return each_unit(u for u in m.own() if not u.type.is_creature and u.figures < u.type.figures)


def healing_hands(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Return up to 1 figure/level, never above its starting strength."""
    return (Heal(t.units[0], value("CL02", "figures", m.level)),)


def mass_defense_targets(m: Moment) -> tuple[Target, ...]:
    """CL03 Mass Defense (ROLL_AFTER): your unit the roll was made against."""
    defender = m.unit(m.defender)
    if defender is None or defender.side != m.seat or not m.faces:
        return ()
    return (Target(units=(defender.uid,)),)


def mass_defense(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Cancel up to 2 dice/level showing a helmet of its colour or `F`."""
    defender = m.unit(t.units[0])
    assert defender is not None
    helmet = HELMET_OF[defender.type.banner]
    faces = frozenset(helmet if f == "helmet" else f for f in lore_card("CL03").faces)
    return (CancelDice(defender.uid, value("CL03", "dice", m.level), faces),)


def blinding_flash_targets(m: Moment) -> tuple[Target, ...]:
    """CL04 Blinding Flash (ROLL_BEFORE): the enemy unit attacking."""
    attacker = m.unit(m.attacker)
    if attacker is None or attacker.side != m.opponent:
        return ()
    return (Target(units=(attacker.uid,)),)


def blinding_flash(m: Moment, t: Target) -> tuple[Effect, ...]:
    """This roll has 1D/level fewer dice, at least 1."""
    card = lore_card("CL04")
    return (FewerDice(t.units[0], value("CL04", "dice", m.level), card.minimum),)


def wrath_of_heaven(m: Moment, t: Target) -> tuple[Effect, ...]:
    """CL05 Wrath of Heaven, on 1 enemy within 2 hexes/level: roll 1D/level+1; helmets of
    its colour, `S` and `L` hit; `F` is ignored."""
    return roll_against("CL05", m, t.units)


def own_unit_targets(m: Moment) -> tuple[Target, ...]:
    """1 unit of yours, ordered or not (CL06 Sanctuary)."""
    return each_unit(m.own())


def sanctuary(m: Moment, t: Target) -> tuple[Effect, ...]:
    """CL06: Bold +1/level this turn."""
    return (BoldBonus(t.units, value("CL06", "bold", m.level)),)


def purify_targets(m: Moment) -> tuple[Target, ...]:
    """CL07 Purify: 1 of your units with a web or poison marker, and which marker."""
    found: list[Target] = []
    for u in sorted(m.own(), key=lambda u: u.uid):
        if u.webbed:
            found.append(Target(units=(u.uid,), marker="web"))
        if u.poisoned:
            found.append(Target(units=(u.uid,), marker="poison"))
    return tuple(found)


def purify(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Remove the web or the poison marker."""
    assert t.marker is not None
    return (RemoveMarker(t.units[0], t.marker),)


CLERIC: tuple[LoreRule, ...] = (
    LoreRule("CL01", ordered_unit, blessing),
    LoreRule("CL02", healing_hands_targets, healing_hands),
    LoreRule("CL03", mass_defense_targets, mass_defense),
    LoreRule("CL04", blinding_flash_targets, blinding_flash),
    LoreRule("CL05", enemy_in_reach("CL05"), wrath_of_heaven),
    LoreRule("CL06", own_unit_targets, sanctuary),
    LoreRule("CL07", purify_targets, purify),
)
