"""The Age of Sigmar game definition (rules section 4): options, a new battle from a battle
file, JSON, positions and the heuristic. The battle engine lives in :mod:`.battle` (runtime,
sequence, engine, movement, attacks, casualties, candidates, position)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from bitva.core.game import Analysis, Game
from bitva.core.rng import Rng
from bitva.core.traits import Traits
from bitva.games.age_of_sigmar.ai.evaluation import evaluate
from bitva.games.age_of_sigmar.ai.settings import agent_defaults
from bitva.games.age_of_sigmar.analysis import REACH_ANALYSIS
from bitva.games.age_of_sigmar.battle.position import read_position, write_position
from bitva.games.age_of_sigmar.battle.runtime import Runtime
from bitva.games.age_of_sigmar.battle.setup import initial_runtime
from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState, battle_of
from bitva.games.age_of_sigmar.options import AgeOfSigmarOptions


class AgeOfSigmar(Game[AgeOfSigmarState, AgeOfSigmarOptions]):
    name = "age-of-sigmar"
    title = "Warhammer: Age of Sigmar"
    traits = Traits(
        seats=(2, 2),
        chance="explicit",
        information="perfect",
        utility="zero-sum",
        actions="parametric",
    )
    options_model = AgeOfSigmarOptions
    position_suffix = ".toml"

    def new(
        self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0
    ) -> AgeOfSigmarState:
        opts = self.options(options)
        battle = battle_of(opts.battle)
        return AgeOfSigmarState(opts, battle, initial_runtime(battle), Rng(seed))

    def state_from_json(self, data: dict[str, Any]) -> AgeOfSigmarState:
        opts = self.options(data["options"])
        text = data.get("text")
        if text is not None:
            state = read_position(self, text)
            battle = state.battle
        else:
            battle = battle_of(opts.battle)
        return AgeOfSigmarState(
            opts, battle, Runtime.from_json(data["runtime"]), Rng(int(data["rng"])), text
        )

    def read_position(self, text: str, source: str = "(position)") -> AgeOfSigmarState:
        return read_position(self, text, source)

    def write_position(self, state: AgeOfSigmarState) -> str:
        return write_position(state)

    @property
    def analyses(self) -> Mapping[str, Analysis]:
        """The reach analysis: distances, sight, missile weapons in range and the exact charge
        odds of each of the active side's units against each enemy unit (issue 22)."""
        return {REACH_ANALYSIS.name: REACH_ANALYSIS}

    def agent_defaults(self, agent: str) -> Mapping[str, Any]:
        """The agents' budgets in this game (`ai/settings.py`, docs/ai.md "Age of Sigmar")."""
        return agent_defaults(agent)

    def heuristic_values(self, state: AgeOfSigmarState) -> tuple[float, ...]:
        """Both seats' heuristic, each from its own side: the threat term is not zero-sum
        (`ai/evaluation.py`), so seat 2's value is not the negation of seat 1's."""
        return (self.heuristic(state, 1), self.heuristic(state, 2))

    def heuristic(self, state: AgeOfSigmarState, seat: int) -> float:
        """Losses (AOS-15.2, wounds counted), sudden death progress (AOS-3.6) and the threat of
        units in reach (`ai/evaluation.py`), for `seat` (1 is side A)."""
        outcome = state.outcome
        if outcome is not None:
            return outcome.value(seat)
        return evaluate(state.battle, state.rt, "A" if seat == 1 else "B")


GAME = AgeOfSigmar()
AgeOfSigmarState.game = GAME
