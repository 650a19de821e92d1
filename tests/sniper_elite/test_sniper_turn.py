"""The sniper's turn (SE-6): EX-3, EX-4, EX-12, EX-13, rewards, loot, objectives, equipment and
the end-of-turn check."""

from __future__ import annotations

import pytest

from bitva.core.errors import IllegalAction
from tests.sniper_elite.helpers import GEO, data, scenario, settle, sp, where

EX_3 = """
sniper = "d6"
lka = "red"
objectives = [3, 9]

[defenders]
R1 = "e6"
K1 = "e4"
R2 = "b5"
R3 = "a3"
K2 = "i2"
K3 = "n5"
Y1 = "e10"
Y2 = "c13"
Y3 = "j10"
"""


def test_ex_3_se_8_3_the_seeds_shot_at_objective_3() -> None:
    state = scenario('draws = ["A", "N"]\n' + EX_3)
    state.apply("shoot R1 2")
    assert state.shot == {"target": "R1", "range": 1, "silent": False}
    events = settle(state)
    assert data(events, "tokens-drawn")[0]["hit"]
    assert where(state)["R1"] is None
    assert data(events, "reward") == [{"reward": "accuracy", "rule": "SE-6.5"}]
    assert state.core.bag == {"A": 7, "N": 2, "R": 3, "S": 0}
    assert where(state)["K1"] == "e5"  # K1 and R2 tie at 3; K1 leaves objective 3 at 1
    assert "complete" not in {a.verb for a in state.legal_actions()}
    state.apply("end")
    assert state.core.health == list("NRRNRR")  # e5 is diagonal to d6


def test_ex_3_se_6_3_had_he_stepped_to_e6_k1_would_hit() -> None:
    state = scenario('draws = ["A", "N"]\n' + EX_3)
    state.apply("shoot R1 2")
    settle(state)
    state.apply("move e6 1")
    assert state.core.lka == "red"  # one step goes unnoticed (SE-6.3)
    state.apply("end")
    assert state.core.health == list("NRRNR")  # SE-6.9


EX_4 = """
sniper = "d6"
lka = "red"
objectives = [3, 9]

[defenders]
R1 = "d8"
K1 = "a6"
Y3 = "j10"
"""


@pytest.mark.parametrize(("silent", "moved"), [(False, "c6"), (True, "a6")])
def test_ex_4_misfire_and_silent_rounds(silent: bool, moved: str) -> None:
    state = scenario('draws = ["A", "A", "N", "R", "N"]\n' + EX_4)
    state.available = ["SILENT_ROUNDS"]
    if silent:
        state.apply("use SILENT_ROUNDS")
    state.apply("shoot R1 5")
    assert state.shot is not None and state.shot["range"] == 2
    events = settle(state)
    assert not data(events, "tokens-drawn")[0]["hit"]  # total 5: a misfire
    assert where(state)["R1"] == "d8"
    assert where(state)["K1"] == moved  # two noise steps, or none


@pytest.mark.parametrize(("modifiers", "success"), [("", True), ("radio-misfire", False)])
def test_ex_4_total_four_hits_unless_radio_misfire(modifiers: str, success: bool) -> None:
    state = scenario(
        f'modifiers = ["{modifiers}"]\n' * bool(modifiers)
        + 'draws = ["A", "A", "N", "R", "R"]\n'
        + EX_4
    )
    state.apply("shoot R1 5")
    events = state.apply(str(state.legal_actions()[0]))
    assert data(events, "tokens-drawn")[0]["hit"] is success


def test_d_13_any_number_of_tokens_and_se_6_5_accuracy_per_range() -> None:
    state = scenario('draws = ["A"]\n' + EX_4)
    state.apply("shoot R1 1")  # range 2 with one token: allowed, cannot hit
    events = state.apply("draw A")
    assert not data(events, "tokens-drawn")[0]["hit"]
    with pytest.raises(IllegalAction, match="one extra action"):
        state.apply("shoot R1 1")


def test_se_6_5_d_14_rewards() -> None:
    state = scenario('health = "RR"\n' + EX_4)
    state.apply("shoot R1 2")
    state.apply("draw A A")
    assert state.decision == "reward"
    assert [str(a) for a in state.legal_actions()] == [
        "reward noise", "reward recoil 1", "reward recoil 2", "reward accuracy",
    ]  # fmt: skip
    state.apply("reward recoil 2")
    assert state.core.health == list("RRRR")
    assert state.core.bag["R"] == 1


def test_se_10_1_radio_reward_removes_recoil() -> None:
    state = scenario('modifiers = ["radio-reward"]\nhealth = "RR"\n' + EX_4)
    state.apply("shoot R1 2")
    state.apply("draw A A")
    assert [str(a) for a in state.legal_actions()] == ["reward noise", "reward accuracy"]


def test_d_12_noise_reaching_the_sniper_hits_and_stops_later_noise() -> None:
    text = 'draws = ["N", "N", "A"]\nsniper = "d6"\nobjectives = [3, 9]\n'
    text += '[defenders]\nR1 = "d8"\nK1 = "c6"\n'
    state = scenario(text)
    state.apply("shoot R1 3")
    settle(state)
    assert where(state)["K1"] == "d6"
    assert state.core.health == list("NRRNR")  # one hit, the second N moves nobody


def test_ex_12_difficult_terrain_ends_the_move_and_updates_the_lka() -> None:
    state = scenario('sniper = "c7"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n')
    moves = state.moves()
    assert 2 in moves[sp("d8")] and 3 in moves[sp("e8")]
    state.apply("move d8 2")
    assert state.core.lka == "yellow" and state.core.health == list("NRRNRR")


def test_se_6_4_two_steps_inside_the_lka_hit_and_sniper_plus() -> None:
    text = 'sniper = "e7"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n'
    state = scenario(text)
    state.apply("move c7 2")
    assert state.core.health == list("NRRNR")
    state = scenario('modifiers = ["sniper+"]\n' + text)
    state.apply("move c7 2")
    assert state.core.health == list("NRRNRR")


def test_se_10_1_sniper_loud_three_steps_out_of_the_lka_still_hit() -> None:
    text = 'modifiers = ["sniper-loud"]\nsniper = "e7"\nlka = "red"\nobjectives = [3, 9]\n'
    text += '[defenders]\nY3 = "j10"\n'
    state = scenario(text)
    state.apply("move h7 3")
    assert state.core.lka == "white" and state.core.health == list("NRRNR")


@pytest.mark.parametrize(
    ("masked", "lka", "health"), [(False, "white", "NRRNRR"), (True, "red", "NRRNRR")]
)
def test_ex_13_b_noise_masking_leaves_the_lka(masked: bool, lka: str, health: str) -> None:
    state = scenario('sniper = "e7"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n')
    state.available = ["NOISE_MASKING"]
    if masked:
        state.apply("use NOISE_MASKING")
    state.apply("move h7 3")
    assert state.core.lka == lka and "".join(state.core.health) == health


@pytest.mark.parametrize(("masked", "health"), [(False, "NRRNR"), (True, "NRRNRR")])
def test_ex_13_b_d_36_noise_masking_cancels_the_hit(masked: bool, health: str) -> None:
    state = scenario('sniper = "e7"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n')
    state.available = ["NOISE_MASKING"]
    if masked:
        state.apply("use NOISE_MASKING")
    state.apply("move b7 3")
    assert "".join(state.core.health) == health


def test_ex_13_a_a_defender_on_the_sniper_may_be_left_or_shot() -> None:
    state = scenario('sniper = "d6"\nobjectives = [3, 9]\n[defenders]\nK1 = "d6"\n')
    texts = {str(a) for a in state.legal_actions()}
    assert "move c6 1" in texts and "shoot K1 1" in texts
    assert state.shot is None
    state.apply("shoot K1 1")
    assert state.shot is not None and state.shot["range"] == 1


def test_se_6_2_no_entering_defenders_or_revisiting() -> None:
    state = scenario('sniper = "d6"\nobjectives = [3, 9]\n[defenders]\nK1 = "c6"\n')
    moves = state.moves()
    assert sp("c6") not in moves and sp("d6") not in moves
    with pytest.raises(IllegalAction, match=r"SE-6\.2"):
        state.apply("move c6 1")


def test_se_6_6_d_29_loot_only_on_other_objectives() -> None:
    state = scenario(
        'sniper = "a3"\nobjectives = [3, 9]\nprobable = [1, 4]\n[defenders]\nY3 = "j10"\n'
    )
    assert "loot" in {a.verb for a in state.legal_actions()}
    state.apply("loot")
    assert state.core.probable == [4]  # ruled out
    settle(state, "equip GRAPNEL", "equip BINOCULARS", "equip FLARE")
    assert state.decision == "keep"
    state.apply("keep GRAPNEL")
    assert "GRAPNEL" in state.available and len(state.equip_pile) == 11
    state = scenario('sniper = "e6"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n')
    assert "loot" not in {a.verb for a in state.legal_actions()}


def test_se_6_7_d_30_se_9_1_complete_with_a_defender_on_the_space_and_win() -> None:
    state = scenario(
        'sniper = "e6"\nobjectives = [3, 9]\ncompleted = [9]\n[defenders]\nR1 = "e6"\n'
    )
    state.apply("complete")
    assert state.outcome is not None and state.outcome.result == "win"
    assert state.outcome.rule == "SE-9.1"


def test_ex_8_first_objective() -> None:
    text = """
sniper = "e6"
objectives = [3, 9]
probable = [1, 2, 3, 4, 5, 6, 9]
[defenders]
R1 = "a3"
R2 = "f2"
K1 = "e4"
K2 = "i2"
Y1 = "e9"
Y2 = "c13"
Y3 = "j10"
[orders]
board = [["FLARE", "up"], ["PATROL", "up"], ["DRAGNET", "down"]]
deck = ["ENCIRCLEMENT", "LAUNCH_BASE", "SUPPRESSIVE_FIRE", "HUNTER_TEAMS", "ON_GUARD",
        "LOOKOUT", "SECURE_ENTRANCES"]
discard = ["CONVERGE", "ROOFTOP_WATCH"]
box = ["LOCKDOWN", "SENTRY_ROTATION", "STAND_TO"]
"""
    state = scenario(text)
    state.apply("complete")
    assert state.core.bag["N"] == 3
    assert state.core.probable == [4, 5, 6, 9]
    placed = where(state)
    assert (placed["Y3"], placed["Y2"], placed["K2"]) == ("n5", "l7", "j10")
    assert (
        len(state.deck) == 9
        and state.discard == []
        and state.known == ["CONVERGE", "ROOFTOP_WATCH"]
    )


def test_se_10_1_dog_plus_skips_the_summons() -> None:
    state = scenario(
        'modifiers = ["dog+"]\nsniper = "e6"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n'
    )
    state.apply("complete")
    assert where(state)["Y3"] == "j10"


def test_se_6_9_marksman_double_and_enemy_uniform() -> None:
    text = 'sniper = "d6"\nobjectives = [3, 9]\n[defenders]\nK1 = "d7"\n'
    state = scenario('modifiers = ["marksman-double"]\n' + text)
    state.apply("end")
    assert state.core.hits_taken == 2
    state = scenario(text)
    state.available = ["ENEMY_UNIFORM"]
    state.apply("use ENEMY_UNIFORM")
    state.apply("end")
    assert state.core.hits_taken == 0


def test_se_6_8_one_card_a_turn_and_11_6_effects() -> None:
    state = scenario(
        'sniper = "d6"\nlka = "black"\nobjectives = [3, 9]\nhealth = "NR"\n[defenders]\nK1 = "a6"\n'
    )
    state.available = ["FIELD_DRESSING", "FALSE_REPORT"]
    state.apply("use FIELD_DRESSING 2")
    assert state.core.health == list("RRNR")
    with pytest.raises(IllegalAction, match="one equipment card"):
        state.apply("use FALSE_REPORT yellow")


def test_11_6_thrown_stone_false_report_smoke_binoculars() -> None:
    text = 'sniper = "d6"\nlka = "black"\nobjectives = [3, 9]\n[defenders]\nK1 = "a6"\n'
    state = scenario(text)
    state.available = ["THROWN_STONE"]
    state.apply("use THROWN_STONE b5")
    assert where(state)["K1"] == "b5"
    state = scenario(text)
    state.available = ["FALSE_REPORT"]
    assert "use FALSE_REPORT red" not in {str(a) for a in state.legal_actions()}
    state.apply("use FALSE_REPORT yellow")
    assert state.core.lka == "yellow"
    state = scenario(text)
    state.available = ["SMOKE_GRENADE"]
    state.apply("use SMOKE_GRENADE")
    assert state.targets() == [] and state.smoke == sp("d6")
    state = scenario(text)
    state.available = ["BINOCULARS"]
    state.apply("use BINOCULARS")
    assert all(s is not None and s[1] for s in state.slots)
    assert GEO.name_of(state.core.sniper) == "d6"


def test_11_6_scope_adjustment_and_grapnel() -> None:
    state = scenario(EX_4)
    state.available = ["SCOPE_ADJUSTMENT"]
    state.apply("use SCOPE_ADJUSTMENT")
    state.apply("shoot R1 1")
    assert state.shot is not None and state.shot["range"] == 1


def test_11_6_scope_adjustment_shows_the_shorter_range_and_its_odds_before_the_shot() -> None:
    """The view and the analysis give the range the shot will count (SE-6.5(1)), so the odds
    shown before drawing are the shot's own."""
    from bitva.games.sniper_elite.analysis import options_analysis
    from bitva.games.sniper_elite.sniper_turn import hit_chance
    from bitva.games.sniper_elite.views import view

    state = scenario(EX_4)
    before = {s["defender"]: s for s in view(state, 1)["in_sight"]}
    assert before["R1"]["range"] == 2 and before["R1"]["hit"][0] == 0  # one A never hits at 2
    state.available = ["SCOPE_ADJUSTMENT"]
    state.apply("use SCOPE_ADJUSTMENT")
    after = {s["defender"]: s for s in view(state, 1)["in_sight"]}
    assert after["R1"]["range"] == 1
    assert after["R1"]["hit"][0] == float(hit_chance(state.core.bag, 1, 1, state.rules)) > 0
    shots = {s["target"]: s for s in options_analysis(state, 1)["shots"]}
    assert shots["R1"]["range"] == 1 and shots["R1"]["hit"]["1"] == after["R1"]["hit"][0]
    state.apply("shoot R1 1")
    assert state.shot is not None and state.shot["range"] == 1


def test_11_6_grapnel() -> None:
    state = scenario('sniper = "e2"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n')
    assert sp("f2") not in state.moves()
    state.available = ["GRAPNEL"]
    state.apply("use GRAPNEL")
    assert sp("f2") in state.moves()
