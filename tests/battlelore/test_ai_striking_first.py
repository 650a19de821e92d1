"""Issue 21, point 3: why `greedy` lost to `rush`, and the fixes in BattleLore's evaluation
(`ai/heuristics.py`, docs/ai.md "Initiative", "Why greedy lost to rush"). Each test builds the
position where the old evaluation chose wrong."""

from __future__ import annotations

import dataclasses

from bitva.games.battlelore.ai.heuristics import DEFAULT, Attacks, danger, initiative, score
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


def test_bl_2_2_escape_values_an_order_by_the_attack_it_may_escape() -> None:
    """The `escape` weight (0 by default: tried, no gain against `rush`, docs/ai.md "Why greedy
    lost to rush"): South's bow on its last figure two hexes from a North lance (in the lance's
    reach after its move, BL-3.2; one hit is a banner for North, BL-5.3) against South's sword
    that could close on a North sword. Without the weight an order is worth only what the unit
    may attack, so the sword reads as the better unit to order; with it, the bow."""
    units = (
        ("h_gf_bow", "F4", 1, 1),
        ("h_bf_sword", "B4", 1),
        ("h_bm_lance", "F6", 2),
        ("h_bf_sword", "B6", 2),
    )
    state = scene(*units, phase="order", ordered=())
    bow, sword = state.field.alive(1)
    enemies = state.field.alive(2)
    attacks = Attacks(state.field, DEFAULT.damage)
    escape = dataclasses.replace(DEFAULT, escape=0.3)
    assert initiative(attacks, bow, enemies, DEFAULT) < initiative(attacks, sword, enemies, DEFAULT)
    assert initiative(attacks, bow, enemies, escape) > initiative(attacks, sword, enemies, escape)
    assert 0.5 < danger(attacks, bow, enemies, 1) < 1.0
