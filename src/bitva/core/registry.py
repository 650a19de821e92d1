"""The game registry: games are discovered, never listed here.

Three sources, in order:

1. every package under `bitva.games` that defines `GAME` (a `Game` instance) is registered, so a
   new game package needs no edit anywhere else;
2. installed distributions may add games through the entry-point group `bitva.games`
   (`mygame = "mypackage.game:GAME"`);
3. `BITVA_GAMES` may name more, as comma-separated `module:attribute` (tests use it to reach
   server and browser subprocesses with their own test game).

`register(game)` adds a game by hand (tests, notebooks).

A game's distribution may also bring its front ends' adapters, in entry-point groups beside
`bitva.games`, each entry named by the game's name: `bitva.terminal` (its terminal adapter),
`bitva.server` (its server adapter) and `bitva.web` (the package holding its web module).
`extension(group, name)` loads one; each front end asks for it where bitva has no adapter of its
own for the game (docs/adding-a-game.md, "Registration").
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
# the entry-point groups of a game's front-end adapters, each entry named by the game's name
TERMINAL_GROUP = "bitva.terminal"
SERVER_GROUP = "bitva.server"
WEB_GROUP = "bitva.web"

_GAMES: dict[str, Game[Any, Any]] = {}
_PACKAGES: set[str] = set()  # game packages under bitva.games without a GAME (yet)
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
        else:
            _PACKAGES.add(info.name.rpartition(".")[2].replace("_", "-"))
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
    key = _key(name)
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise BitvaError(f"unknown game {name!r} (known: {known})")
    return _GAMES[key]


def known_names() -> list[str]:
    """The names a front end may find adapters by: every registered game's, and every game
    package's under `bitva.games` that defines no `GAME` yet (a game whose engine is not a
    `Game` yet may still bring commands of its own, such as a calculator)."""
    _load()
    return sorted({*_GAMES, *_PACKAGES})


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def extension_names(group: str) -> list[str]:
    """The games that installed distributions give an entry in `group` (`bitva.terminal` ...)."""
    return sorted({_key(point.name) for point in entry_points(group=group)})


def extension(group: str, name: str) -> object | None:
    """What an installed distribution declares for the game `name` in the entry-point group
    `group`, loaded; None when none does. An entry that cannot be loaded is an error that says
    so: a game's own adapter broken must not pass for its absence."""
    for point in entry_points(group=group):
        if _key(point.name) == _key(name):
            try:
                loaded: object = point.load()
            except Exception as exc:
                raise BitvaError(
                    f"the {group} entry point {point.name} = {point.value} cannot be loaded ({exc})"
                ) from exc
            return loaded
    return None
