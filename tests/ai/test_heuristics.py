"""The Lords of War heuristic: bounded, zero-sum, +-1 at the end, and its threat terms see the
kills that one placement can make (LW-6.2, LW-7.4) and the shots of ready ranged units (LW-7.2)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bitva.core.registry import get_game
from bitva.games.lords_of_war.heuristics import (
    WEIGHTS,
    Weights,
    evaluate,
    kill_values,
    next_to_place,
    score,
)
from tests.ai.conftest import random_position
from tests.lords_of_war.helpers import card, position


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 200), advanced=st.booleans())
def test_bounded_zero_sum_and_exact_at_the_end(seed: int, plies: int, advanced: bool) -> None:
    state = random_position(seed, plies, advanced=advanced)
    one, two = evaluate(state, 1), evaluate(state, 2)
    assert -1.0 <= one <= 1.0
    assert one == -two
    outcome = state.outcome
    if outcome is None:
        assert abs(one) < 1.0
    else:
        assert one == outcome.returns[0]
    assert get_game("lords-of-war").heuristic(state, 1) == one


def test_one_placement_kill_is_a_threat_and_a_blocked_square_is_not() -> None:
    """The Marauder* on d4 (defence 4) already receives nothing; the Deathbringer's front arrow 5
    from d3 would eliminate it (LW-7.4), a Shanker's 4 would not."""
    cards = {"Marauder*": card("veteran", "infantry", 4, front=1)}
    board = {"d4": (2, "Marauder*")}
    state = position(board=board, hands={1: ["Orc Deathbringer#1"]}, cards=cards)
    assert kill_values(state, 1, state.hand[1]) == [1 / 20]
    weak = position(board=board, hands={1: ["Goblin Shanker#1"]}, cards=cards)
    assert kill_values(weak, 1, weak.hand[1]) == []
    # every square from which an arrow of the hand could reach d4 is taken: no threat
    walls = {**cards, "Wall": card("recruit", "infantry", 9)}
    crowded = position(
        board={**board, "c3": (2, "Wall"), "d3": (2, "Wall"), "e3": (2, "Wall")},
        hands={1: ["Orc Deathbringer#1"]},
        cards=walls,
    )
    assert kill_values(crowded, 1, crowded.hand[1]) == []


def test_command_units_are_worth_more_and_ranged_shots_count() -> None:
    """A command unit counts towards both thresholds (LW-3.3). The Catapult on d2 (ranged 4,
    not engaged) adds its shot to what a placement deals (LW-7.2)."""
    cards = {
        "Chief": card("command", "infantry", 6),
        "Grunt": card("recruit", "infantry", 6),
    }
    board = {"d4": (2, "Chief"), "b4": (2, "Grunt"), "d2": (1, "Orc Catapult")}
    state = position(board=board, hands={1: ["Goblin Shanker#1"]}, cards=cards)
    # Shanker front 4 from d3 or b3, plus the Catapult's 4 on d4 (in its grid): 8 > 6
    assert kill_values(state, 1, state.hand[1]) == [1 / 20 + 1 / 4]
    no_catapult = position(
        board={"d4": (2, "Chief"), "b4": (2, "Grunt")},
        hands={1: ["Goblin Shanker#1"]},
        cards=cards,
    )
    assert kill_values(no_catapult, 1, no_catapult.hand[1]) == []


def test_threats_of_the_side_placing_next_weigh_more() -> None:
    cards = {"Marauder*": card("veteran", "infantry", 4, front=1)}
    state = position(
        board={"d4": (2, "Marauder*")},
        hands={1: ["Orc Deathbringer#1"], 2: ["Dwarf Slugger#1"]},
        cards=cards,
    )
    assert next_to_place(state) == 1
    assert score(state, 1) > 0  # player 1 threatens a kill and places next
    quiet = Weights(threat_next=0.0, threat_later=0.0)
    assert score(state, 1, quiet) == 0.0
    assert score(state, 1) == WEIGHTS.threat_next * (1 / 20)
