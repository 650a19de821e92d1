"""A Gymnasium environment for one seat of any bitva game with integer codes and observations
(docs/research.md, "Gymnasium"); every other seat is played by a bitva agent.

The observation is the same dictionary as PettingZoo's (`bitva.rl.aec`): the seat's observation
tensor, built from its view alone, and the action mask. The action is an integer code. Chance
and the other seats' moves are played inside `reset` and `step` (chance from the state's own
RNG, which the seed fixes; the opponents seeded from it too), so every step returns at the
seat's next decision or at the end. The reward is the seat's return when the game ends.

An action outside the mask does what `illegal` says: "lose" (the default, so that Gymnasium's
`check_env`, which steps unmasked random actions, can run) ends the episode with the lowest
return of the game's utility range and `info["illegal_action"]`; "raise" raises IllegalAction.

Importing this module registers the ids `bitva/<name>-v0` for every game that has what the
environment needs: `gymnasium.make("bitva/dice-cards-v0", opponent="greedy")`.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from bitva.ai import Agent, check_plays, make_agent
from bitva.core.errors import IllegalAction
from bitva.core.game import Game
from bitva.core.rng import derive_seed
from bitva.core.state import State
from bitva.rl.aec import observation, observation_space, render_text
from bitva.rl.support import research_games, research_spec, resolve_chance

ILLEGAL = ("lose", "raise")


class BitvaGymEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a bitva game (`bitva.rl.gym_env`)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium's)

    def __init__(
        self,
        game: str | Game[Any, Any],
        options: dict[str, Any] | None = None,
        opponent: str = "random",
        seat: int = 1,
        render_mode: str | None = None,
        max_steps: int | None = None,
        illegal: str = "lose",
    ) -> None:
        self.spec_ = research_spec(game, options)
        if not 1 <= seat <= self.spec_.seats:
            raise ValueError(f"{self.spec_.game.title} has seats 1 to {self.spec_.seats}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        if self.spec_.seats > 1:
            check_plays(opponent, self.spec_.game)
        self.seat = seat
        self.opponent = opponent
        self.render_mode = render_mode
        self.max_steps = max_steps if max_steps is not None else self.spec_.max_game_length
        self.illegal = illegal
        self.observation_space = observation_space(self.spec_)
        self.action_space = gymnasium.spaces.Discrete(self.spec_.num_codes)
        low = self.spec_.utility_range[0] if self.spec_.utility_range else -1.0
        self.illegal_reward = float(low)
        self.state_: State[Any] | None = None
        self.opponents: dict[int, Agent] = {}
        self.steps = 0

    @property
    def game_state(self) -> State[Any]:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game: its dice and the opponents follow from `seed` (or from the
        environment's generator). `options` is accepted for the API and ignored: the game's
        options are the environment's."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.state_ = self.spec_.new(derive_seed(game_seed, "gym"))
        self.opponents = {
            other: make_agent(self.opponent, derive_seed(game_seed, "opponent", other))
            for other in range(1, self.spec_.seats + 1)
            if other != self.seat
        }
        self.steps = 0
        self._advance()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state.outcome is not None:
            raise RuntimeError("the game is over: call reset()")
        code = int(action)
        if code not in state.legal_codes():
            if self.illegal == "raise":
                raise IllegalAction(f"seat {self.seat} may not play code {code} now", "CORE-3")
            info = self._info()
            info["illegal_action"] = code
            return self._observe(), self.illegal_reward, True, False, info
        state.apply_code(code)
        self.steps += 1
        self._advance()
        outcome = state.outcome
        reward = float(outcome.returns[self.seat - 1]) if outcome is not None else 0.0
        truncated = outcome is None and self.max_steps is not None and self.steps >= self.max_steps
        return self._observe(), reward, outcome is not None, truncated, self._info()

    def _advance(self) -> None:
        """Chance and the opponents until this seat decides or the game ends."""
        state = self.game_state
        while state.outcome is not None or state.current_player != self.seat:
            if state.outcome is not None:
                return
            if state.is_chance:
                self.steps += resolve_chance(state)
                continue
            seat = state.current_player
            assert seat is not None
            state.apply_unchecked(self.opponents[seat].choose(state))
            self.steps += 1

    def _observe(self) -> dict[str, Any]:
        return observation(self.spec_, self.game_state, self.seat, to_act=True)

    def _info(self) -> dict[str, Any]:
        state = self.game_state
        info: dict[str, Any] = {"decision": state.decision, "steps": self.steps}
        if state.outcome is not None:
            info["result"] = state.outcome.result
        return info

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return render_text(self.state_)

    def close(self) -> None:
        self.state_ = None


def make(game: str, **kwargs: Any) -> BitvaGymEnv:
    """The entry point of the registered ids: `gymnasium.make("bitva/<name>-v0", **kwargs)`;
    keyword arguments that are not the environment's are the game's options."""
    own = ("opponent", "seat", "render_mode", "max_steps", "illegal")
    options = {k: v for k, v in kwargs.items() if k not in own}
    return BitvaGymEnv(game, options, **{k: v for k, v in kwargs.items() if k in own})


def register_envs() -> list[str]:
    """Register `bitva/<name>-v0` for every registered game the environment can play with
    its default options (again for games registered since); returns the ids."""
    ids = []
    for game, reason in research_games():
        if reason is not None:
            continue
        env_id = f"bitva/{game.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="bitva.rl.gym:make", kwargs={"game": game.name}
            )
        ids.append(env_id)
    return ids


register_envs()
