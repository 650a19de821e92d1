"""A first evaluation for greedy and search: banners won (the goal, BL-16), then the figures
left weighted by the dice they roll (section 2.3), then threats: enemy units within reach of a
friendly attack. Roughly in [-1, 1], from `seat`'s side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bitva.games.battlelore.board import distance

if TYPE_CHECKING:
    from bitva.games.battlelore.state import BattleLoreState

BANNER_WEIGHT = 0.6
STRENGTH_WEIGHT = 0.3
THREAT_WEIGHT = 0.1


def strength(state: BattleLoreState, seat: int) -> float:
    """Figures left, each worth the dice its unit rolls in melee, as a share of the start."""
    now = sum(u.figures * u.type.melee_dice for u in state.field.alive(seat))
    start = sum(t.figures * t.melee_dice for t, side, _ in state.static.setup if side == seat)
    return now / start if start else 0.0


def threats(state: BattleLoreState, seat: int) -> float:
    """The share of enemy units next to (or in weapon range of) one of `seat`'s units."""
    mine = state.field.alive(seat)
    theirs = state.field.alive(3 - seat)
    if not theirs:
        return 1.0
    near = 0
    for enemy in theirs:
        if any(distance(u.hex, enemy.hex) <= max(1, u.type.weapon.range) for u in mine):
            near += 1
    return near / len(theirs)


def evaluate(state: BattleLoreState, seat: int) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.value(seat)
    need = state.static.victory_banners
    other = 3 - seat
    banners = (state.banners[seat - 1] - state.banners[other - 1]) / need
    power = strength(state, seat) - strength(state, other)
    reach = threats(state, seat) - threats(state, other)
    value = BANNER_WEIGHT * banners + STRENGTH_WEIGHT * power + THREAT_WEIGHT * reach
    return max(-1.0, min(1.0, value))
