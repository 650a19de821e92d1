"""Explicit chance in the core: exact probabilities, exact sampling, grouped dice, records that
replay whatever the RNG does, and the registry's discovery."""

from __future__ import annotations

import math
import subprocess
import sys
from collections import Counter
from fractions import Fraction

import pytest

from bitva.core import CHANCE, BitvaError, Rng, all_games, get_game
from bitva.core.chance import by_count, check_distribution, dice_counts, sample, uniform
from bitva.core.record import Match, verify
from tests.conftest import ROOT


@pytest.mark.parametrize(("n", "sides"), [(1, 6), (2, 6), (3, 6), (5, 6), (4, 3), (0, 6)])
def test_grouped_dice_are_exact_and_few(n: int, sides: int) -> None:
    outcomes = dice_counts(n, sides)
    check_distribution(outcomes)
    assert len(outcomes) == math.comb(n + sides - 1, sides - 1)
    assert all(sum(counts) == n for counts, _ in outcomes)
    if n == 2 and sides == 6:
        pair_of_sixes = dict(outcomes)[(0, 0, 0, 0, 0, 2)]
        one_and_six = dict(outcomes)[(1, 0, 0, 0, 0, 1)]
        assert (pair_of_sixes, one_and_six) == (Fraction(1, 36), Fraction(2, 36))


def test_distributions_must_sum_to_exactly_one() -> None:
    check_distribution(uniform("abc"))
    check_distribution(by_count({"x": 3, "y": 1, "z": 0}))
    with pytest.raises(ValueError, match="sum"):
        check_distribution([("a", Fraction(1, 3)), ("b", Fraction(1, 3))])
    with pytest.raises(ValueError, match="probability"):
        check_distribution([("a", Fraction(0)), ("b", Fraction(1))])
    with pytest.raises(ValueError, match="probability"):
        check_distribution([("a", 0.5), ("b", 0.5)])  # type: ignore[list-item]


def test_sampling_follows_the_exact_probabilities() -> None:
    outcomes = [("rare", Fraction(1, 10)), ("common", Fraction(9, 10))]
    rng = Rng(12345)
    counts = Counter(sample(outcomes, rng) for _ in range(20_000))
    # 20,000 draws: the standard deviation of the rare count is about 42
    assert abs(counts["rare"] - 2_000) < 6 * 42
    assert sample([("only", Fraction(1))], rng) == "only"


def test_a_chance_node_is_applied_like_an_action_and_steps_the_rng() -> None:
    game = get_game("dice-cards")
    state = game.new({"seats": 2}, seed=3)
    assert state.current_player == CHANCE and state.is_chance
    outcomes = state.chance_outcomes()
    check_distribution(outcomes)
    forced = state.clone()
    chosen = outcomes[-1][0]
    sampled = state.sample_chance()
    assert state.sample_chance() == sampled  # sampling does not move the state
    forced.apply(state.action_text(chosen))  # a test forces the outcome it wants
    assert forced.rng.state != state.rng.state
    assert forced.hands[0] == [3]  # the last outcome is the deal of a 3


def test_a_record_replays_whatever_the_rng_does() -> None:
    match = Match("dice-cards", {"seats": 3}, seed=8)
    rng = Rng(1)
    while match.state.current_player is not None:
        match.apply(rng.choice(match.state.legal_actions()))
    assert any(step.chance for step in match.steps)
    record = match.record.model_copy(deep=True)
    record.seed = 999  # another RNG: the chance outcomes are in the record
    final = verify(record)
    assert final.outcome is not None and final.outcome.to_json() == match.record.outcome


def test_a_match_resolves_chance_itself_and_refuses_to_be_asked() -> None:
    match = Match("dice-cards", {"seats": 1}, seed=2)
    assert match.state.current_player == 1  # the opening deal is done
    steps = match.play("roll")
    assert steps[0].seat == 1 and steps[1].chance and steps[1].action.startswith("dice ")
    assert [s.index for s in steps] == [2, 3]


def test_games_are_discovered_and_listed_with_their_traits() -> None:
    names = {game.name: game for game in all_games()}
    assert {"lords-of-war", "dice-cards"} <= set(names)
    assert names["dice-cards"].traits.describe() == (
        "1-3 seats, chance, hidden information, general"
    )
    assert names["lords-of-war"].traits.seats == (2, 2)
    with pytest.raises(BitvaError, match="unknown game"):
        get_game("chess")


def test_a_game_named_in_the_environment_is_loaded_in_a_fresh_process() -> None:
    code = "from bitva.core import all_games; print(sorted(g.name for g in all_games()))"
    env = {"BITVA_GAMES": "tests.games.dice_cards:GAME", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout
    assert "dice-cards" in out and "lords-of-war" in out
    env["BITVA_GAMES"] = "tests.games.nowhere:GAME"
    failed = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert failed.returncode != 0 and "cannot load the game" in failed.stderr
