"""Issue 24, point 1: the seams hold. No shared module (`core`, `ai`, `arena`, `store`, `server`,
`cli`, `web`, `analysis`, outside the front ends' `games/` folders) imports a game package or
names a game in code (`seams.py` says exactly what counts), and the checker itself finds a
planted import or name, so that this test can fail."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

import bitva
from bitva.core.registry import all_games, known_names
from tests.architecture.seams import GameNames, check_source, check_tree, words

PACKAGE = Path(bitva.__file__).resolve().parent

# short names that are words of their own in code, besides names and titles (the rules' prefix
# AOS-); two-letter prefixes (LW, BL, SE) are left out: `se` is a standard error
SHORT_NAMES = {"age-of-sigmar": ("aos",)}


def game_names() -> GameNames:
    """Every game the registry knows (its name and title; the test games too, registered by
    tests/conftest.py) and every game package under `bitva.games`, with their short names."""
    games: dict[str, list[str]] = {name: [] for name in known_names()}
    for game in all_games():
        games.setdefault(game.name, []).append(game.title)
    for name, short in SHORT_NAMES.items():
        games.setdefault(name, []).extend(short)
    return GameNames.of(games.items())


def test_no_shared_module_imports_or_names_a_game() -> None:
    names = game_names()
    assert {"lords-of-war", "battlelore", "sniper-elite", "age-of-sigmar", "dice-cards"} <= set(
        names.phrases.values()
    )
    findings = check_tree(PACKAGE, names)
    assert not findings, "\n".join(map(str, findings))


def test_the_shared_modules_are_checked() -> None:
    """The walk reaches every shared package and leaves the adapters' folders out."""
    from tests.architecture.seams import shared_modules

    found = {path.relative_to(PACKAGE).as_posix() for path in shared_modules(PACKAGE)}
    assert {"core/registry.py", "cli/main.py", "server/app.py", "ai/search.py"} <= found
    assert "cli/games/__init__.py" not in found
    assert not any("/games/" in path for path in found)


# -- the checker fails where it must -----------------------------------------------------------

NAMES = GameNames.of(
    [("lords-of-war", ["Lords of War"]), ("battlelore", ["BattleLore"]), ("age-of-sigmar", ["aos"])]
)


def breaches(source: str, module: str = "bitva.cli.play", name: str = "play.py") -> list[str]:
    found = check_source(textwrap.dedent(source), Path(name), module, NAMES)
    return [finding.what for finding in found]


@pytest.mark.parametrize(
    "source",
    [
        "import bitva.games.lords_of_war\n",
        "from bitva.games.battlelore.state import BattleLoreState as S\n",
        "from bitva.games import age_of_sigmar as g\n",
        "from bitva.cli.games import battlelore_board as b\n",
        "from bitva.server.games.lords_of_war import ADAPTER as A\n",
        "def later():\n    from bitva.games.lords_of_war import rules as r\n    return r\n",
        "from .games.battlelore_names import x\n",
    ],
)
def test_a_planted_import_of_a_game_is_found(source: str) -> None:
    assert any(what.startswith("imports ") for what in breaches(source)), source


@pytest.mark.parametrize(
    "source",
    [
        'GAME = "lords-of-war"\n',
        'def f(name):\n    return name == "BattleLore"\n',
        "def battlelore_board():\n    pass\n",
        "class LordsOfWarScreen:\n    pass\n",
        "aos = 1\n",
        "def f(x):\n    return x.aos_bench\n",
        'print(f"{1} lords_of_war")\n',
        "def f(*, age_of_sigmar=1):\n    return age_of_sigmar\n",
    ],
)
def test_a_planted_game_name_is_found(source: str) -> None:
    assert any(what.startswith("names ") for what in breaches(source)), source


@pytest.mark.parametrize(
    "source",
    [
        '"""A module docstring may say Lords of War as an example."""\n',
        'def f():\n    """BattleLore: an example."""\n    # a comment on aos\n    return 1\n',
        "import bitva.games\nfrom bitva.cli.games.generic import GENERIC\n",
        "from bitva.cli.games import adapter_for\n",
        'chaos = "war of the lords"\nlow = 1\n',
    ],
)
def test_what_is_no_breach(source: str) -> None:
    assert breaches(source) == [], source


def test_the_checker_fails_on_a_planted_module_tree(tmp_path: Path) -> None:
    """A whole package tree: a shared module with an import inside a function and a name is
    found; the same code in a front end's games/ folder is not."""
    root = tmp_path / "bitva"
    for folder in ("core", "cli/games", "server"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
    (root / "core" / "clean.py").write_text("def f(game):\n    return game.name\n")
    (root / "server" / "leaky.py").write_text(
        "def board():\n    from bitva.games.battlelore import GAME\n    return GAME\n"
    )
    (root / "cli" / "named.py").write_text('DEFAULT = "lords-of-war"\n')
    (root / "cli" / "games" / "battlelore.py").write_text(
        'from bitva.games.battlelore import GAME\nNAME = "battlelore"\n'
    )
    found = check_tree(root, NAMES)
    where = sorted({(f.path.relative_to(root).as_posix(), f.line) for f in found})
    assert where == [("cli/named.py", 1), ("server/leaky.py", 2)]


def test_words() -> None:
    assert words("LordsOfWar") == words("lords_of_war") == words("Lords of War")
    assert "aos" not in words("chaos_theory")
