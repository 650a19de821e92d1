"""The search's guides for games whose turns hold many small decisions (docs/ai.md, "Narrow
and shallow"): a horizon of turns where the tree stops growing, a width of actions each node
searches, and a prior that ranks the root's actions by greedy's look to the end of the turn.
Generic: checked on Lords of War and on the Sniper Elite sniper's turn that needed them."""

from __future__ import annotations

from typing import Any

import pytest

from bitva.ai import make_agent
from bitva.ai.agents import parse_agent
from bitva.ai.budget import Budget
from bitva.ai.greedy import GreedyAgent
from bitva.ai.levels import HARD, configure
from bitva.ai.search import SearchAgent, SearchConfig, run_search
from bitva.ai.values import evaluator
from bitva.core.errors import BitvaError
from bitva.core.registry import get_game
from bitva.core.rng import Rng
from bitva.core.state import State
from tests.ai.conftest import random_position

GUIDED = SearchConfig(
    budget=Budget(iterations=300, evaluations=None),
    exploration=0.1,
    expand_all=True,
    horizon=2,
    width=4,
    prior_nodes=400,
)


def sniper_turn() -> State[Any]:
    """A Sniper Elite sniper's turn with many legal actions (moves, shots and token counts)."""
    state = get_game("sniper-elite").new({}, 3)
    rng = Rng(11)
    greedy = GreedyAgent(5)
    while state.current_player is not None:
        if state.is_chance:
            state.apply_code(state.sample_chance_code(rng))
        elif state.decision == "turn" and state.turn >= 3 and len(state.legal_codes()) > 12:
            return state
        else:
            state.apply(greedy.choose(state))
    raise AssertionError("the game ended before a wide sniper's turn")


def spy(turns: list[int]) -> Any:
    """A heuristic that records the turn of every state it scores."""

    def heuristic(state: State[Any], seat: int) -> float:
        turns.append(state.turn)
        return 0.0

    return heuristic


@pytest.mark.parametrize("horizon", [1, 2])
def test_horizon_scores_no_state_beyond_it(horizon: int) -> None:
    state = sniper_turn()
    turns: list[int] = []
    config = SearchConfig(budget=Budget(iterations=200), expand_all=True, horizon=horizon)
    run_search(state.determinize(1, Rng(1)), 1, config, 7, spy(turns))
    assert turns and max(turns) <= state.turn + horizon
    assert max(turns) == state.turn + horizon  # the defenders' turn is looked through


def test_without_horizon_the_tree_grows_past_the_next_turn() -> None:
    state = sniper_turn()
    turns: list[int] = []
    config = SearchConfig(budget=Budget(iterations=400), expand_all=True)
    run_search(state.determinize(1, Rng(1)), 1, config, 7, spy(turns))
    assert max(turns) > state.turn + 2


def test_prior_ranks_the_root_by_greedy_and_width_keeps_the_best() -> None:
    state = sniper_turn()
    base = state.determinize(1, Rng(2))
    codes = state.legal_codes()
    result = run_search(base, 1, GUIDED, 9)
    assert len(result.stats) == GUIDED.width < len(codes)
    # the same look greedy takes, with the search's seed for its own draws
    rng = Rng(9)
    look = GreedyAgent(rng.next_u64())
    scores = look.action_values(base.clone(), 1, codes, 400, evaluator(state.game))
    ranked = sorted(range(len(codes)), key=lambda i: -scores[i])
    assert set(result.stats) == {codes[i] for i in ranked[:4]}
    assert result.evaluations > result.iterations  # the prior's evaluations are reported


def test_width_narrows_every_node_after_its_first_look() -> None:
    state = random_position(2, 6)
    seat = state.current_player
    assert seat is not None and len(state.legal_codes()) > 6
    config = SearchConfig(budget=Budget(iterations=200), exploration=0.5, expand_all=True, width=3)
    result = run_search(state.determinize(seat, Rng(3)), seat, config, 4)
    revisited = [code for code, (visits, _) in result.stats.items() if visits > 1]
    assert len(result.stats) == len(state.legal_codes())  # all scored once
    assert 0 < len(revisited) <= 3  # only the three best searched further


def test_guided_search_is_reproducible() -> None:
    state = sniper_turn()
    first = run_search(state.determinize(1, Rng(4)), 1, GUIDED, 21)
    again = run_search(state.determinize(1, Rng(4)), 1, GUIDED, 21)
    assert first.stats == again.stats and first.iterations == again.iterations


def test_a_guided_agent_plays_a_legal_action() -> None:
    state = sniper_turn()
    agent = make_agent("hard:iterations=60,evaluations=5000,horizon=2,width=3,prior=300", 1)
    assert isinstance(agent, SearchAgent)
    action = agent.choose(state)
    assert action in state.legal_actions()
    assert 0 < len(agent.last.visits) <= 3


def test_the_guides_are_agent_parameters() -> None:
    _, params = parse_agent("hard:horizon=2,width=8,prior=2000")
    assert params == {"horizon": 2, "width": 8, "prior": 2000}
    config = configure(HARD, params)
    assert (config.horizon, config.width, config.prior_nodes) == (2, 8, 2000)
    # `none` turns a game's guide off
    _, off = parse_agent("ismcts:horizon=none,width=none,prior=none")
    assert off == {"horizon": None, "width": None, "prior": None}
    config = configure(configure(HARD, params), off)
    assert (config.horizon, config.width, config.prior_nodes) == (None, None, None)
    with pytest.raises(BitvaError, match="width must be a number"):
        parse_agent("hard:width=wide")
    with pytest.raises(BitvaError, match="bad parameter"):
        parse_agent("greedy:width=3")
