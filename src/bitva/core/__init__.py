"""The game-agnostic core: the State and Game contracts, explicit chance, seeded RNG, events,
outcomes, records, the registry.

Nothing here knows any game; games import the core, never the other way round.
"""

from bitva.core.chance import CHANCE
from bitva.core.errors import (
    BitvaError,
    ContentError,
    IllegalAction,
    NotSupported,
    OptionsError,
    PositionError,
    RecordError,
    UnreadableAction,
    Violation,
)
from bitva.core.events import Event
from bitva.core.game import Analysis, Game, ParameterError
from bitva.core.outcome import Outcome
from bitva.core.preview import Preview
from bitva.core.registry import all_games, get_game, register
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State
from bitva.core.traits import Traits

__all__ = [
    "CHANCE",
    "Analysis",
    "BitvaError",
    "ContentError",
    "Event",
    "Game",
    "IllegalAction",
    "NotSupported",
    "OptionsError",
    "Outcome",
    "ParameterError",
    "PositionError",
    "Preview",
    "RecordError",
    "Rng",
    "State",
    "Traits",
    "UnreadableAction",
    "Violation",
    "all_games",
    "derive_seed",
    "get_game",
    "register",
]
