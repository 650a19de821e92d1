"""Issue 21 point 8: what a move gives away (SE-6.3, SE-6.4) is known before it is made, and a
move that cannot be made says why (SE-6.2, SE-2.7): the engine's view lists every legal move with
the hits it costs and whether it moves the last known area, and the refusal of a space out of
reach counts its steps."""

from __future__ import annotations

from typing import Any

import pytest

from bitva.core.errors import IllegalAction
from bitva.games.sniper_elite.actions import Move
from tests.sniper_elite.helpers import scenario

E7 = 'sniper = "e7"\nlka = "red"\nobjectives = [3, 9]\n[defenders]\nY3 = "j10"\nK1 = "f7"\n'


def costs(text: str) -> dict[str, dict[str, Any]]:
    """The view's moves by their action text ("move c7 2")."""
    view = scenario(text).view(1)
    return {f"move {m['to']} {m['steps']}": m for m in view["moves"]}


def test_se_6_4_issue_21_8_the_view_says_which_moves_cost_a_hit() -> None:
    moves = costs(E7)
    state = scenario(E7)
    assert set(moves) == {str(a) for a in state.legal_actions() if isinstance(a, Move)}
    assert moves["move c7 2"] == {"to": "c7", "steps": 2, "hits": 1, "lka": False}  # inside red
    assert moves["move e6 1"] == {"to": "e6", "steps": 1, "hits": 0, "lka": False}  # SE-6.3
    assert moves["move e6 3"]["hits"] == 1
    assert moves["move d8 2"] == {"to": "d8", "steps": 2, "hits": 0, "lka": True}  # to yellow


def test_se_10_1_issue_21_8_the_costs_follow_the_challenge_and_noise_masking() -> None:
    assert costs('modifiers = ["sniper+"]\n' + E7)["move c7 2"]["hits"] == 0
    loud = costs('modifiers = ["sniper-loud"]\n' + E7)
    assert loud["move c8 3"] == {"to": "c8", "steps": 3, "hits": 1, "lka": True}
    state = scenario(E7)
    state.available = ["NOISE_MASKING"]
    state.apply("use NOISE_MASKING")  # D-36: the move goes unheard
    assert all(m["hits"] == 0 and not m["lka"] for m in state.view(1)["moves"])


def test_se_6_4_issue_21_8_the_view_lists_no_moves_once_moved() -> None:
    state = scenario(E7)
    state.apply("move e8 1")
    assert state.view(1)["moves"] == []


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("move i7", r"i7 is 6 steps away; you can move 3 \(SE-6\.2\)"),
        ("move i7 3", r"i7 is 6 steps away; you can move 3 \(SE-6\.2\)"),
        ("move f7", r"K1 stands on f7: you may not enter a defender's space \(SE-6\.2\)"),
        ("move e7 2", r"you are on e7 already: a move leaves your space \(SE-6\.2\)"),
        ("move a1", r"nobody can stand on a1: it is water \(SE-2\.5\)"),
        ("move c7 3", r"c7 is reached in 2 steps, not 3 \(SE-6\.2\)"),
    ],
)
def test_se_6_2_issue_21_8_a_space_out_of_reach_says_why(typed: str, why: str) -> None:
    state = scenario(E7)
    with pytest.raises(IllegalAction, match=why):
        state.apply(typed)


def test_se_2_7_issue_21_8_difficult_terrain_on_the_way_says_so() -> None:
    """SE-2.7, EX-12: d9 is 3 steps from e7, but each way enters difficult ground first."""
    with pytest.raises(IllegalAction, match=r"d9 is 3 steps away, but difficult ground"):
        scenario(E7).apply("move d9")


def test_se_6_2_issue_21_8_a_move_without_its_steps_is_refused_in_words() -> None:
    """An action built without its steps (`move c7`; the text form fills in the fewest) is
    refused with the steps that reach the space, never an error of the engine."""
    state = scenario(E7)
    violation = state.check(Move("c7"))
    assert str(violation) == "c7 is reached in 2 steps (SE-6.2)"
