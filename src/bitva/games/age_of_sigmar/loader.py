"""Loading warscroll TOML files (section 3.1) with errors naming file, field and reason.

A file holds one or more ``[[warscroll]]`` tables. The shipped ones live in
``content/warscrolls/`` inside this package (section 6.1). Anything wrong raises
the core's :class:`~bitva.core.errors.ContentError` (file, field, reason), never a raw traceback
(architecture invariant 6).
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bitva.core.errors import BitvaError, ContentError
from bitva.games.age_of_sigmar.warscroll import Warscroll

CONTENT_PACKAGE = "bitva.games.age_of_sigmar.content.warscrolls"

__all__ = [
    "ContentError",
    "UnknownWarscroll",
    "builtin_warscrolls",
    "find_warscroll",
    "format_loc",
    "load_warscroll_file",
    "load_warscroll_text",
    "normalize_name",
    "parse_warscrolls",
]


class UnknownWarscroll(BitvaError):
    """No warscroll of that id or name."""


def format_loc(loc: tuple[int | str, ...]) -> str:
    """``("melee", 2, "hit")`` -> ``melee[2].hit``."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def _first_error(exc: ValidationError) -> tuple[str, str]:
    errors = exc.errors(include_url=False)
    err = errors[0]
    reason = str(err["msg"]).removeprefix("Value error, ")
    if err["type"] not in ("missing",) and "input" in err and err["type"] != "value_error":
        reason += f" (got {err['input']!r})"
    if len(errors) > 1:
        reason += f" (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})"
    return format_loc(tuple(err["loc"])), reason


def parse_warscrolls(data: Mapping[str, Any], file: str) -> list[Warscroll]:
    """Validate the ``[[warscroll]]`` tables of one parsed TOML document."""
    unknown = sorted(set(data) - {"warscroll"})
    if unknown:
        raise ContentError(file, unknown[0], "unknown table; a warscroll file holds [[warscroll]]")
    tables = data.get("warscroll")
    if not isinstance(tables, list) or not tables:
        raise ContentError(file, "warscroll", "no [[warscroll]] tables found")
    scrolls: list[Warscroll] = []
    for index, table in enumerate(tables):
        label = f"warscroll[{index}]"
        if isinstance(table, dict) and isinstance(table.get("id"), str):
            label += f" ({table['id']})"
        try:
            scrolls.append(Warscroll.model_validate(table))
        except ValidationError as exc:
            field, reason = _first_error(exc)
            raise ContentError(file, f"{label}.{field}" if field else label, reason) from None
    ids = [s.id for s in scrolls]
    for scroll_id in ids:
        if ids.count(scroll_id) > 1:
            raise ContentError(file, "warscroll", f"id {scroll_id!r} appears twice")
    return scrolls


def load_warscroll_text(text: str, file: str = "<string>") -> list[Warscroll]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file, "", f"invalid TOML: {exc}") from None
    return parse_warscrolls(data, file)


def load_warscroll_file(path: str | Path) -> list[Warscroll]:
    """Every warscroll of one TOML file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(str(path), "", f"cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ContentError(str(path), "", "not UTF-8 text") from None
    return load_warscroll_text(text, str(path))


@cache
def builtin_warscrolls() -> dict[str, Warscroll]:
    """The shipped warscrolls of section 6.1, by id."""
    found: dict[str, Warscroll] = {}
    folder = resources.files(CONTENT_PACKAGE)
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        label = f"{CONTENT_PACKAGE}/{entry.name}"
        for scroll in load_warscroll_text(entry.read_text(encoding="utf-8"), label):
            if scroll.id in found:
                raise ContentError(label, "id", f"warscroll id {scroll.id!r} is shipped twice")
            found[scroll.id] = scroll
    return found


def normalize_name(name: str) -> str:
    """``"Lord-Celestant"`` -> ``"lord_celestant"``."""
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")


def find_warscroll(name: str, scrolls: Mapping[str, Warscroll] | None = None) -> Warscroll:
    """A warscroll by id or name, ignoring case, spaces and hyphens."""
    table = builtin_warscrolls() if scrolls is None else scrolls
    wanted = normalize_name(name)
    for scroll in table.values():
        if wanted in (scroll.id, normalize_name(scroll.name)):
            return scroll
    close = difflib.get_close_matches(wanted, list(table), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; known: {', '.join(table)}"
    raise UnknownWarscroll(f"unknown warscroll {name!r}{hint}")
