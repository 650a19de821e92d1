"""Plane primitives for scenery and territory polygons (GEO-3, GEO-6 to GEO-9, GEO-12).

Polygons are tuples of points, simple and counter-clockwise (GEO-6). "Interior" is the open
polygon: a point closer than EPS to the boundary is on the boundary, and touching a boundary is
never "meeting the interior" (GEO-8: touching does not block; GEO-9c: touching is allowed).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from bitva.games.age_of_sigmar.geometry.measure import EPS, Point

Polygon = tuple[Point, ...]


def _cross(ax: float, ay: float, bx: float, by: float) -> float:
    return ax * by - ay * bx


def signed_area(poly: Sequence[Point]) -> float:
    """Shoelace area, positive for a counter-clockwise polygon."""
    total = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        total += x1 * y2 - x2 * y1
    return total / 2


def centroid(poly: Sequence[Point]) -> Point:
    """The area centroid (D-32: Seize Ground reads where a feature's centroid lies)."""
    area = signed_area(poly)
    cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        f = x1 * y2 - x2 * y1
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    return (cx / (6 * area), cy / (6 * area))


def point_segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0.0:
        return math.hypot(p[0] - a[0], p[1] - a[1])
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def boundary_distance(p: Point, poly: Sequence[Point]) -> float:
    """Distance from a point to the polygon's boundary."""
    n = len(poly)
    return min(point_segment_distance(p, poly[i], poly[(i + 1) % n]) for i in range(n))


def contains(p: Point, poly: Sequence[Point]) -> bool:
    """Even-odd test; a point on the boundary may go either way (callers handle the boundary)."""
    x, y = p
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def strictly_inside(p: Point, poly: Sequence[Point]) -> bool:
    """In the open interior: inside and more than EPS from the boundary."""
    return contains(p, poly) and boundary_distance(p, poly) > EPS


def point_polygon_distance(p: Point, poly: Sequence[Point]) -> float:
    """GEO-3: centre-to-polygon distance, 0 inside or on the boundary."""
    d = boundary_distance(p, poly)
    return 0.0 if d <= EPS or contains(p, poly) else d


def segments_intersect(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Closed segments ab and cd share a point (up to EPS)."""
    return segment_segment_distance(a, b, c, d) <= EPS


def segment_segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    rx, ry = b[0] - a[0], b[1] - a[1]
    sx, sy = d[0] - c[0], d[1] - c[1]
    denom = _cross(rx, ry, sx, sy)
    if denom != 0.0:
        qx, qy = c[0] - a[0], c[1] - a[1]
        t = _cross(qx, qy, sx, sy) / denom
        u = _cross(qx, qy, rx, ry) / denom
        if 0.0 <= t <= 1.0 and 0.0 <= u <= 1.0:
            return 0.0
    return min(
        point_segment_distance(a, c, d),
        point_segment_distance(b, c, d),
        point_segment_distance(c, a, b),
        point_segment_distance(d, a, b),
    )


def _breakpoints(a: Point, b: Point, poly: Sequence[Point]) -> list[float]:
    """Parameters t in [0, 1] where segment ab meets the polygon's boundary, with 0 and 1.

    Extra parameters are harmless (they only cut the segment finer); a collinear overlap adds the
    projections of the edge's ends.
    """
    rx, ry = b[0] - a[0], b[1] - a[1]
    length2 = rx * rx + ry * ry
    ts = [0.0, 1.0]
    if length2 == 0.0:
        return ts
    n = len(poly)
    for i in range(n):
        c = poly[i]
        d = poly[(i + 1) % n]
        sx, sy = d[0] - c[0], d[1] - c[1]
        qx, qy = c[0] - a[0], c[1] - a[1]
        denom = _cross(rx, ry, sx, sy)
        scale = math.sqrt(length2 * (sx * sx + sy * sy))
        if abs(denom) > 1e-12 * scale:
            t = _cross(qx, qy, sx, sy) / denom
            u = _cross(qx, qy, rx, ry) / denom
            if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= u <= 1 + 1e-9:
                ts.append(min(1.0, max(0.0, t)))
        else:
            for e in (c, d):
                t = ((e[0] - a[0]) * rx + (e[1] - a[1]) * ry) / length2
                if 0.0 < t < 1.0:
                    ts.append(t)
    ts.sort()
    return ts


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _bbox_apart(a: Point, b: Point, poly: Sequence[Point], margin: float = EPS) -> bool:
    """The segment's bounding box and the polygon's are more than ``margin`` apart."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (
        max(a[0], b[0]) < min(xs) - margin
        or min(a[0], b[0]) > max(xs) + margin
        or max(a[1], b[1]) < min(ys) - margin
        or min(a[1], b[1]) > max(ys) + margin
    )


def interior_runs(a: Point, b: Point, poly: Sequence[Point]) -> list[bool]:
    """Whether each piece of ab between boundary meetings lies in the open interior, in order."""
    if _bbox_apart(a, b, poly):
        return [False]
    ts = _breakpoints(a, b, poly)
    runs: list[bool] = []
    for t0, t1 in itertools.pairwise(ts):
        if t1 - t0 <= 1e-12:
            continue
        runs.append(strictly_inside(_lerp(a, b, (t0 + t1) / 2), poly))
    if not runs:
        runs.append(strictly_inside(a, poly))
    return runs


def segment_meets_interior(a: Point, b: Point, poly: Sequence[Point]) -> bool:
    """GEO-8, GEO-9d: some point of the closed segment lies in the open interior.

    Fast path: a proper crossing of an edge enters the interior; a segment that meets no edge is
    wholly inside or outside. Only a segment touching the boundary (through a vertex, along an
    edge) is cut at its boundary meetings and each piece tested (:func:`interior_runs`).
    """
    if _bbox_apart(a, b, poly):
        return False
    return meets_interior_near(a, b, poly)


def meets_interior_near(a: Point, b: Point, poly: Sequence[Point]) -> bool:
    """:func:`segment_meets_interior` without the bounding-box test (the caller made it)."""
    ax, ay = a
    bx, by = b
    rx, ry = bx - ax, by - ay
    seg_tol = EPS * math.hypot(rx, ry)
    touched = False
    cx, cy = poly[-1]
    for dx, dy in poly:
        sx, sy = dx - cx, dy - cy
        edge_tol = EPS * math.hypot(sx, sy)
        v1 = sx * (ay - cy) - sy * (ax - cx)  # a, b against the edge's line
        v2 = sx * (by - cy) - sy * (bx - cx)
        v3 = rx * (cy - ay) - ry * (cx - ax)  # the edge's ends against the segment's line
        v4 = rx * (dy - ay) - ry * (dx - ax)
        if (
            (v1 > edge_tol and v2 > edge_tol)
            or (v1 < -edge_tol and v2 < -edge_tol)
            or (v3 > seg_tol and v4 > seg_tol)
            or (v3 < -seg_tol and v4 < -seg_tol)
        ):
            pass  # strictly on one side: no contact with this edge
        elif ((v1 > edge_tol and v2 < -edge_tol) or (v1 < -edge_tol and v2 > edge_tol)) and (
            (v3 > seg_tol and v4 < -seg_tol) or (v3 < -seg_tol and v4 > seg_tol)
        ):
            return True  # a proper crossing enters the interior
        elif not touched and segment_segment_distance(a, b, (cx, cy), (dx, dy)) <= EPS:
            touched = True
        cx, cy = dx, dy
    if not touched:
        return contains(a, poly)
    return any(interior_runs(a, b, poly))


def segment_polygon_distance(a: Point, b: Point, poly: Sequence[Point]) -> float:
    """Least distance from segment ab to the closed polygon (0 when they meet)."""
    if segment_meets_interior(a, b, poly):
        return 0.0
    n = len(poly)
    return min(segment_segment_distance(a, b, poly[i], poly[(i + 1) % n]) for i in range(n))


def capsule_meets_interior(a: Point, b: Point, r: float, poly: Sequence[Point]) -> bool:
    """GEO-9d: the circle of radius r swept from a to b overlaps the open interior (touching the
    boundary from outside does not)."""
    if segment_meets_interior(a, b, poly):
        return True
    return segment_polygon_distance(a, b, poly) < r - EPS


def circle_overlaps_interior(centre: Point, r: float, poly: Sequence[Point]) -> bool:
    """A circle overlaps the open interior: its centre is inside, or the boundary is closer than
    its radius (touching from outside does not count)."""
    if _bbox_apart(centre, centre, poly, r):
        return False
    return strictly_inside(centre, poly) or boundary_distance(centre, poly) < r - EPS


def circle_wholly_inside(centre: Point, r: float, poly: Sequence[Point]) -> bool:
    """GEO-7: the closed circle lies in the closed polygon (touching the boundary from inside is
    still wholly inside)."""
    if _bbox_apart(centre, centre, poly):
        return False
    d = boundary_distance(centre, poly)
    if not (contains(centre, poly) or d <= EPS):
        return False
    return d >= r - EPS


def centre_crossings(path: Sequence[Point], poly: Sequence[Point]) -> int:
    """GEO-9e: how many times the centre's path goes into or out of the open interior."""
    states: list[bool] = []
    for a, b in itertools.pairwise(path):
        states.extend(interior_runs(a, b, poly))
    return sum(1 for s0, s1 in itertools.pairwise(states) if s0 != s1)


def is_simple(poly: Sequence[Point]) -> bool:
    """At least three vertices, no zero-length edge, and no two non-adjacent edges meet."""
    n = len(poly)
    if n < 3:
        return False
    edges = [(poly[i], poly[(i + 1) % n]) for i in range(n)]
    if any(math.hypot(e[1][0] - e[0][0], e[1][1] - e[0][1]) <= EPS for e in edges):
        return False
    for i in range(n):
        for j in range(i + 1, n):
            if j == i + 1 or (i == 0 and j == n - 1):
                continue
            if segments_intersect(*edges[i], *edges[j]):
                return False
    return abs(signed_area(poly)) > EPS
