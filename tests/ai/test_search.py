"""The tree search: it finds a winning placement, stops early only when the answer is settled,
merges root-parallel results, respects budgets, and is reproducible."""

from __future__ import annotations

import time

import pytest

from bitva.ai import make_agent
from bitva.ai import search as search_module
from bitva.ai.budget import Budget
from bitva.ai.search import SearchAgent, SearchConfig, SearchResult, best_code, merge, run_search
from bitva.core.errors import BitvaError
from bitva.core.rng import Rng
from bitva.games.lords_of_war.state import LordsOfWarState
from tests.ai.conftest import random_position
from tests.lords_of_war.helpers import card, position


def winning_position() -> LordsOfWarState:
    """Player 1 has eliminated three command units (LW-3.3: four win). Only the Deathbringer on d3
    (front arrow 5 against defence 4, LW-7.4) eliminates the enemy command unit on d4; the
    Shanker's front arrow 4 only equals it."""
    return position(
        board={"d4": (2, "Target"), "a7": (2, "Dwarf Slugger#1")},
        hands={
            1: ["Goblin Shanker#1", "Orc Deathbringer#1", "Goblin Spikeman#1", "Orc Catapult"],
            2: ["Dwarf Slugger#2", "Dwarf Marauder#1", "Krod Klouthammer"],
        },
        decks={1: ["Orc Warhog#1", "Goblin Bow Pest"], 2: ["Dwarf Dowager#1", "Dwarf Impaler#1"]},
        eliminated={1: ["Ivor the Mad", "Jaeger Drakesbane", "Deadeye Jones"]},
        cards={"Target": card("command", "infantry", 4)},
    )


@pytest.mark.parametrize(
    "spec",
    ["greedy", "mcts:iterations=200", "ismcts:iterations=200", "medium", "hard:iterations=200"],
)
def test_finds_the_winning_placement(spec: str) -> None:
    state = winning_position()
    assert len(state.legal_codes()) > 10
    action = make_agent(spec, 1).choose(state)
    assert str(action) == "Orc Deathbringer#1@d3"
    state.apply(action)
    assert state.outcome is not None and state.outcome.winner == 1


def test_early_stop_gives_the_answer_of_the_whole_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    state = random_position(3, 30)
    seat = state.current_player
    assert seat is not None
    base = state.determinize(seat, Rng(1))
    config = SearchConfig(budget=Budget(400), exploration=0.3)
    early = run_search(base, seat, config, 99)
    monkeypatch.setattr(search_module, "_decided", lambda root, remaining: False)
    full = run_search(base, seat, config, 99)
    assert full.iterations == 400 and early.iterations <= 400
    codes = state.legal_codes()
    assert best_code(early.stats, codes) == best_code(full.stats, codes)


def test_winning_position_stops_early() -> None:
    state = winning_position()
    agent = make_agent("ismcts:iterations=400,evaluations=1000000", 2)
    assert isinstance(agent, SearchAgent)
    agent.choose(state)
    assert agent.last.iterations < 400  # the winning move is settled long before


@pytest.mark.parametrize("expand", ["all", "one"])
def test_evaluation_budget_bounds_the_work(expand: str) -> None:
    state = random_position(4, 36)
    agent = make_agent(f"ismcts:evaluations=300,expand={expand}", 2)
    assert isinstance(agent, SearchAgent)
    agent.choose(state)
    # the last iteration may expand one more node: at most one node's actions over the budget
    assert 0 < agent.last.evaluations < 300 + 200


def test_best_code_prefers_visits_then_value_then_order() -> None:
    assert best_code({5: (10, 1.0), 7: (12, -5.0)}, [5, 7]) == 7
    assert best_code({5: (10, 1.0), 7: (10, 2.0)}, [5, 7]) == 7
    assert best_code({5: (10, 2.0), 7: (10, 2.0)}, [7, 5]) == 7
    assert best_code({}, [4, 3]) == 4


def test_merge_adds_root_statistics() -> None:
    merged = merge(
        [SearchResult({1: (3, 1.5), 2: (1, 0.0)}, 4, 0.1), SearchResult({1: (2, 1.0)}, 2, 0.3)]
    )
    assert merged.stats == {1: (5, 2.5), 2: (1, 0.0)}
    assert merged.iterations == 6 and merged.seconds == 0.3


def test_budget_validation_and_split() -> None:
    with pytest.raises(BitvaError):
        Budget(None, None)
    assert Budget(10).reproducible and not Budget(10, 1.0).reproducible
    assert Budget(10).split(3) == Budget(4)
    assert Budget(None, 2.0).split(4) == Budget(None, 2.0)
    assert str(Budget(500, 1.5)) == "500 iterations or 1.5 s per move"


def test_time_budget_is_respected() -> None:
    state = random_position(6, 20)
    agent = make_agent("ismcts:seconds=0.25", 1)
    assert isinstance(agent, SearchAgent)
    started = time.perf_counter()
    agent.choose(state)
    assert time.perf_counter() - started < 1.5
    assert agent.last.iterations > 0


@pytest.mark.parametrize("rollout", ["0", "1", "end"])
def test_rollout_variants_play_legal_moves(rollout: str) -> None:
    state = random_position(8, 25)
    action = make_agent(f"ismcts:iterations=30,rollout={rollout},expand=one", 4).choose(state)
    assert action in state.legal_actions()


@pytest.mark.parametrize(
    "spec", ["mcts:evaluations=300", "ismcts:evaluations=300", "hard:iterations=9,expand=one"]
)
def test_same_seed_same_move_and_statistics(spec: str) -> None:
    state = random_position(12, 44)
    first, second = make_agent(spec, 7), make_agent(spec, 7)
    assert isinstance(first, SearchAgent) and isinstance(second, SearchAgent)
    assert [str(first.choose(state)) for _ in range(3)] == [
        str(second.choose(state)) for _ in range(3)
    ]
    assert first.last.visits == second.last.visits


def test_root_parallel_is_reproducible_and_matches_its_parts() -> None:
    """Two worker processes: the same move twice, and the merged statistics equal the sum of
    the two serial searches with the same seeds."""
    from bitva.ai.parallel import root_parallel
    from bitva.core.rng import derive_seed

    state = random_position(5, 33)
    seat = state.current_player
    assert seat is not None
    agent = make_agent("ismcts:iterations=60,evaluations=400,workers=2", 3)
    again = make_agent("ismcts:iterations=60,evaluations=400,workers=2", 3)
    assert isinstance(agent, SearchAgent) and isinstance(again, SearchAgent)
    try:
        assert str(agent.choose(state)) == str(again.choose(state))
        assert agent.last.visits == again.last.visits
        assert agent.last.iterations <= 60
        base = state.determinize(seat, Rng(11))
        config = agent.config
        merged = root_parallel(agent._pool, base, seat, config, 11)
        part = config.with_budget(config.budget.split(2))
        serial = merge(
            [run_search(base, seat, part, derive_seed(11, "search", index)) for index in range(2)]
        )
        assert merged.stats == serial.stats
    finally:
        agent.close()
        again.close()
