"""JSON made readable in the terminal: what the generic adapter shows of a view, an analysis or
anything else a game hands over as JSON-ready data, without knowing the game.

A mapping becomes a tree (scalars as `key: value` leaves), a list of mappings a table with one
column per key, a list of scalars one comma-separated line. `compact` says the same in fewer
lines (scalars run together as one paragraph, tables without rules) for a small terminal, and
`lines_of` cuts anything Rich draws into lines of a given width, to fit a screen.

>>> from rich.console import Console
>>> console = Console(width=60, color_system=None)
>>> with console.capture() as capture:
...     console.print(pretty({"round": 1, "players": [{"seat": 1, "score": 0}]}, "Game"))
>>> print(capture.get().rstrip())
Game
├── round: 1
└── players
    └── ┏━━━━━━┳━━━━━━━┓
        ┃ seat ┃ score ┃
        ┡━━━━━━╇━━━━━━━┩
        │ 1    │ 0     │
        └──────┴───────┘

>>> print(compact({"round": 1, "card_played": False, "players": [{"seat": 1}]}, "Game").plain)
Game · round 1 · card played no
 seat
 1
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, RenderableType
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from rich.tree import Tree


def scalar(value: Any) -> str:
    """One value as a short text: yes/no, — for nothing, floats to four significant digits,
    nested data as compact JSON."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (int, str)):
        return str(value)
    if _is_flat_list(value):
        return ", ".join(scalar(item) for item in value) or "—"
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _is_flat_list(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(_is_scalar(item) for item in value)


def _is_records(value: Any) -> bool:
    return (
        isinstance(value, (list, tuple))
        and bool(value)
        and all(isinstance(item, Mapping) for item in value)
    )


def records_table(
    rows: Sequence[Mapping[str, Any]], title: str | None = None, small: bool = False
) -> Table:
    """A list of mappings as a table, one column per key (in order of first appearance);
    `small`: a header and one line per row, no rules."""
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    table = Table(title=title, box=None if small else box.HEAVY_HEAD)
    for column in columns:
        table.add_column(column.replace("_", " "))
    for row in rows:
        table.add_row(*(scalar(row.get(column)) for column in columns))
    return table


def _fill(tree: Tree, data: Mapping[str, Any]) -> None:
    for key, value in data.items():
        label = str(key).replace("_", " ")
        if _is_scalar(value) or _is_flat_list(value):
            tree.add(Text.assemble((label, "bold"), ": ", scalar(value)))
        elif _is_records(value):
            tree.add(Text(label, style="bold")).add(records_table(value))
        elif isinstance(value, Mapping):
            _fill(tree.add(Text(label, style="bold")), value)
        else:
            branch = tree.add(Text(label, style="bold"))
            for item in value:
                if isinstance(item, Mapping):
                    _fill(branch.add("•"), item)
                else:
                    branch.add(scalar(item))


def pretty(data: Any, title: str = "") -> RenderableType:
    """`data` (JSON-ready) as a Rich tree or table under `title`."""
    if isinstance(data, Mapping):
        tree = Tree(Text(title, style="bold") if title else Text("•"), guide_style="dim")
        _fill(tree, data)
        return tree
    if _is_records(data):
        return records_table(data, title or None)
    return Text(f"{title}: {scalar(data)}" if title else scalar(data))


def compact(data: Any, title: str = "") -> Text:
    """`data` in as few lines as it reads: the title and every scalar as one paragraph
    ("Game · round 1 · target 20"), each nested mapping as a paragraph of its own and each list
    of mappings as a table without rules (all drawn as text)."""
    if not isinstance(data, Mapping):
        return _as_text(pretty(data, title))
    words = [Text(title, style="bold")] if title else []
    blocks: list[Text] = []
    for key, value in data.items():
        label = str(key).replace("_", " ")
        if _is_scalar(value) or _is_flat_list(value):
            words.append(Text(f"{label} {scalar(value)}"))
        elif _is_records(value):
            blocks.append(_as_text(records_table(value, small=True)))
        elif isinstance(value, Mapping):
            blocks.append(compact(value, label))
        else:
            words.append(Text(f"{label} {scalar(value)}"))
    text = Text(" · ").join(words)
    for block in blocks:
        text.append("\n")
        text.append_text(block)
    return text


def _as_text(renderable: RenderableType, width: int = 200) -> Text:
    lines = lines_of(renderable, width)
    for line in lines:
        line.rstrip()
    return Text("\n").join(lines)


def lines_of(renderable: RenderableType, width: int) -> list[Text]:
    """What Rich draws of `renderable` at `width` columns, one styled `Text` per line."""
    console = Console(width=width, file=io.StringIO(), color_system="truecolor", highlight=False)
    lines = console.render_lines(renderable, console.options.update_width(width), pad=False)
    out = []
    for line in lines:
        text = Text(no_wrap=True, overflow="crop", end="")
        for segment in Segment.strip_links(line):
            if not segment.control:
                text.append(segment.text, segment.style)
        out.append(text)
    return out
