"""Phase 2, elimination (LW-2.4, LW-7): who is engaged, and what one resolution does.

Pure functions over a state: they read it and return facts; the turn machinery in `state.py`
applies them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bitva.games.lords_of_war.state import LordsOfWarState


def engaged(state: LordsOfWarState, square: int, owner: int) -> bool:
    """LW-2.4: an enemy unit has an arrow pointing at `square`. Friendly arrows never engage."""
    board = state.board
    arrow_deltas = state.static.arrow_deltas
    for delta in state.static.mat.neighbour_deltas:
        other = board.get(square + delta)
        if other is not None and other >> 8 != owner and -delta in arrow_deltas[other]:
            return True
    return False


def engagers(state: LordsOfWarState, square: int, owner: int) -> list[int]:
    """The enemy units whose arrows point at `square` (LW-2.4)."""
    board = state.board
    arrow_deltas = state.static.arrow_deltas
    out = []
    for delta in state.static.mat.neighbour_deltas:
        other = board.get(square + delta)
        if other is not None and other >> 8 != owner and -delta in arrow_deltas[other]:
            out.append(other)
    return out


def arrows_hit_enemy(state: LordsOfWarState, square: int, u: int) -> bool:
    """Whether at least one arrow of unit `u` on `square` points at an enemy unit."""
    board = state.board
    owner = u >> 8
    for delta, _ in state.static.arrows[u]:
        other = board.get(square + delta)
        if other is not None and other >> 8 != owner:
            return True
    return False


def targets_in_grid(state: LordsOfWarState, square: int, u: int) -> list[int]:
    """LW-7.2: the squares of enemy units in the target grid of ranged unit `u` on `square`
    (no line of sight needed), lowest square first."""
    owner = u >> 8
    board = state.board
    out = []
    for target in state.static.grid(u, square):
        other = board.get(target)
        if other is not None and other >> 8 != owner:
            out.append(target)
    return out


@dataclass
class Resolution:
    """One simultaneous resolution (LW-7.1-7.5)."""

    damage: dict[int, int]  # unit -> total received
    attackers: dict[int, list[int]]  # unit -> units that dealt it damage
    eliminated: list[int]  # units whose damage exceeds their defence, by square


def resolve(state: LordsOfWarState) -> Resolution:
    """LW-7.1: every unit attacks with every arrow that points at an enemy; the active player's
    declared shooters shoot instead (LW-7.3, LW-11.5). LW-7.4: damage greater than defence
    eliminates. Nothing is removed here (LW-7.5: the caller removes all together)."""
    board = state.board
    static = state.static
    arrows = static.arrows
    shooting = state.shots
    damage: dict[int, int] = {}
    attackers: dict[int, list[int]] = {}
    for square, u in board.items():
        if u in shooting:
            continue  # LW-7.3: a shooter's arrows deal no damage this turn
        owner = u >> 8
        for delta, value in arrows[u]:
            other = board.get(square + delta)
            if other is not None and other >> 8 != owner:
                damage[other] = damage.get(other, 0) + value
                attackers.setdefault(other, []).append(u)
    pos = state.pos
    for shooter, target in shooting.items():
        if shooter in pos and target in pos:  # LW-11.5: no shot once the target is gone
            damage[target] = damage.get(target, 0) + static.card_of(shooter).ranged
            attackers.setdefault(target, []).append(shooter)
    card = static.card
    eliminated = [u for u, total in damage.items() if total > card[u].defence]  # type: ignore[union-attr]
    eliminated.sort(key=pos.__getitem__)
    return Resolution(damage, attackers, eliminated)
