"""Issue 21, point 3: the exposure term of BattleLore's evaluation (`ai/heuristics.py`,
docs/ai.md "Initiative"): the units of the side that will be attacked next, each valued by the
enemy attacks that could fall on it after a move that still lets them battle (BL-3.2, BL-4.3),
several attacks on one unit combined (focus fire)."""

from __future__ import annotations

import dataclasses

from bitva.games.battlelore.ai.heuristics import (
    DEFAULT,
    Attacks,
    exposed_side,
    exposure,
    score,
)
from tests.battlelore.engine_helpers import scene

ON = dataclasses.replace(DEFAULT, exposure=1.0)


def _exposure(*units: tuple[str, str, int] | tuple[str, str, int, int]) -> float:
    state = scene(*units, ordered=())
    field = state.field
    return exposure(Attacks(field, ON.damage), field.alive(1), field.alive(2), ON)


def test_issue_21_3_exposure_grows_with_the_enemies_that_reach_a_unit() -> None:
    """One South sword beside one North sword, then beside two: the second attack on the same
    unit adds to its exposure (focus fire), and a unit out of every enemy's reach has none."""
    one = _exposure(("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2))
    two = _exposure(("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "G5", 2))
    none = _exposure(("h_bf_sword", "B1", 1), ("h_bf_sword", "K9", 2))
    assert none == 0.0
    assert 0.0 < one < two < 1.0


def test_issue_21_3_a_unit_on_its_last_figure_is_more_exposed() -> None:
    """The same reach on a unit one hit from a banner for the enemy (BL-5.3)."""
    full = _exposure(("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2))
    last = _exposure(("h_bf_sword", "F4", 1, 1), ("h_bf_sword", "F5", 2))
    assert last > full


def test_issue_21_3_only_the_most_exposed_units_count() -> None:
    """`exposed_counted` units at most (a Command card orders a few, BL-2): a third unit in
    reach adds nothing when two are counted."""
    two = dataclasses.replace(ON, exposed_counted=2)
    north = ("h_bf_sword", "F6", 2)
    state = scene(("h_bf_sword", "E5", 1), ("h_bf_sword", "F5", 1), ("h_bf_sword", "G5", 1), north)
    field = state.field
    counted = exposure(Attacks(field, two.damage), field.alive(1), field.alive(2), two)
    each = exposure(Attacks(field, two.damage), [field.alive(1)[0]], field.alive(2), two)
    assert counted == 2 * each


def test_bl_1_1_the_exposed_side_is_the_one_the_next_attacks_fall_on() -> None:
    """During South's turn the next attacks are North's, on South's units; at the start of
    North's turn, before its Command card (BL-2.1), still on South's."""
    units = (("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2))
    assert exposed_side(scene(*units, active=1, phase="battle")) == 1
    assert exposed_side(scene(*units, active=1, phase="move")) == 1
    assert exposed_side(scene(*units, active=2, phase="command", orders=None)) == 1


def test_issue_21_3_an_exposed_unit_lowers_its_sides_score() -> None:
    """South's sword on its last figure left beside two North swords at the end of South's
    battles scores lower with the term on than off (the default: measured no gain against
    `rush`, docs/ai.md "Initiative"); a unit out of every enemy's reach scores the same."""
    units = (("h_bf_sword", "F4", 1, 1), ("h_bf_sword", "F5", 2), ("h_bf_sword", "G5", 2))
    state = scene(*units, ordered=())
    off = dataclasses.replace(DEFAULT, exposure=0.0)
    assert score(state, ON) < score(state, off) == score(state, DEFAULT)
    far = scene(("h_bf_sword", "B1", 1), ("h_bf_sword", "K9", 2), ordered=())
    assert score(far, ON) == score(far, off)
