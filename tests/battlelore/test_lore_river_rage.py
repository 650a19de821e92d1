"""WZ03 River Rage hits every enemy unit by the water at once (BL-13.4, BL-13.9): its action
names no unit, so any number of targets can be played, written, read back and encoded (a game
of A04 once wrote `lore WZ03 G6 G5 F7 J4 I6`, which no parser read back)."""

from __future__ import annotations

from bitva.games.battlelore.actions import parse
from bitva.games.battlelore.codes import decode, encode
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import figures, play, texts
from tests.battlelore.test_lore_play import SOUTH_F4, at_command

FIVE_BY_THE_WATER = [("h_bf_sword", h, 2) for h in ("C6", "E6", "G6", "I6", "K6")]


def scene_with_five() -> BattleLoreState:
    return at_command(
        SOUTH_F4,
        *FIVE_BY_THE_WATER,
        terrain={h: "ford" for _, h, _ in FIVE_BY_THE_WATER},
        councils=({"wizard": 1}, {}),
        lore_hands=(["WZ03"], []),
        goblets=(4, 0),
    )


def test_bl_13_4_river_rage_on_five_units_is_one_action_that_names_none() -> None:
    state = scene_with_five()
    lore = [t for t in texts(state) if t.startswith("lore")]
    assert lore == ["lore WZ03"]
    action = parse("lore WZ03")
    assert decode(encode(action)) == action
    play(state, "lore WZ03")
    for _ in FIVE_BY_THE_WATER:  # one die each at level 1: a flag is a hit
        play(state, "roll F")
    assert all(figures(state, h) == 3 for _, h, _ in FIVE_BY_THE_WATER)


def test_bl_13_4_an_older_record_that_listed_the_hexes_reads_as_the_same_action() -> None:
    assert parse("lore WZ03 C6 E6 G6 I6 K6") == parse("lore WZ03")
    assert parse("lore wz03 c6 h6") == parse("lore WZ03")
