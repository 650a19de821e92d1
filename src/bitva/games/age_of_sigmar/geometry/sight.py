"""Line of sight (rules GEO-8, D-5, D-6, AOS-11.2).

Each model has nine sample points: its centre and the points of its circle at 0, 45, ..., 315
degrees. Model A sees model B when one of the 81 segments between their sample points meets the
interior of no blocking polygon, a blocking polygon being a ``blocks_sight`` feature that neither
circle overlaps (a model in a wood sees out and is seen, D-5). Touching a boundary does not block.
Models never block sight (D-6), so a model sees through its own unit. The test is symmetric.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from bitva.games.age_of_sigmar.geometry.measure import Circle, Point, gap, within
from bitva.games.age_of_sigmar.geometry.polygon import Polygon, meets_interior_near
from bitva.games.age_of_sigmar.geometry.scenery import Feature, overlaps

_DIRECTIONS = tuple(
    (math.cos(math.radians(angle)), math.sin(math.radians(angle))) for angle in range(0, 360, 45)
)
# exact axis values, so (x + r, y) is not off by one ulp
_DIRECTIONS = tuple(
    (0.0 if abs(c) < 1e-12 else c, 0.0 if abs(s) < 1e-12 else s) for c, s in _DIRECTIONS
)


def sample_points(model: Circle) -> tuple[Point, ...]:
    """GEO-8: the centre, then the circle at 0, 45, ..., 315 degrees."""
    x, y, r = model.x, model.y, model.r
    return ((x, y), *((x + r * c, y + r * s) for c, s in _DIRECTIONS))


def blocking(a: Circle, b: Circle, features: Iterable[Feature]) -> list[Polygon]:
    """GEO-8, D-5: the polygons of ``blocks_sight`` features overlapped by neither model."""
    return [
        f.polygon for f in features if f.blocks_sight and not overlaps(a, f) and not overlaps(b, f)
    ]


Box = tuple[float, float, float, float]


def _box(poly: Polygon) -> Box:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def _clear(p: Point, q: Point, walls: Sequence[tuple[Polygon, Box]]) -> bool:
    """The segment pq meets the interior of none of the walls (bounding boxes first)."""
    for poly, (x0, y0, x1, y1) in walls:
        if (
            (p[0] if p[0] > q[0] else q[0]) <= x0
            or (p[0] if p[0] < q[0] else q[0]) >= x1
            or (p[1] if p[1] > q[1] else q[1]) <= y0
            or (p[1] if p[1] < q[1] else q[1]) >= y1
        ):
            continue
        if meets_interior_near(p, q, poly):
            return False
    return True


def sees(a: Circle, b: Circle, features: Iterable[Feature]) -> bool:
    """GEO-8: model ``a`` sees model ``b``."""
    return sight_line(a, b, features) is not None


def sight_line(a: Circle, b: Circle, features: Iterable[Feature]) -> tuple[Point, Point] | None:
    """The first clear segment (observer's sample point, target's) in sample order, None if
    ``a`` cannot see ``b``; for showing why a target is visible."""
    walls = [(w, _box(w)) for w in blocking(a, b, features)]
    if not walls:
        return ((a.x, a.y), (b.x, b.y))
    targets = sample_points(b)
    for p in sample_points(a):
        for q in targets:
            if _clear(p, q, walls):
                return (p, q)
    return None


def unit_visible(model: Circle, unit: Sequence[Circle], features: Sequence[Feature]) -> bool:
    """GEO-8: a unit is visible to a model when one of its models is."""
    return any(sees(model, other, features) for other in unit)


def units_see(a: Sequence[Circle], b: Sequence[Circle], features: Sequence[Feature]) -> bool:
    """Some model of unit ``a`` sees some model of unit ``b`` (the analysis' ``visible``)."""
    return any(sees(m, o, features) for m in a for o in b)


def can_target(
    model: Circle, weapon_range: float, unit: Sequence[Circle], features: Sequence[Feature]
) -> bool:
    """AOS-11.2, D-37: a weapon of ``model`` may target the unit when one of its models is both
    within the weapon's range (GEO-3, GEO-4) and visible to the model (GEO-8)."""
    return any(
        within(gap(model, target), weapon_range) and sees(model, target, features)
        for target in unit
    )
