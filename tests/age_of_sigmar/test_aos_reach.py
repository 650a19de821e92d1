"""Charge reach (rules GEO-9 a to e, AOS-8.3, D-2, D-7, D-8, D-9, D-11, D-13): the cheapest legal
charge move of a model, and of a unit, checked against :func:`check_path` and a brute-force grid
search."""

from __future__ import annotations

import heapq
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from bitva.games.age_of_sigmar.geometry.charge import (
    Arena,
    Line,
    Ring,
    intersections,
    model_reach,
    tangents,
    unit_reach,
)
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Point, Table, base_radius, gap
from bitva.games.age_of_sigmar.geometry.paths import Board, check_path, climb_cost
from bitva.games.age_of_sigmar.geometry.scenery import Feature, Movement, astride, overlaps

R32 = base_radius(32)
R40 = base_radius(40)
OPEN = Board(Table(48, 48))


def legal(
    reach_path: tuple[Point, ...], r: float, cost: float, board: Board, others: list[Circle]
) -> bool:
    """The path passes check_path as a charge move within its cost (GEO-9 a to e)."""
    return (
        check_path(reach_path, r, allowance=cost + 1e-6, board=board, friends=others, kind="charge")
        is None
    )


def test_geo_9_tangents_touch_both_circles() -> None:
    a, b = Ring((0.0, 0.0), 1.0), Ring((5.0, 1.0), 2.0)
    found = tangents(a, b)
    assert len(found) == 4
    for p, q in found:
        assert math.isclose(math.dist(p, a.c), 1.0) and math.isclose(math.dist(q, b.c), 2.0)
        # the segment is perpendicular to both radii
        d = (q[0] - p[0], q[1] - p[1])
        assert abs(d[0] * (p[0] - a.c[0]) + d[1] * (p[1] - a.c[1])) < 1e-9
        assert abs(d[0] * (q[0] - b.c[0]) + d[1] * (q[1] - b.c[1])) < 1e-9
    assert len(tangents(Ring((0.0, 0.0), 0.0), Ring((3.0, 0.0), 0.0))) == 1
    assert len(tangents(Ring((0.0, 0.0), 0.0), Ring((3.0, 0.0), 1.0))) == 2
    assert tangents(Ring((0.0, 0.0), 1.0), Ring((0.5, 0.0), 3.0)) == []


def test_geo_9_curve_intersections() -> None:
    assert sorted(intersections(Ring((0.0, 0.0), 5.0), Ring((8.0, 0.0), 5.0))) == [
        (4.0, -3.0),
        (4.0, 3.0),
    ]
    assert intersections(Line((-10.0, 3.0), (10.0, 3.0)), Ring((0.0, 0.0), 5.0)) == [
        (-4.0, 3.0),
        (4.0, 3.0),
    ]
    assert intersections(Line((0.0, 0.0), (2.0, 2.0)), Line((0.0, 2.0), (2.0, 0.0))) == [(1.0, 1.0)]
    assert intersections(Line((0.0, 0.0), (1.0, 0.0)), Line((0.0, 1.0), (1.0, 1.0))) == []


def test_aos_8_3_straight_reach_ends_half_an_inch_away() -> None:
    start, target = Circle(10, 10, R32), Circle(10, 20, R32)
    reach = model_reach(start, [target], board=OPEN, others=[target])
    assert reach is not None
    assert math.isclose(reach.cost, 10 - 2 * R32 - 0.5)
    assert math.isclose(gap(Circle(*reach.end, R32), target), 0.5)
    assert legal(reach.path, R32, reach.cost, OPEN, [target])


def test_d_2_exactly_half_an_inch_counts_t_10() -> None:
    # T-10: a Bloodreaver 7.6" from the nearest Liberator needs 7.1"
    start = Circle(10, 10, R32)
    target = Circle(10, 10 + R32 + R40 + 7.6, R40)
    reach = model_reach(start, [target], board=OPEN, others=[target])
    assert reach is not None and math.isclose(reach.cost, 7.1)
    assert model_reach(start, [target], board=OPEN, others=[target], limit=7.1) is not None
    assert model_reach(start, [target], board=OPEN, others=[target], limit=7.1 - 2 * EPS) is None


def test_geo_9c_d_7_goes_around_a_model_touching_it() -> None:
    start, target = Circle(10, 10, R32), Circle(10, 20, R32)
    blocker = Circle(10, 15, R32)
    reach = model_reach(start, [target], board=OPEN, others=[target, blocker])
    assert reach is not None
    straight = 10 - 2 * R32 - 0.5
    assert straight < reach.cost < straight + 1.0
    assert legal(reach.path, R32, reach.cost, OPEN, [target, blocker])
    # the path is tight: with a little less allowance no path exists
    assert (
        model_reach(start, [target], board=OPEN, others=[target, blocker], limit=reach.cost - 1e-3)
        is None
    )


def test_geo_9c_around_one_model_is_the_exact_geodesic() -> None:
    # tangent from the start, arc round the blocker (radius 2r), tangent through the target's
    # centre, stopping 2r + 1/2" short of it
    start, target, blocker = Circle(10, 10, R32), Circle(10, 20, R32), Circle(10, 15, R32)
    radius, goal = 2 * R32, 2 * R32 + 0.5
    exact = 2 * math.sqrt(25 - radius**2) + radius * (math.pi - 2 * math.acos(radius / 5)) - goal
    reach = model_reach(start, [target], board=OPEN, others=[target, blocker])
    assert reach is not None and math.isclose(reach.cost, exact, abs_tol=1e-9)


def test_geo_9c_the_end_is_on_no_model() -> None:
    # a wall of friends right in front of the target: the end must be beside them
    target = Circle(24, 30, R32)
    wall = [
        Circle(24 + dx, 30 - 2 * R32 - 0.01, R32) for dx in (-2 * R32 - 0.01, 0.0, 2 * R32 + 0.01)
    ]
    start = Circle(24, 20, R32)
    reach = model_reach(start, [target], board=OPEN, others=[target, *wall])
    assert reach is not None
    end = Circle(*reach.end, R32)
    assert all(gap(end, w) >= -EPS for w in wall) and gap(end, target) <= 0.5 + EPS
    assert legal(reach.path, R32, reach.cost, OPEN, [target, *wall])


def test_geo_9d_around_an_impassable_feature() -> None:
    chasm = Feature("I", "Chasm", ((6, 14), (14, 14), (14, 15), (6, 15)), 0, "impassable")
    board = Board(Table(48, 48), (chasm,))
    start, target = Circle(10, 10, R32), Circle(10, 20, R32)
    reach = model_reach(start, [target], board=board, others=[target])
    assert reach is not None
    # round the corner at (6, 14)-(6, 15) or (14, ...): at least the detour to x = 6 - r
    detour = 2 * math.hypot(4 + R32, 4.5) - 1
    assert reach.cost > detour - 1.5
    assert legal(reach.path, R32, reach.cost, board, [target])
    assert model_reach(start, [target], board=board, others=[target], fly=True) is not None


def test_geo_9e_d_8_climbing_costs_the_height_each_way() -> None:
    wall = Feature("W", "Wall", ((0, 14), (48, 14), (48, 15), (0, 15)), 1.5, "climb")
    board = Board(Table(48, 48), (wall,))
    start, target = Circle(10, 10, R32), Circle(10, 20, R32)
    reach = model_reach(start, [target], board=board, others=[target])
    assert reach is not None
    assert math.isclose(reach.cost, 10 - 2 * R32 - 0.5 + 3.0)
    assert legal(reach.path, R32, reach.cost, board, [target])
    assert climb_cost(reach.path, board.features) == 3.0


def test_geo_9e_going_round_a_short_wall_is_cheaper_than_over() -> None:
    wall = Feature("W", "Wall", ((9, 14), (11, 14), (11, 15), (9, 15)), 3.0, "climb")
    board = Board(Table(48, 48), (wall,))
    start, target = Circle(10, 10, R32), Circle(10, 20, R32)
    reach = model_reach(start, [target], board=board, others=[target])
    assert reach is not None
    over = 10 - 2 * R32 - 0.5 + 6
    assert reach.cost < over
    assert climb_cost(reach.path, board.features) == 0
    assert legal(reach.path, R32, reach.cost, board, [target])


def test_d_8_the_end_is_not_astride_a_climb_feature() -> None:
    # the target stands on a wide rock; a charger ends wholly on it (one climb) or clear of it
    rock = Feature("R", "Rock", ((5, 15), (15, 15), (15, 25), (5, 25)), 2.0, "climb")
    board = Board(Table(48, 48), (rock,))
    start, target = Circle(10, 10, R32), Circle(10, 16.2, R32)
    reach = model_reach(start, [target], board=board, others=[target])
    assert reach is not None
    assert not astride(Circle(*reach.end, R32), rock)
    assert legal(reach.path, R32, reach.cost, board, [target])


def test_geo_9e_a_charger_standing_on_a_rock_pays_to_climb_down() -> None:
    rock = Feature("R", "Rock", ((5, 5), (15, 5), (15, 12), (5, 12)), 2.0, "climb")
    board = Board(Table(48, 48), (rock,))
    start, target = Circle(10, 10, R32), Circle(10, 20, R32)
    reach = model_reach(start, [target], board=board, others=[target])
    assert reach is not None and math.isclose(reach.cost, 10 - 2 * R32 - 0.5 + 2.0)
    assert legal(reach.path, R32, reach.cost, board, [target])


def test_d_11_a_flyer_goes_straight_over_models_and_walls() -> None:
    wall = Feature("W", "Wall", ((0, 14), (48, 14), (48, 15), (0, 15)), 4.0, "climb")
    board = Board(Table(48, 48), (wall,))
    start, target = Circle(10, 10, R32), Circle(10, 20, R32)
    blocker = Circle(10, 13, R32)
    reach = model_reach(start, [target], board=board, others=[target, blocker], fly=True)
    assert reach is not None and math.isclose(reach.cost, 10 - 2 * R32 - 0.5)
    assert (
        check_path(
            reach.path,
            R32,
            allowance=reach.cost + EPS,
            board=board,
            friends=[target, blocker],
            kind="charge",
            fly=True,
        )
        is None
    )


def test_d_9_the_charger_stays_on_the_table() -> None:
    # the target hugs the table edge and a friend blocks the inner side: no legal end
    table = Board(Table(48, 48))
    target = Circle(R32, 24, R32)
    start = Circle(R32, 14, R32)
    guards = [
        Circle(R32 + 2 * R32 + 0.7, 24, R32),
        Circle(R32, 24 - 2 * R32 - 0.7, R32),
        Circle(R32, 24 + 2 * R32 + 0.7, R32),
    ]
    found = model_reach(start, [target], board=table, others=[target, *guards])
    assert found is None or all(table.table.holds(Circle(*p, R32)) for p in found.path)


def test_aos_8_3_d_13_unit_reach_is_the_best_model() -> None:
    unit = [Circle(10 + 2 * k * R32 + 0.2 * k, 10, R32) for k in range(5)]
    target = Circle(16, 22, R40)
    found = unit_reach(unit, [target], board=OPEN, others=[target])
    assert found is not None
    index, reach = found
    singles = [
        model_reach(m, [target], board=OPEN, others=[target, *(o for o in unit if o is not m)])
        for m in unit
    ]
    costs = [s.cost for s in singles if s is not None]
    assert math.isclose(reach.cost, min(costs))
    chosen = singles[index]
    assert chosen is not None and math.isclose(chosen.cost, reach.cost)


# -- brute force: a fine grid of legal polylines bounds the reach from above ---------------------


def _grid_reach(
    start: Circle, target: Circle, board: Board, others: list[Circle], step: float
) -> float:
    """The cheapest path over a 16-neighbour grid (each edge legal by the GEO-9 primitives,
    climbing counted), ending at a grid point within 1/2" of the target: an upper bound."""
    arena = Arena(board, start.r, tuple(Ring(o.centre, start.r + o.r) for o in others), (target,))
    table = board.table
    ox, oy = 0.0131, 0.0173  # off every boundary
    nx, ny = int(table.width / step), int(table.depth / step)
    pts = {(i, j): (ox + i * step, oy + j * step) for i in range(nx) for j in range(ny)}
    pts = {k: p for k, p in pts.items() if arena.free_point(p)}
    moves = [(1, 0), (0, 1), (1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1)]
    moves += [(-a, -b) for a, b in moves]
    dist: dict[tuple[int, int], float] = {}
    heap: list[tuple[float, tuple[int, int]]] = []

    def cost(a: Point, b: Point) -> float | None:
        if not arena.free_segment(a, b):
            return None
        return math.dist(a, b) + climb_cost([a, b], board.features)

    for k, p in pts.items():
        if math.dist(p, start.centre) <= 2 * step:
            c = cost(start.centre, p)
            if c is not None and c < dist.get(k, math.inf):
                dist[k] = c
                heapq.heappush(heap, (c, k))
    while heap:
        d, k = heapq.heappop(heap)
        if d > dist[k]:
            continue
        p = pts[k]
        if arena.legal_end(p):
            return d
        for a, b in moves:
            q = (k[0] + a, k[1] + b)
            if q in pts:
                c = cost(p, pts[q])
                if c is not None and d + c < dist.get(q, math.inf):
                    dist[q] = d + c
                    heapq.heappush(heap, (d + c, q))
    return math.inf


@settings(max_examples=6, deadline=None)
@given(
    st.lists(st.tuples(st.floats(3, 9), st.floats(4.5, 8.5)), min_size=1, max_size=3),
    st.sampled_from([None, "climb", "impassable"]),
    st.floats(2, 9),
)
def test_geo_9_reach_matches_a_brute_force_grid(
    blockers: list[tuple[float, float]], kind: Movement | None, wall_x: float
) -> None:
    table = Table(12, 12)
    features: tuple[Feature, ...] = ()
    if kind is not None:
        features = (
            Feature(
                "F",
                "F",
                ((wall_x, 5.6), (wall_x + 2.5, 5.6), (wall_x + 2.5, 6.4), (wall_x, 6.4)),
                1.0,
                kind,
            ),
        )
    board = Board(table, features)
    start, target = Circle(6, 2, R32), Circle(6, 10, R32)
    others = [target]
    for x, y in blockers:
        c = Circle(round(x, 3), round(y, 3), R32)
        apart = all(gap(c, o) > 0.05 for o in (*others, start))
        if apart and not any(
            astride(c, f) or (overlaps(c, f) and f.movement == "impassable") for f in features
        ):
            others.append(c)
    reach = model_reach(start, [target], board=board, others=others)
    grid = _grid_reach(start, target, board, others, 0.2)
    if reach is None:
        assert grid == math.inf
        return
    assert reach.cost <= grid + 1e-6
    assert legal(reach.path, R32, reach.cost, board, others)
    assert gap(Circle(*reach.end, R32), target) <= 0.5 + EPS
    # no path is shorter than the straight line (the grid, which cannot thread gaps narrower
    # than its cells, bounds only from above)
    assert reach.cost >= gap(start, target) - 0.5 - EPS


def _dense_reach(
    start: Circle, target: Circle, board: Board, others: list[Circle], k: int
) -> float:
    """A brute-force upper bound that threads gaps: shortest path over every legal straight move
    between sample points (the corners of k-gons circumscribing each obstacle circle and each
    impassable corner's circle, points just outside or inside each climb corner, points on the
    curves that bound the ends), climbing counted."""
    arena = Arena(board, start.r, tuple(Ring(o.centre, start.r + o.r) for o in others), (target,))
    r = start.r
    grow = 1 / math.cos(math.pi / k) + 1e-6
    pts: list[Point] = [start.centre]

    def ring(c: Point, radius: float, scale: float = 1.0) -> None:
        for i in range(k):
            a = 2 * math.pi * (i + 0.5) / k
            pts.append((c[0] + radius * scale * math.cos(a), c[1] + radius * scale * math.sin(a)))

    for o in arena.obstacles:
        ring(o.c, o.R, grow)
    for f in board.features:
        for v in f.polygon:
            if f.movement == "impassable":
                ring(v, r, grow)
            elif f.movement == "climb":
                ring(v, 1e-4)
                ring(v, r + 1e-6)
        if f.movement == "climb":
            n = len(f.polygon)
            for i in range(n):
                (ax, ay), (bx, by) = f.polygon[i], f.polygon[(i + 1) % n]
                length = math.hypot(bx - ax, by - ay)
                nx, ny = (by - ay) / length, (ax - bx) / length
                for j in range(1, k):
                    t = j / k
                    for side in (1, -1):
                        d = side * (r + 1e-6)
                        pts.append((ax + t * (bx - ax) + d * nx, ay + t * (by - ay) + d * ny))
    goal = start.r + target.r + 0.5
    for i in range(8 * k):
        a = 2 * math.pi * i / (8 * k)
        pts.append((target.x + (goal - 1e-7) * math.cos(a), target.y + (goal - 1e-7) * math.sin(a)))
    pts = [p for p in pts if arena.free_point(p)]
    best = {0: 0.0}
    heap = [(0.0, 0)]
    done: set[int] = set()
    while heap:
        d, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if arena.legal_end(pts[i]):
            return d
        for j, q in enumerate(pts):
            if j in done or not arena.free_segment(pts[i], q):
                continue
            c = d + math.dist(pts[i], q) + climb_cost([pts[i], q], board.features)
            if c < best.get(j, math.inf):
                best[j] = c
                heapq.heappush(heap, (c, j))
    return math.inf


@settings(max_examples=2, deadline=None)
@given(
    st.lists(st.tuples(st.floats(3, 9), st.floats(4.5, 8.5)), min_size=1, max_size=2),
    st.sampled_from([None, "climb", "impassable"]),
    st.floats(2, 9),
)
def test_geo_9_reach_is_the_least_over_dense_sample_paths(
    blockers: list[tuple[float, float]], kind: Movement | None, wall_x: float
) -> None:
    table = Table(12, 12)
    features: tuple[Feature, ...] = ()
    if kind is not None:
        corners = ((wall_x, 5.6), (wall_x + 2.5, 5.6), (wall_x + 2.5, 6.4), (wall_x, 6.4))
        features = (Feature("F", "F", corners, 1.0, kind),)
    board = Board(table, features)
    start, target = Circle(6, 2, R32), Circle(6, 10, R32)
    others = [target]
    for x, y in blockers:
        c = Circle(round(x, 3), round(y, 3), R32)
        # no gap so tight that the samples' polygons close it (they stand out by under 0.01")
        roomy = all(abs(gap(c, o) - 2 * R32) > 0.05 and gap(c, o) > 0.05 for o in (*others, start))
        if roomy and not any(overlaps(c, f) or _near(c, f, 2 * R32) for f in features):
            others.append(c)
    reach = model_reach(start, [target], board=board, others=others)
    dense = _dense_reach(start, target, board, others, 16)
    if reach is None:
        assert dense == math.inf
        return
    assert reach.cost <= dense + 1e-6
    assert dense <= reach.cost * 1.02 + 0.02  # 16-gons: arcs about 1.3% longer


def _near(c: Circle, f: Feature, clearance: float) -> bool:
    """The model's gap to the feature is within 0.05" of ``clearance`` (a near-tight passage)."""
    from bitva.games.age_of_sigmar.geometry.scenery import distance_to_feature

    return abs(distance_to_feature(c, f) - clearance) <= 0.05
