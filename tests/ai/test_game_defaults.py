"""A game's defaults for the agents (`Game.agent_defaults`): they set greedy's look-ahead and the
searches' budgets where the player named none; the player's parameters win; a game without
defaults (Lords of War) plays exactly as before."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bitva.ai import make_agent
from bitva.ai.agents import parse_agent
from bitva.ai.budget import Budget
from bitva.ai.greedy import MAX_NODES, GreedyAgent
from bitva.ai.levels import HARD, MEDIUM
from bitva.ai.search import SearchAgent
from bitva.core.errors import BitvaError
from bitva.core.registry import get_game
from bitva.games.lords_of_war.game import LordsOfWar
from tests.ai.conftest import random_position

DEFAULTS: dict[str, dict[str, Any]] = {
    "greedy": {"nodes": 40},
    "easy": {"nodes": 30},
    "hard": {"evaluations": 123},
    "medium": {"evaluations": 45, "c": 0.5},
}


@pytest.fixture
def with_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lords of War, for this test only, with defaults for its agents."""

    def agent_defaults(self: LordsOfWar, agent: str) -> Mapping[str, Any]:
        return DEFAULTS.get(agent, {})

    monkeypatch.setattr(LordsOfWar, "agent_defaults", agent_defaults)


def test_a_game_without_defaults_leaves_the_agents_own() -> None:
    game = get_game("lords-of-war")
    assert game.agent_defaults("hard") == {}
    greedy = make_agent("greedy")
    assert isinstance(greedy, GreedyAgent) and greedy.nodes_for(game) == MAX_NODES == 20_000
    hard, medium = make_agent("hard"), make_agent("medium")
    assert isinstance(hard, SearchAgent) and isinstance(medium, SearchAgent)
    assert hard.config_for(game) == HARD and medium.config_for(game) == MEDIUM


@pytest.mark.usefixtures("with_defaults")
def test_greedy_and_easy_take_the_games_look_ahead() -> None:
    game = get_game("lords-of-war")
    greedy, easy = make_agent("greedy"), make_agent("easy")
    assert isinstance(greedy, GreedyAgent) and isinstance(easy, GreedyAgent)
    assert greedy.nodes_for(game) == 40 and easy.nodes_for(game) == 30


@pytest.mark.usefixtures("with_defaults")
def test_the_players_parameters_win_over_the_games() -> None:
    game = get_game("lords-of-war")
    greedy = make_agent("greedy:nodes=7")
    assert isinstance(greedy, GreedyAgent) and greedy.nodes_for(game) == 7
    hard = make_agent("hard:evaluations=50")
    assert isinstance(hard, SearchAgent)
    assert hard.config_for(game).budget == Budget(None, None, 50)
    timed = make_agent("hard:seconds=0.5")  # a pure time budget stays one
    assert isinstance(timed, SearchAgent)
    assert timed.config_for(game).budget == Budget(None, 0.5, None)
    medium = make_agent("medium:c=0.9")
    assert isinstance(medium, SearchAgent)
    config = medium.config_for(game)
    assert config.exploration == 0.9 and config.budget == Budget(None, None, 45)


@pytest.mark.usefixtures("with_defaults")
def test_the_searches_take_the_games_budget() -> None:
    game = get_game("lords-of-war")
    hard = make_agent("hard")
    assert isinstance(hard, SearchAgent)
    assert hard.config_for(game).budget == Budget(None, None, 123)
    assert hard.config_for(game).exploration == HARD.exploration
    state = random_position(5, 6)
    hard.choose(state)
    assert 0 < hard.last.evaluations <= 123 + len(state.legal_codes())


@pytest.mark.usefixtures("with_defaults")
def test_greedy_with_the_games_budget_plays_as_if_named() -> None:
    state = random_position(3, 4)
    assert len(state.legal_codes()) > 1
    for seed in range(3):
        by_default = make_agent("greedy", seed).choose(state)
        named = make_agent("greedy:nodes=40", seed).choose(state)
        assert by_default == named


def test_nodes_is_greedys_parameter_only() -> None:
    assert parse_agent("greedy:nodes=300") == ("greedy", {"nodes": 300})
    assert parse_agent("easy:nodes=30") == ("easy", {"nodes": 30})
    with pytest.raises(BitvaError, match="bad parameter"):
        make_agent("hard:nodes=300")
