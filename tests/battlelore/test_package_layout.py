"""BattleLore's package layout (issue 24, point 5; docs/battlelore.md, "Package layout"): the
modules live in subpackages by topic, the top holds only the game's interface, and an import
made inside a function says on the line above why it cannot be at the top of its module."""

from __future__ import annotations

import ast
from pathlib import Path

import bitva.games.battlelore

ROOT = Path(bitva.games.battlelore.__file__).parent
TOP = {
    "__init__",
    "actions",
    "codes",
    "deserialize",
    "game",
    "migrate",
    "observation",  # the research observation tensor (issue 23, docs/research/battlelore.md)
    "options",
    "origins",
    "serialize",
    "state",
    "static",
    "views",
}
SUBPACKAGES = {
    "ai",
    "analysis",
    "battle",
    "catalogue",
    "content",
    "field",
    "lore",
    "position",
    "turn",
}


def _inner_imports(path: Path) -> list[tuple[int, str]]:
    """Each import of the game's own modules made inside a function, with the line above it."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(node):
            module = getattr(inner, "module", None) or ""
            if isinstance(inner, ast.ImportFrom) and module.startswith("bitva.games.battlelore"):
                found.append((inner.lineno, lines[inner.lineno - 2].strip()))
    return found


def test_the_top_of_the_package_holds_only_the_games_interface() -> None:
    modules = {p.stem for p in ROOT.glob("*.py")}
    folders = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert modules == TOP
    assert folders == SUBPACKAGES
    assert all(len(list((ROOT / f).glob("*.py"))) > 1 for f in SUBPACKAGES - {"content"})


def test_an_import_inside_a_function_says_why() -> None:
    """The two left close the loop of the state machine: the turn's steps start a battle and a
    Lore card's dice, which end back in the turn (`end_battle`, `next_roll`); every other
    import of the game's modules is at the top of its module."""
    unexplained = []
    count = 0
    for path in sorted(ROOT.rglob("*.py")):
        for line, above in _inner_imports(path):
            count += 1
            if not above.startswith("#"):
                unexplained.append(f"{path.relative_to(ROOT)}:{line}")
    assert not unexplained
    assert count <= 2
