"""The seven Rogue cards of section 5.2 (RG01-RG07): targets and effects, their numbers (level
notation of BL-13.2) from the catalogue (`content/lore.toml`)."""

from __future__ import annotations

from bitva.games.battlelore.field.morale import retreat_steps
from bitva.games.battlelore.lore.effects import (
    CancelCard,
    DrawCommands,
    Effect,
    EndMove,
    FewerOrders,
    IgnoreStops,
    RetreatNow,
    TakeTokens,
)
from bitva.games.battlelore.lore.targets import (
    LoreRule,
    Moment,
    Target,
    each_unit,
    lore_card,
    up_to,
    value,
    you,
)


def pickpocket(m: Moment, t: Target) -> tuple[Effect, ...]:
    """RG01 Pickpocket (OPPONENT): move 1 token/level from his goblet to yours; only what he
    holds (T-32: level 2 against a goblet of 1 takes 1)."""
    return (TakeTokens(m.opponent, value("RG01", "tokens", m.level)),)


def foil_targets(m: Moment) -> tuple[Target, ...]:
    """RG02 Foil (LORE_REACT): an opponent's card played this turn and still in force."""
    return tuple(Target(card=p.card) for p in m.played if p.seat == m.opponent and p.in_force)[-1:]


def foil(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Its remaining effect is cancelled; parts already resolved stand; no refund (T-30)."""
    assert t.card is not None
    return (CancelCard(t.card, m.opponent, whole=False, refund=False),)


def sidestep_targets(m: Moment) -> tuple[Target, ...]:
    """RG03 Sidestep (ROLL_BEFORE): your non-creature, unwebbed unit attacked in melee, and
    the hex it retreats to (BL-6.5: one of the two toward your edge, empty, not a river). It
    may be played with no such hex: then it has no effect."""
    defender = m.unit(m.defender)
    if defender is None or defender.side != m.seat or not m.melee:
        return ()
    if defender.type.is_creature or defender.webbed:
        return ()
    steps = retreat_steps(m.field, defender)
    if not steps:
        return (Target(units=(defender.uid,)),)
    return tuple(Target(units=(defender.uid,), hex=h) for h in steps)


def sidestep(m: Moment, t: Target) -> tuple[Effect, ...]:
    """It retreats 1 hex now and the attack is cancelled, with no follow-ons."""
    return (RetreatNow(t.units[0], t.hex),)


def misdirection(m: Moment, t: Target) -> tuple[Effect, ...]:
    """RG04 Misdirection (CMD_REACT, the opponent's Command card): it orders 1 unit/level
    fewer, at least 1."""
    return (FewerOrders(value("RG04", "units", m.level), lore_card("RG04").minimum),)


def stealth_targets(m: Moment) -> tuple[Target, ...]:
    """RG05 Stealth (MOV_OWN): up to 1 ordered unit/level of yours that has not moved yet."""
    most = value("RG05", "units", m.level)
    return up_to((u for u in m.own_ordered() if not u.moved and not u.battled), most)


def stealth(m: Moment, t: Target) -> tuple[Effect, ...]:
    """They ignore forest and ford stops this turn."""
    return (IgnoreStops(t.units, frozenset(lore_card("RG05").stops)),)


def scheming(m: Moment, t: Target) -> tuple[Effect, ...]:
    """RG06 Scheming (YOU): at this turn's Draw, draw 2 Command cards and keep 1 (not stacking
    with Scout)."""
    draw_keep = lore_card("RG06").draw_keep
    assert draw_keep is not None
    return (DrawCommands(*draw_keep),)


def snare_targets(m: Moment) -> tuple[Target, ...]:
    """RG07 Snare (MOV_REACT): 1 enemy within 2 hexes/level (D-38) that is moving now or is
    ordered and has not moved yet."""
    reach = value("RG07", "range", m.level)
    return each_unit(
        u
        for u in m.enemies()
        if m.in_range(u.hex, reach)
        and (u.uid == m.moving or (u.ordered and not u.moved and not u.move_stopped))
    )


def snare(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Its move ends now; it may still battle."""
    return (EndMove(t.units[0]),)


ROGUE: tuple[LoreRule, ...] = (
    LoreRule("RG01", you, pickpocket),
    LoreRule("RG02", foil_targets, foil),
    LoreRule("RG03", sidestep_targets, sidestep),
    LoreRule("RG04", you, misdirection),
    LoreRule("RG05", stealth_targets, stealth),
    LoreRule("RG06", you, scheming),
    LoreRule("RG07", snare_targets, snare),
)
