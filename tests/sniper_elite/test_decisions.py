"""The decisions of section 12 not already covered by a worked example (D-1 ... D-39)."""

from __future__ import annotations

import pytest

from bitva.core.errors import IllegalAction
from bitva.games.sniper_elite.catalogue import shipped_content
from bitva.games.sniper_elite.model import MISFIRE_VALUE
from bitva.games.sniper_elite.movement import summon_spaces
from bitva.games.sniper_elite.setup import starting_defenders
from bitva.games.sniper_elite.sniper_turn import misfires
from tests.sniper_elite.helpers import GEO, defenders_turn, scenario, settle, sp, where


def test_d_1_four_areas_and_a_white_lka() -> None:
    assert set(GEO.areas) == {"red", "black", "yellow", "white"}
    state = scenario('sniper = "h8"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\n')
    assert state.core.lka == "white"


def test_d_2_ids_make_the_placement_deterministic() -> None:
    assert starting_defenders(GEO) == starting_defenders(GEO)
    assert starting_defenders(GEO)["K3"] == sp("l7")  # the white objective's spare


def test_d_5_a_single_step_into_difficult_terrain_stays_quiet() -> None:
    state = scenario('sniper = "c8"\nlka = "yellow"\nobjectives = [3, 9]\n[defenders]\nK3 = "n5"\n')
    state.apply("move d8 1")
    assert state.core.lka == "yellow" and state.core.health == list("NRRNRR")


def test_d_6_elevated_hides_only_ground_to_ground_lines() -> None:
    assert not GEO.los(sp("d10"), sp("g10"))  # both low, across the gantry
    assert GEO.los(sp("d6"), sp("e10"))  # to the gantry itself


def test_d_8_token_values() -> None:
    assert MISFIRE_VALUE == {"A": 0, "N": 2, "R": 1, "S": 1}
    assert misfires((0, 2, 1, 0), frozenset()) and not misfires((0, 1, 2, 0), frozenset())


def test_d_9_the_supply_is_unlimited() -> None:
    state = scenario('sniper = "d6"\nhealth = "NNRRRR"\nbag = {A = 25}\n[defenders]\nR1 = "d7"\n')
    state.apply("shoot R1 1")
    settle(state)
    assert state.core.bag["A"] == 26  # the only reward: an A from the supply


def test_d_11_no_equipment_inside_a_shot() -> None:
    state = scenario('sniper = "d6"\nhealth = "RR"\n[defenders]\nR1 = "d7"\n')
    state.available = ["FIELD_DRESSING"]
    state.apply("shoot R1 1")
    state.apply("draw A")
    assert state.decision == "reward"
    with pytest.raises(IllegalAction):
        state.apply("use FIELD_DRESSING 1")


def test_d_21_se_8_4_a_summon_onto_the_sniper_hits() -> None:
    text = 'sniper = "l7"\nlka = "black"\nobjectives = [6, 8]\nprobable = [6]\n'
    text += '[defenders]\nK1 = "l5"\n'
    state, _ = defenders_turn(text, "HUNTER_TEAMS")
    assert where(state)["K1"] == "l7" and state.core.hits_taken >= 1


def test_d_23_a_displaced_summon_keeps_the_type() -> None:
    spaces = summon_spaces(GEO, sp("n5"), {sp("n5")})
    assert sorted(GEO.name_of(s) for s in spaces) == ["m5", "n6"]  # elevated beside n5
    spaces = summon_spaces(GEO, sp("a3"), {sp("a3"), sp("a4"), sp("b3")})
    assert sorted(GEO.name_of(s) for s in spaces) == ["a5", "b4"]  # none beside: the nearest


def test_d_24_the_sniper_on_the_cross_pushes_the_return_aside() -> None:
    text = 'sniper = "b6"\nlka = "red"\nobjectives = [6, 8]\n[defenders]\n'
    text += 'K1 = "k5"\nK2 = "i2"\nK3 = "n5"\nY1 = "e10"\nY2 = "c13"\nY3 = "j10"\n'
    text += 'R2 = "f2"\nR3 = "a3"\n'
    state, _ = defenders_turn(text, "STAND_TO")
    assert state.decision == "place"  # exactly one defender comes back, beside the sniper
    assert sum(1 for s in state.core.defenders.values() if s is None) == 1


def test_d_25_d_26_d_27_d_28_covered_by_the_examples() -> None:
    # D-25 is EX-6/EX-7, D-26 EX-5, D-27 EX-14, D-28 EX-8 (tests in test_defenders.py and
    # test_sniper_turn.py); here the regroup's mark order by distance from the sniper (D-25).
    from bitva.games.sniper_elite.orders import regroup_marks

    state = scenario('sniper = "c6"\nlka = "red"\n')
    marks = [GEO.name_of(s) for s, _ in regroup_marks(state.core, GEO, "LAUNCH_BASE")]
    assert marks == ["d5", "b7", "e7", "a4", "f4", "g2"]


def test_d_31_an_empty_right_slot_is_filled_when_the_deck_refills() -> None:
    text = 'sniper = "e6"\nobjectives = [3, 9]\nprobable = []\n[defenders]\nY3 = "j10"\n'
    text += '[orders]\nboard = [["FLARE", "up"], ["PATROL", "up"]]\n'
    text += 'discard = ["ENCIRCLEMENT", "LAUNCH_BASE", "SUPPRESSIVE_FIRE", "HUNTER_TEAMS", '
    text += '"ON_GUARD", "LOOKOUT", "SECURE_ENTRANCES", "CONVERGE", "DRAGNET"]\n'
    text += 'box = ["LOCKDOWN", "SENTRY_ROTATION", "STAND_TO", "ROOFTOP_WATCH"]\n'
    state = scenario(text)
    state.apply("complete")
    assert state.decision == "order"  # the right slot is drawn at once
    state.apply("order DRAGNET")
    assert state.slots[2] == ["DRAGNET", False] and len(state.deck) == 8


def test_d_33_marksman_double_counts_a_defender_on_the_sniper() -> None:
    state = scenario('modifiers = ["marksman-double"]\nsniper = "d6"\n[defenders]\nK1 = "d6"\n')
    state.apply("end")
    assert state.core.hits_taken == 2


def test_d_39_on_guard_is_urgent() -> None:
    content = shipped_content()
    assert content.order("ON_GUARD").urgent
    assert [c.id for c in content.orders if c.urgent] == [
        "ENCIRCLEMENT", "LAUNCH_BASE", "SUPPRESSIVE_FIRE", "HUNTER_TEAMS", "FLARE", "DRAGNET",
        "ON_GUARD",
    ]  # fmt: skip


def test_se_4_5_the_shipped_set_gives_a_deck_of_nine() -> None:
    content = shipped_content()
    normal = [c for c in content.orders if not c.urgent and c.map in ("any", "depot")]
    urgent = [c for c in content.orders if c.urgent and c.map in ("any", "depot")]
    assert (len(urgent) - 1 - 3) + (len(normal) - 2) == 9
