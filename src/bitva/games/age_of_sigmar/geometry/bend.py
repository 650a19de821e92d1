"""Bending a model's path round the bases in its way, for the planners that build whole-unit
moves (GEO-9c, GEO-9d, D-7; `charge_plan`, `formation`).

A planner proposes a simple route (straight, or the first model's way shifted); a base standing
on it makes the route illegal although a step to the side would do. :func:`bent` fills the
route with points every BEND_STEP inches, pushes each point out of every obstacle circle it lies
in (CLEARANCE beyond it), fills and pushes again, and simplifies what is left. An obstacle is a
circle the model's centre keeps out of: another model's base grown by the model's radius, a
vertex of impassable scenery, or (for a move that may not come within 3" of an enemy, AOS-6.3)
an enemy base grown by 3" more. The result is a proposal: the rules' own check of the move
(`paths.check_unit_move`) decides.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from bitva.games.age_of_sigmar.geometry.measure import Circle, Point, quantize_point
from bitva.games.age_of_sigmar.geometry.paths import Board
from bitva.games.age_of_sigmar.geometry.polygon import point_segment_distance

Obstacle = tuple[Point, float]
"""A circle a model's centre keeps out of: (centre, radius)."""

CLEARANCE = 0.05
"""How far outside an obstacle a bent path runs (inches): the notation writes points to 1/1000
inch, so a point on an obstacle's edge could fall inside."""
SIMPLIFY = 0.02
"""The largest distance a simplified path strays from the pushed one (inches): less than the
clearance, so it never touches an obstacle either."""
BEND_STEP = 0.25
"""How far apart the points of a route are before they are pushed out (inches)."""
BEND_PASSES = 3
"""How often a route is filled in and pushed out again (a pushed point may leave a long chord
that cuts into the obstacle)."""
TIE = 0.05
"""A point this near (in radii) to the line through an obstacle's centre along the route is
pushed sideways, not straight out."""
SLACK = 0.01
"""Kept from the allowance where a path is cut to it, for the notation's rounding (inches)."""


def quantized(path: Sequence[Point]) -> tuple[Point, ...]:
    """The path as the notation writes it (1/1000 inch)."""
    return tuple(quantize_point(p) for p in path)


def length(path: Sequence[Point]) -> float:
    """GEO-9a: the polyline's length."""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(path))


def obstacles(
    r: float,
    others: Sequence[Circle],
    board: Board,
    enemies: Sequence[Circle] = (),
    enemy_gap: float = 0.0,
) -> list[Obstacle]:
    """The circles a centre of radius ``r`` keeps out of: every other model in ``others``
    (GEO-9c), each vertex of impassable scenery (GEO-9d) and each enemy model grown by
    ``enemy_gap`` (3" for a normal move or run, AOS-6.3; 0 when it only may not be crossed)."""
    found = [(o.centre, r + o.r) for o in others]
    found += [(e.centre, r + e.r + enemy_gap) for e in enemies]
    for feature in board.features:
        if feature.movement == "impassable":
            found += [(v, r) for v in feature.polygon]
    return found


def pushed(
    path: Sequence[Point], blocks: Sequence[Obstacle], heading: Point | None = None
) -> list[Point]:
    """Each point moved out to CLEARANCE beyond every obstacle it lies within CLEARANCE of; the
    start stays where the model stands.

    Without a ``heading`` a point goes straight out from the obstacle's centre (for a path that
    already hugs it). With one (the route's direction), it goes out towards the side of the
    route the obstacle's centre is not on: a route straight through a centre would otherwise be
    pushed only back and forth along itself, never round."""
    start = path[0]
    out = [start]
    for p in path[1:]:
        x, y = p
        for (cx, cy), radius in blocks:
            d = math.hypot(x - cx, y - cy)
            if d >= radius + CLEARANCE:
                continue
            ux, uy = ((x - cx) / d, (y - cy) / d) if d > 0 else (0.0, 0.0)
            if heading is not None:
                hx, hy = heading
                # a point (nearly) on the line through the centre along the route would be
                # pushed along the route: push it to the side the centre is not on instead
                if abs(-hy * (x - cx) + hx * (y - cy)) < TIE * radius:
                    left_of_route = hx * (cy - start[1]) - hy * (cx - start[0]) > 0
                    ux, uy = (hy, -hx) if left_of_route else (-hy, hx)
            norm = math.hypot(ux, uy)
            if norm == 0:
                continue
            k = (radius + CLEARANCE) / norm
            x, y = cx + ux * k, cy + uy * k
        out.append((x, y))
    return out


def simplified(path: Sequence[Point]) -> list[Point]:
    """Douglas-Peucker: the fewest points whose polyline stays within SIMPLIFY of ``path``."""
    if len(path) < 3:
        return list(path)
    a, b = path[0], path[-1]
    far, index = 0.0, 0
    for i in range(1, len(path) - 1):
        d = point_segment_distance(path[i], a, b)
        if d > far:
            far, index = d, i
    if far <= SIMPLIFY:
        return [a, b]
    return simplified(path[: index + 1])[:-1] + simplified(path[index:])


def dense(route: Sequence[Point]) -> list[Point]:
    """The route with a point at least every BEND_STEP inches."""
    out = [route[0]]
    for a, b in itertools.pairwise(route):
        pieces = max(1, math.ceil(math.dist(a, b) / BEND_STEP))
        out += [
            (a[0] + (b[0] - a[0]) * k / pieces, a[1] + (b[1] - a[1]) * k / pieces)
            for k in range(1, pieces + 1)
        ]
    return out


def bent(route: Sequence[Point], blocks: Sequence[Obstacle], sideways: bool = False) -> list[Point]:
    """The route bent round the obstacles it would touch (the module docstring); ``sideways``
    pushes points to the side of the route's straight line away from each obstacle's centre
    (see :func:`pushed`), for a straight route that may run through a centre."""
    (x0, y0), (x1, y1) = route[0], route[-1]
    span = math.hypot(x1 - x0, y1 - y0)
    heading = ((x1 - x0) / span, (y1 - y0) / span) if sideways and span > 0 else None
    blocks = _near(route, blocks)
    if not blocks:
        return list(route)
    points = list(route)
    for _ in range(BEND_PASSES):
        points = pushed(dense(points), blocks, heading)
    return simplified(points)


def _near(route: Sequence[Point], blocks: Sequence[Obstacle]) -> list[Obstacle]:
    """The obstacles that a route's points could be pushed into or onto: within reach of the
    route's bounding box grown by the largest push (an obstacle's radius)."""
    if not blocks:
        return []
    reach = max(radius for _, radius in blocks) + CLEARANCE
    xs, ys = [p[0] for p in route], [p[1] for p in route]
    x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
    return [
        b for b in blocks if x0 - b[1] <= b[0][0] <= x1 + b[1] and y0 - b[1] <= b[0][1] <= y1 + b[1]
    ]


def cut(route: Sequence[Point], inches: float) -> list[Point]:
    """The first ``inches`` of a polyline."""
    out = [route[0]]
    left = inches
    for a, b in itertools.pairwise(route):
        step = math.dist(a, b)
        if step >= left:
            t = left / step if step > 0 else 0.0
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return out
        out.append(b)
        left -= step
    return out


def stops(
    route: Sequence[Point], longest: float, step: float, count: int
) -> list[tuple[Point, ...]]:
    """The route cut at ``longest`` inches, then ``step`` shorter each time, ``count`` cuts at
    most, quantized: the first legal one is the furthest a model may go along it."""
    found: list[tuple[Point, ...]] = []
    at = longest
    while at > 0 and len(found) < count:
        found.append(quantized(cut(route, at)))
        at -= step
    return found
