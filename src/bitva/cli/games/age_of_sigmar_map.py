"""Age of Sigmar's table in the terminal: a top-down character map of the battlefield, scaled to
the window (issue 22, point 4 "Play").

The table is drawn from the view (`AgeOfSigmarState.view`) only: its size, the scenery polygons
and every model's centre and base radius (GEO-1, GEO-2). One column is `Scale.col` inches, one
line `Scale.row` inches (a terminal cell is about twice as tall as it is wide, so 1" a column and
2" a line keep the table square); y grows upwards, so side A, deployed along y = 0, plays up the
screen. Each scenery feature fills its cells with its own character (`FILLS`, listed by
`legend_line`), each model is its unit's id character (``1`` for A1 and B1, told apart by the
side's colour: A blue, B red), and the unit's label (``A1``) stands next to it. A ruler gives
every 6" (12" when cramped) along the top and the side. The unit now acting is shown reversed,
its target underlined.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from bitva.games.age_of_sigmar.geometry.polygon import contains, point_polygon_distance

SIDE_STYLES: Mapping[str, str] = {"A": "bold blue", "B": "bold red"}
SIDE_COLOURS: Mapping[str, str] = {"A": "blue", "B": "red"}
FILLS = "░▒▓#%~^=+"  # one per scenery feature, in the battle file's order
SCENERY_STYLE = "green"
GRID = "·"  # where the 6" (or 12") ruler lines cross
GUTTER = 3  # columns left of the map for the y ruler ("36 ")
COL_STEPS = (1.0, 1.5, 2.0, 3.0)  # inches a column, finest first
ROW_STEPS = (2.0, 3.0, 4.0, 6.0, 8.0)  # inches a line, finest first


@dataclass(frozen=True)
class Scale:
    """Inches one map column (`col`) and one map line (`row`) stand for."""

    col: float
    row: float

    def columns(self, width: float) -> int:
        return max(1, math.ceil(width / self.col - 1e-9))

    def rows(self, depth: float) -> int:
        return max(1, math.ceil(depth / self.row - 1e-9))


def fit_scale(table: Sequence[float], columns: int, rows: int) -> Scale:
    """The finest scale at which a table of `table` (width, depth) inches fits `columns` map
    columns and `rows` map lines (the coarsest when nothing fits: the screen then says the
    window is too small).

    >>> fit_scale((72, 48), 77, 12)
    Scale(col=1.0, row=4.0)
    >>> fit_scale((48, 48), 50, 24)
    Scale(col=1.0, row=2.0)
    """
    width, depth = float(table[0]), float(table[1])
    col = next((c for c in COL_STEPS if Scale(c, 1).columns(width) <= columns), COL_STEPS[-1])
    row = next((r for r in ROW_STEPS if Scale(1, r).rows(depth) <= rows), ROW_STEPS[-1])
    return Scale(col, row)


def map_width(view: Mapping[str, Any], scale: Scale) -> int:
    """Columns the map takes: the y ruler, the cells and the table's right edge."""
    return GUTTER + scale.columns(float(view["table"][0])) + 1


def unit_char(unit_id: str) -> str:
    """The character a unit's models are drawn with: its id's last character (A1 → 1)."""
    return unit_id[-1] if unit_id else "?"


def _ruler_step(along: float, least: int) -> int:
    """Inches between ruler marks: 6", or 12" when 6" would be under `least` cells apart."""
    return 6 if 6 / along >= least else 12


def _cell(scale: Scale, size: tuple[int, int], depth: float, x: float, y: float) -> tuple[int, int]:
    """The (column, line) of the point (x, y); points on the far edges fall in the last cell."""
    cols, rows = size
    col = min(max(int(x / scale.col), 0), cols - 1)
    row = min(max(int((depth - y) / scale.row), 0), rows - 1)
    return col, row


def _centre(scale: Scale, depth: float, col: int, row: int) -> tuple[float, float]:
    return ((col + 0.5) * scale.col, depth - (row + 0.5) * scale.row)


def _scenery(view: Mapping[str, Any], scale: Scale, grid: list[list[tuple[str, str]]]) -> None:
    """Fill each feature's cells: those whose centre is inside it or within half a cell of it
    (so a wall thinner than a cell still shows)."""
    depth = float(view["table"][1])
    reach = min(scale.col, scale.row) / 2
    for index, feature in enumerate(view["features"]):
        fill = FILLS[index % len(FILLS)]
        polygon = [(float(p[0]), float(p[1])) for p in feature["polygon"]]
        for row, line in enumerate(grid):
            for col in range(len(line)):
                centre = _centre(scale, depth, col, row)
                if contains(centre, polygon) or point_polygon_distance(centre, polygon) <= reach:
                    line[col] = (fill, SCENERY_STYLE)


def _models(
    view: Mapping[str, Any],
    scale: Scale,
    grid: list[list[tuple[str, str]]],
    styles: Mapping[str, str],
) -> dict[str, list[tuple[int, int]]]:
    """Each model on its cells (the centre's, and every cell its base covers well);
    returns each unit's cells. A cell holding models of both sides shows ``×``."""
    depth = float(view["table"][1])
    size = (len(grid[0]), len(grid))
    # a base covers a further cell only where it covers the cell's centre by half a cell: an
    # infantry base is one character, a monster's several
    shrink = min(scale.col, scale.row) / 2
    owner: dict[tuple[int, int], str] = {}
    cells: dict[str, list[tuple[int, int]]] = {}
    for unit in view["units"]:
        char, style = unit_char(unit["id"]), styles[unit["id"]]
        mine: list[tuple[int, int]] = []
        for model in unit["models"]:
            if not on_table(model):
                continue
            x, y, r = float(model["at"][0]), float(model["at"][1]), float(model["r"])
            covered = {_cell(scale, size, depth, x, y)}
            lo = _cell(scale, size, depth, x - r, y + r)
            hi = _cell(scale, size, depth, x + r, y - r)
            for col in range(lo[0], hi[0] + 1):
                for row in range(lo[1], hi[1] + 1):
                    cx, cy = _centre(scale, depth, col, row)
                    if math.hypot(cx - x, cy - y) <= r - shrink:
                        covered.add((col, row))
            for col, row in covered:
                seen = owner.get((col, row))
                if seen is not None and seen[0] != unit["side"]:
                    grid[row][col] = ("×", "bold yellow")
                else:
                    grid[row][col] = (char, style)
                owner[(col, row)] = unit["side"]
                mine.append((col, row))
        cells[unit["id"]] = mine
    return cells


def _label(
    grid: list[list[tuple[str, str]]], cells: list[tuple[int, int]], text: str, style: str
) -> None:
    """The unit's label in free cells next to it: above its top line, else below its bottom
    line, else left or right of it (apart from other marks if it can); left out where there is
    no room."""
    if not cells:
        return
    rows, cols = len(grid), len(grid[0])
    mid = round(sum(c for c, _ in cells) / len(cells))
    top, bottom = min(r for _, r in cells), max(r for _, r in cells)
    left, right = min(c for c, _ in cells), max(c for c, _ in cells)
    start = min(max(mid - len(text) // 2, 0), cols - len(text))
    places = [(start, top - 1), (start, bottom + 1)]
    places += [(left - len(text) - 1, (top + bottom) // 2), (right + 2, (top + bottom) // 2)]
    for gap in (1, 0):  # a free cell on either side if possible, else touching
        for col, row in places:
            if not (0 <= row < rows and col >= 0 and col + len(text) <= cols):
                continue
            span = range(max(col - gap, 0), min(col + len(text) + gap, cols))
            if all(grid[row][c][0] in (" ", GRID) for c in span):
                for offset, char in enumerate(text):
                    grid[row][col + offset] = (char, style)
                return


def unit_styles(view: Mapping[str, Any], active: str | None, target: str | None) -> dict[str, str]:
    """Each unit's style: its side's colour; the acting unit reversed, its target underlined."""
    styles = {}
    for unit in view["units"]:
        style = SIDE_STYLES.get(unit["side"], "bold")
        if unit["id"] == active:
            style += " reverse"
        elif unit["id"] == target:
            style += " underline"
        styles[unit["id"]] = style
    return styles


def acting(view: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """The unit acting now (running, charging, fighting, attacking) and its target, if any."""
    attack = view.get("attack")
    if attack:
        return str(attack["unit"]), str(attack["target"])
    unit = view.get("unit")
    return (None if unit is None else str(unit)), None


def ruler_line(view: Mapping[str, Any], scale: Scale) -> Text:
    """The x ruler: the inches every 6" (12" when cramped) above their columns."""
    cols = scale.columns(float(view["table"][0]))
    step = _ruler_step(scale.col, 3)
    chars = [" "] * (GUTTER + cols + 1)
    for inches in range(0, int(float(view["table"][0])) + 1, step):
        label = str(inches)
        # the last label ends at the table's edge, never past the map's width
        col = min(GUTTER + int(inches / scale.col), GUTTER + cols + 1 - len(label))
        for offset, char in enumerate(label):
            chars[col + offset] = char
    return Text("".join(chars).rstrip(), style="dim")


def map_lines(view: Mapping[str, Any], scale: Scale, highlight: bool = True) -> list[Text]:
    """The table at `scale`: the x ruler, then one line a map row with the y ruler on its left
    and the table's edge on its right."""
    width, depth = float(view["table"][0]), float(view["table"][1])
    cols, rows = scale.columns(width), scale.rows(depth)
    across, down = _ruler_step(scale.col, 3), _ruler_step(scale.row, 2)
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * cols for _ in range(rows)]
    size = (cols, rows)
    # the ruler's lines: the cells holding x = 0, 6, 12... and y = 0, 6, 12...
    xs = {_cell(scale, size, depth, x, 0)[0] for x in range(0, int(width) + 1, across)}
    ys = {_cell(scale, size, depth, 0, y)[1]: y for y in range(0, int(depth) + 1, down)}
    for row in ys:
        for col in xs:
            grid[row][col] = (GRID, "dim")
    _scenery(view, scale, grid)
    active, target = acting(view) if highlight else (None, None)
    styles = unit_styles(view, active, target)
    cells = _models(view, scale, grid, styles)
    # small units (heroes) are labelled first: a big unit has more places for its label
    for unit in sorted(view["units"], key=lambda u: len(u["models"])):
        label_style = SIDE_STYLES.get(unit["side"], "bold")
        if unit["id"] in (active, target):
            label_style = styles[unit["id"]]
        _label(grid, cells.get(unit["id"], []), unit["id"], label_style)
    lines = [ruler_line(view, scale)]
    for row, cells_of_row in enumerate(grid):
        mark = ys.get(row)
        gutter = f"{mark:>2} " if mark is not None else "   "
        line = Text(gutter, style="dim")
        for char, style in cells_of_row:
            line.append(char, style)
        line.append("│", "dim")
        lines.append(line)
    return lines


def legend_lines(view: Mapping[str, Any], width: int) -> list[Text]:
    """The scenery's fill characters with each feature's id and name, wrapped to `width`:
    "░ F1 Obelisk  ▒ F2 Bone Grove" (the log names features by id: "F1 is damned")."""
    lines = [Text()]
    for index, feature in enumerate(view["features"]):
        entry = Text(FILLS[index % len(FILLS)], SCENERY_STYLE)
        entry.append(f" {feature['id']} {feature['name']}")
        line = lines[-1]
        if line.plain and len(line.plain) + 2 + len(entry.plain) > width:
            lines.append(entry)
        else:
            if line.plain:
                line.append("  ")
            line.append_text(entry)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    return lines


def unit_summary(unit: Mapping[str, Any]) -> str:
    """ "A1 Liberators 5/5 10w moved": id, name, models left of all, wounds left, flags."""
    models = unit["models"]
    left = [m for m in models if on_table(m)]
    wounds = sum(max(int(m["wounds_left"]), 0) for m in left)
    flags = unit_flags(unit)
    text = f"{unit['id']} {unit['name']} {len(left)}/{len(models)} {wounds}w"
    return text + (f" {flags}" if flags else "")


def unit_flags(unit: Mapping[str, Any]) -> str:
    """What the unit did this turn, in short words ("ran 4", "charged", "shot")."""
    words = []
    if unit["ran"]:
        words.append(f"ran {unit['run_roll']}" if unit["run_roll"] is not None else "ran")
    elif unit["retreated"]:
        words.append("retreated")
    elif unit["moved"]:
        words.append("moved")
    if unit["charged"]:
        words.append("charged")
    if unit["shot"]:
        words.append("shot")
    if unit["fought"]:
        words.append("fought")
    words += [str(e) for e in unit["effects"]]
    return " ".join(words)


def panel_lines(view: Mapping[str, Any], width: int) -> list[Text]:
    """The units beside the map: one line each, in its side's colour, the acting one reversed;
    the scenery's legend after them."""
    active, target = acting(view)
    styles = unit_styles(view, active, target)
    lines = []
    for unit in view["units"]:
        text = Text(unit_summary(unit), style="" if unit_gone(unit) else styles[unit["id"]])
        if unit_gone(unit):
            text.stylize("dim strike")
        text.truncate(width, overflow="ellipsis")
        lines.append(text)
    if view["features"]:
        lines.append(Text(""))
        for index, feature in enumerate(view["features"]):
            text = Text(FILLS[index % len(FILLS)], SCENERY_STYLE)
            text.append(f" {feature['id']} {feature['name']}")
            text.truncate(width, overflow="ellipsis")
            lines.append(text)
    return lines


def unit_gone(unit: Mapping[str, Any]) -> bool:
    """Every model of the unit slain or fled (AOS-12.3, AOS-10)."""
    return not any(on_table(m) for m in unit["models"])


def on_table(model: Mapping[str, Any]) -> bool:
    """A model still on the table (not slain, fled or in reserve: AOS-3.3, AOS-12.3)."""
    return model["at"] is not None and model["status"] == "table"


__all__ = [
    "FILLS",
    "SIDE_COLOURS",
    "SIDE_STYLES",
    "Scale",
    "acting",
    "fit_scale",
    "legend_lines",
    "map_lines",
    "map_width",
    "on_table",
    "panel_lines",
    "ruler_line",
    "unit_char",
    "unit_flags",
    "unit_gone",
    "unit_styles",
    "unit_summary",
]
