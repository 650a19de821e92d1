"""The turn structure (SE-6.1, SE-7.2-7.6), chance (SE-3.4), selectors (SE-8.1, SE-8.13) and the
end of the game (SE-9)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bitva.core.errors import IllegalAction, UnreadableAction
from bitva.games.sniper_elite.orders import select
from bitva.games.sniper_elite.sniper_turn import draw_outcomes
from tests.sniper_elite.helpers import GEO, defenders_turn, scenario, settle

BASE = 'sniper = "d6"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nR1 = "d8"\nK3 = "n5"\n'


def test_se_6_1_one_move_one_extra_action_one_card() -> None:
    state = scenario(BASE)
    state.available = ["SMOKE_GRENADE", "ENEMY_UNIFORM"]
    state.apply("move c6 1")
    with pytest.raises(IllegalAction, match="one move a turn"):
        state.apply("move b6 1")
    state.apply("use ENEMY_UNIFORM")
    with pytest.raises(IllegalAction, match="one equipment card a turn"):
        state.apply("use SMOKE_GRENADE")
    state.apply("shoot R1 1")
    settle(state)
    with pytest.raises(IllegalAction, match="one extra action"):
        state.apply("shoot K3 1")


def test_se_6_1_parse_errors_are_unreadable() -> None:
    state = scenario(BASE)
    with pytest.raises(UnreadableAction):
        state.parse_action("fly to the moon")
    assert str(state.parse_action("MOVE C6")) == "move c6 1"


def test_se_3_4_the_bag_draw_is_exact() -> None:
    outcomes = draw_outcomes({"A": 6, "N": 2, "R": 3, "S": 0}, 3)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[(3, 0, 0, 0)] == Fraction(20, 165)


def test_se_7_2_the_order_die() -> None:
    state, _ = defenders_turn(BASE, "STAND_TO")
    state.apply("end")
    assert state.decision == "die"
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [
        ("die 1", Fraction(1, 2)),
        ("die 2", Fraction(1, 3)),
        ("die 3", Fraction(1, 6)),
    ]


def test_se_7_5_se_7_6_discard_and_slide() -> None:
    state, _ = defenders_turn(BASE, "STAND_TO")
    assert "STAND_TO" in state.discard
    assert [s[0] for s in state.slots if s is not None][:2] == ["PATROL", "CONVERGE"]


def test_se_8_13_selectors() -> None:
    from bitva.games.sniper_elite.catalogue import StepData

    state = scenario('sniper = "d6"\nlka = "black"\n[defenders]\nR1 = "d8"\nK3 = "n5"\nK1 = "k6"\n')
    core = state.core

    def who(name: str) -> list[str]:
        return select(core, GEO, StepData(op="search", who=name), ["K1"], None)

    assert who("on_elevated") == ["K3"]
    assert who("in_lka") == ["K1", "K3"]  # nearest the sniper first (SE-8.2)
    assert who("not_in_lka") == ["R1"]
    assert who("entered_lka") == ["K1"]
    assert who("nearest_to_sniper") == ["R1"]


def test_se_8_1_off_board_defenders_never_act() -> None:
    _, events = defenders_turn('sniper = "d6"\nlka = "red"\n[defenders]\nK3 = "n5"\n', "DRAGNET")
    assert [e.data["defender"] for e in events if e.kind == "defender-moved"] == ["K3"]


def test_se_9_2_a_second_wound_loses() -> None:
    state = scenario('sniper = "d6"\nwounded = true\nhealth = ""\n[defenders]\nK1 = "d7"\n')
    state.apply("end")
    assert state.outcome is not None
    assert (state.outcome.result, state.outcome.reason, state.outcome.rule) == (
        "loss",
        "killed",
        "SE-5.3",
    )
    assert state.legal_actions() == []


def test_se_3_1_se_4_1_components_of_a_new_game() -> None:
    from bitva.games.sniper_elite import GAME

    state = GAME.new({}, seed=2)
    assert state.geo.id == "depot"
    assert list(state.core.defenders) == ["R1", "R2", "R3", "K1", "K2", "K3", "Y1", "Y2", "Y3"]
    assert sorted(c.id for c in state.content.orders if c.urgent)[:2] == [
        "DRAGNET",
        "ENCIRCLEMENT",
    ]


def test_se_3_2_se_3_3_se_5_4_noise_from_the_supply_and_values() -> None:
    state = scenario('sniper = "e6"\nobjectives = [3, 9]\nhealth = ""\n[defenders]\nY3 = "j10"\n')
    state.apply("complete")
    assert state.core.bag["N"] == 3 and state.core.health == []  # never from the stack


def test_se_3_5_se_3_6_se_3_7_se_3_8_se_3_9_the_view_shows_the_state() -> None:
    view = scenario(BASE).view(1)
    assert view["health"] == "NRRNRR" and view["wounded"] is False
    assert [s["face"] for s in view["order_board"]] == ["up", "up", "down"]
    assert "card" not in view["order_board"][2]
    assert [o["number"] for o in view["objectives"]] == [3, 9]
    assert view["lka"] == "red" and view["probable"] == [4, 5, 6, 7, 8, 9]
    assert view["record"] == {
        "moved": False,
        "extra_action": False,
        "equipment_used": False,
        "effects": [],
        "smoke": None,
    }
    assert "objectives" not in scenario(BASE).view(None)


def test_se_7_9_se_9_3_the_defenders_turn_has_its_own_cap() -> None:
    text = 'sniper = "d6"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\n'
    text += 'R1 = "d7"\nR2 = "c6"\nR3 = "d5"\nK1 = "e6"\n'
    state, _ = defenders_turn(text, "STAND_TO")
    assert state.core.hits_taken == 1 + 3  # SE-6.9 in his turn, then 3 of 4 finds
