"""The Sniper Elite solo game definition: options, set-up, positions, the analysis."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from bitva.core.game import Analysis, Game, OptionsLike
from bitva.core.rng import Rng
from bitva.core.traits import Traits
from bitva.games.sniper_elite import ai_settings, limits, observation, position
from bitva.games.sniper_elite.actions import code_space
from bitva.games.sniper_elite.analysis import options_analysis
from bitva.games.sniper_elite.board import Geometry, depot
from bitva.games.sniper_elite.catalogue import Content, shipped_content
from bitva.games.sniper_elite.heuristics import evaluate
from bitva.games.sniper_elite.options import SniperEliteOptions
from bitva.games.sniper_elite.state import SniperEliteState
from bitva.games.sniper_elite.views import determinize, view


class GameState(SniperEliteState):
    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def determinize(self, seat: int, rng: Rng) -> GameState:
        other = determinize(self, seat, rng)
        assert isinstance(other, GameState)
        return other


class SniperElite(Game[GameState, SniperEliteOptions]):
    name = "sniper-elite"
    title = "Sniper Elite (solo)"
    traits = Traits(
        seats=(1, 1),
        chance="explicit",
        information="imperfect",
        utility="solo",
        actions="enumerable",
    )
    options_model = SniperEliteOptions
    position_suffix = ".toml"

    def new(self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0) -> GameState:
        """SE-4: the set-up runs as chance nodes and the player's two set-up choices."""
        state = GameState(self.options(options), Rng(seed), depot(), shipped_content())
        state.start()
        return state

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        options = SniperEliteOptions.model_validate(data["options"])
        state = GameState(options, Rng(int(data["rng"])), depot(), shipped_content())
        state.load_json(data)
        return state

    # -- the research contract (docs/research/sniper-elite.md) ------------------------------
    def num_action_codes(self, options: OptionsLike = None) -> int:
        """The dense code table of the map (`actions.CodeTable`): the same for every challenge
        and modifier, so options are only validated."""
        self.options(options)
        return code_space()

    def observation_shape(self, options: OptionsLike = None) -> tuple[int, ...]:
        """A flat vector: planes over the map's spaces, then scalars (`observation.py`)."""
        self.options(options)
        return observation.shape()

    def observation_from_view(
        self, view: Mapping[str, Any], seat: int | None, options: BaseModel
    ) -> Any:
        return observation.encode(view, seat)

    def max_game_length(self, options: OptionsLike = None) -> int:
        """A bound derived from the rules (`limits.max_game_length`): set-up, then at most
        `2 * deck + 1` sniper turns and `2 * deck` defenders' turns (SE-7.1, SE-6.7(4))."""
        return limits.max_game_length(self.options(options).active)

    def utility_range(self, options: OptionsLike = None) -> tuple[float, float]:
        """`Outcome.solo`: +1 for a win (SE-9.1), -1 for a loss (SE-5.3, SE-7.1); the game
        never ends otherwise, and nothing is paid while it goes on."""
        self.options(options)
        return (-1.0, 1.0)

    def read_position(self, text: str, source: str = "(position)") -> GameState:
        def make(options: SniperEliteOptions, geo: Geometry, content: Content) -> GameState:
            return GameState(options, Rng(0), geo, content)

        state: GameState = position.read_position(text, source, make)
        return state

    def write_position(self, state: GameState) -> str:
        return position.write_position(state)

    @property
    def analyses(self) -> Mapping[str, Analysis]:
        return {
            "options": Analysis(
                "options",
                "The sniper's options",
                "moves with the fewest steps, and every defender in sight with its range and "
                "the exact chance to hit for each number of tokens drawn (SE-2.8, SE-2.9, SE-6.5)",
                options_analysis,
                decisions=frozenset(("turn",)),
            )
        }

    def agent_defaults(self, agent: str) -> Mapping[str, Any]:
        """The agents' budgets in this game (`ai_settings.py`)."""
        return ai_settings.agent_defaults(agent)

    def heuristic(self, state: GameState, seat: int) -> float:
        return evaluate(state)


GAME = SniperElite()
GameState.game = GAME
