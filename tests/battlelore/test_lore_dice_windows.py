"""Lore-card dice are no attack (BL-13.9): the unit they are rolled against is not "defending"
(BL-13.4 `DEFENDING`: an attack on it was declared), so no ROLL_BEFORE or ROLL_AFTER window
opens around them (docs/battlelore.md, "Our rulings")."""

from __future__ import annotations

from tests.battlelore.engine_helpers import figures, play
from tests.battlelore.test_lore_play import NORTH_F6, NORTH_FAR, SOUTH_F4, at_command


def test_bl_13_9_no_roll_after_window_against_a_lore_cards_dice() -> None:
    state = at_command(
        SOUTH_F4, NORTH_F6, NORTH_FAR,
        councils=({"wizard": 1}, {"cleric": 1}), lore_hands=(["WZ01"], ["CL03"]), goblets=(5, 5),
    )  # fmt: skip
    play(state, "lore WZ01 F6")  # Fire Bolt at North's blue unit
    while state.decision == "react":  # North's LORE_REACT window: Mass Defense is not for it
        assert "lore CL03 F6" not in [str(a) for a in state.legal_actions()]
        play(state, "pass")
    assert state.decision == "roll" and state.battle is not None and state.battle.dice == 2
    play(state, "roll B F")
    assert state.decision == "retreat" and state.window is None  # no ROLL_AFTER: read at once
    assert figures(state, "F6") == 3 and state.lore_hands[2] == ["CL03"]
