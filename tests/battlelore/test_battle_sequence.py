"""A battle as decision points (BL-4 to BL-7, BL-10) with forced dice, and the worked examples
of section 7 the base game and the mercenaries reach (T-17 to T-20, T-23 to T-25)."""

from __future__ import annotations

import pytest

from bitva.core.errors import IllegalAction
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import figures, play, scene, texts


# -- BL-4, BL-5: declaring and rolling ---------------------------------------------------------
def test_bl_4_4_a_declared_battle_is_a_roll_of_the_capped_dice() -> None:
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), terrain={"F5": "forest"})
    play(state, "battle F4 F5")
    assert state.decision == "roll" and state.is_chance
    outcomes = state.chance_outcomes()
    assert all(len(a.args) == 2 for a, _ in outcomes)  # 4 dice capped to 2 (BL-4.7)
    assert sum(p for _, p in outcomes) == 1


def test_bl_4_1_a_unit_battles_once_and_done_ends_the_step() -> None:
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    play(state, "battle F4 F5", "roll G G G G")
    # nothing left to battle: the turn ends with the draw (BL-15.1), a chance node
    assert state.decision == "deal" and state.deal_to == [1]


def test_bl_5_1_helmets_of_the_targets_colour_and_swords_in_melee_hit() -> None:
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    play(state, "battle F4 F5", "roll B S R G")
    assert figures(state, "F5") == 2


def test_bl_5_3_bl_1_3_an_eliminated_unit_gives_a_banner_and_bl_16_1_ends_the_game_at_once() -> (
    None
):
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2, 1),
        ("h_bf_sword", "A9", 2),
        banners=1,
    )
    events = state.apply("battle F4 F5") + state.apply("roll B G G G")
    assert state.banners == [1, 0]
    assert state.outcome is not None and state.outcome.winner == 1
    assert state.outcome.rule == "BL-16.1"
    assert [e.kind for e in events][-1] == "game-over"
    assert state.legal_actions() == []


# -- BL-6: flags, Bold, retreat -----------------------------------------------------------------
def test_bl_6_5_the_owner_chooses_each_retreat_step_toward_its_edge() -> None:
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    play(state, "battle F4 F5", "roll F G G G")
    assert state.decision == "retreat" and state.current_player == 2
    assert texts(state) == ["retreat E6", "retreat F6"]
    play(state, "retreat E6")
    assert figures(state, "E6") == 4 and state.decision == "take-ground"


def test_bl_6_6_a_blocked_retreat_costs_a_figure_per_hex() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "E6", 1),
        ("h_bf_sword", "F6", 1),
    )
    play(state, "battle F4 F5", "roll F F G G")
    assert figures(state, "F5") == 4 - 2  # both steps blocked by enemies: 2 hexes, 2 figures


def test_bl_6_3_a_bold_unit_chooses_how_many_flags_to_ignore() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "E5", 2),
        ("h_bf_sword", "G5", 2),
    )
    play(state, "battle F4 F5", "roll F F G G")
    assert state.decision == "flags" and texts(state) == ["ignore 0", "ignore 1"]
    play(state, "ignore 1")
    assert state.decision == "retreat"  # 1 flag left: 1 hex, E6 or F6


def test_d_13_a_blocked_unit_stays_and_battles_back_if_bold() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "E6", 2),
        ("h_bf_sword", "F6", 2),
    )
    play(state, "battle F4 F5", "roll F F G G")
    # two friends adjacent (E6, F6): Bold 1, so the owner is asked first
    assert state.decision == "flags"
    play(state, "ignore 1")  # 1 flag left; both steps blocked: 1 figure lost, it stays
    assert figures(state, "F5") == 3
    assert state.decision == "battle-back" and state.current_player == 2
    play(state, "battle-back")
    assert state.battle is not None and state.battle.back and state.battle.dice == 3


# -- BL-7: follow-ons ------------------------------------------------------------------------------
def test_bl_7_1_battle_back_needs_bold_and_is_never_battled_back() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "E5", 2),
        ("h_bf_sword", "G5", 2),
    )
    play(state, "battle F4 F5", "roll G G G G", "battle-back", "roll G G G")
    # no battle back against a battle back, no follow-ons: the turn goes on to the draw
    assert state.decision == "deal"


def test_bl_7_2_no_take_ground_after_a_ranged_attack() -> None:
    state = scene(("h_gf_bow", "F3", 1), ("h_bf_sword", "F5", 2, 1), ("h_bf_sword", "A9", 2))
    play(state, "battle F3 F5", "roll B G")
    assert state.banners == [1, 0] and state.decision == "deal"


def test_bl_7_3_d_47_a_ford_stops_no_pursuit_but_a_forest_does() -> None:
    state = scene(
        ("h_rm_lance", "F4", 1),
        ("h_bf_sword", "F5", 2, 1),
        ("h_bf_sword", "A9", 2),
        terrain={"F5": "ford"},
    )
    play(state, "battle F4 F5", "roll B G G G")
    play(state, "take-ground")
    assert state.decision == "pursue"
    forest = scene(
        ("h_rm_lance", "F4", 1),
        ("h_bf_sword", "F5", 2, 1),
        ("h_bf_sword", "A9", 2),
        terrain={"F5": "forest"},
    )
    play(forest, "battle F4 F5", "roll B G", "take-ground")
    assert forest.decision == "deal"  # no pursuit, no enemy adjacent for a bonus attack


def test_d_15_after_a_bonus_attack_take_ground_again_but_no_second_pursuit() -> None:
    state = scene(
        ("h_rm_lance", "F4", 1),
        ("h_bf_sword", "F5", 2, 1),
        ("h_bf_sword", "F6", 2, 1),
        ("h_bf_sword", "A9", 2),
    )
    play(state, "battle F4 F5", "roll B G G G", "take-ground", "pass")
    assert state.decision == "bonus" and "battle F5 F6" in texts(state)
    play(state, "battle F5 F6", "roll B G G G")
    assert state.decision == "take-ground"
    play(state, "take-ground")
    assert state.decision == "deal" and state.unit_at("F6").type.id == "h_rm_lance"


# -- the worked examples --------------------------------------------------------------------------
def test_t_23_cavalry_into_forest_takes_ground_stops_and_makes_a_bonus_attack() -> None:
    state = scene(
        ("h_bm_lance", "E4", 1),
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "G5", 2),
        terrain={"F5": "forest"},
    )
    play(state, "battle E4 F5")
    assert state.battle is not None and state.battle.dice == 2
    play(state, "roll F R", "retreat F6", "take-ground")
    assert state.decision == "bonus"  # no pursuit out of the forest
    assert "battle F5 G5" in texts(state)
    play(state, "battle F5 G5")
    assert state.battle is not None and state.battle.dice == 2 and state.battle.bonus


def test_t_24_a_retreat_goes_through_a_forest() -> None:
    state = scene(
        ("h_rf_sword", "F4", 1),
        ("h_rf_sword", "F5", 2),
        ("h_bf_sword", "A9", 2),
        terrain={"F6": "forest"},
    )
    play(state, "battle F4 F5", "roll F F B B", "retreat F6", "retreat F7")
    assert figures(state, "F7") == 4


def test_t_25_bridge_makes_bold_and_landmarks_cap_and_stop() -> None:
    state = scene(
        ("h_bf_sword", "G4", 1),
        ("h_bf_sword", "G5", 2),
        ("h_bf_sword", "A9", 2),
        terrain={"G5": "bridge"},
    )
    play(state, "battle G4 G5", "roll F B G")
    assert figures(state, "G5") == 3 and state.decision == "flags"
    play(state, "ignore 1")
    assert state.decision == "battle-back"
    camp = scene(
        ("h_rf_sword", "F4", 1),
        ("h_bf_sword", "F5", 2),
        ("h_bf_sword", "A9", 2),
        landmarks={"F5": "fortification"},
    )
    play(camp, "battle F4 F5")
    assert camp.battle is not None and camp.battle.dice == 2


def test_t_20_a_lone_dwarf_ignores_one_flag_supported_both() -> None:
    alone = scene(
        ("h_bf_sword", "F5", 2), ("d_bf_sword", "F4", 1), ("h_bf_sword", "A1", 1), active=2
    )
    play(alone, "battle F5 F4", "roll F F R")
    assert texts(alone) == ["ignore 0", "ignore 1"]
    play(alone, "ignore 1")
    assert texts(alone) == ["retreat F3", "retreat G3"]
    play(alone, "retreat G3")
    assert alone.decision == "take-ground"  # it left its hex: no battle back
    held = scene(
        ("h_bf_sword", "F5", 2),
        ("d_bf_sword", "F4", 1),
        ("h_bf_sword", "E4", 1),
        ("h_bf_sword", "G4", 1),
        active=2,
    )
    play(held, "battle F5 F4", "roll F F R", "ignore 2")
    assert held.decision == "battle-back"


def _t17(*extra: tuple[str, str, int]) -> BattleLoreState:
    return scene(
        ("d_bf_sword", "F4", 1),
        ("g_bf_sword", "F7", 2),
        ("h_bf_sword", "E5", 2),
        ("h_bf_sword", "E6", 2),
        *extra,
        active=2,
        phase="move",
        ordered=("F7",),
    )


def test_t_17_rush_battle_back_goblin_flight_and_panic() -> None:
    state = _t17()
    assert "rush F7 F5 at F4" in texts(state)
    play(state, "rush F7 F5 at F4")
    assert texts(state) == ["battle F5 F4"]  # no `done`: BL-10.4
    play(state, "battle F5 F4", "roll F R G", "ignore 1", "battle-back", "roll F F F")
    play(state, "ignore 1", "retreat F7", "retreat F8", "retreat F9")
    assert state.battle is not None
    assert state.decision == "roll" and state.battle.panic and state.battle.dice == 4
    play(state, "roll B G S B")
    assert figures(state, "F9") == 2


def test_t_18_a_blocked_goblin_loses_figures_then_panics_on_the_hexes_it_went() -> None:
    state = _t17(("h_bf_sword", "E8", 2), ("h_bf_sword", "F8", 2), ("h_bf_sword", "G7", 2))
    play(state, "rush F7 F5 at F4", "battle F5 F4", "roll F R G", "ignore 1")
    play(state, "battle-back", "roll F F F", "ignore 1")
    assert figures(state, "F7") == 2  # F6, F7 then blocked: -2
    assert state.battle is not None and state.battle.dice == 2
    play(state, "roll B L")
    assert figures(state, "F7") == 1


def test_t_19_a_rush_whose_target_is_gone_does_not_battle() -> None:
    state = _t17(("h_rm_lance", "G5", 2), ("h_bf_sword", "A1", 1))
    play(state, "rush F7 F5 at F4")
    state.unit_at("G5").ordered = True
    state.ordered.append(state.unit_at("G5").uid)
    state._legal = None
    play(state, "battle G5 F4", "roll B B B B")
    assert figures(state, "F4") is None
    play(state, "pass")  # no take ground
    assert state.decision == "deal"  # the goblin's battle lapsed


def test_bl_10_4_done_is_refused_while_a_rushing_goblin_must_battle() -> None:
    state = _t17()
    play(state, "rush F7 F5 at F4")
    with pytest.raises(IllegalAction) as info:
        state.apply("done")
    assert info.value.rule == "BL-10.4"
