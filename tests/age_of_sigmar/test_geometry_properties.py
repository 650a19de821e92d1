"""Geometry property tests (issue 22, item 7): distances symmetric and non-negative, a legal path
never overlaps a model, quantized round trips, coherency invariant under translation, line of
sight symmetric (D-5), pile-in plans always pass the GEO-11 check."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from bitva.games.age_of_sigmar.geometry.coherency import groups
from bitva.games.age_of_sigmar.geometry.measure import (
    EPS,
    Circle,
    Table,
    base_radius,
    format_path,
    format_point,
    gap,
    parse_path,
    parse_point,
    quantize,
    quantize_point,
    unit_to_unit,
)
from bitva.games.age_of_sigmar.geometry.paths import Board, check_path
from bitva.games.age_of_sigmar.geometry.pile_in import check_pile_in, plan_pile_in
from bitva.games.age_of_sigmar.geometry.polygon import (
    boundary_distance,
    contains,
    segment_meets_interior,
)
from bitva.games.age_of_sigmar.geometry.scenery import Feature
from bitva.games.age_of_sigmar.geometry.sight import sees

RADII = [base_radius(b) for b in (25, 32, 40, 50, 60)]
TABLE = Table(48, 48)
OBELISK = Feature("F1", "Obelisk", ((20, 20), (26, 20), (26, 25), (20, 25)), 4, "climb", True)
CHASM = Feature("C", "Chasm", ((6, 30), (12, 30), (9, 36)), 0, "impassable")
BOARD = Board(TABLE, (OBELISK, CHASM))

coords = st.floats(min_value=0, max_value=48, allow_nan=False)
circles = st.builds(Circle, coords, coords, st.sampled_from(RADII))
# on a 1/8" grid, so translations are exact in binary
grid = st.integers(min_value=0, max_value=48 * 8).map(lambda v: v / 8)
grid_circles = st.builds(Circle, grid, grid, st.sampled_from(RADII))


@given(circles, circles)
def test_gap_is_symmetric_and_non_negative(a: Circle, b: Circle) -> None:
    assert gap(a, b) == gap(b, a) >= 0


@given(st.lists(circles, min_size=1, max_size=6), st.lists(circles, min_size=1, max_size=6))
def test_unit_distance_is_symmetric_and_the_least_pair(a: list[Circle], b: list[Circle]) -> None:
    d = unit_to_unit(a, b)
    assert d == unit_to_unit(b, a) >= 0
    assert math.isclose(d, min(gap(m, o) for m in a for o in b), abs_tol=1e-12)


@given(st.floats(min_value=-1e4, max_value=1e4, allow_nan=False), coords)
def test_quantized_points_round_trip_bit_for_bit(x: float, y: float) -> None:
    q = quantize_point((x, y))
    assert parse_point(format_point((x, y))) == q
    assert format_point(parse_point(format_point(q))) == format_point(q)
    assert abs(q[0] - x) <= 0.0005 + 1e-9 and quantize(q[0]) == q[0]


@given(st.lists(st.tuples(coords, coords), min_size=1, max_size=5))
def test_quantized_paths_round_trip(points: list[tuple[float, float]]) -> None:
    path = tuple(quantize_point(p) for p in points)
    assert parse_path(format_path(path)) == path


@given(
    st.lists(grid_circles, min_size=1, max_size=8),
    st.integers(min_value=-80, max_value=80),
    st.integers(min_value=-80, max_value=80),
)
def test_coherency_is_invariant_under_translation(models: list[Circle], dx: int, dy: int) -> None:
    moved = [Circle(m.x + dx / 8, m.y + dy / 8, m.r) for m in models]
    assert groups(moved) == groups(models)


@given(circles, circles)
def test_line_of_sight_is_symmetric(a: Circle, b: Circle) -> None:
    features = BOARD.features
    assert sees(a, b, features) == sees(b, a, features)


@settings(max_examples=200)
@given(
    st.sampled_from(RADII),
    st.lists(st.tuples(coords, coords), min_size=2, max_size=4),
    st.lists(circles, min_size=0, max_size=6),
    st.booleans(),
)
def test_a_legal_path_never_overlaps_a_model_and_stays_on_the_table(
    r: float, points: list[tuple[float, float]], others: list[Circle], fly: bool
) -> None:
    start = Circle(points[0][0], points[0][1], r)
    if not TABLE.holds(start):
        return  # a model stands on the table before it moves
    blockers = [o for o in others if gap(o, start) > 0]
    found = check_path(points, r, allowance=200, board=BOARD, friends=blockers, kind="charge",
                       fly=fly)  # fmt: skip
    if found is not None:
        return
    for p in points:
        assert TABLE.holds(Circle(p[0], p[1], r))
    samples = (
        [points[-1]]
        if fly
        else [
            (a[0] + (b[0] - a[0]) * k / 64, a[1] + (b[1] - a[1]) * k / 64)
            for a, b in itertools.pairwise(points)
            for k in range(65)
        ]
    )
    for x, y in samples:
        for o in blockers:
            assert math.hypot(x - o.x, y - o.y) >= r + o.r - EPS


@settings(max_examples=100)
@given(
    st.lists(grid_circles, min_size=1, max_size=5),
    st.lists(grid_circles, min_size=1, max_size=4),
)
def test_pile_in_plans_pass_the_pile_in_check(unit: list[Circle], enemies: list[Circle]) -> None:
    everyone = [*unit, *enemies]
    for i, a in enumerate(everyone):  # a legal position: no overlapping bases
        for b in everyone[i + 1 :]:
            if math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r:
                return
    board = Board(TABLE)
    moved = plan_pile_in(unit, board=board, enemies=enemies)
    positions = list(unit)
    for i, end in enumerate(moved):
        if end != unit[i]:
            assert quantize_point(end.centre) == end.centre  # plans replay exactly
        others = [c for j, c in enumerate(positions) if j != i]
        assert check_pile_in(positions[i], end.centre, board=board, friends=others,
                             enemies=enemies) is None  # fmt: skip
        positions[i] = end


CONCAVE = ((0.0, 0.0), (6.0, 0.0), (6.0, 6.0), (3.0, 2.0), (0.0, 6.0))
special = st.sampled_from([*CONCAVE, (3.0, 0.0), (6.0, 3.0), (-1.0, 0.0), (7.0, 6.0), (3.0, 6.0)])
near_points = st.one_of(st.tuples(st.floats(-2, 8), st.floats(-2, 8)), special)


@settings(max_examples=300)
@given(near_points, near_points, st.sampled_from([CONCAVE, OBELISK.polygon]))
def test_segment_meets_interior_agrees_with_dense_sampling(
    a: tuple[float, float], b: tuple[float, float], poly: tuple[tuple[float, float], ...]
) -> None:
    """GEO-8, GEO-9d: the exact test against 2001 points along the segment: a point deeper than
    0.001" inside means it meets the interior; meeting it means some point is inside or on."""
    if poly is OBELISK.polygon:
        a, b = (a[0] + 20, a[1] + 20), (b[0] + 20, b[1] + 20)
    samples = [
        (a[0] + (b[0] - a[0]) * k / 2000, a[1] + (b[1] - a[1]) * k / 2000) for k in range(2001)
    ]
    deep = any(contains(p, poly) and boundary_distance(p, poly) > 1e-3 for p in samples)
    meets = segment_meets_interior(a, b, poly)
    if deep:
        assert meets
    if meets and math.dist(a, b) > 1e-2:
        assert any(contains(p, poly) or boundary_distance(p, poly) <= 1e-2 for p in samples)
