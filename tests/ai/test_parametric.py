"""Agents in a game whose actions are checked, not listed (the test game Long Jump): random and
greedy choose among the game's `candidate_actions` and play only legal jumps to the end; the tree
searches, which walk integer action codes, refuse it with one clear line naming who can play."""

from __future__ import annotations

import pytest

from bitva.ai import AGENTS, check_plays, make_agent, plays
from bitva.core import BitvaError, Rng, get_game

JUMP = get_game("long-jump")
DICE = get_game("dice-cards")


@pytest.mark.parametrize("agent", ["random", "greedy", "easy"])
def test_an_agent_plays_a_parametric_game_legally_to_the_end(agent: str) -> None:
    for seed in range(3):
        state = JUMP.new({"track": 8}, seed)
        players = {1: make_agent(agent, seed), 2: make_agent("random", seed + 10)}
        while state.current_player is not None:
            if state.is_chance:  # LJ-5: the wind die
                state.resolve_chance()
                continue
            action = players[state.current_player].choose(state)
            assert state.check(action) is None, action  # LJ-2, LJ-3: only legal jumps
            state.apply(action)
        assert state.outcome is not None and state.outcome.rule == "LJ-4"


def test_greedy_jumps_as_far_as_it_may() -> None:
    """One turn deep with the heuristic (the lead): the longest legal jump is best."""
    state = JUMP.new({"track": 8}, 0)
    action = make_agent("greedy", 1).choose(state)
    assert str(action) == "jump 1.50"
    wins = 0
    for seed in range(6):
        game = JUMP.new({"track": 8}, seed)
        agents = {1: make_agent("greedy", seed), 2: make_agent("random", seed)}
        while game.current_player is not None:
            if game.is_chance:
                game.resolve_chance()
            else:
                game.apply(agents[game.current_player].choose(game))
        wins += game.outcome is not None and game.outcome.winner == 1
    assert wins == 6


def test_the_searches_refuse_a_game_without_codes_and_say_who_can_play() -> None:
    assert [name for name in AGENTS if plays(name, JUMP)] == ["random", "greedy", "easy"]
    assert all(plays(name, DICE) for name in AGENTS)
    for name in ("mcts", "ismcts:iterations=10", "medium", "hard"):
        with pytest.raises(BitvaError) as info:
            check_plays(name, JUMP)
        message = str(info.value)
        assert "cannot play Long Jump" in message and "greedy" in message
        assert "\n" not in message
        with pytest.raises(BitvaError, match="cannot play Long Jump"):
            make_agent(name, 0).choose(JUMP.new({}, 0))


def test_candidates_are_legal_reproducible_and_include_the_longest_jump() -> None:
    state = JUMP.new({}, 0)
    state.apply("jump 1.00")
    state.apply("wind 0.00")  # LJ-5: no push
    first = state.candidate_actions(Rng(4), 8)
    assert first == state.candidate_actions(Rng(4), 8)
    assert all(state.check(action) is None for action in first)
    assert str(first[-1]) == "jump 1.50" and len(first) <= 8
