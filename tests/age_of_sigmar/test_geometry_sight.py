"""Rule GEO-8 (line of sight), D-5, D-6, and worked example T-17."""

from __future__ import annotations

from bitva.games.age_of_sigmar.geometry.measure import Circle, base_radius, gap
from bitva.games.age_of_sigmar.geometry.scenery import Feature
from bitva.games.age_of_sigmar.geometry.sight import (
    blocking,
    can_target,
    sample_points,
    sees,
    sight_line,
    unit_visible,
    units_see,
)

R40 = base_radius(40)
R32 = base_radius(32)
F1 = Feature("F1", "Obelisk", ((33, 26), (39, 26), (39, 31), (33, 31)), 4, "climb", True)
WOOD = Feature("W", "Bone Grove", ((8, 30), (18, 30), (18, 38), (8, 38)), 6, "open", True)
LOW = Feature("L", "Low wall", ((33, 26), (39, 26), (39, 31), (33, 31)), 1, "climb", False)


def test_t_17_line_of_sight_past_the_obelisk() -> None:
    """T-17: Judicator at (36, 20), BR at (36, 36): every segment crosses F1, not visible. BR at
    (46, 36): the segment (36.787, 20) to (45.370, 36) stays clear at x = 40.006 > 39 at y = 26."""
    judicator = Circle(36, 20, R40)
    assert not sees(judicator, Circle(36, 36, R32), [F1])
    far = Circle(46, 36, R32)
    assert sees(judicator, far, [F1])
    line = sight_line(judicator, far, [F1])
    assert line is not None
    (x0, y0), (x1, y1) = (36 + R40, 20), (46 - R32, 36)
    assert round(x0, 3) == 36.787 and round(x1, 3) == 45.370
    assert round(x0 + (x1 - x0) * (26 - y0) / (y1 - y0), 3) == 40.006


def test_geo_8_nine_sample_points_per_model() -> None:
    points = sample_points(Circle(10, 10, 1))
    assert len(points) == 9 and points[0] == (10, 10)
    assert points[1] == (11, 10) and points[3] == (10, 11) and points[5] == (9, 10)


def test_geo_8_only_blocks_sight_features_block() -> None:
    assert sees(Circle(36, 20, R40), Circle(36, 36, R32), [LOW])


def test_geo_8_touching_a_boundary_does_not_block() -> None:
    """Sight lines along the obelisk's edge x = 33 touch it and are not blocked."""
    a = Circle(33 - R32, 20, R32)
    b = Circle(33 - R32, 36, R32)
    assert sees(a, b, [F1])


def test_d_5_a_model_in_a_wood_sees_out_and_is_seen() -> None:
    inside = Circle(13, 34, R32)
    outside = Circle(30, 34, R32)
    behind = Circle(0.8, 34, R32)  # the wood lies between
    assert WOOD in [f for f in [WOOD] if blocking(inside, outside, [WOOD]) == []]
    assert sees(inside, outside, [WOOD]) and sees(outside, inside, [WOOD])
    assert not sees(behind, outside, [WOOD])
    edge = Circle(18 + R32 - 0.1, 34, R32)  # overlapping the wood's edge is enough (D-5)
    assert sees(edge, behind, [WOOD])


def test_d_6_models_never_block_sight() -> None:
    """Sight reads scenery only: a model sees through its own unit and any other model (S1)."""
    shooter = Circle(10, 10, R40)
    target = Circle(10, 20, R32)
    wall_of_models = [Circle(x / 2, 15, R32) for x in range(0, 41)]
    assert sees(shooter, target, [])
    assert units_see([shooter], [target, *wall_of_models], [])


def test_geo_8_a_unit_is_visible_when_one_model_is() -> None:
    judicator = Circle(36, 20, R40)
    hidden, seen = Circle(36, 36, R32), Circle(46, 36, R32)
    assert unit_visible(judicator, [hidden, seen], [F1])
    assert not unit_visible(judicator, [hidden], [F1])
    assert units_see([judicator], [hidden, seen], [F1])


def test_aos_11_2_d_37_one_target_model_both_in_range_and_visible() -> None:
    """A Skybolt Bow (24") at (36, 20): a hidden model in range and a visible one out of range do
    not make a target; one model both in range and seen does."""
    judicator = Circle(36, 20, R40)
    hidden_near = Circle(36, 36, R32)  # 14.6" away, behind the Obelisk
    seen_far = Circle(60, 44, R32)  # seen, but more than 24" away
    assert sees(judicator, seen_far, [F1]) and gap(judicator, seen_far) > 24
    assert not can_target(judicator, 24, [hidden_near, seen_far], [F1])
    seen_near = Circle(46, 36, R32)
    assert can_target(judicator, 24, [hidden_near, seen_near], [F1])
    assert not can_target(judicator, 6, [seen_near], [F1])
