"""Charge reach: how far a model must move to end within 1/2" of a target (GEO-9, AOS-8.3, D-13).

A charge succeeds when its first model ends within 1/2" of an enemy model (AOS-8.3, D-13); the
roll is the allowance of GEO-9a. :func:`model_reach` finds the least cost (length plus climbing,
GEO-9e, D-8) of a legal path from a model's centre to any legal end near a target unit, on the
board as it stands: every other model is an obstacle (GEO-9c, D-7, touching allowed), impassable
scenery is not entered by the swept circle (GEO-9d), the base stays on the table (GEO-9b, D-9),
each crossing of a climb feature's boundary costs its height, and the end is on no model, on the
table, out of impassable scenery and not astride a climb feature (D-8). AOS-6.3 does not apply to
charges (AOS-8.3). A flyer moves straight; only its end is checked (D-11).

Method: a visibility graph in the centre's configuration space. Obstacles are circles of radius
``r + r_o`` (models) and ``r`` (impassable vertices, whose tangents are the offset edges);
climb vertices are circles of radius 0 where a path may bend to avoid a crossing. Nodes are the
tangent points of bitangents between these circles; edges are tangent segments and arcs, each
checked with the primitives :func:`~.paths.check_path` uses. A shortest path ends either at a
node, at the foot from a node on one curve bounding the legal ends (a goal circle of radius
``r + r_t + 1/2``, an obstacle circle, a table line, an offset edge or vertex circle of a
feature), or at a corner where two such curves meet; all of them are tried (a last piece leaves a
circle where its tangent aims at a circle's centre or a corner, or is normal to a line: such
points join the circle's nodes when the search first reaches it). A* (the distance to
the nearest goal circle is a consistent bound) over (node, climb state) gives the least cost;
crossings are counted per boundary, a piece lying on a boundary changing nothing (the infimum of
paths just inside it).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Point, Table, gap, within
from bitva.games.age_of_sigmar.geometry.paths import CHARGE_REACH, Board
from bitva.games.age_of_sigmar.geometry.polygon import (
    Polygon,
    boundary_distance,
    capsule_meets_interior,
    circle_overlaps_interior,
    contains,
    point_segment_distance,
)
from bitva.games.age_of_sigmar.geometry.scenery import Feature, astride

TAU = 2 * math.pi
_TOL = 1e-9  # numerical slack for a computed point lying on a curve


@dataclass(frozen=True, slots=True)
class Reach:
    """The cheapest charge move of one model: its ``cost`` in inches (GEO-9a: length plus
    climbing), where it ends and the path (a polyline whose arcs are chords within EPS of the
    obstacle, so :func:`~.paths.check_path` accepts it with ``allowance = cost``)."""

    cost: float
    end: Point
    path: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class Ring:
    """A circle curve: centre ``c``, radius ``R`` (0 is a point)."""

    c: Point
    R: float


@dataclass(frozen=True, slots=True)
class Line:
    """A segment curve from ``a`` to ``b``."""

    a: Point
    b: Point


Curve = Ring | Line


def _dist(p: Point, q: Point) -> float:
    return math.hypot(p[0] - q[0], p[1] - q[1])


def tangents(a: Ring, b: Ring) -> list[tuple[Point, Point]]:
    """The common tangent segments of two circles (4, fewer when they overlap; a point is a circle
    of radius 0), each as its tangent point on ``a`` and on ``b``."""
    dx, dy = b.c[0] - a.c[0], b.c[1] - a.c[1]
    d = math.hypot(dx, dy)
    if d <= 1e-12:
        return []
    ux, uy = dx / d, dy / d
    found: list[tuple[Point, Point]] = []
    for s in (1.0, -1.0):  # the tangent line n.p = k has n.a - k = R_a, n.b - k = s R_b
        cos = (s * b.R - a.R) / d
        if abs(cos) > 1 + 1e-12:
            continue
        cos = max(-1.0, min(1.0, cos))
        sin = math.sqrt(max(0.0, 1 - cos * cos))
        for sign in (1.0, -1.0):
            nx, ny = cos * ux - sign * sin * uy, cos * uy + sign * sin * ux
            p = (a.c[0] - a.R * nx, a.c[1] - a.R * ny)
            q = (b.c[0] - s * b.R * nx, b.c[1] - s * b.R * ny)
            if not any(_dist(p, f[0]) < 1e-12 and _dist(q, f[1]) < 1e-12 for f in found):
                found.append((p, q))
    return found


def intersections(u: Curve, v: Curve) -> list[Point]:
    """Where two curves cross or touch."""
    if isinstance(u, Line) and isinstance(v, Ring):
        u, v = v, u
    if isinstance(u, Ring) and isinstance(v, Ring):
        d = _dist(u.c, v.c)
        if d <= 1e-12 or d > u.R + v.R + _TOL or d < abs(u.R - v.R) - _TOL:
            return []
        a = (d * d + u.R * u.R - v.R * v.R) / (2 * d)
        h = math.sqrt(max(0.0, u.R * u.R - a * a))
        ex, ey = (v.c[0] - u.c[0]) / d, (v.c[1] - u.c[1]) / d
        mx, my = u.c[0] + a * ex, u.c[1] + a * ey
        return [(mx - h * ey, my + h * ex), (mx + h * ey, my - h * ex)]
    if isinstance(u, Ring) and isinstance(v, Line):
        (ax, ay), (bx, by) = v.a, v.b
        rx, ry = bx - ax, by - ay
        fx, fy = ax - u.c[0], ay - u.c[1]
        qa = rx * rx + ry * ry
        if qa == 0.0:
            return []
        qb = 2 * (fx * rx + fy * ry)
        qc = fx * fx + fy * fy - u.R * u.R
        disc = qb * qb - 4 * qa * qc
        if disc < -1e-12 * max(1.0, qb * qb):
            return []
        root = math.sqrt(max(0.0, disc))
        ts = ((-qb - root) / (2 * qa), (-qb + root) / (2 * qa))
        return [(ax + t * rx, ay + t * ry) for t in ts if -1e-9 <= t <= 1 + 1e-9]
    assert isinstance(u, Line) and isinstance(v, Line)
    rx, ry = u.b[0] - u.a[0], u.b[1] - u.a[1]
    sx, sy = v.b[0] - v.a[0], v.b[1] - v.a[1]
    den = rx * sy - ry * sx
    if abs(den) <= 1e-12:
        return []
    qx, qy = v.a[0] - u.a[0], v.a[1] - u.a[1]
    t = (qx * sy - qy * sx) / den
    w = (qx * ry - qy * rx) / den
    if -1e-9 <= t <= 1 + 1e-9 and -1e-9 <= w <= 1 + 1e-9:
        return [(u.a[0] + t * rx, u.a[1] + t * ry)]
    return []


def foot(q: Point, curve: Curve) -> Point:
    """The point of the curve nearest to ``q``."""
    if isinstance(curve, Ring):
        d = _dist(q, curve.c)
        if d <= 1e-12:
            return (curve.c[0] + curve.R, curve.c[1])
        k = curve.R / d
        return (curve.c[0] + (q[0] - curve.c[0]) * k, curve.c[1] + (q[1] - curve.c[1]) * k)
    (ax, ay), (bx, by) = curve.a, curve.b
    rx, ry = bx - ax, by - ay
    length2 = rx * rx + ry * ry
    t = 0.0 if length2 == 0 else ((q[0] - ax) * rx + (q[1] - ay) * ry) / length2
    t = max(0.0, min(1.0, t))
    return (ax + t * rx, ay + t * ry)


def offsets(poly: Polygon, r: float) -> list[Curve]:
    """The curves at distance ``r`` from the polygon's boundary: each edge moved out and in by r,
    and a circle of radius r at each vertex (they hold the boundaries of GEO-9d and D-8)."""
    curves: list[Curve] = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        length = _dist(a, b)
        nx, ny = (b[1] - a[1]) / length * r, (a[0] - b[0]) / length * r  # outward, CCW polygon
        curves.append(Line((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny)))
        curves.append(Line((a[0] - nx, a[1] - ny), (b[0] - nx, b[1] - ny)))
        curves.append(Ring(a, r))
    return curves


def _table_lines(table: Table, r: float) -> list[Curve]:
    """Where the centre of a base of radius ``r`` meets the table's edge (D-9)."""
    w, d = table.width, table.depth
    corners = [(r, r), (w - r, r), (w - r, d - r), (r, d - r)]
    return [Line(a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)]


def _convex_vertices(poly: Polygon) -> list[Point]:
    turns = zip(poly[-1:] + poly[:-1], poly, poly[1:] + poly[:1], strict=True)
    return [v for p, v, q in turns if (v[0] - p[0]) * (q[1] - v[1]) > (v[1] - p[1]) * (q[0] - v[0])]


def _box(points: Sequence[Point], margin: float = 0.0) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def _curve_box(curve: Curve) -> tuple[float, float, float, float]:
    return _box([curve.c], curve.R) if isinstance(curve, Ring) else _box([curve.a, curve.b])


@dataclass(frozen=True)
class Arena:
    """What one charging model of radius ``r`` moves among: the board, the other models on the
    table as obstacle circles (radius ``r + r_o``) and the target's models."""

    board: Board
    r: float
    obstacles: tuple[Ring, ...]
    targets: tuple[Circle, ...]

    @property
    def impassable(self) -> tuple[Feature, ...]:
        return tuple(f for f in self.board.features if f.movement == "impassable")

    @property
    def climbs(self) -> tuple[Feature, ...]:
        return tuple(f for f in self.board.features if f.movement == "climb")

    def free_point(self, p: Point) -> bool:
        """GEO-9b, c, d at one centre point."""
        if not self.board.table.holds(Circle(p[0], p[1], self.r)):
            return False
        if any(_dist(p, o.c) < o.R - EPS for o in self.obstacles):
            return False
        return not any(circle_overlaps_interior(p, self.r, f.polygon) for f in self.impassable)

    def free_segment(self, a: Point, b: Point) -> bool:
        """GEO-9b to d for one straight piece, as :func:`~.paths.check_path` tests them."""
        table = self.board.table
        if not (
            table.holds(Circle(a[0], a[1], self.r)) and table.holds(Circle(b[0], b[1], self.r))
        ):
            return False
        x0, x1 = min(a[0], b[0]), max(a[0], b[0])
        y0, y1 = min(a[1], b[1]), max(a[1], b[1])
        for o in self.obstacles:
            if (
                x0 - o.R <= o.c[0] <= x1 + o.R
                and y0 - o.R <= o.c[1] <= y1 + o.R
                and point_segment_distance(o.c, a, b) < o.R - EPS
            ):
                return False
        return not any(capsule_meets_interior(a, b, self.r, f.polygon) for f in self.impassable)

    def reaches(self, p: Point) -> bool:
        """AOS-8.3: a base at ``p`` is within 1/2" of a target model."""
        here = Circle(p[0], p[1], self.r)
        return any(within(gap(here, t), CHARGE_REACH) for t in self.targets)

    def legal_end(self, p: Point) -> bool:
        """A charging model may end here within 1/2" of the target (GEO-9b to e, D-8)."""
        if not (self.reaches(p) and self.free_point(p)):
            return False
        here = Circle(p[0], p[1], self.r)
        return not any(astride(here, f) for f in self.climbs)

    def goal_curves(self) -> list[Curve]:
        """The curves that bound the legal ends near the target (see the module docstring)."""
        r = self.r
        goals: list[Curve] = [Ring(t.centre, r + t.r + CHARGE_REACH) for t in self.targets]
        others: list[Curve] = [*self.obstacles, *_table_lines(self.board.table, r)]
        for f in (*self.impassable, *self.climbs):
            others.extend(offsets(f.polygon, r))
        boxes = [_curve_box(g) for g in goals]

        def near(curve: Curve) -> bool:
            x0, y0, x1, y1 = _curve_box(curve)
            return any(x0 <= b[2] and b[0] <= x1 and y0 <= b[3] and b[1] <= y1 for b in boxes)

        return goals + [c for c in others if near(c)]

    def lower_bound(self, p: Point) -> float:
        """A consistent A* bound: the straight distance to the nearest goal circle."""
        return max(0.0, min(_dist(p, t.centre) - self.r - t.r - CHARGE_REACH for t in self.targets))


# -- climbing: crossings of climb boundaries (GEO-9e, D-8) -----------------------------------


def _states(points: Callable[[float], Point], ts: list[float], poly: Polygon) -> list[bool]:
    """Inside/outside of each piece between the breakpoints ``ts``; pieces on the boundary say
    nothing (a path may run just inside or outside them at no extra length)."""
    found: list[bool] = []
    for t0, t1 in itertools.pairwise(sorted(ts)):
        if t1 - t0 <= 1e-12:
            continue
        mid = points((t0 + t1) / 2)
        if boundary_distance(mid, poly) <= EPS:
            continue
        state = contains(mid, poly)
        if not found or found[-1] != state:
            found.append(state)
    return found


def _edges(poly: Polygon) -> Iterator[Line]:
    n = len(poly)
    for i in range(n):
        yield Line(poly[i], poly[(i + 1) % n])


def _segment_params(a: Point, b: Point, curves: Sequence[Curve]) -> list[float]:
    rx, ry = b[0] - a[0], b[1] - a[1]
    length2 = rx * rx + ry * ry
    ts = [0.0, 1.0]
    if length2 == 0:
        return ts
    seg = Line(a, b)
    for curve in curves:
        points = intersections(seg, curve)
        if isinstance(curve, Line) and not points:  # parallel: the edge's ends cut the piece
            points = [curve.a, curve.b]
        for p in points:
            t = ((p[0] - a[0]) * rx + (p[1] - a[1]) * ry) / length2
            if 0.0 < t < 1.0:
                ts.append(t)
    return ts


@dataclass(frozen=True, slots=True)
class _Arc:
    ring: Ring
    start: float  # angle
    span: float  # signed, |span| < 2 pi

    def point(self, t: float) -> Point:
        angle = self.start + self.span * t
        return (
            self.ring.c[0] + self.ring.R * math.cos(angle),
            self.ring.c[1] + self.ring.R * math.sin(angle),
        )

    def params(self, curves: Sequence[Curve]) -> list[float]:
        ts = [0.0, 1.0]
        for curve in curves:
            for p in intersections(self.ring, curve):
                angle = math.atan2(p[1] - self.ring.c[1], p[0] - self.ring.c[0])
                turn = (angle - self.start) % TAU if self.span > 0 else (self.start - angle) % TAU
                t = turn / abs(self.span)
                if 0.0 < t < 1.0:
                    ts.append(t)
        return ts

    @property
    def length(self) -> float:
        return abs(self.span) * self.ring.R

    def chords(self) -> list[Point]:
        """Points along the arc (ends excluded) whose chords stay within EPS/2 of it."""
        if self.ring.R <= EPS:
            return []
        step = 2 * math.acos(max(-1.0, 1 - EPS / (2 * self.ring.R)))
        count = math.ceil(abs(self.span) / step)
        return [self.point(k / count) for k in range(1, count)]


def _cross_cost(
    states: Sequence[list[bool]], mask: int, climbs: Sequence[Feature]
) -> tuple[float, int]:
    """GEO-9e: the climbing cost of a piece entered in state ``mask`` and the state it leaves."""
    cost = 0.0
    for i, runs in enumerate(states):
        if not runs:
            continue
        was = bool(mask >> i & 1)
        changes = (runs[0] != was) + len(runs) - 1
        cost += changes * climbs[i].height
        mask = mask | (1 << i) if runs[-1] else mask & ~(1 << i)
    return cost, mask


# -- the search ---------------------------------------------------------------------------------


@dataclass
class _Graph:
    points: list[Point]
    ring_of: list[int]  # index into rings
    partners: list[list[int]]  # straight tangent edges
    on_ring: dict[int, list[tuple[float, int]]]  # ring -> nodes sorted by angle
    rings: list[Ring]
    terminal: list[bool]
    departures_added: set[int]

    def add(self, ring: int, p: Point, terminal: bool = False) -> int:
        """A new node at ``p`` on circle ``ring`` (a circle of radius 0 has one node)."""
        self.points.append(p)
        self.ring_of.append(ring)
        self.partners.append([])
        self.terminal.append(terminal)
        index = len(self.points) - 1
        if self.rings[ring].R > 0:
            c = self.rings[ring].c
            angle = math.atan2(p[1] - c[1], p[0] - c[0]) % TAU
            self.on_ring.setdefault(ring, []).append((angle, index))
        return index

    def add_departures(
        self, ring: int, field: Arena, curves: list[Curve], corners: list[Point]
    ) -> None:
        """Where a last straight piece may leave circle ``ring`` (added when the search first
        reaches it): towards a curve's centre (a foot on a circle lies on the line to its
        centre), along a line's normal, or towards a corner."""
        self.departures_added.add(ring)
        circle = self.rings[ring]
        aims = [c.c for c in curves if isinstance(c, Ring)] + corners
        found = [q for aim in aims for _, q in tangents(Ring(aim, 0.0), circle)]
        for line in (c for c in curves if isinstance(c, Line)):
            length = _dist(line.a, line.b)
            ux, uy = (line.b[0] - line.a[0]) / length, (line.b[1] - line.a[1]) / length
            found.append((circle.c[0] + circle.R * ux, circle.c[1] + circle.R * uy))
            found.append((circle.c[0] - circle.R * ux, circle.c[1] - circle.R * uy))
        for q in found:
            if field.free_point(q):
                self.add(ring, q)
        self.on_ring[ring].sort()


def _build(field: Arena, start: Point, limit: float, corners: list[Point]) -> _Graph:
    r = field.r
    rings: list[Ring] = [Ring(start, 0.0)]
    rings += [o for o in field.obstacles if o.R > 0]
    for f in field.impassable:
        rings += [Ring(v, r) for v in _convex_vertices(f.polygon)]
    for f in field.climbs:
        rings += [Ring(v, 0.0) for v in f.polygon]
    kept = [rings[0]]
    for ring in rings[1:]:  # a circle no path within the limit can touch is left out
        bound = max(0.0, _dist(start, ring.c) - ring.R) + max(
            0.0, field.lower_bound(ring.c) - ring.R
        )
        if bound <= limit + EPS:
            kept.append(ring)
    graph = _Graph([], [], [], {}, kept, [], set())
    point_node: dict[int, int] = {}

    def node(ring: int, p: Point, terminal: bool = False) -> int:
        if kept[ring].R == 0:
            if ring not in point_node:
                point_node[ring] = graph.add(ring, p)
            return point_node[ring]
        return graph.add(ring, p, terminal)

    node(0, start)
    for i, j in itertools.combinations(range(len(kept)), 2):
        for p, q in tangents(kept[i], kept[j]):
            a, b = node(i, p), node(j, q)
            graph.partners[a].append(b)
            graph.partners[b].append(a)
    for corner in corners:  # ends on an obstacle circle are reached along it too
        for k, ring in enumerate(kept):
            if ring.R > 0 and abs(_dist(corner, ring.c) - ring.R) <= _TOL:
                node(k, corner, terminal=True)
    for nodes in graph.on_ring.values():
        nodes.sort()
    return graph


def model_reach(
    start: Circle,
    targets: Sequence[Circle],
    *,
    board: Board,
    others: Sequence[Circle],
    fly: bool = False,
    limit: float = math.inf,
) -> Reach | None:
    """GEO-9, AOS-8.3: the cheapest legal charge move of the model ``start`` that ends within
    1/2" of one of ``targets``, or None when none costs at most ``limit``.

    ``others`` are every other model on the table (its own unit, friends, enemies, the targets
    too); they are obstacles (D-7) and no end may overlap them.
    """
    if not targets or min(gap(start, t) for t in targets) - CHARGE_REACH > limit + EPS:
        return None
    rings = tuple(Ring(o.centre, start.r + o.r) for o in others)
    field = Arena(board, start.r, rings, tuple(targets))
    curves = field.goal_curves()
    corners = [
        p
        for u, v in itertools.combinations(curves, 2)
        for p in intersections(u, v)
        if field.legal_end(p)
    ]
    s = start.centre
    if fly:  # D-11: a straight move; only the end is checked
        ends = [*corners, *(foot(s, c) for c in curves)]
        best = min(((_dist(s, e), e) for e in ends if field.legal_end(e)), default=None)
        if best is None or best[0] > limit + EPS:
            return None
        return Reach(best[0], best[1], (s, best[1]))
    return _search(field, s, limit, curves, corners)


def _lerp(a: Point, b: Point) -> Callable[[float], Point]:
    return lambda t: (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


_Key = tuple[int, int]  # (node, climb state); nodes < 0 are ends found on the way


def _search(
    field: Arena, s: Point, limit: float, curves: list[Curve], corners: list[Point]
) -> Reach | None:
    relevant = tuple(o for o in field.obstacles if _dist(s, o.c) - o.R <= limit + EPS)
    field = Arena(field.board, field.r, relevant, field.targets)
    graph = _build(field, s, limit, corners)
    climbs = field.climbs
    climb_edges = [list(_edges(f.polygon)) for f in climbs]
    blockers = [*field.obstacles, *_table_lines(field.board.table, field.r)]
    for f in field.impassable:
        blockers += offsets(f.polygon, field.r)
    mask0 = sum(1 << i for i, f in enumerate(climbs) if contains(s, f.polygon))
    ends: list[Point] = []
    found = [limit + 2 * EPS]  # the least cost of an end pushed so far
    best: dict[_Key, float] = {(0, mask0): 0.0}
    came: dict[_Key, tuple[_Key, _Arc | None]] = {}
    heap: list[tuple[float, float, int, int, int]] = []
    tie = itertools.count()
    heapq.heappush(heap, (field.lower_bound(s), 0.0, next(tie), 0, mask0))

    boxes = [_box(f.polygon, EPS) for f in climbs]

    def segment_cost(a: Point, b: Point, mask: int) -> tuple[float, int] | None:
        if not field.free_segment(a, b):
            return None
        x0, y0, x1, y1 = _curve_box(Line(a, b))
        states = [
            _states(_lerp(a, b), _segment_params(a, b, edges), f.polygon)
            if x0 <= box[2] + EPS
            and box[0] - EPS <= x1
            and y0 <= box[3] + EPS
            and box[1] - EPS <= y1
            else [False]  # wholly outside the feature
            for f, edges, box in zip(climbs, climb_edges, boxes, strict=True)
        ]
        extra, after = _cross_cost(states, mask, climbs)
        return _dist(a, b) + extra, after

    def arc_cost(arc: _Arc, mask: int) -> tuple[float, int] | None:
        ts = sorted(arc.params(blockers))
        pieces = itertools.pairwise(ts)
        if not all(field.free_point(arc.point((t0 + t1) / 2)) for t0, t1 in pieces):
            return None
        states = [
            _states(arc.point, arc.params(edges), f.polygon)
            for f, edges in zip(climbs, climb_edges, strict=True)
        ]
        extra, after = _cross_cost(states, mask, climbs)
        return arc.length + extra, after

    def push(key: _Key, g: float, parent: _Key, arc: _Arc | None) -> None:
        h = 0.0 if key[0] < 0 else field.lower_bound(graph.points[key[0]])
        if g + h > limit + EPS or g >= best.get(key, math.inf):
            return
        best[key] = g
        came[key] = (parent, arc)
        heapq.heappush(heap, (g + h, g, next(tie), key[0], key[1]))

    while heap:
        _, g, _, n, mask = heapq.heappop(heap)
        key = (n, mask)
        if g > best.get(key, math.inf):
            continue
        if n < 0 or graph.terminal[n] or field.legal_end(graph.points[n]):
            return _finish(graph, ends, came, key, g)
        here = graph.points[n]
        feet = [(foot(here, c), False) for c in curves]
        for e, known in (*feet, *((c, True) for c in corners)):
            if e == here or g + _dist(here, e) >= found[0]:
                continue  # cannot beat an end already found
            if known or field.legal_end(e):
                step = segment_cost(here, e, mask)
                if step is not None:
                    ends.append(e)
                    found[0] = min(found[0], g + step[0])
                    push((-len(ends), step[1]), g + step[0], key, None)
        for m in graph.partners[n]:
            step = segment_cost(here, graph.points[m], mask)
            if step is not None:
                push((m, step[1]), g + step[0], key, None)
        ring = graph.ring_of[n]
        if graph.rings[ring].R > 0:
            if ring not in graph.departures_added:
                graph.add_departures(ring, field, curves, corners)
            for m, arc in _ring_neighbours(graph, ring, n):
                step = arc_cost(arc, mask) if arc.span != 0 else (0.0, mask)
                if step is not None:
                    push((m, step[1]), g + step[0], key, arc)
    return None


def _ring_neighbours(graph: _Graph, ring: int, n: int) -> Iterator[tuple[int, _Arc]]:
    """The nodes next to ``n`` on its circle, either way round, with the arc to each."""
    nodes = graph.on_ring[ring]
    k = next(i for i, (_, m) in enumerate(nodes) if m == n)
    angle = nodes[k][0]
    circle = graph.rings[ring]
    for step in (1, -1):
        other_angle, m = nodes[(k + step) % len(nodes)]
        if m == n:
            continue
        span = (other_angle - angle) % TAU if step == 1 else -((angle - other_angle) % TAU)
        yield m, _Arc(circle, angle, span)


def _finish(
    graph: _Graph,
    ends: list[Point],
    came: dict[_Key, tuple[_Key, _Arc | None]],
    key: _Key,
    cost: float,
) -> Reach:
    """The path back to the start, arcs as chords."""

    def at(n: int) -> Point:
        return graph.points[n] if n >= 0 else ends[-1 - n]

    points: list[Point] = [at(key[0])]
    while key in came:
        parent, arc = came[key]
        if arc is not None:
            points.extend(reversed(arc.chords()))
        points.append(at(parent[0]))
        key = parent
    path = tuple(reversed(points))
    return Reach(cost, path[-1], path)


def unit_reach(
    unit: Sequence[Circle],
    targets: Sequence[Circle],
    *,
    board: Board,
    others: Sequence[Circle],
    fly: bool = False,
    limit: float = math.inf,
) -> tuple[int, Reach] | None:
    """AOS-8.3, D-13: the unit's charge reach, the least :func:`model_reach` over its models (the
    controller picks the first model; the others then move freely), with that model's index.

    ``unit`` holds the unit's models on the table; ``others`` every other model on the table.
    Models are tried nearest first and a model whose straight distance cannot beat the best so
    far is skipped, so the answer is the same as trying all.
    """
    order = sorted(
        range(len(unit)),
        key=lambda i: min((gap(unit[i], t) for t in targets), default=math.inf),
    )
    found: tuple[int, Reach] | None = None
    for i in order:
        bound = min((gap(unit[i], t) for t in targets), default=math.inf) - CHARGE_REACH
        cap = limit if found is None else min(limit, found[1].cost)
        if bound > cap + EPS:
            break
        own = [c for j, c in enumerate(unit) if j != i]
        reach = model_reach(
            unit[i], targets, board=board, others=(*own, *others), fly=fly, limit=cap
        )
        if reach is not None and (found is None or reach.cost < found[1].cost):
            found = (i, reach)
    return found
