"""Whole-unit moves from one target point, keeping formation (issue 22: "advance the unit towards
(30, 20) keeping formation"; GEO-9, GEO-10, D-4).

The players think in units; the rules check models. :func:`plan_advance` turns "move this unit
towards that point" into per-model paths: every model is translated by the same vector (so the
formation, and with it coherency, is kept), models furthest along the way move first (so no model
walks through a unit mate that has not moved yet, D-7), and the end points are quantized to 1/1000
inch so the move replays exactly. The result is checked with
:func:`~bitva.games.age_of_sigmar.geometry.paths.check_unit_move`, the per-model paths being the
checked truth.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bitva.games.age_of_sigmar.geometry.measure import Circle, Point, quantize_point
from bitva.games.age_of_sigmar.geometry.paths import Board, MoveKind, check_unit_move

Moves = tuple[tuple[int, tuple[Point, Point]], ...]
BISECT_TO = 0.01
"""The planner's precision, as GEO-11's."""


def centroid_of(models: Sequence[Circle]) -> Point:
    """The mean of the models' centres (the unit's reference point)."""
    return (
        sum(m.x for m in models) / len(models),
        sum(m.y for m in models) / len(models),
    )


def translation(models: Sequence[Circle], dx: float, dy: float) -> Moves:
    """Every model moved straight by (dx, dy) to a quantized point, front models first."""
    order = sorted(range(len(models)), key=lambda i: -(models[i].x * dx + models[i].y * dy))
    return tuple(
        (i, ((models[i].x, models[i].y), quantize_point((models[i].x + dx, models[i].y + dy))))
        for i in order
    )


def plan_advance(
    unit: Sequence[Circle],
    towards: Point,
    *,
    allowance: float,
    board: Board,
    friends: Sequence[Circle] = (),
    enemies: Sequence[Circle] = (),
    kind: MoveKind = "normal",
    fly: bool = False,
) -> Moves:
    """Move the unit in formation towards ``towards`` (its centroid goes there if it can).

    The unit goes ``min(allowance, distance)`` (or 0.001" less, when quantizing the end points
    made a path longer than the allowance); if that is illegal (GEO-9, GEO-10, AOS-6.3) a
    normal move or run is cut back by bisection to 0.01" for the longest legal translation, and a
    retreat, which must end more than 3" away (AOS-6.4), is taken whole or not at all. Returns the
    per-model moves, empty when the unit stays.
    """
    if not unit:
        return ()
    cx, cy = centroid_of(unit)
    dx, dy = towards[0] - cx, towards[1] - cy
    distance = math.hypot(dx, dy)
    if distance == 0.0:
        return ()
    ux, uy = dx / distance, dy / distance

    def legal(length: float) -> Moves | None:
        moves = translation(unit, ux * length, uy * length)
        found = check_unit_move(
            unit,
            moves,
            allowance=allowance,
            board=board,
            friends=friends,
            enemies=enemies,
            kind=kind,
            fly=fly,
        )
        return moves if found is None else None

    full = min(allowance, distance)
    for length in (full, full - 0.001):  # quantizing may lengthen a path by up to 0.0007"
        whole = legal(length) if length > 0 else None
        if whole is not None:
            return whole
    if kind == "retreat":
        return ()
    best: Moves = ()
    lo, hi = 0.0, full
    while hi - lo > BISECT_TO:
        mid = (lo + hi) / 2
        moves = legal(mid)
        if moves is None:
            hi = mid
        else:
            lo, best = mid, moves
    return best
