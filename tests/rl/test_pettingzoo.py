"""Issue 23, point 1: the PettingZoo AEC environment of every game with codes and observations
passes PettingZoo's own `api_test` and `seed_test`, resolves chance from the state's RNG as a
`Match` does, observes only the seat's view, and ends with the outcome's returns."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from bitva.core import IllegalAction, NotSupported, derive_seed, get_game
from bitva.core.record import Match
from bitva.rl import aec_env
from bitva.rl.aec import BitvaAECEnv
from tests.games.dice_cards import DiceCards

from .cases import CASES, IDS, EnvCase

CYCLES = 40  # agent turns per agent in the API and seed tests (games of thousands of steps)
WHOLE_GAME = 3_000  # steps a whole-game test plays before it truncates a long game


def make(case: EnvCase, **kwargs: Any) -> BitvaAECEnv:
    case.spec()
    return BitvaAECEnv(case.game, case.values, **kwargs)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_pettingzoo_api_test_passes(case: EnvCase) -> None:
    env = make(case, render_mode="ansi")
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations and unbounded boxes: both deliberate
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=CYCLES)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_pettingzoo_seed_test_passes(case: EnvCase) -> None:
    make(case)
    seed_test(lambda: BitvaAECEnv(case.game, case.values), num_cycles=CYCLES)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_seeded_game_is_the_match_of_its_seed(case: EnvCase) -> None:
    """Chance is drawn from the state's own RNG and `apply_code` steps it as `apply` does: the
    environment's game is, digest for digest, the `Match` of the same seed given the same
    actions (the trap of issue 23: a fast path that left the RNG alone drew the same dice
    forever)."""
    env = make(case, max_steps=400)
    env.reset(seed=7)
    match = Match(case.game, case.values, derive_seed(7, "aec"))
    rng = np.random.default_rng(7)
    assert env.game_state.digest() == match.state.digest()
    for agent in env.agent_iter(400):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        code = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        state = env.game_state
        match.apply(state.decode_action(code))
        env.step(code)
        assert env.game_state.digest() == match.state.digest(), f"{agent} played code {code}"
        assert env.game_state.rng.state == match.state.rng.state


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_observations_are_the_seats_own_and_the_mask_is_the_actors(case: EnvCase) -> None:
    env = make(case)
    env.reset(seed=3)
    for agent in env.agent_iter(60):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        assert state.current_player == env.possible_agents.index(agent) + 1
        for other in env.agents:
            seat = env.possible_agents.index(other) + 1
            seen = env.observe(other)
            assert seen["observation"].dtype == np.float32
            expected = state.game.observation_from_view(state.view(seat), seat, state.options)
            assert np.array_equal(seen["observation"], expected)
            if other != agent:
                assert not seen["action_mask"].any(), "a mask for a seat that does not act"
        assert np.array_equal(observation["action_mask"], state.legal_mask())
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_whole_game_ends_with_the_outcomes_returns(case: EnvCase) -> None:
    env = make(case, max_steps=WHOLE_GAME)
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    finished = None
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            finished = finished or ("terminated" if terminated else "truncated")
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert not env.agents, "the agents leave when the game ends"
    outcome = env.game_state.outcome
    if finished == "truncated":
        assert outcome is None and env.steps >= WHOLE_GAME
        return
    assert outcome is not None
    assert [totals[a] for a in env.possible_agents] == list(outcome.returns)


def test_an_illegal_code_is_refused_and_changes_nothing() -> None:
    env = aec_env("dice-cards", seats=2)
    env.reset(seed=1)
    mask = env.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.game_state.digest()
    with pytest.raises(IllegalAction, match="may not play code"):
        env.step(illegal)
    assert env.game_state.digest() == before


def test_a_solo_game_has_one_agent() -> None:
    env = aec_env("dice-cards", seats=1)
    env.reset(seed=2)
    assert env.possible_agents == ["player_1"] and env.agent_selection == "player_1"


def test_a_game_without_observations_is_refused_naming_what_it_lacks() -> None:
    class NoObservations(DiceCards):
        def observation_shape(self, options: Any = None) -> tuple[int, ...]:
            raise NotSupported("no tensor here")

    with pytest.raises(NotSupported, match=r"lacks observation_shape \(no tensor here\)"):
        BitvaAECEnv(NoObservations(), {})
    assert not get_game("long-jump").traits.enumerable
    with pytest.raises(NotSupported, match="parametric actions"):
        aec_env("long-jump")


def test_render_shows_the_game_and_the_legal_codes() -> None:
    env = aec_env("dice-cards", render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert text is not None and "Dice and Cards" in text and "0=roll" in text
