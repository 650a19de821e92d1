"""What the server knows of each game beyond the core contract: its server adapter.

An adapter is found by naming convention, never by a list: the game `name` has the adapter
`bitva.server.games.<name with - as _>` (its `ADAPTER`), e.g. `sniper-elite` ->
`bitva.server.games.sniper_elite`. A game installed from another distribution may declare its
adapter in the entry-point group `bitva.server` (`my-game = "my_game.server:ADAPTER"`). A game
without one gets the generic `GameAdapter`, so that a new game plays on the server on its first
day.

An adapter supplies:
- `options_model`: the options a client may choose (client-safe: never a file path); the generic
  adapter uses the game's own options model;
- `engine_options(chosen)`: the game's options from the client's choice;
- `lobby()`: extras the lobby shows (armies with their titles, adventures, maps);
- `view(state, seat)`: what a seat sees (the game's view; an adapter may add facts the client
  wants, such as whether a placement is forced);
- `shared_view_keys`: keys of the view that a replay sends once for every step (card tables).

Analyses are the game's own (`Game.analyses`), not the adapter's.
"""

from __future__ import annotations

import importlib
import logging
from functools import cache
from typing import Any

from pydantic import BaseModel

from bitva.core.errors import BitvaError
from bitva.core.game import Game
from bitva.core.registry import SERVER_GROUP, extension, get_game
from bitva.core.state import State

log = logging.getLogger("bitva.server")


class GameAdapter:
    """The generic adapter: the game as the core contract describes it."""

    shared_view_keys: tuple[str, ...] = ()

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    @property
    def options_model(self) -> type[BaseModel]:
        return self.game.options_model

    def engine_options(self, chosen: BaseModel) -> dict[str, Any]:
        """The game's options from what the client chose (validated by `options_model`)."""
        data: dict[str, Any] = chosen.model_dump(mode="json", exclude_none=True)
        return data

    def lobby(self) -> dict[str, Any]:
        """What the lobby may show besides the options (lists with titles, pictures)."""
        return {}

    def view(self, state: State[Any], seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator)."""
        return state.view(seat)

    def player_words(self, message: str) -> str:
        """An engine's refusal as a player reads it (a game whose messages name its content by
        id says the names instead)."""
        return message


def module_name(game_name: str) -> str:
    return f"{__name__}.{game_name.replace('-', '_')}"


@cache
def adapter_for(game_name: str) -> GameAdapter:
    """The adapter of a registered game: its own module's `ADAPTER`, the one its distribution
    declares (`bitva.server`), or the generic one."""
    game = get_game(game_name)
    try:
        module = importlib.import_module(module_name(game.name))
    except ModuleNotFoundError as exc:
        if exc.name != module_name(game.name):
            raise  # the adapter exists but imports something missing: say so
        return installed_adapter(game) or GameAdapter(game)
    adapter = getattr(module, "ADAPTER", None)
    if not isinstance(adapter, GameAdapter):
        log.warning("%s has no ADAPTER: the generic adapter serves %s", module.__name__, game.name)
        return GameAdapter(game)
    return adapter


def installed_adapter(game: Game[Any, Any]) -> GameAdapter | None:
    """The adapter an installed distribution declares for `game` in `bitva.server`, or None."""
    found = extension(SERVER_GROUP, game.name)
    if found is None:
        return None
    if not isinstance(found, GameAdapter):
        raise BitvaError(f"the {SERVER_GROUP} entry point of {game.name} is no GameAdapter")
    return found
