"""The seven Wizard cards of section 5.2 (WZ01-WZ07): targets and effects. Their numbers (dice,
ranges, tokens in the level notation of BL-13.2) and the faces they name come from the catalogue
(`content/lore.toml`); the docstrings quote them."""

from __future__ import annotations

from bitva.games.battlelore.field.board import HEX_COUNT, NEIGHBOURS, distance
from bitva.games.battlelore.field.movement import enterable
from bitva.games.battlelore.lore.effects import (
    CancelCard,
    Effect,
    ExtraDice,
    GainTokens,
    PlaceUnit,
)
from bitva.games.battlelore.lore.targets import (
    LoreRule,
    Moment,
    Target,
    enemy_in_reach,
    roll_against,
    value,
    you,
)


def fire_bolt(m: Moment, t: Target) -> tuple[Effect, ...]:
    """WZ01 Fire Bolt, on 1 enemy within 2 hexes/level: roll 1D/level+1; helmets of its
    colour and `L` hit; `F` makes it retreat."""
    return roll_against("WZ01", m, t.units)


def summon_lore(m: Moment, t: Target) -> tuple[Effect, ...]:
    """WZ02 Summon Lore (YOU): take 1 token/level+1 from the pool (only what it holds, BL-12.2)."""
    return (GainTokens(m.seat, value("WZ02", "tokens", m.level)),)


def by_the_river(m: Moment, hex_: int) -> bool:
    """WZ03: on a ford, on a bridge, or next to a river hex."""
    terrain = m.field.terrain
    return terrain[hex_] in ("ford", "bridge") or any(
        terrain[n] == "river" for n in NEIGHBOURS[hex_]
    )


def river_rage_targets(m: Moment) -> tuple[Target, ...]:
    """WZ03 River Rage: every enemy unit on a ford, a bridge or next to a river, all at once
    (no choice, so the action names no unit: `lore WZ03`; not playable while there is none)."""
    uids = tuple(sorted(u.uid for u in m.enemies() if by_the_river(m, u.hex)))
    return (Target(units=uids, whole=True),) if uids else ()


def river_rage(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Roll 1D/level against each: helmets of its colour and `F` are hits."""
    return roll_against("WZ03", m, t.units)


def creeping_doom_area(hex_: int) -> tuple[int, ...]:
    """WZ04: the target hex and its (up to) 6 neighbours."""
    return (hex_, *NEIGHBOURS[hex_])


def creeping_doom_targets(m: Moment) -> tuple[Target, ...]:
    """WZ04 Creeping Doom: 1 hex within 3 hexes per level (D-38) whose area holds a unit."""
    reach = value("WZ04", "range", m.level)
    return tuple(
        Target(hex=h)
        for h in range(HEX_COUNT)
        if m.in_range(h, reach) and any(m.field.at[a] is not None for a in creeping_doom_area(h))
    )


def creeping_doom(m: Moment, t: Target) -> tuple[Effect, ...]:
    """Roll 1D/level+1 against every unit in the 7 hexes, friend or foe: helmets of its colour
    and `L` hit (T-27: 2 dice each at level 1)."""
    assert t.hex is not None
    uids = sorted(uid for a in creeping_doom_area(t.hex) if (uid := m.field.at[a]) is not None)
    return roll_against("WZ04", m, uids)


def _just_played_by_opponent(m: Moment) -> Target | None:
    if m.played and m.played[-1].seat == m.opponent and m.played[-1].in_force:
        return Target(card=m.played[-1].card)
    return None


def dispel_targets(m: Moment) -> tuple[Target, ...]:
    """WZ05 Dispel (LORE_REACT): the card the opponent has just played."""
    found = _just_played_by_opponent(m)
    return (found,) if found else ()


def dispel_cost(m: Moment) -> int:
    """WZ05's "?": what the dispelled card's owner paid (T-29: 4 for River Rage)."""
    return m.played[-1].paid if m.played else 0


def dispel(m: Moment, t: Target) -> tuple[Effect, ...]:
    """The card is cancelled and discarded; its owner's payment goes back to his goblet."""
    return (CancelCard(m.played[-1].card, m.played[-1].seat, whole=True, refund=True),)


def teleport_targets(m: Moment) -> tuple[Target, ...]:
    """WZ06 Teleport: 1 ordered non-creature of yours that has not moved, to an empty
    non-river hex within 1 hex/level+1."""
    reach = value("WZ06", "range", m.level)
    found: list[Target] = []
    for u in sorted(m.own_ordered(), key=lambda u: u.uid):
        if u.type.is_creature or u.moved or u.move_stopped or u.battled:
            continue
        found += [
            Target(units=(u.uid,), hex=h)
            for h in range(HEX_COUNT)
            if 0 < distance(u.hex, h) <= reach and enterable(m.field, h)
        ]
    return tuple(found)


def teleport(m: Moment, t: Target) -> tuple[Effect, ...]:
    """It is placed there: its move, with the arrival terrain's rules."""
    assert t.hex is not None
    return (PlaceUnit(t.units[0], t.hex),)


def guided_arrows(m: Moment, t: Target) -> tuple[Effect, ...]:
    """WZ07 Guided Arrows (BAT_RANGED; your ranged attackers this turn): +1D/level to each
    of your ranged battles this turn."""
    return (ExtraDice(None, value("WZ07", "dice", m.level), "ranged", m.seat),)


WIZARD: tuple[LoreRule, ...] = (
    LoreRule("WZ01", enemy_in_reach("WZ01"), fire_bolt),
    LoreRule("WZ02", you, summon_lore),
    LoreRule("WZ03", river_rage_targets, river_rage),
    LoreRule("WZ04", creeping_doom_targets, creeping_doom),
    LoreRule("WZ05", dispel_targets, dispel, dispel_cost),
    LoreRule("WZ06", teleport_targets, teleport),
    LoreRule("WZ07", you, guided_arrows),
)
