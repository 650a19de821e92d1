"""Rules GEO-1 to GEO-4 (table, circles, distances, "within"), D-1 to D-3, D-9, and the quantized
notation of issue 22 ("coordinates are quantized in the notation, for example to 1/1000 inch")."""

from __future__ import annotations

import math

import pytest

from bitva.games.age_of_sigmar.geometry.measure import (
    EPS,
    Circle,
    NotationError,
    Table,
    base_radius,
    closest_pair,
    format_path,
    format_point,
    gap,
    model_to_unit,
    more_than,
    parse_path,
    parse_point,
    quantize,
    unit_to_unit,
    unit_within,
    within,
)
from bitva.games.age_of_sigmar.geometry.scenery import Feature, distance_to_feature

R40 = base_radius(40)
R32 = base_radius(32)


def test_geo_1_table_origin_at_a_corner_and_eps() -> None:
    table = Table(48, 48)
    assert table.corners == ((0, 0), (48, 0), (48, 48), (0, 48))
    assert EPS == 1e-6
    with pytest.raises(ValueError):
        Table(0, 48)


def test_geo_1_d_9_a_model_is_on_the_table_only_wholly() -> None:
    table = Table(48, 48)
    assert table.holds(Circle(R40, R40, R40))  # touching two edges is on
    assert not table.holds(Circle(R40 - 0.01, 24, R40))
    assert not table.holds(Circle(24, 48 - R40 + 0.01, R40))
    assert table.holds(Circle(48 - R40, 48 - R40, R40))


@pytest.mark.parametrize(
    ("base", "radius"),
    [(25, 0.492), (32, 0.630), (40, 0.787), (50, 0.984), (60, 1.181)],
)
def test_geo_2_radius_is_base_mm_over_50_8(base: int, radius: float) -> None:
    assert base_radius(base) == pytest.approx(base / 50.8)
    assert round(base_radius(base), 3) == radius


def test_geo_2_d_3_an_oval_is_a_circle_of_equal_area() -> None:
    r = base_radius("60x35")
    assert r == pytest.approx(math.sqrt(60 * 35) / 50.8)
    assert math.pi * (r * 25.4) ** 2 == pytest.approx(math.pi * 30 * 17.5)
    with pytest.raises(ValueError):
        base_radius("sixty")


def test_geo_3_d_1_distance_is_the_gap_between_base_edges() -> None:
    a = Circle(0, 0, R40)
    b = Circle(5, 0, R32)
    assert gap(a, b) == pytest.approx(5 - R40 - R32)
    assert gap(Circle(0, 0, 1), Circle(1, 0, 1)) == 0.0  # overlapping is never negative


def test_geo_3_model_to_unit_and_unit_to_unit_take_the_closest_models() -> None:
    unit = [Circle(10, 0, R32), Circle(12, 0, R32)]
    other = [Circle(20, 0, R32), Circle(15, 0, R32)]
    assert model_to_unit(Circle(0, 0, R32), unit) == pytest.approx(10 - 2 * R32)
    assert unit_to_unit(unit, other) == pytest.approx(3 - 2 * R32)
    assert closest_pair(unit, other) == (1, 1)
    assert unit_to_unit(unit, []) == math.inf


def test_geo_3_model_to_polygon_is_zero_inside() -> None:
    square = Feature("F", "Square", ((0, 0), (4, 0), (4, 4), (0, 4)))
    assert distance_to_feature(Circle(2, 2, R40), square) == 0.0
    assert distance_to_feature(Circle(7, 2, R40), square) == pytest.approx(3 - R40)
    assert distance_to_feature(Circle(7, 7, R40), square) == pytest.approx(math.hypot(3, 3) - R40)


def test_geo_4_d_2_within_includes_the_limit_more_than_excludes_it() -> None:
    assert within(3.0, 3.0) and within(3.0 + EPS / 2, 3.0)
    assert not within(3.0 + 2 * EPS, 3.0)
    assert not more_than(3.0, 3.0) and more_than(3.0 + 2 * EPS, 3.0)
    a = [Circle(0, 0, R32)]
    assert unit_within(a, [Circle(3 + 2 * R32, 0, R32)], 3)
    assert not unit_within(a, [Circle(3.01 + 2 * R32, 0, R32)], 3)


def test_t_5_inspiring_presence_distances() -> None:
    """T-5: general (40 mm) at (10, 10); a Liberator at (10, 23.574) is 11.999" away, eligible;
    at (10, 23.6), 12.025": not."""
    general = Circle(10, 10, R40)
    near = gap(general, Circle(10, 23.574, R40))
    far = gap(general, Circle(10, 23.6, R40))
    assert round(near, 3) == 11.999 and within(near, 12)
    assert round(far, 3) == 12.025 and not within(far, 12)


def test_quantized_notation_round_trips() -> None:
    assert quantize(1.23456) == 1.235
    assert format_point((24, 9.5)) == "24.000,9.500"
    assert parse_point("24.000,9.500") == (24.0, 9.5)
    assert parse_point("(24, 9.5)") == (24.0, 9.5)
    path = ((24.0, 9.0), (25.5, 11.25), (27.125, 14.0))
    assert parse_path(format_path(path)) == path
    with pytest.raises(NotationError):
        parse_point("1.2345,2")
    with pytest.raises(NotationError):
        parse_path("   ")


def test_d_26_inspiring_presence_runs_from_the_general_to_the_units_closest_model() -> None:
    general = Circle(10, 10, R40)
    unit = [Circle(10, 40, R40), Circle(10, 23.574, R40), Circle(10, 30, R40)]
    assert within(model_to_unit(general, unit), 12)
    assert not within(model_to_unit(general, [unit[0], unit[2]]), 12)
