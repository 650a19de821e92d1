"""Issue 21 (leftover of point 4): a roll that hits nothing is told in the log. BL-5.2 reads the
roll: with no hit and no flag the target is untouched, and the engine says so with a `missed`
event (player: the attacker's side, attacker, target), so that a log never ends an attack at
its dice."""

from __future__ import annotations

from bitva.cli.games.battlelore import BattleLoreAdapter
from tests.battlelore.engine_helpers import figures, scene


def test_bl_5_2_a_roll_without_hits_or_flags_emits_missed() -> None:
    state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
    events = state.apply("battle F4 F5") + state.apply("roll G G G G")
    missed = [e for e in events if e.kind == "missed"]
    assert len(missed) == 1 and figures(state, "F5") == 4
    assert missed[0].data == {"player": 1, "attacker": "F4", "target": "F5"}
    lines = BattleLoreAdapter().describe_events([{"kind": e.kind, **e.data} for e in events])
    rolled = next(i for i, line in enumerate(lines) if line.startswith("South rolls"))
    assert lines[rolled + 1] == "The attack on F5 hits nothing"


def test_bl_5_2_a_roll_with_a_hit_or_a_flag_emits_no_missed() -> None:
    for roll in ("roll B G G G", "roll F G G G"):
        state = scene(("h_rf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "A9", 2))
        events = state.apply("battle F4 F5") + state.apply(roll)
        assert not [e for e in events if e.kind == "missed"], roll
