"""OpenSpiel games for every bitva game with codes, observations, a maximum game length and a
utility range (docs/research.md, "OpenSpiel"). Importing this module registers them:

    import bitva.rl.openspiel
    game = pyspiel.load_game("bitva_dice_cards(seats=3)")

The name is "bitva_" and the game's name with underscores. Options whose defaults are plain
numbers, strings or booleans are the game's parameters; the others keep their defaults.

The game type comes from the traits: sequential dynamics; explicit stochastic chance (the
contract's chance nodes, with `chance_outcomes` as codes and float probabilities) or
deterministic; imperfect or perfect information; zero-sum or general-sum (a solo game is a
one-player general-sum game). Actions and chance outcomes share the code space:
`num_distinct_actions` and `max_chance_outcomes` are both `num_action_codes`. Players count from
0 (seat 1 is player 0). Observations (`make_py_observer`): the tensor is the seat's
`observation_tensor`; the string is its `information_state_string` for the information state
(perfect recall, where the game keeps it) and its view as canonical JSON for the observation
(the public observer, with no private information, uses the spectator's: seat None).
`resample_from_infostate` is `state.determinize`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from bitva.core.chance import CHANCE
from bitva.core.errors import NotSupported
from bitva.core.game import Game
from bitva.core.registry import all_games, get_game
from bitva.core.rng import Rng
from bitva.core.state import State
from bitva.rl.support import NEEDS_OPENSPIEL, ResearchSpec, research_spec

PREFIX = "bitva_"


def spiel_name(game: Game[Any, Any]) -> str:
    """ "bitva_" and the game's name with underscores: `bitva_lords_of_war`."""
    return PREFIX + game.name.replace("-", "_")


def parameters(game: Game[Any, Any]) -> dict[str, Any]:
    """The options OpenSpiel can pass (plain defaults), with their defaults."""
    out: dict[str, Any] = {}
    for name, field in game.options_model.model_fields.items():
        default = field.default
        if isinstance(default, bool | int | float | str):
            out[name] = default
    return out


def game_type(game: Game[Any, Any]) -> Any:
    traits = game.traits
    kinds = pyspiel.GameType
    low, high = traits.seats
    return pyspiel.GameType(
        short_name=spiel_name(game),
        long_name=f"bitva {game.title}",
        dynamics=kinds.Dynamics.SEQUENTIAL,
        chance_mode=(
            kinds.ChanceMode.EXPLICIT_STOCHASTIC
            if traits.chance == "explicit"
            else kinds.ChanceMode.DETERMINISTIC
        ),
        information=(
            kinds.Information.IMPERFECT_INFORMATION
            if traits.information == "imperfect"
            else kinds.Information.PERFECT_INFORMATION
        ),
        utility=(
            kinds.Utility.ZERO_SUM if traits.utility == "zero-sum" else kinds.Utility.GENERAL_SUM
        ),
        reward_model=kinds.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game),
    )


def game_info(spec: ResearchSpec) -> Any:
    assert spec.utility_range is not None and spec.max_game_length is not None
    low, high = spec.utility_range
    zero_sum = spec.game.traits.utility == "zero-sum"
    return pyspiel.GameInfo(
        num_distinct_actions=spec.num_codes,
        max_chance_outcomes=spec.num_codes if spec.game.traits.chance == "explicit" else 0,
        num_players=spec.seats,
        min_utility=float(low),
        max_utility=float(high),
        utility_sum=0.0 if zero_sum else None,
        max_game_length=int(spec.max_game_length),
    )


class Held:
    """The bitva state inside an OpenSpiel state. OpenSpiel clones a Python state by deep
    copying its attributes: this copies with `State.clone` (static data stays shared), and
    pickles (OpenSpiel's serialization) as the game's name and `State.to_json`. `strings`
    keeps the observers' strings of this position (a search asks for a node's key several
    times; a perfect-recall string grows with the game), emptied by every action."""

    __slots__ = ("state", "strings")

    def __init__(self, state: State[Any]) -> None:
        self.state = state
        self.strings: dict[tuple[bool, int | None], str] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return (_restore, (self.state.game.name, json.dumps(self.state.to_json())))


def _restore(name: str, data: str) -> Held:
    return Held(get_game(name).state_from_json(json.loads(data)))


class BitvaSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game of one bitva game with one set of options (`register` makes a
    subclass per game, naming it in `bitva_game`)."""

    bitva_game: Game[Any, Any]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.bitva_game
        values = {**parameters(game), **dict(params or {})}
        self.research = research_spec(game, values, NEEDS_OPENSPIEL)
        super().__init__(game_type(game), game_info(self.research), dict(params or {}))
        # every game starts from a copy of this one (OpenSpiel clones through a new state)
        self._initial = self.research.new(0)

    def new_initial_state(self) -> BitvaSpielState:
        return BitvaSpielState(self, self._initial.clone())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> BitvaObserver:
        return BitvaObserver(self.research, iig_obs_type, params)


class BitvaSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a bitva state (`held.state`)."""

    def __init__(self, game: BitvaSpielGame, state: State[Any]) -> None:
        super().__init__(game)
        self.held = Held(state)

    @property
    def bitva(self) -> State[Any]:
        """The bitva state (read it; change it only through OpenSpiel's `apply_action`)."""
        return self.held.state

    def current_player(self) -> int:
        player = self.held.state.current_player
        if player is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player - 1

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(set(self.held.state.legal_codes()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self.held.state
        return sorted((state.encode_action(a), float(p)) for a, p in state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.held.strings.clear()
        self.held.state.apply_code(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.held.state
        try:
            return state.action_text(state.decode_action(int(action)))
        except Exception:  # a code whose action cannot be written without its state
            return f"code {action}"

    def is_terminal(self) -> bool:
        return self.held.state.outcome is not None

    def returns(self) -> list[float]:
        return [float(v) for v in self.held.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state that `player_id` cannot tell from this one: `State.determinize` for its
        seat, seeded from OpenSpiel's sampler."""
        seed = int(probability_sampler() * 2**53) if callable(probability_sampler) else 0
        other = self.clone()
        other.held = Held(self.held.state.determinize(player_id + 1, Rng(seed)))
        return other

    def __str__(self) -> str:
        """The whole position (secrets included, the RNG left out) as canonical JSON."""
        data = self.held.state.to_json()
        data.pop("rng", None)
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


class BitvaObserver:
    """OpenSpiel's Python observer: `tensor` (flat float32) with `dict["observation"]` the same
    numbers in the game's declared shape. Its string is the seat's information state
    (`information_state_string`) for an observer with perfect recall, and the seat's view now
    (canonical JSON) for the others, as OpenSpiel tells an observation from an information
    state."""

    def __init__(
        self, spec: ResearchSpec, iig_obs_type: Any, params: Mapping[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {dict(params)}")
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        # the public observer (no private information): the spectator's view
        self.public_only = iig_obs_type.private_info != private
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(int(np.prod(spec.observation_shape)), dtype=np.float32)
        self.dict = {"observation": self.tensor.reshape(spec.observation_shape)}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only or player < 0 else player + 1

    def set_from(self, state: BitvaSpielState, player: int) -> None:
        tensor = state.bitva.observation_tensor(self._seat(player))
        self.tensor[:] = np.asarray(tensor, dtype=np.float32).ravel()

    def string_from(self, state: BitvaSpielState, player: int) -> str:
        seat = self._seat(player)
        key = (self.perfect_recall, seat)
        strings = state.held.strings
        if key not in strings:
            bitva = state.bitva
            strings[key] = (
                str(bitva.information_state_string(seat))
                if self.perfect_recall
                else json.dumps(bitva.view(seat), sort_keys=True, separators=(",", ":"))
            )
        return strings[key]


_CREATORS: dict[str, Any] = {}


def register(game: Game[Any, Any]) -> str | None:
    """Register `game` with OpenSpiel under `spiel_name(game)`; returns the name, or None when
    it is registered already. NotSupported (naming what is missing) for a game that lacks
    what an OpenSpiel game needs."""
    research_spec(game, None, NEEDS_OPENSPIEL)
    name = spiel_name(game)
    if name in pyspiel.registered_names():
        return None

    # A class per game, as OpenSpiel's own Python games register theirs: OpenSpiel's registry
    # holds the creator past the interpreter's end, and a closure that only it kept alive
    # would be freed then, without the GIL, aborting the process at exit (a class lives on
    # in its own reference cycle).
    creator = type(f"{type(game).__name__}Spiel", (BitvaSpielGame,), {"bitva_game": game})
    _CREATORS[name] = creator
    pyspiel.register_game(game_type(game), creator)
    return name


def register_all() -> dict[str, str | None]:
    """Register every registered bitva game that can be one (again for games registered
    since); returns each game's name with None, or the reason it is not an OpenSpiel game."""
    out: dict[str, str | None] = {}
    for game in all_games():
        try:
            register(game)
        except NotSupported as exc:
            out[game.name] = str(exc)
        else:
            out[game.name] = None
    return out


class HeuristicEvaluator:
    """An evaluator for OpenSpiel's MCTS and ISMCTS bots (`open_spiel.python.algorithms`): a
    leaf's values are the game's own `heuristic_values` (its returns at the end), its priors
    uniform. Random rollouts would play a BattleLore game of thousands of steps per leaf."""

    def evaluate(self, state: BitvaSpielState) -> Any:
        bitva = state.bitva
        return np.array(bitva.game.heuristic_values(bitva), dtype=np.float64)

    def prior(self, state: BitvaSpielState) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


def load(name: str, **options: Any) -> Any:
    """`pyspiel.load_game` of a bitva game by its bitva name, registering it if needed."""
    game = get_game(name)
    register(game)
    return pyspiel.load_game(spiel_name(game), options)


REGISTERED = register_all()
