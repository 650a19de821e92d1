"""Issue 23, point 1: every game with codes, observations, a maximum length and a utility range
is an OpenSpiel game (`bitva_<name>`) whose type comes from its traits; it passes OpenSpiel's
`random_sim_test`, and OpenSpiel's own ISMCTS bot plays a whole game of it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from bitva.rl.openspiel import HeuristicEvaluator, load, spiel_name

from .cases import CASES, IDS, EnvCase

SIMULATIONS = 4  # ISMCTS simulations a move: a whole game, not a strong one
LONG_GAME = 5_000  # a maximum length above which the tests play fewer games and simulations


def loaded(case: EnvCase) -> Any:
    case.openspiel_spec()
    return load(case.game.name, **case.values)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_game_type_and_info_come_from_the_traits(case: EnvCase) -> None:
    spec = case.openspiel_spec()
    game = loaded(case)
    kind, traits = game.get_type(), case.game.traits
    assert kind.short_name == spiel_name(case.game)
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == (
        traits.chance == "explicit"
    )
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == (
        traits.information == "imperfect"
    )
    assert (kind.utility == pyspiel.GameType.Utility.ZERO_SUM) == (traits.utility == "zero-sum")
    assert game.num_players() == spec.seats
    assert game.num_distinct_actions() == spec.num_codes
    assert game.max_game_length() == spec.max_game_length
    assert (game.min_utility(), game.max_utility()) == spec.utility_range
    assert game.observation_tensor_shape() == [int(np.prod(spec.observation_shape))]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_openspiel_random_sim_test_passes(case: EnvCase) -> None:
    """Two random games with OpenSpiel's checks at every state (one of a game whose horizon is
    long: each state costs every player's observation and a clone)."""
    spec = case.openspiel_spec()
    sims = 2 if (spec.max_game_length or 0) <= LONG_GAME else 1
    pyspiel.random_sim_test(loaded(case), num_sims=sims, serialize=True, verbose=False)


# a whole BattleLore game takes the bot some 30 s: under `-m slow` (the random test above and the
# other games keep the bot's path in the default suite)
WHOLE_GAMES = [
    pytest.param(case, id=name, marks=pytest.mark.slow) if name == "battlelore" else case
    for case, name in zip(CASES, IDS, strict=True)
]


@pytest.mark.parametrize("case", WHOLE_GAMES, ids=IDS)
def test_openspiel_ismcts_plays_a_whole_game(case: EnvCase) -> None:
    """OpenSpiel's Python ISMCTS bot (MCTS for a game of perfect information) at every seat,
    resampling through `resample_from_infostate` (= `State.determinize`), leaves valued by the
    game's heuristic."""
    spec = case.openspiel_spec()
    game = loaded(case)
    random_state = np.random.RandomState(1)
    budget = SIMULATIONS if (spec.max_game_length or 0) <= LONG_GAME else 2
    if case.game.traits.information == "imperfect":
        bot: Any = ismcts.ISMCTSBot(
            game, HeuristicEvaluator(), 2.0, budget, random_state=random_state
        )
    else:
        bot = mcts.MCTSBot(game, 2.0, budget, HeuristicEvaluator(), random_state=random_state)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            codes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(codes[int(random_state.choice(len(codes), p=odds))])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    assert moves > 0
    assert state.returns() == list(state.bitva.returns())


def test_resampling_keeps_what_the_seat_knows() -> None:
    game = load("dice-cards", seats=3)
    state = game.new_initial_state()
    random_state = np.random.RandomState(3)
    while state.is_chance_node():
        codes, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(codes[int(random_state.choice(len(codes), p=odds))])
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(12):
        other = state.resample_from_infostate(0, sampler)
        assert other.information_state_string(0) == state.information_state_string(0)
        assert other.observation_tensor(0) == state.observation_tensor(0)
        hands.add(str(other.bitva.hands[1:]))
    assert len(hands) > 1, "the other seats' hands are dealt anew"


def test_options_are_game_parameters() -> None:
    game = pyspiel.load_game("bitva_dice_cards(seats=3,target=30)")
    assert game.num_players() == 3
    assert game.new_initial_state().bitva.options.target == 30
