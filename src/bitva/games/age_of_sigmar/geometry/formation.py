"""Whole-unit moves from one target point, keeping formation (issue 22: "advance the unit towards
(30, 20) keeping formation"; GEO-9, GEO-10, D-4).

The players think in units; the rules check models. :func:`plan_advance` turns "move this unit
towards that point" into per-model paths: every model is translated by the same vector (so the
formation, and with it coherency, is kept), models furthest along the way move first (so no model
walks through a unit mate that has not moved yet, D-7), and the end points are quantized to 1/1000
inch so the move replays exactly. When a base in the way (a friend, say) cuts that translation
short, each model's path is bent round the bases in its way instead (`geometry.bend`), the
models that must go round first; that move is taken when it gets the unit further. The result
is checked with :func:`~bitva.games.age_of_sigmar.geometry.paths.check_unit_move`, the per-model
paths being the checked truth.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

from bitva.games.age_of_sigmar.geometry.bend import SLACK, bent, cut, length, obstacles, quantized
from bitva.games.age_of_sigmar.geometry.measure import Circle, Point, quantize_point
from bitva.games.age_of_sigmar.geometry.paths import (
    ENEMY_DISTANCE,
    Board,
    MoveKind,
    check_path,
    check_unit_move,
)

Moves = tuple[tuple[int, tuple[Point, ...]], ...]
BISECT_TO = 0.01
"""The planner's precision, as GEO-11's."""
BENT_BELOW = 0.9
"""A translation cut back below this share of the move is compared with the bent advance."""
BASES_IN_THE_WAY = ("onto_model", "through_model")
"""What stops the whole move that bending may get round (GEO-9c, D-7)."""
BENT_SHARES = (1.0, 0.75, 0.5)
"""The shares of the move tried for the bent advance, longest first."""
BENT_TO = 0.1
"""How near the longest legal part of a model's bent path is found (inches)."""


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
    bend: bool = False,
) -> Moves:
    """Move the unit in formation towards ``towards`` (its centroid goes there if it can).

    The unit goes ``min(allowance, distance)`` (or 0.001" less, when quantizing the end points
    made a path longer than the allowance); if that is illegal (GEO-9, GEO-10, AOS-6.3) a
    normal move or run is cut back by bisection to 0.01" for the longest legal translation, and a
    retreat, which must end more than 3" away (AOS-6.4), is taken whole or not at all. With
    ``bend`` (a player's command), a translation that a base cut short is compared with the
    advance bent round the bases (:func:`_bent_advance`); the AI's candidates do without it
    (it took about three times as long, docs/ai.md). Returns the per-model moves, empty when
    the unit stays.
    """
    if not unit:
        return ()
    cx, cy = centroid_of(unit)
    dx, dy = towards[0] - cx, towards[1] - cy
    distance = math.hypot(dx, dy)
    if distance == 0.0:
        return ()
    ux, uy = dx / distance, dy / distance

    codes: list[str] = []  # why the translations tried were illegal

    def passes(moves: Moves) -> bool:
        """Does the move pass the rules' check (GEO-9, GEO-10)? Why not goes to ``codes``."""
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
        if found is not None:
            codes.append(found.code)
        return found is None

    def legal(length: float) -> Moves | None:
        moves = translation(unit, ux * length, uy * length)
        return moves if passes(moves) else None

    full = min(allowance, distance)
    for go in (full, full - 0.001):  # quantizing may lengthen a path by up to 0.0007"
        straight = legal(go) if go > 0 else None
        if straight is not None:
            return straight
    by_a_base = bool(codes) and codes[-1] in BASES_IN_THE_WAY
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
    if not bend or lo >= BENT_BELOW * full or not by_a_base:  # it goes round bases only
        return best
    for share in BENT_SHARES:  # a unit split round a base may rejoin only short of its end
        go = full * share
        if go <= lo + BISECT_TO:
            break
        around = _bent_advance(
            unit, (ux * go, uy * go), allowance, board, friends, enemies, kind, fly, passes
        )
        if around and _gain(unit, around) > lo + BISECT_TO:
            return around
    return best


def _furthest(
    route: Sequence[Point], longest: float, legal: Callable[[tuple[Point, ...]], bool]
) -> tuple[Point, ...] | None:
    """The longest legal start of the route, to BENT_TO inches (bisection: a model that may go
    so far along it may in practice go less far); None when not even BENT_TO is legal."""
    whole = quantized(cut(route, longest))
    if longest <= 0 or legal(whole):
        return whole if longest > 0 else None
    best: tuple[Point, ...] | None = None
    lo, hi = 0.0, longest
    while hi - lo > BENT_TO:
        mid = (lo + hi) / 2
        path = quantized(cut(route, mid))
        if legal(path):
            lo, best = mid, path
        else:
            hi = mid
    return best


def _gain(unit: Sequence[Circle], moves: Sequence[tuple[int, Sequence[Point]]]) -> float:
    """How far the unit's centroid moved."""
    ends = list(unit)
    for i, path in moves:
        ends[i] = ends[i].at(path[-1])
    (x0, y0), (x1, y1) = centroid_of(unit), centroid_of(ends)
    return math.hypot(x1 - x0, y1 - y0)


def _bent_advance(
    unit: Sequence[Circle],
    shift: Point,
    allowance: float,
    board: Board,
    friends: Sequence[Circle],
    enemies: Sequence[Circle],
    kind: MoveKind,
    fly: bool,
    passes: Callable[[Moves], bool],
) -> Moves:
    """The unit's advance by ``shift`` with each model's straight path bent round the bases in
    its way (`bend`), front models first, each as far along its bent path as it may go; empty
    when the whole is illegal (incoherent, above all: GEO-10, D-4)."""
    dx, dy = shift
    gap = ENEMY_DISTANCE if kind in ("normal", "run") else 0.0  # AOS-6.3

    def fits(path: Sequence[Point], r: float, others: Sequence[Circle]) -> bool:
        """May a model of radius ``r`` take ``path`` past ``others`` (GEO-9, AOS-6.3)?"""
        found = check_path(
            path,
            r,
            allowance=allowance,
            board=board,
            friends=others,
            enemies=enemies,
            kind=kind,
            fly=fly,
        )
        return found is None

    def blocked(i: int) -> bool:  # by what does not move with the unit
        m = unit[i]
        return not fits(((m.x, m.y), (m.x + dx, m.y + dy)), m.r, friends)

    # the models that must go round first, while their neighbours still leave them room; then
    # front models first, so that no model walks through a unit mate still standing (D-7)
    order = sorted(
        range(len(unit)), key=lambda i: (not blocked(i), -(unit[i].x * dx + unit[i].y * dy))
    )
    positions = list(unit)
    moves: list[tuple[int, tuple[Point, ...]]] = []
    for i in order:
        here = unit[i]
        others = (*(c for j, c in enumerate(positions) if j != i), *friends)
        legal = functools.partial(fits, r=here.r, others=others)
        straight = quantized([here.centre, (here.x + dx, here.y + dy)])
        if legal(straight):
            path: tuple[Point, ...] | None = straight
        else:
            blocks = obstacles(here.r, others, board, enemies, gap)
            route = bent([here.centre, straight[-1]], blocks, sideways=True)
            path = _furthest(route, min(allowance - SLACK, length(route)), legal)
        if path is not None:
            moves.append((i, path))
            positions[i] = here.at(path[-1])
    return tuple(moves) if moves and passes(tuple(moves)) else ()
