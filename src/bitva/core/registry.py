"""The game registry: games register themselves here, front ends list them from here."""

from __future__ import annotations

import importlib

from bitva.core.errors import BitvaError
from bitva.core.game import Game

# Game packages that ship with bitva; importing one registers it.
_BUILTIN = ("bitva.games.lords_of_war",)

_GAMES: dict[str, Game] = {}
_loaded = False


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_builtin() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in _BUILTIN:
            importlib.import_module(module)


def all_games() -> list[Game]:
    _load_builtin()
    return sorted(_GAMES.values(), key=lambda game: game.name)


def get_game(name: str) -> Game:
    _load_builtin()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    if key not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise BitvaError(f"unknown game {name!r} (known: {known})")
    return _GAMES[key]
