"""The seven Warrior cards of section 5.2 (WR01-WR07): targets and effects, their numbers (level
notation of BL-13.2) from the catalogue (`content/lore.toml`)."""

from __future__ import annotations

from bitva.games.battlelore.lore.effects import (
    BoldBonus,
    Effect,
    ExtraDice,
    ExtraMove,
    LoreHits,
    OrderAnywhere,
    StrikeFirst,
    SwordHits,
)
from bitva.games.battlelore.lore.targets import (
    LoreRule,
    Moment,
    Target,
    ordered_unit,
    sections_of,
    up_to,
    value,
    you,
)


def strength(m: Moment, t: Target) -> tuple[Effect, ...]:
    """WR01 Strength (BAT_MELEE), on 1 ordered unit of yours: +1D/level in its melee this turn
    (T-21: +2 at Warrior 2; T-28: +1 cast without a Warrior)."""
    return (ExtraDice(t.units[0], value("WR01", "dice", m.level), "melee", m.seat),)


def first_strike_targets(m: Moment) -> tuple[Target, ...]:
    """WR02 First Strike (ROLL_BEFORE): your unit attacked in melee, if it can battle (a
    webbed unit cannot, BL-11.8)."""
    defender, attacker = m.unit(m.defender), m.unit(m.attacker)
    if defender is None or attacker is None or not m.melee:
        return ()
    if defender.side != m.seat or attacker.side != m.opponent or defender.webbed:
        return ()
    return (Target(units=(defender.uid,)),)


def first_strike(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Your unit battles the attacker first; if the attacker is eliminated or leaves its hex,
    its attack is cancelled; your unit may not battle back."""
    assert m.attacker is not None
    return (StrikeFirst(t.units[0], m.attacker),)


def rampage(m: Moment, t: Target) -> tuple[Effect, ...]:
    """WR03 Rampage! (BAT_MELEE), on 1 ordered unit of yours: this turn each `L` it rolls in
    melee is also a hit (T-31)."""
    return (LoreHits(t.units[0], "melee"),)


def hold_the_line_targets(m: Moment) -> tuple[Target, ...]:
    """WR04 Hold the Line (CMD_REACT): your units in one section (a unit on a shared hex is in
    both, BL-2.2), taken as they stand when the card is played."""
    return tuple(
        Target(units=uids, section=section) for section, uids in sections_of(m.own()).items()
    )


def hold_the_line(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Bold +1 this turn."""
    return (BoldBonus(t.units, value("WR04", "bold", m.level)),)


def forced_march_targets(m: Moment) -> tuple[Target, ...]:
    """WR05 Forced March (MOV_OWN): up to 1 ordered foot unit/level+1 that has not moved yet
    (BL-13.3: a card for several units comes before any of them moves)."""
    eligible = [
        u for u in m.own_ordered() if u.type.status == "foot" and not u.moved and not u.battled
    ]
    return up_to(eligible, value("WR05", "units", m.level))


def forced_march(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Each may move 1 extra hex and still battle."""
    return (ExtraMove(t.units, value("WR05", "move", m.level)),)


def warlords_order(m: Moment, t: Target) -> tuple[Effect, ...]:
    """WR06 Warlord's Order (CMD_INSTEAD, YOUR_UNITS): order 1 unit/level+1 anywhere on the
    board."""
    return (OrderAnywhere(value("WR06", "units", m.level)),)


def weapon_mastery(m: Moment, t: Target) -> tuple[Effect, ...]:
    """WR07 Weapon Mastery (BAT_ANY), on 1 ordered unit of yours: its `S` faces hit this
    turn, in melee and at range."""
    return (SwordHits(t.units[0], "any"),)


WARRIOR: tuple[LoreRule, ...] = (
    LoreRule("WR01", ordered_unit, strength),
    LoreRule("WR02", first_strike_targets, first_strike),
    LoreRule("WR03", ordered_unit, rampage),
    LoreRule("WR04", hold_the_line_targets, hold_the_line),
    LoreRule("WR05", forced_march_targets, forced_march),
    LoreRule("WR06", you, warlords_order),
    LoreRule("WR07", ordered_unit, weapon_mastery),
)
