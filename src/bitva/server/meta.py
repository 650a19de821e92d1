"""What a client may start: every registered game (traits, seats, options as JSON Schema with
their defaults, lobby extras, analyses, whether the web client has a module for it), the AI
levels and the server's limits (`GET /api/meta`)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bitva.core.game import Game
from bitva.core.registry import all_games
from bitva.server import ai
from bitva.server.config import ServerConfig
from bitva.server.games import adapter_for
from bitva.server.models import ACTION_LENGTH, MAX_SEATS, NAME_LENGTH, GameMeta, MetaOut
from bitva.web import MODULE_FILE, installed_module_dir


def web_module(web: Path, game_name: str) -> bool:
    """Whether the web client has a module of its own for the game: `web/games/NAME/index.js`,
    or the one the game's distribution declares (`bitva.web`)."""
    own = (web / "games" / game_name / MODULE_FILE).is_file()
    return own or installed_module_dir(game_name) is not None


@cache
def game_meta(game: Game[Any, Any], web: Path) -> GameMeta:
    adapter = adapter_for(game.name)
    model = adapter.options_model
    try:
        defaults = model().model_dump(mode="json")
    except ValidationError:  # options without defaults: the form starts empty
        defaults = {}
    low, high = game.traits.seats
    return GameMeta.model_validate(
        {
            "name": game.name,
            "title": game.title,
            "traits": game.traits.to_json(),
            "seats": {"min": low, "max": high},
            "options_schema": model.model_json_schema(),
            "defaults": defaults,
            "lobby": adapter.lobby(),
            "analyses": [analysis.to_json() for analysis in game.analyses.values()],
            "positions": game.position_suffix is not None,
            "module": web_module(web, game.name),
            "levels": ai.levels(game),
            "default_level": ai.default_level(game),
        }
    )


def meta(config: ServerConfig, web: Path) -> MetaOut:
    default = ai.default_level()
    return MetaOut.model_validate(
        {
            "games": [game_meta(game, web) for game in all_games()],
            "levels": [{"name": n, "default": n == default} for n in ai.levels()],
            "default_level": default,
            "limits": {
                "name_length": NAME_LENGTH,
                "action_length": ACTION_LENGTH,
                "max_seats": MAX_SEATS,
                "max_body_bytes": config.max_body_bytes,
                "max_spectators_per_game": config.max_spectators_per_game,
            },
        }
    )
