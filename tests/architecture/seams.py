"""The seams checker (issue 24, point 1): the shared modules of bitva know no game.

A *shared* module is any Python module of `bitva.core`, `ai`, `arena`, `store`, `server`, `cli`,
`rl`, `web` or `analysis`, except those under the front ends' own `games/` folders (`cli/games/`,
`server/games/`, `web/games/`), where the games' adapters live. A shared module

- imports no game package: neither `bitva.games.<game>` nor `bitva.<front>.games.<game>` (a game's
  adapter or a module it owns, such as `cli/games/<game>_board.py`), at the top of the module or
  inside a function, absolute or relative; `bitva.games` itself (the registry walks it) and the
  front ends' shared adapter modules (`cli/games/generic.py`) are no game;
- names no game in code: no string literal and no identifier (a variable, an attribute, a
  function, a class, an argument, a keyword, an imported name) holds a game's name, its title or
  its short name, as words (`lords_of_war`, `LordsOfWar`, "Lords of War" and "lords-of-war" are
  the same words; "chaos" does not hold "aos").

Docstrings and comments may name games as examples ("Lords of War: the board with arrows"): they
are documentation, read by people, and no code depends on them. This is documented in
docs/architecture.md.

The checker reads the code with `ast`, so an import built from parts or made inside a function
is found as surely as one at the top, and a mention in a comment is not taken for code.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

SHARED = ("core", "ai", "arena", "store", "server", "cli", "web", "analysis", "rl")
FRONTS_GAMES = "games"  # the folder of a shared package that holds the games' adapters

Words = tuple[str, ...]


@dataclass(frozen=True)
class Finding:
    """One breach: where, and what was found."""

    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


def words(text: str) -> Words:
    """The lower-case words of a name or a text: `LordsOfWar`, `lords_of_war` and "Lords of
    War" all give ('lords', 'of', 'war').

    >>> words("BattleLore's adapter: sniper-elite_map")
    ('battle', 'lore', 's', 'adapter', 'sniper', 'elite', 'map')
    """
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", spaced)
    return tuple(w for w in re.split(r"[^a-zA-Z0-9]+", spaced.lower()) if w)


@dataclass(frozen=True)
class GameNames:
    """What names a game: each game's phrases as words (its name, title, package name, short
    name), and the module names a game owns in a front end's `games/` folder."""

    phrases: dict[Words, str]  # words -> the game they name
    modules: frozenset[str]  # a game's Python module name: "lords_of_war"

    @classmethod
    def of(cls, games: Iterable[tuple[str, Iterable[str]]]) -> GameNames:
        """From (game name, other names) pairs, the game name as the registry spells it."""
        phrases: dict[Words, str] = {}
        modules = set()
        for name, others in games:
            modules.add(name.replace("-", "_"))
            for text in (name, *others):
                phrases[words(text)] = name
        return cls(phrases, frozenset(modules))

    def named_in(self, text: str) -> str | None:
        """The game whose phrase occurs in `text` as whole words, or None."""
        found = words(text)
        for phrase, game in self.phrases.items():
            n = len(phrase)
            if any(found[i : i + n] == phrase for i in range(len(found) - n + 1)):
                return game
        return None

    def owns(self, module: str) -> str | None:
        """The game owning a module of a front end's `games/` folder (`battlelore_board` is
        BattleLore's), or None (`generic`)."""
        for game in self.modules:
            if module == game or module.startswith(game + "_"):
                return game
        return None


def shared_modules(package: Path) -> Iterator[Path]:
    """Every Python file of the shared packages under `package` (the `bitva` folder), except
    those in a shared package's own `games/` folder."""
    for name in SHARED:
        folder = package / name
        for path in sorted(folder.rglob("*.py")):
            if path.relative_to(folder).parts[0] != FRONTS_GAMES:
                yield path


def module_name(package: Path, path: Path) -> str:
    """The dotted name of a module file under `package` (the `bitva` folder)."""
    parts = [package.name, *path.relative_to(package).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _absolute(node: ast.ImportFrom, here: str, is_package: bool) -> str:
    """The absolute module an `ImportFrom` reads from (relative imports resolved)."""
    if not node.level:
        return node.module or ""
    base = here.split(".")
    drop = node.level - 1 if is_package else node.level
    base = base[: len(base) - drop] if drop else base
    return ".".join([*base, *([node.module] if node.module else [])])


def game_of_import(module: str, root: str, names: GameNames) -> str | None:
    """The game a dotted module belongs to: `bitva.games.<x>...` is game x's (every package
    under `bitva.games` is a game); `bitva.<front>.games.<x>...` is the game owning x."""
    parts = module.split(".")
    if parts[0] != root or len(parts) < 3:
        return None
    if parts[1] == "games":
        return parts[2].replace("_", "-")
    if parts[1] in SHARED and parts[2] == FRONTS_GAMES and len(parts) >= 4:
        return names.owns(parts[3])
    return None


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions."""
    found = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
        ):
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                found.add(id(first.value))
    return found


def _identifiers(node: ast.AST) -> Iterator[str]:
    """The identifiers a node defines or uses."""
    if isinstance(node, ast.Name):
        yield node.id
    elif isinstance(node, ast.Attribute):
        yield node.attr
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        yield node.name
    elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
        yield node.arg
    elif isinstance(node, ast.alias):
        yield node.asname or node.name
    elif isinstance(node, ast.Global | ast.Nonlocal):
        yield from node.names


def check_source(
    source: str, path: Path, module: str, names: GameNames, root: str = "bitva"
) -> list[Finding]:
    """The breaches in one shared module's source."""
    tree = ast.parse(source, str(path))
    is_package = path.name == "__init__.py"
    docstrings = _docstrings(tree)
    findings: list[Finding] = []

    def found(node: ast.AST, what: str) -> None:
        findings.append(Finding(path, getattr(node, "lineno", 0), what))

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                game = game_of_import(alias.name, root, names)
                if game:
                    found(node, f"imports {alias.name} ({game})")
        elif isinstance(node, ast.ImportFrom):
            source_module = _absolute(node, module, is_package)
            for alias in node.names:
                for candidate in (source_module, f"{source_module}.{alias.name}"):
                    game = game_of_import(candidate, root, names)
                    if game:
                        found(node, f"imports {candidate} ({game})")
                        break
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            game = names.named_in(node.value)
            if game:
                found(node, f"names {game} in the string {node.value[:60]!r}")
        for identifier in _identifiers(node):
            game = names.named_in(identifier)
            if game:
                found(node, f"names {game} in the identifier {identifier!r}")
    return findings


def check_tree(package: Path, names: GameNames) -> list[Finding]:
    """The breaches in every shared module under `package` (the `bitva` folder)."""
    findings: list[Finding] = []
    for path in shared_modules(package):
        module = module_name(package, path)
        findings += check_source(
            path.read_text(encoding="utf-8"), path, module, names, package.name
        )
    return findings
