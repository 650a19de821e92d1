"""The browser client: static ES modules, CSS and SVG served by bitva.server (no build step).

A game's own web module is the folder `games/<game name>/` here holding `index.js`, or, for a game
installed from another distribution, the package it names in the entry-point group `bitva.web`
(`my-game = "my_game.web"`: the package's folder holds `index.js` and the files it loads). The
server serves either at `/static/games/<game name>/`, where the client's `import()` finds it.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from types import ModuleType

from bitva.core.errors import BitvaError
from bitva.core.registry import WEB_GROUP, extension, extension_names

MODULE_FILE = "index.js"


def web_dir() -> Path:
    """The web client's folder."""
    return Path(str(resources.files(__name__)))


def installed_module_dir(game_name: str) -> Path | None:
    """The folder of the web module an installed distribution declares for the game
    (`bitva.web`), or None. The entry names a package (its folder) or a path."""
    found = extension(WEB_GROUP, game_name)
    if found is None:
        return None
    if isinstance(found, ModuleType) and found.__file__:
        folder = Path(found.__file__).parent
    elif isinstance(found, str | Path):
        folder = Path(found)
    else:
        raise BitvaError(f"the {WEB_GROUP} entry point of {game_name} names no package or folder")
    if not (folder / MODULE_FILE).is_file():
        raise BitvaError(
            f"the {WEB_GROUP} entry point of {game_name}: no {MODULE_FILE} in {folder}"
        )
    return folder


def installed_modules() -> dict[str, Path]:
    """The web modules installed distributions bring for games bitva has none of its own for,
    by game name: the folders the server mounts beside its own."""
    own = web_dir() / "games"
    found: dict[str, Path] = {}
    for name in extension_names(WEB_GROUP):
        if not (own / name / MODULE_FILE).is_file():
            folder = installed_module_dir(name)
            if folder is not None:
                found[name] = folder
    return found
