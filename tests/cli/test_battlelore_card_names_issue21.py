"""Issue 21 leftover of point 5: a BattleLore card typed by its printed name in the terminal,
in any case and by any prefix that names one card: "play Mass Defense" plays the Lore card
(BL-13: the engine's `lore CL03`), "play patrol" the one Patrol card held (BL-2.1); a name that
fits several cards held is one clear line naming them."""

from __future__ import annotations

import pytest

from bitva.cli.games.battlelore_typed import card_answer, the_one_action
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import scene


def command_step(commands: list[str], lore: list[str]) -> BattleLoreState:
    """South (Wizard 1, Cleric 1) at its Command step, goblets enough for any card."""
    state = scene(
        ("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2),
        lore=True, phase="command", ordered=(), orders=None, hands=(commands, []),
        goblets=(9, 9),
    )  # fmt: skip
    state.councils = [{"wizard": 1, "cleric": 1}, {"cleric": 1}]
    state.lore_hands = {1: lore, 2: []}
    return state


@pytest.mark.parametrize("typed", ["play Fire Bolt F5", "play fire bolt F5", "PLAY FIRE B F5"])
def test_issue21_bl_13_a_lore_card_is_played_by_its_name_any_case_any_prefix(typed: str) -> None:
    state = command_step(["PATROL_C"], ["CL03", "WZ01"])
    text, error = card_answer(state.view(1), typed)
    assert (text, error) == ("lore WZ01 F5", None)
    plays = [state.action_text(a) for a in state.legal_actions()]
    assert state.action_text(state.parse_action(text)) in plays


@pytest.mark.parametrize("typed", ["play Mass Defense", "play mass defense", "play MASS DEF"])
def test_issue21_bl_13_3_mass_defense_typed_by_name_is_the_engines_lore_cl03(typed: str) -> None:
    """The play-through's words: Mass Defense answers an attack in a Lore window (BL-13.3)."""
    state = command_step(["PATROL_C"], ["CL03", "WZ01"])
    assert card_answer(state.view(1), typed) == ("lore CL03", None)


def test_issue21_bl_2_1_a_command_card_by_a_prefix_of_its_name_held_once() -> None:
    state = command_step(["PATROL_C", "SCOUT_L"], ["WZ01"])
    assert card_answer(state.view(1), "play patrol") == ("play PATROL_C", None)
    assert card_answer(state.view(1), "play fire F5") == ("lore WZ01 F5", None)
    assert card_answer(state.view(1), "move F4 E5") == ("move F4 E5", None)


def test_issue21_bl_2_1_a_name_that_fits_several_cards_held_is_one_clear_line() -> None:
    state = command_step(["SCOUT_L", "SCOUT_R"], ["RG03", "CL06"])
    _, error = card_answer(state.view(1), "play scout")
    assert error == "'scout' could be Scout Left Flank or Scout Right Flank: type more of the name"
    _, error = card_answer(state.view(1), "play s")
    assert error is not None and "could be" in error and "\n" not in error
    assert "Sanctuary" in error and "Sidestep" in error and "Scout Left" in error


def test_issue21_bl_13_3_mass_defense_by_name_answers_the_roll_in_norths_window() -> None:
    """North holds Mass Defense (a ROLL_AFTER card) when South's dice are rolled: "play mass
    defense" is one of North's legal answers there."""
    state = scene(
        ("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2),
        lore=True, goblets=(9, 9),
    )  # fmt: skip
    state.councils = [{"wizard": 1}, {"cleric": 1}]
    state.lore_hands = {1: [], 2: ["CL03"]}
    state.apply("battle F4 F5")
    while not state.is_chance:  # the windows before the dice: nothing to answer yet
        state.apply("pass")
    state.apply("roll B B G G")
    assert state.decision == "react" and state.current_player == 2
    text, error = card_answer(state.view(2), "play mass defense")
    plays = [state.action_text(a) for a in state.legal_actions()]
    assert (text, error) == ("lore CL03", None)
    action = the_one_action(state, text)  # its one target, the attacked unit, goes without saying
    assert action is not None and state.action_text(action) == "lore CL03 F5", plays
