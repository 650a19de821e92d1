"""Movement, runs, retreats, charges and pile-in in the battle (AOS-6, AOS-8, AOS-9.3, GEO-9 to
GEO-11, D-10 to D-14, T-10, T-19), dice forced."""

from __future__ import annotations

import pytest

from bitva.core import CHANCE, IllegalAction
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
from tests.age_of_sigmar.test_battle_sequence import position, row, unit


def test_aos_6_3_a_normal_move_may_not_come_within_3_inches_of_an_enemy() -> None:
    state = position(
        [unit("A1", "liberators", [(10, 10)])], [unit("B1", "bloodreavers", [(10, 18)])]
    )
    # centre gap 8 - 1.417 = 6.583; moving 4" leaves 2.583": too close
    bad = state.parse_action("move A1 m1 10,10 10,14")
    violation = state.check(bad)
    assert violation is not None and violation.rule == "AOS-6.3"
    assert state.check(state.parse_action("move A1 m1 10,10 10,13")) is None


def test_aos_6_2_a_move_is_at_most_the_move_characteristic() -> None:
    state = position(
        [unit("A1", "liberators", [(10, 10)])], [unit("B1", "bloodreavers", [(40, 40)])]
    )
    violation = state.check(state.parse_action("move A1 m1 10,10 15.001,10"))
    assert violation is not None and violation.rule == "GEO-9a"
    assert state.check(state.parse_action("move A1 m1 10,10 15,10")) is None


def test_aos_6_1_a_unit_moves_once_a_phase() -> None:
    state = position(
        [unit("A1", "liberators", [(10, 10)]), unit("A2", "liberators", [(30, 10)])],
        [unit("B1", "bloodreavers", [(40, 40)])],
    )
    state.apply("move A1 m1 10,10 12,10")
    with pytest.raises(IllegalAction) as info:
        state.apply("move A1 m1 12,10 13,10")
    assert info.value.rule == "AOS-6.1"


def test_geo_10_a_unit_ends_its_move_coherent() -> None:
    state = position(
        [unit("A1", "liberators", row(10, 10, 2, 2.0))],
        [unit("B1", "bloodreavers", [(40, 40)])],
    )
    violation = state.check(state.parse_action("move A1 m1 10,10 10,14"))
    assert violation is not None and violation.rule == "GEO-10"


def test_d_12_the_run_die_is_rolled_at_the_declaration_and_added_to_move() -> None:
    """AOS-6.5, D-12: run A1, the D6 (4) at once; the unit then moves up to 5 + 4"."""
    state = position(
        [unit("A1", "liberators", [(10, 10)]), unit("A2", "liberators", [(30, 10)])],
        [unit("B1", "bloodreavers", [(40, 40)])],
    )
    state.apply("run A1")
    assert state.current_player == CHANCE and state.decision == "run-roll"
    state.apply("dice run 4")
    assert state.decision == "run-move"
    assert state.check(state.parse_action("move A1 m1 10,10 19.001,10")) is not None
    state.apply("move A1 m1 10,10 19,10")
    a1 = state.rt.unit_by_id("A1")
    assert a1.ran and a1.run_roll == 4 and a1.models[0].pos == (19.0, 10.0)


def test_aos_6_4_a_unit_within_3_inches_only_stays_or_retreats() -> None:
    state = position(
        [unit("A1", "judicators", row(10, 20, 2, 2.0))],
        [unit("B1", "bloodreavers", [(10, 23.5)])],
    )
    moving = state.check(state.parse_action("move A1 m1 10,20 8,20; m2 12,20 10,20"))
    assert moving is not None and moving.rule == "AOS-6.4"
    short = state.check(state.parse_action("retreat A1 m1 10,20 10,19.5; m2 12,20 12,19.5"))
    assert short is not None and short.rule == "AOS-6.4"


def test_t_19_a_retreat_ends_more_than_3_inches_away_and_forbids_shooting_and_charging() -> None:
    """T-19: Judicators within 3" of Bloodreavers retreat to 3.5"; no shooting or charge."""
    state = position(
        [unit("A1", "judicators", row(10, 20, 2, 2.0)), unit("A2", "battlemage", [(40, 4)])],
        [unit("B1", "bloodreavers", [(10, 23.5)])],
    )
    state.apply("retreat A1 m1 10,20 10,18.583; m2 12,20 12,18.583")
    a1 = state.rt.unit_by_id("A1")
    assert a1.retreated and a1.moved
    shoot = position(
        [unit("A1", "judicators", row(10, 18.583, 2, 2.0))],
        [unit("B1", "bloodreavers", [(10, 23.5)])],
        step="shooting",
        runtime='[position.units.A1]\nflags = ["moved", "retreated"]',
    )
    refused = shoot.check(shoot.parse_action("shoot A1 at B1"))
    assert refused is not None and refused.rule == "AOS-6.4"
    charge = position(
        [unit("A1", "judicators", row(10, 18.583, 2, 2.0))],
        [unit("B1", "bloodreavers", [(10, 23.5)])],
        step="charge",
        runtime='[position.units.A1]\nflags = ["moved", "retreated"]',
    )
    refused = charge.check(charge.parse_action("charge A1"))
    assert refused is not None and refused.rule == "AOS-6.5"


def _charge_position(horn: bool) -> AgeOfSigmarState:
    """A Bloodreaver 7.6" from the nearest Liberator (T-10); B's charge phase."""
    model = {0: {"tags": '["horn"]'}} if horn else {}
    return position(
        [unit("A1", "liberators", [(10, 20.983)])],
        [unit("B1", "bloodreavers", [(10, 30)], model)],
        step="charge",
        active="B",
    )


def test_t_10_a_charge_of_7_falls_short_and_moves_nothing() -> None:
    """AOS-8.2, AOS-8.3, D-13, T-10: 2D6 = 7 against 7.1" needed: the first model cannot end
    within 1/2"; the charge is given up and nothing moves."""
    state = _charge_position(horn=False)
    state.apply("charge B1")
    assert state.decision == "charge-roll"
    state.apply("dice charge 7")
    assert state.rt.unit_by_id("B1").charge_roll == 7
    short = state.check(state.parse_action("move B1 m1 10,30 10,23"))
    assert short is not None and short.rule == "AOS-8.3"
    candidates = [str(a) for a in state.candidate_actions(state.rng, 8)]
    assert candidates == ["hold B1"]
    state.apply("hold B1")
    b1 = state.rt.unit_by_id("B1")
    assert not b1.charged and b1.models[0].pos == (10.0, 30.0)


def test_t_10_with_a_horn_the_same_dice_reach() -> None:
    """T-10: the Hornblower adds 1 to the charge roll: 8, and 7.5" ends 0.1" from the enemy."""
    state = _charge_position(horn=True)
    state.apply("charge B1")
    state.apply("dice charge 7")
    assert state.rt.unit_by_id("B1").charge_roll == 8
    state.apply("move B1 m1 10,30 10,22.5")
    assert state.rt.unit_by_id("B1").charged
    planned = _charge_position(horn=True)
    planned.apply("charge B1")
    planned.apply("dice charge 7")
    moves = [a for a in planned.candidate_actions(planned.rng, 8) if str(a).startswith("move")]
    assert moves and planned.check(moves[0]) is None


def test_aos_8_1_a_unit_charges_with_an_enemy_within_12_and_none_within_3() -> None:
    far = position(
        [unit("A1", "liberators", [(10, 10)])],
        [unit("B1", "bloodreavers", [(10, 30)])],
        step="charge",
    )
    refused = far.check(far.parse_action("charge A1"))
    assert refused is not None and refused.rule == "AOS-8.1"


def test_geo_11_a_pile_in_ends_strictly_closer_to_the_closest_enemy() -> None:
    state = position(
        [unit("A1", "liberators", [(10, 20)])],
        [unit("B1", "bloodreavers", [(10, 23)])],
        step="pile-in",
        phase="combat",
        runtime='unit = "A1"\npicker = "A"',
    )
    away = state.check(state.parse_action("pile-in A1 m1 10,20 10,19"))
    assert away is not None and away.rule == "GEO-11"
    bent = state.check(state.parse_action("pile-in A1 m1 10,20 10,20.5 10,21"))
    assert bent is not None and bent.rule == "GEO-11"
    state.apply("pile-in A1 m1 10,20 10,21.5")
    assert state.decision == "attack"


DEADLY = (
    'mysterious = "choose"\nfeature = [{ id = "F5", name = "Brass Scree", movement = "open", '
    'mysterious = "deadly", polygon = [[56, 28], [64, 28], [64, 34], [56, 34]] }]'
)


def test_d_36_a_run_across_deadly_terrain_rolls_a_die_per_model_and_a_1_slays() -> None:
    """AOS-2.5 (Deadly), D-36: after the run, one D6 per model that crossed or ended on the
    feature, in id order; on a 1 the model is slain."""
    state = position(
        [unit("A1", "liberators", row(50, 31, 2, 2.0)), unit("A2", "battlemage", [(10, 4)])],
        [unit("B1", "bloodreavers", [(10, 44)])],
        width=72,
        features=DEADLY,
    )
    state.apply("run A1")
    state.apply("dice run 4")
    state.apply("move A1 m2 52,31 60,31; m1 50,31 58,31")
    assert state.current_player == CHANCE and state.decision == "deadly"
    assert state.rt.deadly == ("A1.1@F5", "A1.2@F5")
    state.apply("dice deadly 1")
    state.apply("dice deadly 2")
    a1 = state.rt.unit_by_id("A1")
    assert [m.status for m in a1.models] == ["slain", "table"]
    assert state.rt.casualties == (1, 0) and state.decision == "movement"


def test_d_36_a_normal_move_over_deadly_terrain_rolls_nothing() -> None:
    state = position(
        [unit("A1", "liberators", row(50, 31, 2, 2.0)), unit("A2", "battlemage", [(10, 4)])],
        [unit("B1", "bloodreavers", [(10, 44)])],
        width=72,
        features=DEADLY,
    )
    state.apply("move A1 m2 52,31 57,31; m1 50,31 55,31")
    assert state.decision == "movement" and state.rt.deadly == ()
