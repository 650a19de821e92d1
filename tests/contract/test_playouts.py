"""Random playouts to the end, and what a game declares about itself (its traits, its JSON)."""

from __future__ import annotations

import json
import math

import pytest

from bitva.core import CHANCE, Outcome, Rng, derive_seed
from bitva.core.registry import register, unregister

from .cases import CASE_IDS, CASES, Case, all_cases, playouts


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_random_playouts_end_with_an_outcome_for_every_seat(case: Case) -> None:
    low, high = case.game.traits.seats
    for p in playouts(case):
        final = p.final
        assert final is not None
        seats = final.seats
        assert low <= seats <= high
        assert seats == case.game.seats_for(final.options)
        for state in p.states[:-1]:
            player = state.current_player
            assert player == CHANCE or (player is not None and 1 <= player <= seats), player
            assert state.outcome is None and not state.is_terminal
            assert isinstance(state.decision, str) and state.decision
        assert final.current_player is None
        outcome = final.outcome
        assert isinstance(outcome, Outcome) and final.is_terminal
        assert len(outcome.returns) == seats
        assert len(final.returns()) == seats
        assert all(math.isfinite(r) for r in outcome.returns)
        assert outcome.result in ("win", "draw", "loss")
        assert all(1 <= w <= seats for w in outcome.winners)
        assert set(outcome.scores) <= set(range(1, seats + 1))
        data = json.loads(json.dumps(outcome.to_json()))
        assert Outcome.from_json(data) == outcome


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_utility_matches_the_returns(case: Case) -> None:
    traits = case.game.traits
    for p in playouts(case):
        assert p.final is not None and p.final.outcome is not None
        returns = p.final.outcome.returns
        if traits.utility == "zero-sum":
            assert abs(sum(returns)) < 1e-9, returns
        if traits.solo:
            assert len(returns) == 1


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_traits_agree_with_behaviour(case: Case) -> None:
    """A game declaring no chance never reaches a chance node; an enumerable game lists its
    actions at every decision; a game with chance reaches some chance (else it should say so)."""
    traits = case.game.traits
    chance_steps = [s for p in playouts(case) for s in p.chance_steps()]
    if traits.chance == "deterministic":
        assert not chance_steps
    else:
        assert chance_steps, "a game with explicit chance that never rolled or dealt"
    for p in playouts(case):
        for state in p.states[:-1]:
            if traits.enumerable and not state.is_chance:
                assert state.legal_actions(), f"no legal action at {state.decision}"


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_game_describes_itself_in_json(case: Case) -> None:
    game = case.game
    data = json.loads(json.dumps(game.to_json()))
    assert data["name"] == game.name and data["title"] == game.title
    assert data["traits"] == game.traits.to_json()
    assert data["positions"] == (game.position_suffix is not None)
    assert [a["name"] for a in data["analyses"]] == list(game.analyses)
    options = game.options(case.values)
    assert game.options(options.model_dump()) == options
    assert game.new(case.values, 0).options == options


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_heuristics_and_candidates_at_every_sampled_state(case: Case) -> None:
    rng = Rng(derive_seed(5, case.id))
    for p in playouts(case):
        for state in p.sample(10):
            values = case.game.heuristic_values(state)
            assert len(values) == state.seats and all(math.isfinite(v) for v in values)
            if state.current_player is None or state.is_chance:
                continue
            candidates = state.candidate_actions(rng, 3)
            assert 1 <= len(candidates) <= 3
            for action in candidates:
                assert state.check(action) is None


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_analyses_answer_in_json_for_the_seat_to_move(case: Case) -> None:
    """Front ends run an analysis on a determinization for the asking seat (it cannot leak)."""
    analyses = case.game.analyses
    if not analyses:
        pytest.skip(f"{case.game.name} offers no analyses")
    p = next(iter(playouts(case)))
    ran = 0
    for state in p.sample(6)[1:4]:
        seat = state.current_player
        if seat is None or seat == CHANCE:
            continue
        for analysis in analyses.values():
            if not analysis.offered(state, seat):
                continue
            view = state.determinize(seat, Rng(ran))
            answer = analysis.run(view, seat)
            assert isinstance(answer, dict)
            json.dumps(answer)
            ran += 1
    assert ran or all(s.is_chance for s in p.sample(6)[1:4])


def test_a_game_added_later_joins_the_suite_with_derived_variants() -> None:
    """A newly registered game needs no entry here: default options, each boolean option
    switched on, and each seat count of its declared range (the default count, 2, is the
    default options' game, played once)."""
    from tests.games.dice_cards import DiceCards

    class Another(DiceCards):
        name = "dice-cards-again"

    register(Another())
    try:
        ids = [case.id for case in all_cases() if case.game.name == "dice-cards-again"]
    finally:
        unregister("dice-cards-again")
    assert ids == [
        "dice-cards-again",
        "dice-cards-again[seats=1]",
        "dice-cards-again[seats=3]",
    ]
