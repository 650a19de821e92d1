"""Rules GEO-9 (move paths: a to f), GEO-10 (unit moves), AOS-6.3, 6.4, 6.6, AOS-8.1, 8.3, D-4,
D-7 to D-11, and worked examples T-10 and T-19 (their geometry)."""

from __future__ import annotations

import pytest

from bitva.games.age_of_sigmar.geometry.measure import Circle, Table, base_radius, gap
from bitva.games.age_of_sigmar.geometry.paths import (
    Board,
    Violation,
    apply_unit_move,
    can_charge,
    check_path,
    check_unit_move,
    climb_cost,
    path_cost,
    path_length,
    swept_over,
)
from bitva.games.age_of_sigmar.geometry.scenery import Feature

R40 = base_radius(40)
R32 = base_radius(32)
TABLE = Table(72, 48)
WALL = Feature("F3", "Ruined Wall", ((28, 14), (44, 14), (44, 14.8), (28, 14.8)), 1.5, "climb")
OBELISK = Feature("F1", "Obelisk", ((33, 26), (39, 26), (39, 31), (33, 31)), 4, "climb", True)
ROCK = Feature("R", "Chasm", ((10, 20), (14, 20), (14, 24), (10, 24)), 0, "impassable")
RUINS = Feature("F4", "Temple Ruins", ((52, 8), (62, 8), (62, 16), (52, 16)), 0, "open")
BOARD = Board(TABLE, (WALL, OBELISK, ROCK, RUINS))
OPEN = Board(TABLE)


def rule(found: Violation | None) -> str:
    assert found is not None
    return found.rule


def test_geo_9_staying_put_is_always_legal() -> None:
    assert check_path([(36, 12)], R40, allowance=0, board=BOARD) is None
    assert check_path([(36, 12), (36, 12)], R40, allowance=0, board=BOARD) is None
    assert rule(check_path([], R40, allowance=5, board=BOARD)) == "GEO-9"


def test_geo_9a_length_plus_climb_within_the_allowance() -> None:
    path = [(5, 5), (8, 9), (8, 10)]
    assert path_length(path) == pytest.approx(6.0)
    assert check_path(path, R40, allowance=6, board=BOARD) is None
    found = check_path(path, R40, allowance=5.9, board=BOARD)
    assert rule(found) == "GEO-9a"
    assert 'the move is 6.000"' in str(found)


def test_geo_9b_d_9_each_vertex_keeps_the_base_on_the_table() -> None:
    assert rule(check_path([(5, 5), (0.5, 5)], R40, allowance=6, board=BOARD)) == "GEO-9b, D-9"
    assert check_path([(5, 5), (R40, 5)], R40, allowance=6, board=BOARD) is None


def test_geo_9c_d_7_never_through_a_model_touching_allowed() -> None:
    blocker = Circle(5, 8, R40)
    found = check_path([(5, 5), (5, 11)], R40, allowance=6, board=BOARD, friends=[blocker])
    assert rule(found) == "GEO-9c, D-7"
    assert "pass through the model at 5.000,8.000" in str(found)
    around = [(5, 5), (7, 8), (5, 11)]
    assert check_path(around, R40, allowance=8, board=BOARD, friends=[blocker]) is None
    touching = [(5, 5), (5, 8 - 2 * R40)]
    assert check_path(touching, R40, allowance=6, board=BOARD, enemies=[blocker],
                      kind="charge") is None  # fmt: skip


def test_geo_9d_never_through_impassable_scenery() -> None:
    through = [(12, 18), (12, 26)]
    assert rule(check_path(through, R40, allowance=8, board=BOARD)) == "GEO-9d"
    grazing = [(9.5, 18), (9.5, 26)]  # centre outside, base overlapping the chasm
    assert rule(check_path(grazing, R40, allowance=8, board=BOARD)) == "GEO-9d"
    clear = [(10 - R40, 18), (10 - R40, 26)]  # base touching the edge
    assert check_path(clear, R40, allowance=8, board=BOARD) is None


def test_geo_9e_d_8_climbing_costs_the_height_at_each_crossing() -> None:
    over = [(36, 12), (36, 17)]
    assert climb_cost(over, [WALL]) == pytest.approx(3.0)  # in and out, 1.5" each
    assert path_cost(over, [WALL]) == pytest.approx(8.0)
    assert rule(check_path(over, R40, allowance=5, board=BOARD)) == "GEO-9a"
    assert check_path(over, R40, allowance=8, board=BOARD) is None
    onto = [(36, 24), (36, 28.5)]  # onto the obelisk: 4.5" plus 4" up
    assert path_cost(onto, [OBELISK]) == pytest.approx(8.5)
    assert check_path(onto, R40, allowance=8.5, board=BOARD) is None
    open_ground = [(50, 12), (57, 12)]  # open features cost nothing
    assert path_cost(open_ground, [RUINS]) == pytest.approx(7.0)


def test_geo_9e_d_8_ending_astride_a_climbable_feature_is_illegal() -> None:
    astride = [(36, 12), (36, 14.4)]
    assert rule(check_path(astride, R40, allowance=8, board=BOARD)) == "GEO-9e, D-8"
    edge = [(36, 24), (36, 26.2)]
    assert rule(check_path(edge, R40, allowance=8, board=BOARD)) == "GEO-9e, D-8"


def test_geo_9f_aos_6_3_a_normal_move_never_comes_within_3_inches_of_an_enemy() -> None:
    enemy = Circle(40, 40, R32)
    past = [(30, 36), (48, 36)]  # passes 4" from the enemy's centre
    found = check_path(past, R40, allowance=18, board=BOARD, enemies=[enemy])
    assert rule(found) == "GEO-9f, AOS-6.3"
    wide = [(30, 35), (48, 35)]  # 5" from centre: gap 3.58
    assert check_path(wide, R40, allowance=18, board=BOARD, enemies=[enemy]) is None
    assert check_path(past, R40, allowance=18, board=BOARD, enemies=[enemy], kind="charge") is None


def test_d_11_aos_6_6_a_flyer_skips_models_scenery_and_climbing_but_not_its_end() -> None:
    over_wall = [(36, 12), (36, 17)]
    assert check_path(over_wall, R40, allowance=5, board=BOARD, fly=True) is None
    over_chasm = [(12, 18), (12, 26)]
    assert check_path(over_chasm, R40, allowance=8, board=BOARD, fly=True) is None
    into_chasm = [(12, 17), (12, 22)]
    assert rule(check_path(into_chasm, R40, allowance=8, board=BOARD, fly=True)) == "GEO-9d, D-11"
    blocker = Circle(5, 8, R40)
    assert check_path([(5, 5), (5, 11)], R40, allowance=6, board=BOARD, friends=[blocker],
                      fly=True) is None  # fmt: skip
    onto = check_path([(5, 5), (5, 8.5)], R40, allowance=6, board=BOARD, friends=[blocker],
                      fly=True)  # fmt: skip
    assert rule(onto) == "GEO-9c, D-11"
    enemy = Circle(40, 40, R32)
    past = [(30, 36), (48, 36)]
    assert check_path(past, R40, allowance=18, board=BOARD, enemies=[enemy], fly=True) is None
    ending = [(30, 36), (40, 36)]
    assert rule(check_path(ending, R40, allowance=18, board=BOARD, enemies=[enemy],
                           fly=True)) == "GEO-9f, AOS-6.6"  # fmt: skip
    astride = [(36, 12), (36, 14.4)]
    assert rule(check_path(astride, R40, allowance=8, board=BOARD, fly=True)) == "GEO-9e, D-8"


def test_t_19_d_10_a_retreat_may_pass_within_3_inches_and_must_end_more_than_3_away() -> None:
    """T-19: a Judicator unit within 3" of Bloodreavers retreats to 3.5"."""
    br = [Circle(20, 30, R32), Circle(22, 30, R32)]
    judicators = [Circle(20, 30 - R32 - R40 - 2, R40), Circle(22, 30 - R32 - R40 - 2, R40)]
    back = 30 - R32 - R40 - 3.5
    retreat = [(0, [(20, judicators[0].y), (20, back)]), (1, [(22, judicators[1].y), (22, back)])]
    assert check_unit_move(judicators, retreat, allowance=5, board=BOARD, enemies=br,
                           kind="retreat") is None  # fmt: skip
    moved = apply_unit_move(judicators, retreat)
    assert round(min(gap(m, e) for m in moved for e in br), 3) == 3.5
    short = [(0, [(20, judicators[0].y), (20, 30 - R32 - R40 - 2.9)])]
    found = check_unit_move(judicators, short, allowance=5, board=BOARD, enemies=br,
                            kind="retreat")  # fmt: skip
    assert rule(found) == "GEO-9f, AOS-6.4"
    half = check_unit_move(judicators, retreat[:1], allowance=5, board=BOARD, enemies=br,
                           kind="retreat")  # fmt: skip
    assert half is not None and half.code == "enemy_within_3" and half.model == 1
    normal = check_unit_move(judicators, retreat, allowance=5, board=BOARD, enemies=br)
    assert rule(normal) == "AOS-6.4"


def test_d_10_retreat_path_within_3_inches() -> None:
    enemy = [Circle(30, 30, R32)]
    me = [Circle(30, 30 - R32 - R40 - 1, R40)]
    path = [(me[0].x, me[0].y), (33.5, me[0].y), (33.5, 22)]  # along the enemy, then away
    assert check_unit_move(me, [(0, path)], allowance=10, board=OPEN, enemies=enemy,
                           kind="retreat") is None  # fmt: skip
    far = [Circle(30, 10, R40)]
    found = check_unit_move(far, [(0, [(30, 10), (30, 8)])], allowance=5, board=OPEN,
                            enemies=enemy, kind="retreat")  # fmt: skip
    assert rule(found) == "AOS-6.4"


def test_t_10_aos_8_3_the_first_charging_model_must_end_within_half_an_inch() -> None:
    """T-10: a BR model 7.6" from the nearest Lib needs 7.1"; 7 fails, 8 succeeds (moving 7.6"
    ends in base contact)."""
    lib = [Circle(40, 10, R40)]
    br = [Circle(40, 10 + R40 + R32 + 7.6, R32)]
    assert can_charge(br, [lib])
    short = [(0, [(40, br[0].y), (40, br[0].y - 7.0)])]
    found = check_unit_move(br, short, allowance=7, board=OPEN, enemies=lib, kind="charge")
    assert rule(found) == "AOS-8.3"
    contact = [(0, [(40, br[0].y), (40, br[0].y - 7.6)])]
    assert check_unit_move(br, contact, allowance=8, board=OPEN, enemies=lib,
                           kind="charge") is None  # fmt: skip
    assert rule(check_unit_move(br, contact, allowance=7, board=OPEN, enemies=lib,
                                kind="charge")) == "GEO-9a"  # fmt: skip


def test_aos_8_1_charge_needs_an_enemy_within_12_and_none_within_3() -> None:
    me = [Circle(10, 10, R32)]
    assert can_charge(me, [[Circle(10, 20, R32)]])
    assert not can_charge(me, [[Circle(10, 30, R32)]])
    assert not can_charge(me, [[Circle(10, 20, R32)], [Circle(12, 10, R32)]])


def test_geo_10_models_move_one_at_a_time_in_the_controllers_order() -> None:
    unit = [Circle(10, 10, R40), Circle(10 + 2 * R40, 10, R40)]
    second_first = [(1, [(unit[1].x, 10), (unit[1].x + 2, 10)]),
                    (0, [(10, 10), (12, 10)])]  # fmt: skip
    assert check_unit_move(unit, second_first, allowance=3, board=BOARD) is None
    first_first = list(reversed(second_first))
    found = check_unit_move(unit, first_first, allowance=3, board=BOARD)
    assert rule(found) == "GEO-9c, D-7" and found is not None and found.model == 0


def test_geo_10_aos_6_1_a_model_moves_once_and_from_where_it_stands() -> None:
    unit = [Circle(10, 10, R40), Circle(12, 10, R40)]
    twice = [(0, [(10, 10), (10, 11)]), (0, [(10, 11), (10, 12)])]
    assert rule(check_unit_move(unit, twice, allowance=5, board=BOARD)) == "GEO-10, AOS-6.1"
    elsewhere = [(0, [(11, 10), (11, 12)])]
    assert rule(check_unit_move(unit, elsewhere, allowance=5, board=BOARD)) == "GEO-9"
    assert rule(check_unit_move(unit, [(5, [(0, 0)])], allowance=5, board=BOARD)) == "GEO-10"


def test_geo_10_d_4_the_unit_ends_coherent() -> None:
    unit = [Circle(10, 10, R40), Circle(12, 10, R40)]
    away = [(1, [(12, 10), (16, 10)])]
    found = check_unit_move(unit, away, allowance=5, board=BOARD)
    assert rule(found) == "GEO-10, D-4"
    together = [(1, [(12, 10), (16, 10)]), (0, [(10, 10), (14, 10)])]
    assert check_unit_move(unit, together, allowance=5, board=BOARD) is None
    split = [Circle(10, 10, R40), Circle(20, 10, R40)]  # split before: may stay split (D-4)
    assert check_unit_move(split, [(1, [(20, 10), (18, 10)])], allowance=5, board=BOARD) is None


def test_d_36_deadly_reads_the_swept_circle_or_the_end_on_the_feature() -> None:
    scree = Feature("F5", "Brass Scree", ((56, 28), (64, 28), (64, 34), (56, 34)))
    assert swept_over([(50, 31), (70, 31)], R32, scree)  # across it
    assert swept_over([(56 - R32 + 0.1, 20), (56 - R32 + 0.1, 40)], R32, scree)  # base clips it
    assert not swept_over([(56 - R32, 20), (56 - R32, 40)], R32, scree)  # touching only
    assert swept_over([(60, 31)], R32, scree)  # stood on it
    assert not swept_over([(50, 20), (52, 22)], R32, scree)


def test_d_13_a_charge_declares_no_target_any_enemy_model_satisfies_it() -> None:
    """D-13: the first model may end within 1/2" of any enemy model, not only the closest."""
    br = [Circle(45, 17, R32)]
    closest = Circle(45, 10, R40)
    other = Circle(52, 17, R32)
    assert gap(br[0], closest) < gap(br[0], other)
    to_other = [(0, [(45, 17), (52 - 2 * R32 - 0.4, 17)])]
    assert check_unit_move(br, to_other, allowance=7, board=OPEN, enemies=[closest, other],
                           kind="charge") is None  # fmt: skip
    short = [(0, [(45, 17), (52 - 2 * R32 - 0.6, 17)])]
    assert rule(check_unit_move(br, short, allowance=7, board=OPEN, enemies=[closest, other],
                                kind="charge")) == "AOS-8.3"  # fmt: skip


def test_issue_22_a_violation_names_what_it_breaks() -> None:
    """Issue 22: check returns the rule a path breaks: through a model, within 3" of an enemy,
    off the table, too long, incoherent; each with a code for programs and a sentence."""
    unit = [Circle(10, 10, R40), Circle(12, 10, R40)]
    enemy = [Circle(10, 18, R32)]
    blocker = [Circle(16, 10, R40)]
    cases = {
        "through_model": [(1, [(12, 10), (20, 10)])],
        "enemy_within_3": [(0, [(10, 10), (10, 14)])],
        "off_table": [(0, [(10, 10), (0.5, 10)])],
        "too_long": [(0, [(10, 10), (10, 4)])],
        "incoherent": [(1, [(12, 10), (12, 5)])],
    }
    for code, moves in cases.items():
        found = check_unit_move(
            unit, moves, allowance=5, board=OPEN, friends=blocker, enemies=enemy
        )
        assert found is not None and found.code == code, (code, found)
        assert found.sentence and found.rule in str(found)
