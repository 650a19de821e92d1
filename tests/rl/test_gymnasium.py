"""Issue 23, point 1: the Gymnasium environment of one seat, the other seats played by a bitva
agent, passes Gymnasium's `check_env` for every game with codes and observations, is
registered as `bitva/<name>-v0`, and ends with the seat's return."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from bitva.core import BitvaError, IllegalAction
from bitva.rl import gym_env
from bitva.rl.gym import BitvaGymEnv, register_envs

from .cases import CASES, IDS, EnvCase

WHOLE_GAME = 3_000


def make(case: EnvCase, **kwargs: object) -> BitvaGymEnv:
    case.spec()
    return BitvaGymEnv(case.game, case.values, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_gymnasium_check_env_passes(case: EnvCase) -> None:
    env = make(case, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # unbounded observation boxes: deliberate
        check_env(env)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_registered_id_makes_the_game(case: EnvCase) -> None:
    spec = case.spec()
    env_id = f"bitva/{case.game.name}-v0"
    assert env_id in register_envs()
    env = gymnasium.make(env_id, disable_env_checker=True, **case.values)
    observation, _ = env.reset(seed=1)
    assert observation["observation"].shape == spec.observation_shape
    assert observation["action_mask"].shape == (spec.num_codes,)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_whole_game_against_random_ends_with_the_seats_return(case: EnvCase) -> None:
    spec = case.spec()
    seat = spec.seats  # the last seat: the others move first
    env = make(case, seat=seat, max_steps=WHOLE_GAME)
    observation, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert env.game_state.current_player == seat
        code = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = env.step(code)
    outcome = env.game_state.outcome
    if truncated:
        assert outcome is None
        return
    assert outcome is not None and reward == outcome.returns[seat - 1]


def test_the_opponent_is_any_bitva_agent() -> None:
    env = gym_env("dice-cards", opponent="greedy", seat=2, seats=2)
    observation, _ = env.reset(seed=3)
    assert env.game_state.current_player == 2
    assert observation["action_mask"].any()
    with pytest.raises(BitvaError, match="rush"):
        gym_env("dice-cards", opponent="rush")


def test_an_illegal_code_loses_or_raises_as_asked() -> None:
    env = gym_env("dice-cards")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and info["illegal_action"] == illegal
    strict = gym_env("dice-cards", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction, match="may not play code"):
        strict.step(illegal)
