"""Whole-unit moves from one target point (issue 22: "advance the unit towards (30, 20) keeping
formation"), checked per model by GEO-9 and GEO-10."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bitva.games.age_of_sigmar.battle import builtin_battle
from bitva.games.age_of_sigmar.geometry.coherency import groups
from bitva.games.age_of_sigmar.geometry.formation import centroid_of, plan_advance
from bitva.games.age_of_sigmar.geometry.measure import (
    Circle,
    Table,
    base_radius,
    quantize_point,
    unit_to_unit,
)
from bitva.games.age_of_sigmar.geometry.paths import Board, apply_unit_move, check_unit_move
from bitva.games.age_of_sigmar.geometry.scenery import Feature

R32 = base_radius(32)
OPEN = Board(Table(48, 48))


def row(x0: float, y: float, n: int, step: float) -> list[Circle]:
    return [Circle(x0 + i * step, y, R32) for i in range(n)]


def test_issue_22_advance_keeps_formation_and_passes_the_check() -> None:
    unit = row(10, 10, 5, 1.6) + row(10, 11.6, 5, 1.6)
    moves = plan_advance(unit, (30, 20), allowance=6, board=OPEN)
    assert len(moves) == 10
    assert check_unit_move(unit, moves, allowance=6, board=OPEN) is None
    after = apply_unit_move(unit, moves)
    (cx, cy), (nx, ny) = centroid_of(unit), centroid_of(after)
    assert math.hypot(nx - cx, ny - cy) == pytest.approx(6, abs=2e-3)
    dx, dy = after[0].x - unit[0].x, after[0].y - unit[0].y
    for before, moved in zip(unit, after, strict=True):  # one vector for all, to the quantum
        assert abs(moved.x - before.x - dx) <= 1e-3 and abs(moved.y - before.y - dy) <= 1e-3
        assert quantize_point(moved.centre) == moved.centre
    assert groups(after) == groups(unit)


def test_advance_stops_at_the_target_point() -> None:
    unit = row(10, 10, 3, 1.6)
    after = apply_unit_move(unit, plan_advance(unit, (11.6, 13), allowance=6, board=OPEN))
    assert centroid_of(after) == pytest.approx((11.6, 13), abs=1e-3)


def test_aos_6_3_advance_stops_more_than_3_inches_from_the_enemy() -> None:
    unit = row(10, 10, 3, 1.6)
    enemy = [Circle(11.6, 20, R32)]
    moves = plan_advance(unit, (11.6, 30), allowance=8, board=OPEN, enemies=enemy)
    after = apply_unit_move(unit, moves)
    assert 3 < unit_to_unit(after, enemy) <= 3.02
    assert check_unit_move(unit, moves, allowance=8, board=OPEN, enemies=enemy) is None


def test_geo_9d_advance_stops_at_impassable_scenery() -> None:
    chasm = Feature("C", "Chasm", ((0, 14), (48, 14), (48, 16), (0, 16)), 0, "impassable")
    board = Board(Table(48, 48), (chasm,))
    unit = row(10, 10, 3, 1.6)
    after = apply_unit_move(unit, plan_advance(unit, (11.6, 30), allowance=8, board=board))
    assert 14 - R32 - 0.011 <= after[0].y <= 14 - R32 + 1e-6


def test_aos_6_4_a_retreat_is_taken_whole_or_not_at_all() -> None:
    unit = row(10, 10, 3, 1.6)
    enemy = [Circle(11.6, 10 + 2 * R32 + 1, R32)]
    away = plan_advance(unit, (11.6, 0), allowance=5, board=OPEN, enemies=enemy, kind="retreat")
    after = apply_unit_move(unit, away)
    assert unit_to_unit(after, enemy) > 3
    too_short = plan_advance(unit, (11.6, 0), allowance=2, board=OPEN, enemies=enemy,
                             kind="retreat")  # fmt: skip
    assert too_short == ()
    assert plan_advance(unit, (11.6, 0), allowance=5, board=OPEN, enemies=enemy) == ()


def test_setup_2_bloodreavers_advance_towards_the_obelisk() -> None:
    battle = builtin_battle("scenery_and_sorcery")
    b2 = battle.unit("B2").circles()
    friends, enemies = battle.friends_of("B2"), battle.enemies_of("B2")
    assert len(friends) == 8 and len(enemies) == 12 == len(battle.circles("A"))
    moves = plan_advance(b2, (36, 20), allowance=6, board=battle.board, friends=friends,
                         enemies=enemies)  # fmt: skip
    assert len(moves) == 20
    assert check_unit_move(b2, moves, allowance=6, board=battle.board, friends=friends,
                           enemies=enemies) is None  # fmt: skip
    after = apply_unit_move(b2, moves)
    assert min(c.y for c in after) < min(c.y for c in b2)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 6),
    st.integers(0, 32 * 8).map(lambda v: v / 8 + 4),
    st.integers(0, 40 * 8).map(lambda v: v / 8 + 4),
    st.tuples(st.floats(0, 48), st.floats(0, 48)),
    st.lists(st.tuples(st.floats(2, 46), st.floats(2, 46)), max_size=3),
    st.sampled_from(["normal", "run", "retreat"]),
)
def test_planned_advances_always_pass_the_check(
    n: int,
    x: float,
    y: float,
    target: tuple[float, float],
    enemy_points: list[tuple[float, float]],
    kind: str,
) -> None:
    unit = [Circle(x + i * 1.6, y, R32) for i in range(n)]
    enemies = [Circle(ex, ey, R32) for ex, ey in enemy_points]
    if any(unit_to_unit([m], enemies) <= 0 for m in unit):
        return
    moves = plan_advance(unit, target, allowance=6, board=OPEN, enemies=enemies,
                         kind=kind)  # type: ignore[arg-type]  # fmt: skip
    if moves:
        assert check_unit_move(unit, moves, allowance=6, board=OPEN, enemies=enemies,
                               kind=kind) is None  # type: ignore[arg-type]  # fmt: skip


@pytest.mark.parametrize("friend_x", [12.0, 15.5, 17.0])
def test_geo_9c_an_advance_bends_round_a_friend_in_its_way(friend_x: float) -> None:
    """Ten Bloodreavers advance 6" straight up; a friend's 50 mm base stands 3" ahead in the way
    of one or two files. Translated as one block the unit would stop at the friend (1.8"); each
    model's path bent round the base (`geometry.bend`) takes it (almost) the whole way, and the
    move passes the rules' check (GEO-9c, D-7, GEO-10)."""
    unit = row(10, 10, 5, 1.6) + row(10, 11.6, 5, 1.6)
    friend = Circle(friend_x, 15.0, base_radius(50))
    moves = plan_advance(unit, (13.2, 40), allowance=6, board=OPEN, friends=[friend], bend=True)
    assert check_unit_move(unit, moves, allowance=6, board=OPEN, friends=[friend]) is None
    after = apply_unit_move(unit, moves)
    assert centroid_of(after)[1] - centroid_of(unit)[1] > 5.5
    assert all(len(path) <= 20 for _, path in moves)  # simplified, not a point every 1/4"
    assert all(p == quantize_point(p) for _, path in moves for p in path)


def test_aos_6_3_a_bent_advance_keeps_3_inches_from_the_enemy() -> None:
    """The same advance with an enemy model 3.5" to the side of the friend: bending round the
    friend must not bring a model within 3" of the enemy (AOS-6.3)."""
    unit = row(10, 10, 5, 1.6) + row(10, 11.6, 5, 1.6)
    friend = Circle(15.5, 15.0, base_radius(50))
    enemy = Circle(21.5, 16.0, R32)
    moves = plan_advance(
        unit, (13.2, 40), allowance=6, board=OPEN, friends=[friend], enemies=[enemy], bend=True
    )
    assert moves
    assert (
        check_unit_move(unit, moves, allowance=6, board=OPEN, friends=[friend], enemies=[enemy])
        is None
    )
