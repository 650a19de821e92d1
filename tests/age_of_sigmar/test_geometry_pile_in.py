"""Rule GEO-11 (pile-in), AOS-9.3 step 1 and D-14: up to 3" towards the closest enemy model,
ending strictly closer to it; the default planner and its bisection."""

from __future__ import annotations

import pytest

from bitva.games.age_of_sigmar.geometry.coherency import is_coherent
from bitva.games.age_of_sigmar.geometry.measure import Circle, Table, base_radius, gap, quantize
from bitva.games.age_of_sigmar.geometry.paths import Board
from bitva.games.age_of_sigmar.geometry.pile_in import check_pile_in, closest_enemy, plan_pile_in
from bitva.games.age_of_sigmar.geometry.scenery import Feature

R40 = base_radius(40)
R32 = base_radius(32)
BOARD = Board(Table(48, 48))


def test_geo_11_the_closest_enemy_ties_go_to_the_lowest_id() -> None:
    m = Circle(10, 10, R32)
    enemies = [Circle(14, 10, R32), Circle(10, 14, R32), Circle(10, 13, R32)]
    assert closest_enemy(m, enemies) == 2
    assert closest_enemy(m, enemies[:2]) == 0  # equal distance: the first listed
    assert closest_enemy(m, []) is None


def test_geo_11_d_14_must_end_strictly_closer_to_that_enemy() -> None:
    m = Circle(10, 10, R32)
    e = [Circle(10, 15, R32)]
    assert check_pile_in(m, (10, 12), board=BOARD, enemies=e) is None
    sideways = check_pile_in(m, (12, 10), board=BOARD, enemies=e)
    assert sideways is not None and sideways.rule == "GEO-11, D-14"
    assert check_pile_in(m, (10, 10), board=BOARD, enemies=e) is None  # staying


def test_geo_11_at_most_3_inches_in_one_segment() -> None:
    m = Circle(10, 10, R32)
    e = [Circle(10, 20, R32)]
    assert check_pile_in(m, (10, 13), board=BOARD, enemies=e) is None
    found = check_pile_in(m, (10, 13.1), board=BOARD, enemies=e)
    assert found is not None and found.rule == "GEO-9a"


def test_geo_11_a_model_touching_its_enemy_stays() -> None:
    m = Circle(10, 10, R32)
    e = [Circle(10, 10 + 2 * R32, R32), Circle(13, 10, R32)]
    found = check_pile_in(m, (10.5, 10), board=BOARD, enemies=e)
    assert found is not None and "touching" in found.sentence


def test_geo_11_climbing_counts_against_the_3_inches() -> None:
    wall = Feature("W", "Wall", ((0, 12), (48, 12), (48, 12.5), (0, 12.5)), 1.5, "climb")
    board = Board(Table(48, 48), (wall,))
    m = Circle(10, 11 - R32, R32)
    e = [Circle(10, 15, R32)]
    found = check_pile_in(m, (10, 13.5), board=board, enemies=e)
    assert found is not None and found.rule == "GEO-9a"


def test_geo_11_planner_heads_for_the_enemy_centre_by_min_3_and_distance() -> None:
    unit = [Circle(10, 10, R32)]
    near = [Circle(10, 10 + 2 * R32 + 2, R32)]
    (moved,) = plan_pile_in(unit, board=BOARD, enemies=near)
    assert moved.centre == pytest.approx((10, 12))
    assert gap(moved, near[0]) == pytest.approx(0, abs=1e-3)  # contact, to the quantum
    far = [Circle(10, 20, R32)]
    (moved,) = plan_pile_in(unit, board=BOARD, enemies=far)
    assert moved.centre == pytest.approx((10, 13))


def test_geo_11_planner_bisects_to_the_longest_legal_move() -> None:
    unit = [Circle(10, 10, R32)]
    enemy = [Circle(10, 20, R32)]
    friend = Circle(10, 13.5, R32)  # in the way: the model can go to 13.5 - 2r
    (moved,) = plan_pile_in(unit, board=BOARD, friends=[friend], enemies=enemy)
    best = 13.5 - 2 * R32
    assert best - 0.01 <= moved.y <= best + 1e-6
    assert quantize(moved.y) == moved.y  # planned points are quantized
    assert (
        check_pile_in(unit[0], moved.centre, board=BOARD, friends=[friend], enemies=enemy) is None
    )


def test_geo_11_planner_keeps_the_unit_coherent_d_4() -> None:
    unit = [Circle(10, 10, R32), Circle(10, 10 - 2 * R32 - 0.9, R32)]
    enemy = [Circle(10, 20, R32)]
    moved = plan_pile_in(unit, board=BOARD, enemies=enemy, order=[0, 1])
    assert is_coherent(moved)
    # the leader may only go as far as keeps it within 1" of the follower, who then closes up
    assert moved[0].y < 13 and moved[1].y > unit[1].y


def test_geo_11_planner_stays_when_nothing_is_legal_and_touching_models_stay() -> None:
    e = [Circle(10, 10 + 2 * R32, R32)]
    unit = [Circle(10, 10, R32)]
    assert plan_pile_in(unit, board=BOARD, enemies=e) == tuple(unit)
    assert plan_pile_in(unit, board=BOARD, enemies=[]) == tuple(unit)
