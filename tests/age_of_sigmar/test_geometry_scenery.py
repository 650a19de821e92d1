"""Rules GEO-6 (scenery features), GEO-7 (on/in), AOS-13.1 and D-22 (cover), AOS-2.5 "within 3""
(D-36) and worked examples T-7 and T-9 (their geometry)."""

from __future__ import annotations

import pytest

from bitva.games.age_of_sigmar.geometry.measure import Circle, base_radius
from bitva.games.age_of_sigmar.geometry.scenery import (
    MYSTERIOUS_BY_DIE,
    Feature,
    astride,
    distance_to_feature,
    features_within,
    in_cover,
    is_on,
    overlaps,
)

R40 = base_radius(40)
R32 = base_radius(32)
F4 = Feature("F4", "Temple Ruins", ((52, 8), (62, 8), (62, 16), (52, 16)), 0, "open", False)
F1 = Feature("F1", "Obelisk", ((33, 26), (39, 26), (39, 31), (33, 31)), 4, "climb", True,
             mysterious="arcane")  # fmt: skip


def test_geo_6_a_feature_is_a_simple_counter_clockwise_polygon() -> None:
    assert F1.movement == "climb" and F1.cover and F1.height == 4
    assert F1.centroid == pytest.approx((36, 28.5))
    with pytest.raises(ValueError, match="counter-clockwise"):
        Feature("X", "Backwards", ((0, 0), (0, 4), (4, 4), (4, 0)))
    with pytest.raises(ValueError, match="not simple"):
        Feature("X", "Bow tie", ((0, 0), (4, 4), (4, 0), (0, 4)))
    with pytest.raises(ValueError, match="not simple"):
        Feature("X", "Line", ((0, 0), (4, 0)))


def test_aos_2_5_mysterious_rules_by_die() -> None:
    assert MYSTERIOUS_BY_DIE == ("damned", "arcane", "inspiring", "deadly", "mystical", "sinister")


def test_geo_7_on_means_the_circle_lies_wholly_inside() -> None:
    assert is_on(Circle(57, 12, R40), F4)
    assert is_on(Circle(52 + R40, 12, R40), F4)  # touching the boundary from inside
    assert not is_on(Circle(52 + R40 - 0.01, 12, R40), F4)
    assert not is_on(Circle(40, 12, R40), F4)


def test_d_8_astride_is_partly_on_and_partly_off() -> None:
    assert astride(Circle(52, 12, R40), F4)
    assert not astride(Circle(57, 12, R40), F4)
    assert not astride(Circle(52 - R40, 12, R40), F4)  # touching from outside is clear
    assert not overlaps(Circle(52 - R40, 12, R40), F4)


def test_aos_13_1_d_22_cover_needs_every_model_wholly_on_terrain() -> None:
    inside = [Circle(54, 10, R40), Circle(56, 10, R40)]
    assert in_cover(inside, [F4])
    assert not in_cover([*inside, Circle(53, 17, R40)], [F4])
    no_cover = Feature("N", "Pool", F4.polygon, cover=False)
    assert not in_cover(inside, [no_cover])
    other = Feature("G", "Grove", ((40, 0), (50, 0), (50, 6), (40, 6)))
    assert in_cover([*inside, Circle(45, 3, R40)], [F4, other])  # different features (D-22)
    assert not in_cover([], [F4])


def test_t_7_a_liberator_ending_its_charge_wholly_inside_f4_is_on_it() -> None:
    """T-7: Lib ends its charge wholly inside F4 (Temple Ruins) and so is in cover (AOS-13)."""
    assert in_cover([Circle(53.0, 9.0, R40), Circle(55.0, 9.0, R40)], [F4])


def test_t_9_sorcerer_lord_2_inches_from_the_arcane_feature_is_within_3() -> None:
    """T-9's geometry: a Sorcerer Lord 2" from an Arcane feature gets its +1 (AOS-2.5)."""
    lord = Circle(36, 31 + 2 + R32, R32)
    assert distance_to_feature(lord, F1) == pytest.approx(2.0)
    assert features_within(lord, [F1, F4], 3) == [F1]
