"""Pile-in (rules GEO-11, AOS-9.3 step 1, D-14).

When a unit fights, each model ``m`` may move one straight segment of at most 3" (GEO-9 applies,
climbing included). ``e`` is the enemy model closest to ``m`` when ``m`` starts (tie: the lowest
id, here the first in the order given); unless it stays, ``m`` ends strictly closer to ``e``. A
model already touching ``e`` stays. The default planner heads for ``e``'s centre by
``min(3, distance)``; if GEO-9 or coherency forbids that, it bisects the length to 0.01" for the
longest legal move, else the model stays.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bitva.games.age_of_sigmar.geometry.coherency import group_count
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Point, gap, quantize_point
from bitva.games.age_of_sigmar.geometry.paths import Board, Violation, check_path

PILE_IN = 3.0
"""AOS-9.3: up to 3"."""
BISECT_TO = 0.01
"""GEO-11: the planner's precision."""


def closest_enemy(model: Circle, enemies: Sequence[Circle]) -> int | None:
    """GEO-11: the index of the enemy model closest to ``model`` (the first on a tie within EPS),
    None when no enemy is on the table."""
    best: int | None = None
    best_gap = math.inf
    for i, e in enumerate(enemies):
        d = gap(model, e)
        if d < best_gap - EPS:
            best, best_gap = i, d
    return best


def check_pile_in(
    model: Circle,
    end: Point,
    *,
    board: Board,
    friends: Sequence[Circle] = (),
    enemies: Sequence[Circle] = (),
    fly: bool = False,
) -> Violation | None:
    """GEO-11: may ``model`` pile in straight to ``end``? ``friends`` include its own unit's other
    models where they stand now."""
    if end == model.centre:
        return None
    target = closest_enemy(model, enemies)
    if target is None:
        return Violation("no_enemy", "GEO-11", "no enemy model to pile in towards")
    e = enemies[target]
    before = gap(model, e)
    if before <= EPS:
        return Violation(
            "touching_stays",
            "GEO-11",
            "a model touching the closest enemy model stays",
            params={"at": [e.x, e.y]},
        )
    found = check_path(
        (model.centre, end),
        model.r,
        allowance=PILE_IN,
        board=board,
        friends=friends,
        enemies=enemies,
        kind="pile_in",
        fly=fly,
    )
    if found is not None:
        return found
    after = gap(model.at(end), e)
    if not after < before - EPS:
        return Violation(
            "not_closer",
            "GEO-11, D-14",
            f'it must end strictly closer to the closest enemy model ({before:.3f}" now, '
            f'{after:.3f}" after)',
            params={"at": [e.x, e.y], "before": round(before, 3), "after": round(after, 3)},
        )
    return None


def _towards(model: Circle, target: Circle, length: float) -> Point:
    """The quantized point ``length`` inches from the model towards the target's centre, so the
    planned move is written and replayed exactly (issue 22: quantized notation)."""
    dx, dy = target.x - model.x, target.y - model.y
    norm = math.hypot(dx, dy)
    return quantize_point((model.x + dx / norm * length, model.y + dy / norm * length))


def plan_pile_in(
    unit: Sequence[Circle],
    *,
    board: Board,
    friends: Sequence[Circle] = (),
    enemies: Sequence[Circle] = (),
    order: Sequence[int] | None = None,
    fly: bool = False,
) -> tuple[Circle, ...]:
    """GEO-11's default planner for a whole unit, models in ``order`` (default: listing order).

    Each model heads for its closest enemy's centre by ``min(3, distance)``. A move is legal when
    :func:`check_pile_in` allows it and the unit is then in no more groups than it started in
    (D-4); otherwise the length is bisected to 0.01" for the longest legal move, else it stays.
    End points are quantized to 1/1000 inch and checked as quantized, so a plan written in the
    notation replays exactly (a move to base contact may stop up to 0.001" short).
    """
    positions = list(unit)
    start_groups = max(1, group_count(unit))
    for index in range(len(unit)) if order is None else order:
        m = positions[index]
        target = closest_enemy(m, enemies)
        if target is None:
            break
        e = enemies[target]
        distance = gap(m, e)
        if distance <= EPS:
            continue
        own = [c for j, c in enumerate(positions) if j != index]

        def legal(length: float, m: Circle = m, e: Circle = e, own: list[Circle] = own) -> bool:
            end = _towards(m, e, length)
            if (
                check_pile_in(
                    m, end, board=board, friends=(*own, *friends), enemies=enemies, fly=fly
                )
                is not None
            ):
                return False
            trial = [*own, m.at(end)]
            return group_count(trial) <= start_groups

        full = min(PILE_IN, distance)
        if legal(full):
            positions[index] = m.at(_towards(m, e, full))
            continue
        if legal(full - 0.001):  # the quantized point at contact overlapped: 1/1000 short
            positions[index] = m.at(_towards(m, e, full - 0.001))
            continue
        lo, hi = 0.0, full
        while hi - lo > BISECT_TO:
            mid = (lo + hi) / 2
            if legal(mid):
                lo = mid
            else:
                hi = mid
        if lo > 0.0:
            positions[index] = m.at(_towards(m, e, lo))
    return tuple(positions)
