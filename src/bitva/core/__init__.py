"""The game-agnostic core: the State contract, actions, seeded RNG, events, records, registry.

Nothing here knows any game; games import the core, never the other way round.
"""

from bitva.core.errors import BitvaError, ContentError, IllegalAction, PositionError, RecordError
from bitva.core.events import Event
from bitva.core.game import Game
from bitva.core.outcome import Outcome
from bitva.core.registry import all_games, get_game, register
from bitva.core.rng import Rng, derive_seed
from bitva.core.state import State

__all__ = [
    "BitvaError",
    "ContentError",
    "Event",
    "Game",
    "IllegalAction",
    "Outcome",
    "PositionError",
    "RecordError",
    "Rng",
    "State",
    "all_games",
    "derive_seed",
    "get_game",
    "register",
]
