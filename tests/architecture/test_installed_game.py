"""Issue 24, point 2 (docs/adding-a-game.md, sections 7 and 8): a game installed from a
distribution of its own brings its adapters through entry points, and every front end uses them.

The test builds that distribution in a temporary folder: a package `dice_cards_fronts` with a
terminal adapter (its own words for events and the end of a game, and a command under
`bitva calc`), a server adapter (a field of its own in the view, lobby extras) and a web module
(`index.js` and a stylesheet), and a `dice_cards_fronts-1.0.dist-info` whose `entry_points.txt`
declares the test game Dice and Cards (`bitva.games`) and the three adapters (`bitva.terminal`,
`bitva.server`, `bitva.web`). Subprocesses with that folder on their path and no `BITVA_GAMES`
(the game comes from the entry point alone) play the game through the command line and the server.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = "dice_cards_fronts"

TERMINAL = '''
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import typer

from bitva.cli.games.generic import GenericAdapter
from bitva.core.outcome import Outcome

odds = typer.Typer(help="Exact combat calculators.")


@odds.command("dice-cards-bust")
def bust() -> None:
    """DC-3: the chance that a roll of two dice busts (a 1 on either die)."""
    typer.echo("bust: 11/36")


class Adapter(GenericAdapter):
    commands: Mapping[str, typer.Typer] = MappingProxyType({"calc": odds})

    def describe_events(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        return [f"[installed] {line}" for line in super().describe_events(events)]

    def outcome_reason(self, outcome: Outcome, viewer: int | None) -> str:
        return "the installed adapter's end line"


ADAPTER = Adapter()
'''

SERVER = """
from typing import Any

from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.server.games import GameAdapter


class Adapter(GameAdapter):
    def lobby(self) -> dict[str, Any]:
        return {"brought_by": "dice-cards-fronts"}

    def view(self, state: State[Any], seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "installed_adapter": "dice-cards-fronts"}


ADAPTER = Adapter(get_game("dice-cards"))
"""

INDEX_JS = """export default {
  stylesheet: new URL("./style.css", import.meta.url).href,
  howToPlay() { return "Dice and Cards, installed with its own web module."; },
};
"""

ENTRY_POINTS = f"""[bitva.games]
dice-cards = tests.games.dice_cards:GAME

[bitva.terminal]
dice-cards = {DIST}.terminal:ADAPTER

[bitva.server]
dice-cards = {DIST}.server:ADAPTER

[bitva.web]
dice-cards = {DIST}.web
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the distribution is installed in (as `pip install --target` would)."""
    site = tmp_path_factory.mktemp("site")
    package = site / DIST
    (package / "web").mkdir(parents=True)
    (package / "__init__.py").write_text('"""Dice and Cards\' front ends."""\n')
    (package / "terminal.py").write_text(TERMINAL)
    (package / "server.py").write_text(SERVER)
    (package / "web" / "__init__.py").write_text("")
    (package / "web" / "index.js").write_text(INDEX_JS)
    (package / "web" / "style.css").write_text(".dice-cards { color: teal; }\n")
    (package / "web" / "secret.py").write_text("TOKEN = 1\n")
    info = site / f"{DIST}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dice-cards-fronts\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(ENTRY_POINTS)
    return site


def run(site: Path, *args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    """`bitva ARGS`, or `python -c CODE ARGS`, with the distribution on the path and no game named
    in BITVA_GAMES."""
    env = {
        **os.environ,
        "BITVA_GAMES": "",
        "PYTHONPATH": os.pathsep.join([str(site), str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "COLUMNS": "120",
    }
    command = ["-c", code, *args] if code else ["-m", "bitva.cli.main", *args]
    done = subprocess.run(
        [sys.executable, *command],
        env=env,
        cwd=site,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def test_the_command_line_plays_an_installed_game_with_its_terminal_adapter(site: Path) -> None:
    """`bitva play` with agents draws the game through the distribution's adapter (its event
    lines and end line), and its command joins `bitva calc` beside Age of Sigmar's."""
    listed = run(site, "games").stdout
    assert "dice-cards" in listed
    played = run(site, "play", "dice-cards", "--p1", "random", "--p2", "random", "--seed", "3")
    assert "[installed] " in played.stdout
    assert "the installed adapter's end line" in played.stdout
    calc = run(site, "calc", "--help").stdout
    assert "dice-cards-bust" in calc and "aos-bench" in calc
    assert run(site, "calc", "dice-cards-bust").stdout.strip() == "bust: 11/36"


SERVER_SCRIPT = """
import json, sys
from fastapi.testclient import TestClient
from bitva.server.app import create_app
from bitva.server.config import ServerConfig

config = ServerConfig(
    db_url=f"sqlite:///{sys.argv[1]}",
    ai_executor="thread",
    allowed_hosts=("testserver",),
    unlimited_clients=("testclient",),
)
out = {}
with TestClient(create_app(config)) as client:
    meta = {g["name"]: g for g in client.get("/api/meta").json()["games"]}["dice-cards"]
    out["module"], out["lobby"] = meta["module"], meta["lobby"]
    created = client.post("/api/games", json={"game": "dice-cards", "options": {"seats": 1}})
    assert created.status_code == 201, created.text
    game_id, token = created.json()["game"]["id"], created.json()["token"]
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(50):  # the deal is chance, resolved by the server
        mine = client.get(f"/api/games/{game_id}", headers=headers).json()
        if mine["game"]["to_move"] == 1:
            break
    out["view_before"] = mine["view"].get("installed_adapter")
    moved = client.post(
        f"/api/games/{game_id}/actions",
        headers=headers,
        json={"action": mine["legal_actions"][0], "version": mine["game"]["version"]},
    )
    out["moved"] = moved.status_code
    after = client.get(f"/api/games/{game_id}", headers=headers).json()
    out["version"] = [mine["game"]["version"], after["game"]["version"]]
    out["view_after"] = after["view"].get("installed_adapter")
    index = client.get("/static/games/dice-cards/index.js")
    out["index"] = [index.status_code, index.headers.get("content-type", ""), index.text]
    out["style"] = client.get("/static/games/dice-cards/style.css").status_code
    out["python"] = client.get("/static/games/dice-cards/secret.py").status_code
    out["own"] = client.get("/static/games.js").status_code
print(json.dumps(out))
"""


def test_the_server_plays_an_installed_game_with_its_adapter_and_web_module(
    site: Path, tmp_path: Path
) -> None:
    """Create, move: the view carries the distribution's field; /api/meta says the game has a
    web module and shows its lobby extras; the module and its stylesheet are served where the
    client imports them from, its Python files are not, and the client's own files still are."""
    done = run(site, str(tmp_path / "games.db"), code=SERVER_SCRIPT)
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["module"] is True
    assert result["lobby"] == {"brought_by": "dice-cards-fronts"}
    assert result["moved"] == 200
    assert result["version"][1] > result["version"][0]
    assert result["view_before"] == result["view_after"] == "dice-cards-fronts"
    status, content_type, text = result["index"]
    assert status == 200 and "javascript" in content_type
    assert text == INDEX_JS
    assert result["style"] == 200
    assert result["python"] == 404
    assert result["own"] == 200


def test_without_the_distribution_the_game_has_only_the_generic_front_ends(tmp_path: Path) -> None:
    """The same game named through BITVA_GAMES, no distribution on the path: generic adapters
    and no web module (what the entry points above change)."""
    code = textwrap.dedent(
        """
        from bitva.cli.games import adapter_for
        from bitva.cli.games.generic import GENERIC
        from bitva.server.games import GameAdapter, adapter_for as server_adapter
        from bitva.web import installed_module_dir
        assert adapter_for("dice-cards") is GENERIC
        assert type(server_adapter("dice-cards")) is GameAdapter
        assert installed_module_dir("dice-cards") is None
        print("generic")
        """
    )
    env = {**os.environ, "BITVA_GAMES": "tests.games.dice_cards:GAME"}  # PYTHONPATH: conftest
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and done.stdout.strip() == "generic", done.stderr


GHOST_ENTRY_POINTS = """[bitva.terminal]
ghost = ghost_fronts:MISSING

[bitva.server]
ghost = ghost_fronts:NOT_AN_ADAPTER

[bitva.web]
ghost = ghost_fronts
"""


def test_a_broken_entry_point_is_an_error_that_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An installed adapter that cannot be loaded, is of the wrong kind or has no index.js is
    an error naming the entry point, never a silent fallback to the generic front end."""
    from types import SimpleNamespace

    from bitva.cli.games import adapter_for
    from bitva.core.errors import BitvaError
    from bitva.server.games import installed_adapter
    from bitva.web import installed_module_dir

    (tmp_path / "ghost_fronts").mkdir()
    (tmp_path / "ghost_fronts" / "__init__.py").write_text("NOT_AN_ADAPTER = 1\n")
    info = tmp_path / "ghost_fronts-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ghost-fronts\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(GHOST_ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(BitvaError, match=r"bitva\.terminal entry point ghost"):
        adapter_for("ghost")
    with pytest.raises(BitvaError, match=r"bitva\.server entry point of ghost is no GameAdapter"):
        installed_adapter(SimpleNamespace(name="ghost"))  # type: ignore[arg-type]
    with pytest.raises(BitvaError, match=r"bitva\.web entry point of ghost: no index\.js"):
        installed_module_dir("ghost")
