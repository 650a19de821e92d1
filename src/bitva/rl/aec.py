"""PettingZoo's AEC environment for any bitva game with integer codes and observations
(docs/research.md, "PettingZoo").

Agents are "player_1" .. "player_N" for seats 1..N (one agent in a solo game). An agent's action
space is `Discrete(game.num_action_codes(options))`: every code means the same action in every
state. Its observation is `{"observation": state.observation_tensor(seat), "action_mask": ...}`:
the tensor is built from `state.view(seat)` alone, so it can never hold what the seat may not
see; the mask is `state.legal_mask()` for the agent to act and zeros for the others. Chance is
no agent: it is resolved inside `reset` and `step` from the state's own RNG, which
`reset(seed=...)` seeds, so a seed fixes the dice. Rewards are the outcome's returns, given when
the game ends (a game has no reward before).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from bitva.core.errors import IllegalAction
from bitva.core.game import Game
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State
from bitva.rl.support import ResearchSpec, agent_name, research_spec, resolve_chance


def observation_space(spec: ResearchSpec) -> gymnasium.spaces.Dict:
    """The observation tensor (float32, unbounded: games scale their planes as they document)
    and the action mask (int8, one entry per code)."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                -np.inf, np.inf, shape=spec.observation_shape, dtype=np.float32
            ),
            "action_mask": gymnasium.spaces.Box(0, 1, shape=(spec.num_codes,), dtype=np.int8),
        }
    )


def observation(spec: ResearchSpec, state: State[Any], seat: int, to_act: bool) -> dict[str, Any]:
    """What `seat` observes: its tensor, and the legal mask when it is the seat to act."""
    tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32)
    if to_act and state.current_player == seat:
        mask = np.asarray(state.legal_mask(), dtype=np.int8)
    else:
        mask = np.zeros(spec.num_codes, dtype=np.int8)
    return {"observation": tensor, "action_mask": mask}


def render_text(state: State[Any]) -> str:
    """The game as a spectator sees it (its view as indented JSON), who acts, and the legal
    actions by code and text."""
    lines = [f"{state.game.title}: {state.decision}, turn {state.turn}"]
    if state.outcome is not None:
        lines.append(f"over: returns {list(state.returns())} ({state.outcome.reason})")
    else:
        lines.append(f"to act: {agent_name(state.current_player or 0)}")
        legal = [f"{state.encode_action(a)}={state.action_text(a)}" for a in state.legal_actions()]
        lines.append("legal: " + ", ".join(legal))
    lines.append(json.dumps(state.view(None), indent=1, sort_keys=True))
    return "\n".join(lines)


class BitvaAECEnv(AECEnv):  # type: ignore[misc]
    """One bitva game as a PettingZoo AEC environment (`bitva.rl.aec_env`).

    `max_steps` truncates a game after that many actions and chance outcomes (by default the
    game's `max_game_length`, when it declares one: a horizon for a game without a bound). An
    illegal code raises IllegalAction and changes nothing: use the action mask."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game[Any, Any],
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        self.spec_ = research_spec(game, options)
        name = self.spec_.game.name.replace("-", "_")
        self.metadata = {**type(self).metadata, "name": f"bitva_{name}_v0"}  # type: ignore[misc]
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is offered")
        self.render_mode = render_mode
        self.max_steps = max_steps if max_steps is not None else self.spec_.max_game_length
        self.possible_agents = self.spec_.agents
        space = observation_space(self.spec_)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        codes = gymnasium.spaces.Discrete(self.spec_.num_codes)
        self.action_spaces = {agent: codes for agent in self.possible_agents}
        # seeds for resets without one: from `seed`, or from fresh entropy
        entropy = np.random.SeedSequence().entropy
        self._seeds = Rng(seed if seed is not None else int(entropy))  # type: ignore[arg-type]
        self.state_: State[Any] | None = None
        self.steps = 0

    # -- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ---------------------------------------------------------------------------
    @property
    def game_state(self) -> State[Any]:
        """The bitva state (for analysis; an agent must read only its observation)."""
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game seeded by `seed` (its dice and deals follow from it). The game's options
        are the environment's; `options` here is accepted for the API and ignored."""
        game_seed = seed if seed is not None else self._seeds.next_u64()
        self.state_ = self.spec_.new(derive_seed(game_seed, "aec"))
        self.steps = resolve_chance(self.state_)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._settle()

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent) + 1
        return observation(self.spec_, self.game_state, seat, agent == self.agent_selection)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        code = int(action)
        if code not in state.legal_codes():
            raise IllegalAction(f"{agent} may not play code {code} now (see the mask)", "CORE-3")
        self._cumulative_rewards[agent] = 0.0
        state.apply_code(code)
        self.steps += 1 + resolve_chance(state)
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Rewards, terminations and the agent to act, after the state changed."""
        state = self.game_state
        self.rewards = {agent: 0.0 for agent in self.agents}
        if state.outcome is not None:
            returns = state.outcome.returns
            for agent in self.agents:
                self.rewards[agent] = float(returns[self.possible_agents.index(agent)])
                self.terminations[agent] = True
                self.infos[agent] = {"result": state.outcome.result, "steps": self.steps}
            self.agent_selection = self.agents[0]
            return
        if self.max_steps is not None and self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
            self.agent_selection = self.agents[0]
            return
        seat = state.current_player
        assert seat is not None and seat >= 1, "chance is resolved before an agent acts"
        self.agent_selection = agent_name(seat)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        return render_text(self.state_)

    def close(self) -> None:
        self.state_ = None
