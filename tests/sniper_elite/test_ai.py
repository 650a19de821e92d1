"""The agents that play the sniper (issue 12, point 6): their budgets in this game, the
evaluation's terms (each named for the rule it weighs), and whole games by random, greedy and
hard with small budgets."""

from __future__ import annotations

import pytest

from bitva.ai import make_agent
from bitva.ai.greedy import GreedyAgent
from bitva.ai.search import SearchAgent
from bitva.arena.simulation import play_game
from bitva.games.sniper_elite import GAME
from bitva.games.sniper_elite.ai_settings import (
    GREEDY_NODES,
    HARD,
    MEDIUM_EVALUATIONS,
    SEARCH_EVALUATIONS,
)
from bitva.games.sniper_elite.heuristics import CLIP, WEIGHTS, evaluate, finders, remaining_walk
from tests.sniper_elite.helpers import GEO, scenario, sp

# R1..Y3 far from d6 and from objectives 3 (e6) and 9 (j10), unless a test moves one
QUIET = "[defenders]\nR1 = 'a3'\nK2 = 'n5'\nY2 = 'c13'\n"


def position(
    extra: str = "", defenders: str = QUIET, sniper: str = "d6", lka: str = "black"
) -> str:
    return (
        f"sniper = '{sniper}'\nlka = '{lka}'\nobjectives = [3, 9]\nprobable = [1, 2]\n"
        f"{extra}\n{defenders}"
    )


def value(text: str) -> float:
    return evaluate(scenario(text))


# -- the budgets (Game.agent_defaults) ------------------------------------------------------


def test_agent_defaults_give_this_games_budgets() -> None:
    hard = make_agent("hard", 0)
    assert isinstance(hard, SearchAgent)
    config = hard.config_for(GAME)
    assert config.budget.iterations == HARD["iterations"]
    assert config.budget.evaluations == HARD["evaluations"]
    # guided (docs/ai.md "Narrow and shallow"): through the defenders' turn (SE-7), greedy's
    # best few actions of the sniper's turn (SE-6)
    assert (config.horizon, config.width, config.prior_nodes) == (2, HARD["width"], HARD["prior"])
    assert config.exploration == HARD["c"]
    for raw in ("ismcts", "mcts"):
        agent = make_agent(raw, 0)
        assert isinstance(agent, SearchAgent)
        plain = agent.config_for(GAME)
        assert plain.budget.evaluations == SEARCH_EVALUATIONS and plain.horizon is None
    medium = make_agent("medium", 0)
    assert isinstance(medium, SearchAgent)
    assert medium.config_for(GAME).budget.evaluations == MEDIUM_EVALUATIONS
    greedy = make_agent("greedy", 0)
    assert isinstance(greedy, GreedyAgent)
    assert greedy.nodes_for(GAME) == GREEDY_NODES


def test_agent_defaults_yield_to_the_players_parameters() -> None:
    hard = make_agent("hard:evaluations=3000,c=0.5,width=none", 0)
    assert isinstance(hard, SearchAgent)
    config = hard.config_for(GAME)
    assert config.budget.evaluations == 3000
    assert config.exploration == 0.5
    assert config.width is None and config.horizon == 2


# -- the evaluation ---------------------------------------------------------------------------


def test_se_9_1_a_finished_game_scores_its_outcome() -> None:
    state = scenario(position(sniper="j10", extra="completed = [3]"))
    state.apply("complete")
    assert state.outcome is not None
    assert evaluate(state) == 1.0


def test_se_9_values_of_unfinished_positions_stay_inside_the_clip() -> None:
    for text in (position(), position(extra="completed = [3]"), position(sniper="a7")):
        assert -CLIP <= value(text) <= CLIP


def test_se_6_7_a_completed_objective_raises_the_value() -> None:
    assert value(position(sniper="e6", extra="completed = [3]")) > value(position(sniper="e6"))


def test_se_6_2_standing_nearer_the_open_objectives_is_better() -> None:
    # c6 is one step farther from e6 (objective 3) than d6, on the same quiet ground
    assert value(position(sniper="d6")) > value(position(sniper="c6"))


def test_se_6_2_the_walk_takes_the_better_order_of_the_two_objectives() -> None:
    e6, j10, d6 = sp("e6"), sp("j10"), sp("d6")
    between = GEO.dist[e6][j10]
    assert remaining_walk(GEO, d6, [e6, j10]) == GEO.dist[d6][e6] + between
    assert remaining_walk(GEO, d6, [j10, e6]) == GEO.dist[d6][e6] + between
    assert remaining_walk(GEO, d6, []) == 0


def test_se_7_1_a_walk_longer_than_the_deck_allows_is_near_a_loss() -> None:
    plenty = scenario(position(sniper="a7"))
    short = scenario(position(sniper="a7"))
    short.deck = []  # this turn is his last (SE-7.1), and e6 is two turns away
    assert evaluate(short) < evaluate(plenty) - WEIGHTS.late


def test_se_5_3_health_counts_the_stack_and_the_wound_still_to_come() -> None:
    full = value(position())
    assert value(position(extra="health = 'NRR'")) == pytest.approx(full - 3 * WEIGHTS.health)
    assert value(position(extra="health = 'NRR'\nwounded = true")) < value(
        position(extra="health = 'NRR'")
    )


def test_se_8_5_a_defender_that_would_search_him_out_is_a_danger() -> None:
    # K1 on d5, adjacent to d6 (SE-8.5); in the quiet position nobody is near
    near = value(position(defenders=QUIET + "K1 = 'd5'\n"))
    assert near < value(position())
    assert sp("d5") in finders(GEO, sp("d6"))[0]


def test_se_8_6_a_defender_with_recon_sight_within_2_is_a_danger() -> None:
    searchers, watchers = finders(GEO, sp("d6"))
    assert sp("d8") in watchers and sp("d8") not in searchers  # range 2, open ground
    assert sp("g6") not in watchers  # obstruction
    assert value(position(defenders=QUIET + "K1 = 'd8'\n")) < value(position())


def test_se_6_8_a_smoke_grenade_hides_him_from_recon_but_not_from_search() -> None:
    # 11.6: no LOS to or from his space; d8 is two steps away, d5 adjacent (SE-8.5)
    watched = scenario(position(defenders=QUIET + "K1 = 'd8'\n"))
    watched.smoke = sp("d6")
    assert evaluate(watched) == pytest.approx(value(position()) - WEIGHTS.close)
    searched = scenario(position(defenders=QUIET + "K1 = 'd5'\n"))
    searched.smoke = sp("d6")
    assert evaluate(searched) == pytest.approx(value(position()) - WEIGHTS.finder)


def test_se_8_13_standing_in_the_lka_is_a_danger() -> None:
    assert value(position(lka="red")) == pytest.approx(value(position()) - WEIGHTS.in_lka)


def test_se_6_5_accuracy_tokens_in_the_bag_help_him_shoot() -> None:
    more = value(position(extra="bag = { A = 9, N = 2, R = 3 }"))
    assert more > value(position())


# -- the agents play ----------------------------------------------------------------------


@pytest.mark.parametrize("agent", ["hard:iterations=20,prior=60", "greedy:nodes=60"])
def test_se_9_1_an_agent_completes_the_winning_objective(agent: str) -> None:
    state = scenario(position(sniper="j10", extra="completed = [3]"))
    choice = make_agent(agent, 1).choose(state)
    assert state.action_text(choice) == "complete"


@pytest.mark.parametrize(
    "agent",
    ["random", "greedy:nodes=40", "hard:iterations=8,prior=40", "medium:evaluations=40"],
)
def test_se_9_agents_play_whole_games_to_an_outcome(agent: str) -> None:
    record = play_game("sniper-elite", {"challenge": "marksman"}, 0, 0, {1: agent})
    assert record.outcome is not None
    assert record.outcome["reason"] in ("objectives", "killed", "deck-empty")
