"""Issue 21, point 3: BattleLore's evaluation plays with initiative (`ai/heuristics.py`,
docs/ai.md "Initiative"): an order is worth what the unit's move may bring (BL-2, BL-3.2,
BL-4.3), attacks not declared are lost with the battle step (BL-4.1), and a Lore window does
not hide the action it interrupts (BL-13.3)."""

from __future__ import annotations

import dataclasses

from bitva.ai import make_agent
from bitva.core.record import Match
from bitva.core.rng import derive_seed
from bitva.games.battlelore.actions import Pass
from bitva.games.battlelore.ai.heuristics import DEFAULT, evaluate, past_windows, score
from bitva.games.battlelore.field.combat import may_battle, targets
from bitva.games.battlelore.state import BattleLoreState
from tests.battlelore.engine_helpers import scene


def _after(state: BattleLoreState, text: str) -> BattleLoreState:
    child = state.clone()
    child.apply_unchecked(child.parse_action(text))
    return child


def _two_apart(phase: str, ordered: tuple[str, ...] | None) -> BattleLoreState:
    """A South sword unit on F3 two hexes from a North one on F5: out of reach now, in reach
    after a one-hex move that still allows a battle (BL-3.2)."""
    return scene(("h_bf_sword", "F3", 1), ("h_bf_sword", "F5", 2), phase=phase, ordered=ordered)


def test_bl_2_2_ordering_a_unit_that_can_close_and_attack_beats_ordering_none() -> None:
    state = _two_apart("order", ())
    assert {"order F3", "done"} <= {str(a) for a in state.legal_actions()}
    assert score(_after(state, "order F3")) > score(_after(state, "done"))
    for seed in range(3):
        assert str(make_agent("greedy", seed).choose(state)) == "order F3"


def test_bl_3_2_an_ordered_unit_is_worth_the_attack_its_move_brings() -> None:
    ordered = score(_two_apart("move", ("F3",)))
    idle = score(_two_apart("move", ()))
    assert ordered > idle


def test_bl_3_2_greedy_moves_into_contact_rather_than_ending_its_moves() -> None:
    state = _two_apart("move", ("F3",))
    assert score(_after(state, "move F3 F4")) > score(_after(state, "done"))
    for seed in range(3):
        moved = _after(state, str(make_agent("greedy", seed).choose(state)))
        unit = moved.field.alive(1)[0]
        assert may_battle(moved.field, unit) and targets(moved.field, unit)


def test_bl_4_1_attacks_not_declared_end_with_the_battle_step() -> None:
    # South's sword next to North's: ending the battles gives the attack up, so it is worth less
    state = scene(("h_bf_sword", "F4", 1), ("h_bf_sword", "F5", 2))
    assert score(_after(state, "done")) < score(state)


def test_bl_13_3_a_lore_window_does_not_hide_the_move_it_interrupts() -> None:
    """A02 between two `rush` players: the first move of South that opens a Lore window for
    North (the move waits for the window to close) is scored as made."""
    match = Match("battlelore", {"adventure": "A02"}, derive_seed(0, "game", 0))
    players = {1: make_agent("rush", 1), 2: make_agent("rush", 2)}
    state = match.state
    assert isinstance(state, BattleLoreState)
    for _ in range(3000):
        assert state.current_player is not None
        action = players[state.current_player].choose(state)
        if state.active == 1 and action.verb == "move":
            after = _after(state, str(action))
            if after.phase == "react":
                break
        match.apply(action)
    else:
        raise AssertionError("no move of South opened a Lore window")
    moves = [a for a in state.legal_actions() if a.verb == "move"]
    passed = past_windows(after)
    assert passed is not after and passed.phase != "react"
    assert after.phase == "react"  # the state scored is not changed
    values = {evaluate(_after(state, str(m)), 1) for m in moves}
    assert len(values) > 1, "every move looked the same"
    assert Pass() in after.legal_actions()


def test_issue_21_3_a_weakened_unit_left_next_to_the_enemy_reads_worse_than_one_kept_away() -> None:
    """The threat terms (0.15 each, the best 3 attacks after a move, BL-3.2): a South sword down
    to its last figure (one hit from a banner for North, BL-5.3) left beside two North swords
    reads worse than the same unit kept out of their reach. At weight 0 (the old evaluation)
    both read alike, so a move, a retreat or a taken hex could leave the unit there; greedy
    lost 36% of its games to `rush` (docs/ai.md, "Initiative")."""
    old = dataclasses.replace(DEFAULT, next_turn=0.0, later=0.0)
    north = (("h_bf_sword", "F5", 2), ("h_bf_sword", "G5", 2))
    exposed = scene(("h_bf_sword", "F4", 1, 1), *north, ordered=())
    kept = scene(("h_bf_sword", "B4", 1, 1), *north, ordered=())
    assert score(exposed, old) == score(kept, old)
    assert score(exposed) < score(kept) - 0.05
