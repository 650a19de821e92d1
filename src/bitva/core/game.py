"""A game definition: its name, traits, options model, how to start it, how to read its states
and positions, and the analyses it offers. Front ends list games through the registry and never
import a game module directly.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError

from bitva.core.errors import BitvaError, NotSupported, OptionsError
from bitva.core.state import State
from bitva.core.traits import Traits

S = TypeVar("S", bound=State[Any])
O = TypeVar("O", bound=BaseModel)  # noqa: E741
# options as a model, a mapping of values, or None for the defaults
OptionsLike = BaseModel | Mapping[str, Any] | None


class ParameterError(BitvaError):
    """Parameters of an analysis that do not validate: names the analysis, the parameter and
    the reason (never the value given)."""

    def __init__(self, analysis: str, field: str, reason: str) -> None:
        self.analysis = analysis
        self.field = field
        self.reason = reason
        super().__init__(f"analysis {analysis!r}: parameter {field}: {reason}")


@dataclass(frozen=True)
class Analysis:
    """A named question a player may ask about a position ("what does each placement kill?").

    `run(state, seat)` answers with a JSON-ready object. Front ends give it a state that holds
    only what `seat` may see (a determinization for that seat), so an analysis cannot leak.
    `decisions` names the decision points where it is offered (None: everywhere);
    `to_move_only` offers it only to the seat about to decide.

    An analysis that takes parameters (issue 22: "the odds of this unit charging that one")
    names their pydantic model in `parameters`; it is then run as `run(state, seat, params)`
    with a validated instance (`answer` validates and dispatches). Front ends offer the
    model's JSON Schema (`to_json()["parameters"]`)."""

    name: str
    title: str
    description: str
    run: Callable[..., dict[str, Any]]
    decisions: frozenset[str] | None = None
    to_move_only: bool = False
    parameters: type[BaseModel] | None = None

    def offered(self, state: State[Any], seat: int | None) -> bool:
        if state.outcome is not None:
            return False
        if self.decisions is not None and state.decision not in self.decisions:
            return False
        return not self.to_move_only or (seat is not None and seat == state.current_player)

    def read_parameters(self, values: Mapping[str, Any] | None) -> BaseModel | None:
        """The parameters from a mapping (text from a command line is converted as pydantic's
        lax mode does: "3" is 3); ParameterError names the first bad one. An analysis without
        parameters takes none."""
        given = dict(values or {})
        if self.parameters is None:
            if given:
                first = sorted(given)[0]
                raise ParameterError(self.name, first, "this analysis takes no parameters")
            return None
        try:
            return self.parameters.model_validate(given)
        except ValidationError as exc:
            error = exc.errors()[0]
            field = ".".join(str(part) for part in error["loc"]) or "parameters"
            raise ParameterError(self.name, field, str(error["msg"])) from None

    def answer(
        self, state: State[Any], seat: int | None, values: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Validate `values` (`read_parameters`) and run the analysis with them."""
        params = self.read_parameters(values)
        if params is None:
            return self.run(state, seat)
        return self.run(state, seat, params)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "decisions": sorted(self.decisions) if self.decisions is not None else None,
            "to_move_only": self.to_move_only,
            "parameters": (
                self.parameters.model_json_schema() if self.parameters is not None else None
            ),
        }


class Game(ABC, Generic[S, O]):
    """One game of the registry."""

    name: ClassVar[str]  # command-line name, e.g. "dice-cards"
    title: ClassVar[str]  # display name
    traits: ClassVar[Traits]
    options_model: ClassVar[type[BaseModel]]
    # Position files: the suffix they carry (None: the game has no position notation).
    position_suffix: ClassVar[str | None] = None
    # The version of the game's rules engine as far as records are concerned: a record written
    # by an older version is passed through `migrate_record` before it is replayed.
    record_format: ClassVar[int] = 1

    # -- options ---------------------------------------------------------------------------
    def options(self, values: BaseModel | Mapping[str, Any] | None = None) -> O:
        """Validated options from a model or a mapping; defaults for the rest. A bad value is an
        OptionsError naming the option."""
        model = self.options_model
        if isinstance(values, model):
            return values  # type: ignore[return-value]
        raw = values.model_dump() if isinstance(values, BaseModel) else dict(values or {})
        try:
            return model.model_validate(raw)  # type: ignore[return-value]
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "options"
            raise OptionsError(field, str(first["msg"])) from None

    def seats_for(self, options: BaseModel) -> int:
        """How many seats a game with these options has (games with a seat range override)."""
        return self.traits.seats[0]

    # -- states ----------------------------------------------------------------------------
    @abstractmethod
    def new(self, options: BaseModel | Mapping[str, Any] | None = None, seed: int = 0) -> S:
        """A new game with the state's RNG seeded by `seed`. The set-up's chance (a shuffle, a
        deal) is left to chance nodes, so a new state may be a chance node."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> S:
        """Inverse of `State.to_json`."""

    # -- the research contract (docs/research.md) ------------------------------------------
    def num_action_codes(self, options: OptionsLike = None) -> int:
        """Size of the integer action space of games with these options, known before a game
        starts: every code means the same action (or chance outcome) in every state of such a
        game, so a policy head of this size can be declared up front."""
        raise NotSupported(f"{self.title} has no integer action codes")

    def observation_shape(
        self, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[int, ...]:
        """The shape of `State.observation_tensor` for games with these options (it never
        changes during a game)."""
        raise NotSupported(f"{self.title} has no observation tensor")

    def observation_from_view(
        self, view: Mapping[str, Any], seat: int | None, options: BaseModel
    ) -> Any:
        """The observation tensor (a float32 numpy array of `observation_shape(options)`) built
        from a seat's `view` and nothing else, so it cannot hold what the seat may not see."""
        raise NotSupported(f"{self.title} has no observation tensor")

    def max_game_length(self, options: OptionsLike = None) -> int:
        """An upper bound on the number of actions and chance outcomes of one game with these
        options (OpenSpiel's `max_game_length`)."""
        raise NotSupported(f"{self.title} declares no maximum game length")

    def utility_range(
        self, options: BaseModel | Mapping[str, Any] | None = None
    ) -> tuple[float, float]:
        """The lowest and highest return a seat can get (`Outcome.returns`)."""
        if self.traits.utility == "zero-sum":
            return (-1.0, 1.0)
        raise NotSupported(f"{self.title} declares no utility range")

    def vector_env(self, n: int, options: OptionsLike = None, seed: int = 0) -> Any:
        """A batched engine: `n` games of these options advanced in lockstep with numpy arrays
        (`bitva.rl.vector`, docs/research.md). Games without one raise NotSupported."""
        raise NotSupported(f"{self.title} has no batched engine")

    # -- positions -------------------------------------------------------------------------
    def read_position(self, text: str, source: str = "(position)") -> S:
        """A state from the game's position notation; PositionError names the key and the
        reason (and the rule, for an impossible position)."""
        raise NotSupported(f"{self.title} has no position files")

    def write_position(self, state: S) -> str:
        """The position notation of `state`: `read_position(write_position(s))` is `s` again."""
        raise NotSupported(f"{self.title} has no position files")

    # -- analyses and agents ---------------------------------------------------------------
    @property
    def analyses(self) -> Mapping[str, Analysis]:
        """The analyses the game offers, by name (the first is the default of `bitva analyse`)."""
        return {}

    def heuristic(self, state: S, seat: int) -> float:
        """How good `state` looks for `seat`, roughly in [-1, 1]: used by greedy and search."""
        outcome = state.outcome
        if outcome is None:
            return 0.0
        return outcome.value(seat)

    def agent_defaults(self, agent: str) -> Mapping[str, Any]:
        """This game's defaults for the agent registered as `agent` ("greedy", "hard", ...), as
        the parameters an agent name takes after its colon (`hard:evaluations=600`,
        `greedy:nodes=300`): a game whose turns are long chains of small decisions gives its
        levels budgets that keep them within their time per move. Parameters a player names
        win over these; a game without defaults leaves the agents' own (docs/ai.md)."""
        return {}

    @property
    def scripts(self) -> Mapping[str, tuple[str, Callable[[int], Any]]]:
        """Scripted opponents this game offers, by agent name (`--p2 rush`): a description and
        a factory taking a seed. Front ends accept these names beside the registered agents
        (`bitva.ai.agents`), for this game only (docs/ai.md)."""
        return {}

    def heuristic_values(self, state: S) -> tuple[float, ...]:
        """The heuristic for every seat at once. Two-seat zero-sum games evaluate once and
        negate; other games ask every seat."""
        seats = state.seats
        if seats == 2 and self.traits.utility == "zero-sum":
            value = self.heuristic(state, 1)
            return (value, -value)
        return tuple(self.heuristic(state, seat) for seat in range(1, seats + 1))

    # -- records ---------------------------------------------------------------------------
    def migrate_record(self, data: dict[str, Any]) -> dict[str, Any]:
        """A record written by an older `record_format`, brought up to date (games that changed
        how they record override this)."""
        return data

    def to_json(self) -> dict[str, Any]:
        """What a front end needs to offer the game: names, traits, options schema, analyses."""
        return {
            "name": self.name,
            "title": self.title,
            "traits": self.traits.to_json(),
            "options_schema": self.options_model.model_json_schema(),
            "positions": self.position_suffix is not None,
            "analyses": [analysis.to_json() for analysis in self.analyses.values()],
        }
