"""The game registry: games are discovered, never listed here.

Three sources, in order:

1. every package under `bitva.games` that defines `GAME` (a `Game` instance) is registered, so a
   new game package needs no edit anywhere else;
2. installed distributions may add games through the entry-point group `bitva.games`
   (`mygame = "mypackage.game:GAME"`);
3. `BITVA_GAMES` may name more, as comma-separated `module:attribute` (tests use it to reach
   server and browser subprocesses with their own test game).

`register(game)` adds a game by hand (tests, notebooks).
"""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
from importlib.metadata import entry_points
from typing import Any

from bitva.core.errors import BitvaError
from bitva.core.game import Game

log = logging.getLogger("bitva.registry")

ENTRY_POINT_GROUP = "bitva.games"
ENV_VARIABLE = "BITVA_GAMES"

_GAMES: dict[str, Game[Any, Any]] = {}
_loaded = False


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add a game (a second game of the same name replaces the first)."""
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    _GAMES.pop(name, None)


def _load_reference(reference: str, where: str) -> None:
    module_name, _, attribute = reference.strip().partition(":")
    try:
        module = importlib.import_module(module_name)
        game = getattr(module, attribute or "GAME")
    except (ImportError, AttributeError) as exc:
        raise BitvaError(f"{where}: cannot load the game {reference!r} ({exc})") from exc
    if not isinstance(game, Game):
        raise BitvaError(f"{where}: {reference!r} is not a bitva Game")
    register(game)


def _discover() -> None:
    import bitva.games

    for info in pkgutil.iter_modules(bitva.games.__path__, "bitva.games."):
        if not info.ispkg:
            continue
        module = importlib.import_module(info.name)
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            register(game)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        try:
            game = point.load()
        except Exception as exc:  # a broken plugin must not break every command
            log.warning("the game plugin %s could not be loaded: %s", point.value, exc)
            continue
        if isinstance(game, Game):
            register(game)
    for reference in filter(None, os.environ.get(ENV_VARIABLE, "").split(",")):
        _load_reference(reference, ENV_VARIABLE)


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        _discover()


def all_games() -> list[Game[Any, Any]]:
    _load()
    return sorted(_GAMES.values(), key=lambda game: game.name)


def get_game(name: str) -> Game[Any, Any]:
    _load()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise BitvaError(f"unknown game {name!r} (known: {known})")
    return _GAMES[key]
