"""Position files as states (issue 11): read at the move or battle decision, written back to the
same text, played on (the Command hands dealt when the position's turn ends), and the `odds`
analysis as `bitva analyse battlelore --json` prints it."""

from __future__ import annotations

import pytest

from bitva.core import PositionError, Rng
from bitva.games.battlelore.game import GAME

POSITION = """
[adventure]
id = "A01"
name = "Brook"
lore = false
first_player = "south"
victory_banners = 4
[sides.south]
command_cards = 4
units = [
  { type = "h_bf_sword", hex = "F4", ordered = true },
  { type = "h_gf_bow", hex = "D4", ordered = true, moved = 1 },
]
[sides.north]
command_cards = 4
units = ["h_bf_sword@G5", "h_rf_sword@E6"]
[position]
active = "south"
step = "move"
"""


def test_a_position_is_a_state_at_its_step_with_the_ordered_units() -> None:
    state = GAME.read_position(POSITION, "test.toml")
    assert state.decision == "move" and state.current_player == 1
    moves = [str(a) for a in state.legal_actions()]
    assert "move F4 F3" in moves and not any(m.startswith("move D4") for m in moves)
    again = GAME.read_position(GAME.write_position(state), "again.toml")
    assert GAME.write_position(again) == GAME.write_position(state)


def test_a_position_plays_on_and_deals_the_hands_when_its_turn_ends() -> None:
    state = GAME.read_position(POSITION, "test.toml")
    state.apply("done")
    while state.decision == "battle":
        state.apply("done")
    assert state.decision == "deal" and state.deal_to == [1] * 4 + [2] * 4
    rng = Rng(3)
    while state.current_player is not None:
        state.apply(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_actions())
        )
    assert state.outcome is not None


def test_the_odds_analysis_is_the_issues_object() -> None:
    state = GAME.read_position(POSITION.replace('step = "move"', 'step = "battle"'), "t.toml")
    result = GAME.analyses["odds"].run(state, 1)
    assert result["active"] == "south" and result["step"] == "battle" and result["moves"] == {}
    assert [(b["attacker"], b["target"], b["kind"], b["dice"]) for b in result["battles"]] == [
        ("D4", "E6", "ranged", 1),  # a short bow that moved loses a die (2.3)
        ("D4", "G5", "ranged", 1),
        ("F4", "G5", "melee", 3),
    ]
    assert result["battles"][2]["hit_chance"] == pytest.approx(1 / 3)


def test_states_a_position_file_cannot_say_are_refused() -> None:
    from tests.battlelore.engine_helpers import play, scene

    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    state.static = state.static.__class__(**{**state.static.__dict__, "adventure_id": "A01"})
    play(state, "battle F4 F5")
    with pytest.raises(PositionError):
        GAME.write_position(state)
