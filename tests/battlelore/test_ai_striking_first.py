"""Issue 21, point 3: why `greedy` lost to `rush`, and the fixes in BattleLore's evaluation
(`ai/heuristics.py`, docs/ai.md "Initiative", "Why greedy lost to rush"). Each test builds the
position where the old evaluation chose wrong."""

from __future__ import annotations

import dataclasses

from bitva.games.battlelore.ai.heuristics import DEFAULT, score
from tests.battlelore.engine_helpers import scene

SWORDS = (("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2))


def test_bl_1_1_at_the_start_of_a_turn_the_side_about_to_act_strikes_next() -> None:
    """At the start of North's turn (no Command card yet, BL-2.1) North's attacks come next
    (BL-1.1): its threats count at the `next_turn` weight, South's at `later`. The old
    evaluation gave `next_turn` to the side waiting whatever the step, so a look-ahead that
    ended South's turn read South's threats as the ones coming first and North's as a turn
    away: the two weights swapped at the end of every turn."""
    start = scene(*SWORDS, active=2, phase="command", orders=None, ordered=())
    first = dataclasses.replace(DEFAULT, next_turn=0.5, later=0.0)
    second = dataclasses.replace(DEFAULT, next_turn=0.0, later=0.5)
    assert score(start, first) < score(start, DEFAULT) < score(start, second)
    # during South's own turn North still strikes next, as before
    moving = scene(*SWORDS, active=1, phase="move", ordered=())
    assert score(moving, first) < score(moving, second)
