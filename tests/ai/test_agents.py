"""Agents only ever return legal actions; the registry knows every level; names parse."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bitva.ai import AGENTS, make_agent
from bitva.ai.agents import DESCRIPTIONS, LEVELS, parse_agent
from bitva.ai.budget import Budget
from bitva.ai.greedy import GreedyAgent
from bitva.ai.search import SearchAgent
from bitva.core.errors import BitvaError
from bitva.core.registry import get_game
from tests.ai.conftest import TINY, random_position


def test_registry_lists_levels_and_raw_agents() -> None:
    assert set(AGENTS) == {"random", "greedy", "easy", "medium", "hard", "mcts", "ismcts"}
    assert set(DESCRIPTIONS) == set(AGENTS)
    assert LEVELS == ("easy", "medium", "hard")
    for name, factory in AGENTS.items():
        agent = factory(3)  # front ends call AGENTS[name](seed)
        assert agent.name == name
        assert make_agent(name, 3).name == name


def test_levels_and_defaults() -> None:
    hard = make_agent("hard")
    ismcts = make_agent("ismcts")
    assert isinstance(hard, SearchAgent) and isinstance(ismcts, SearchAgent)
    assert hard.config == ismcts.config  # hard is ISMCTS at its default budget
    assert hard.config.each_iteration and hard.config.budget.reproducible
    mcts = make_agent("mcts")
    assert isinstance(mcts, SearchAgent) and not mcts.config.each_iteration
    medium = make_agent("medium")
    assert isinstance(medium, SearchAgent)
    assert medium.config.budget.evaluations < hard.config.budget.evaluations  # type: ignore[operator]
    assert hard.config.budget.reproducible and medium.config.budget.reproducible
    easy = make_agent("easy")
    assert isinstance(easy, GreedyAgent) and easy.blunder > 0


def test_agent_parameters_parse() -> None:
    assert parse_agent(" ISMCTS:iterations=50, c=0.3 ,rollout=end") == (
        "ismcts",
        {"iterations": 50, "c": 0.3, "rollout": None},
    )
    agent = make_agent("mcts:seconds=0.5")
    assert isinstance(agent, SearchAgent)
    assert agent.config.budget.seconds == 0.5 and agent.config.budget.iterations is None
    agent = make_agent("hard:iterations=10,seconds=1,workers=2,expand=one,evaluations=99")
    assert isinstance(agent, SearchAgent)
    assert agent.config.budget == Budget(10, 1.0, 99)
    assert agent.config.workers == 2 and not agent.config.expand_all


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("deep-blue", "unknown agent"),
        ("greedy:iterations=5", "bad parameter"),
        ("ismcts:depth=3", "bad parameter"),
        ("ismcts:iterations", "bad parameter"),
        ("ismcts:iterations=many", "must be a number"),
        ("ismcts:expand=some", "expand must be all or one"),
        ("ismcts:evaluations=0", "at least 1"),
        ("ismcts:iterations=0", "at least 1"),
        ("mcts:seconds=-1", "positive"),
    ],
)
def test_bad_agent_names_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(BitvaError, match=message):
        make_agent(spec)


def _play_checking(spec: str, seed: int, limit: int | None = None, **options: object) -> int:
    """Play `spec` against random from a seeded deal (to the end, or for `limit` of its
    decisions); every action `spec` chooses must be legal. Returns the number of decisions it
    made."""
    state = get_game("lords-of-war").new(dict(options), seed)
    state.resolve_chance()  # the opening deal
    agent = make_agent(spec, seed)
    other = make_agent("random", seed + 1)
    decisions = 0
    while state.current_player is not None and decisions != limit:
        if state.current_player == 1 + seed % 2:
            before = state.digest()
            action = agent.choose(state)
            assert state.digest() == before, f"{spec} changed the state it was given"
            assert action in state.legal_actions(), f"{spec} chose illegal {action}"
            decisions += 1
        else:
            action = other.choose(state)
        state.apply(action)  # the checked path: raises on anything illegal
        state.resolve_chance()  # the cards drawn, from the state's own RNG
    return decisions


@pytest.mark.parametrize("name", sorted(TINY))
def test_every_agent_plays_whole_games_legally(name: str) -> None:
    assert _play_checking(TINY[name], seed=11) > 10


@pytest.mark.parametrize("name", ["greedy", "mcts", "ismcts"])
def test_legal_under_advanced_and_borderless_rules(name: str) -> None:
    _play_checking(TINY[name], seed=4, limit=30, advanced=True)
    _play_checking(TINY[name], seed=5, limit=30, borderless=True, advanced=True)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 140),
    name=st.sampled_from(sorted(TINY)),
    advanced=st.booleans(),
)
def test_any_position_gets_a_legal_action(seed: int, plies: int, name: str, advanced: bool) -> None:
    state = random_position(seed, plies, advanced=advanced)
    if state.current_player is None:
        with pytest.raises(BitvaError, match="game is over"):
            make_agent(TINY[name], seed).choose(state)
        return
    action = make_agent(TINY[name], seed).choose(state)
    assert action in state.legal_actions()
