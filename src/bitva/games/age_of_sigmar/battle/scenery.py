"""The scenery roll (AOS-2.3, D-35): the table's 2' x 2' cells, the 2D6 table, and the
deterministic generator that places each cell's features.

- **Cells** (D-35): ``round_half_up(width / 24)`` columns by ``round_half_up(depth / 24)`` rows
  of equal size (at least one each way), in canonical order row by row from y = 0 (player A's
  edge in GEO-1), each row from x = 0 (D-38: dice are drawn in one order). A 3' x 3' table has
  4 cells, 4' x 4' 4, 6' x 4' 6.
- **Table** (AOS-2.3): 2-3 none, 4-5 two, 6-8 one, 9-10 two, 11-12 choose 0 to 3.
- **Generator** (D-35 leaves placement to "the scenario or generator"): the ``pieces`` of
  ``[scenery]`` are used in the file's order, cycling over the whole table (the k-th feature
  made is piece ``k mod n``); ids continue after the file's (``F<n+1>``, n the highest number of
  a file id ``F<n>``). In a cell of ``count`` features the i-th aims its centre at a fixed point
  of the cell (:data:`TARGETS`: the middle for one, two points on the diagonal for two, three
  points for three). Its rectangle must lie inside the cell at least :data:`GAP` from the
  cell's sides (so from the table edge and every other cell's features) and :data:`GAP` from
  the features already placed and the file's own. It stands centred on its aim (pushed inside
  the margins) when that is free, else at the free point nearest its aim of a 1/2" grid laid
  from the margins' lower left corner (ties: lower y, then lower x). Coordinates are whole
  thousandths of an inch, so the features and every replay are bit-exact. The loader checks
  that every cell takes any 1 to :func:`most_per_cell` consecutive pieces (:func:`check_fit`),
  so the roll never meets a cell it cannot fill.

>>> cells(36, 36)[3]
(18.0, 18.0, 36.0, 36.0)
>>> len(cells(72, 48)), len(cells(48, 48)), len(cells(60, 36))
(6, 4, 6)
>>> [count_for(total) for total in range(2, 13)]
[0, 0, 2, 2, 1, 1, 1, 2, 2, None, None]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from bitva.games.age_of_sigmar.battle.schema import BattleFile, PieceEntry
from bitva.games.age_of_sigmar.geometry.measure import EPS, quantize
from bitva.games.age_of_sigmar.geometry.polygon import Polygon, contains, segment_segment_distance
from bitva.games.age_of_sigmar.geometry.scenery import Feature

if TYPE_CHECKING:
    from bitva.games.age_of_sigmar.battle.loader import Battle
    from bitva.games.age_of_sigmar.battle.runtime import Runtime

Rect = tuple[float, float, float, float]
"""An axis-aligned rectangle ``(x0, y0, x1, y1)`` in inches."""

CELL = 24
"""AOS-2.3: one roll per 2' x 2' area."""
GAP = 1.0
"""Inches kept free between a generated feature and its cell's sides, the other features and
the file's features (a model of any base up to 1" across passes between two)."""
GRID = 0.5
"""The step of the generator's candidate positions (inches)."""
TARGETS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.3, 0.3), (0.7, 0.7)),
    3: ((0.25, 0.25), (0.75, 0.5), (0.25, 0.75)),
}
"""Where in its cell (as shares of the cell's width and depth) the i-th of ``count`` features
aims its centre."""
TABLE = {2: 0, 3: 0, 4: 2, 5: 2, 6: 1, 7: 1, 8: 1, 9: 2, 10: 2}
"""AOS-2.3: the features a 2D6 total gives; 11 and 12 are chosen (0 to 3)."""
CHOICES = (0, 1, 2, 3)
"""AOS-2.3: the counts that may be chosen on 11-12."""
DEFAULT_CHOICE = 2
"""D-35: the count on 11-12 when nobody chooses (``[scenery] choose = 2``); the chooser's first
offer in play."""


def round_half_up(value: Fraction) -> int:
    """D-35's rounding of a positive number: halves go up (1.5 -> 2)."""
    return math.floor(value + Fraction(1, 2))


def grid_size(width: float, depth: float) -> tuple[int, int]:
    """D-35: columns and rows of cells, at least one each way."""
    columns = round_half_up(Fraction(width) / CELL)
    rows = round_half_up(Fraction(depth) / CELL)
    return max(1, columns), max(1, rows)


def cells(width: float, depth: float) -> tuple[Rect, ...]:
    """D-35, D-38: the cells in canonical order, row by row from y = 0, each from x = 0."""
    columns, rows = grid_size(width, depth)
    xs = [quantize(width * i / columns) for i in range(columns + 1)]
    ys = [quantize(depth * j / rows) for j in range(rows + 1)]
    return tuple((xs[i], ys[j], xs[i + 1], ys[j + 1]) for j in range(rows) for i in range(columns))


def count_for(total: int) -> int | None:
    """AOS-2.3: the features a 2D6 total gives, None on 11-12 (chosen)."""
    return TABLE.get(total)


def most_per_cell(data: BattleFile) -> int:
    """The most features a cell may get: 3 when 11-12 is chosen in play, else the larger of
    the table's 2 and the file's fixed ``choose``."""
    choose = data.scenery.choose
    return 3 if choose is None else max(2, choose)


def rect_polygon(rect: Rect) -> Polygon:
    """The rectangle as a counter-clockwise polygon (GEO-6)."""
    x0, y0, x1, y1 = rect
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def polygon_gap(a: Polygon, b: Polygon) -> float:
    """The distance between two simple polygons (0 when they meet or one holds the other)."""
    if contains(a[0], b) or contains(b[0], a):
        return 0.0
    return min(
        segment_segment_distance(a[i], a[(i + 1) % len(a)], b[j], b[(j + 1) % len(b)])
        for i in range(len(a))
        for j in range(len(b))
    )


def _rect_gap(a: Rect, b: Rect) -> float:
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(dx, dy)


def _steps(low: float, high: float) -> list[float]:
    """Grid positions from ``low`` to ``high`` (both included), quantized."""
    out = [quantize(low + GRID * k) for k in range(int((high - low) / GRID + EPS) + 1)]
    if high - out[-1] > EPS:
        out.append(quantize(high))
    return out


def _free(rect: Rect, placed: Sequence[Rect], blockers: Sequence[Polygon]) -> bool:
    if any(_rect_gap(rect, other) < GAP - EPS for other in placed):
        return False
    shape = rect_polygon(rect)
    return all(polygon_gap(shape, b) >= GAP - EPS for b in blockers)


def _place_one(
    cell: Rect,
    size: tuple[float, float],
    aim: tuple[float, float],
    placed: Sequence[Rect],
    blockers: Sequence[Polygon],
) -> Rect | None:
    """The free position of a ``size`` piece nearest ``aim`` (its centre), or None."""
    x0, y0, x1, y1 = cell
    width, depth = size
    low_x, high_x = x0 + GAP, x1 - GAP - width
    low_y, high_y = y0 + GAP, y1 - GAP - depth
    if high_x < low_x - EPS or high_y < low_y - EPS:
        return None
    high_x, high_y = max(high_x, low_x), max(high_y, low_y)
    tx, ty = aim[0] - width / 2, aim[1] - depth / 2  # the lower-left corner aimed at

    def rect(x: float, y: float) -> Rect:
        return (x, y, quantize(x + width), quantize(y + depth))

    best = rect(quantize(min(max(tx, low_x), high_x)), quantize(min(max(ty, low_y), high_y)))
    if _free(best, placed, blockers):
        return best
    spots = sorted(
        ((x - tx) ** 2 + (y - ty) ** 2, y, x)
        for y in _steps(low_y, high_y)
        for x in _steps(low_x, high_x)
    )
    for _, y, x in spots:
        if _free(rect(x, y), placed, blockers):
            return rect(x, y)
    return None


@lru_cache(maxsize=512)
def place_cell(
    cell: Rect, sizes: tuple[tuple[float, float], ...], blockers: tuple[Polygon, ...]
) -> tuple[Rect, ...] | None:
    """D-35: the rectangles of pieces of ``sizes`` placed in ``cell`` in order (module
    docstring), None when one finds no room."""
    if not sizes:
        return ()
    x0, y0, x1, y1 = cell
    near = tuple(b for b in blockers if polygon_gap(rect_polygon(cell), b) < GAP)
    placed: list[Rect] = []
    for (sx, sy), size in zip(TARGETS[len(sizes)], sizes, strict=True):
        aim = (x0 + sx * (x1 - x0), y0 + sy * (y1 - y0))
        spot = _place_one(cell, size, aim, placed, near)
        if spot is None:
            return None
        placed.append(spot)
    return tuple(placed)


def _first_number(ids: Sequence[str]) -> int:
    """Generated ids start after the highest ``F<n>`` of the file (1 when there is none)."""
    numbers = [int(i[1:]) for i in ids if i[:1] == "F" and i[1:].isdigit()]
    return max(numbers, default=0) + 1


def _feature(piece: PieceEntry, feature_id: str, rect: Rect) -> Feature:
    return Feature(
        feature_id,
        piece.name,
        rect_polygon(rect),
        piece.height,
        piece.movement,
        piece.blocks_sight,
        piece.cover,
    )


def generated(data: BattleFile, counts: tuple[int, ...]) -> tuple[Feature, ...]:
    """D-35: the features the counts decided so far place, cell by cell (module docstring)."""
    blockers = tuple(f.polygon for f in data.feature)
    ids = tuple(f.id for f in data.feature)
    table = data.table
    return _generated(table.width, table.depth, data.scenery.pieces, blockers, ids, counts)


@lru_cache(maxsize=256)
def _generated(
    width: float,
    depth: float,
    pieces: tuple[PieceEntry, ...],
    blockers: tuple[Polygon, ...],
    ids: tuple[str, ...],
    counts: tuple[int, ...],
) -> tuple[Feature, ...]:
    out: list[Feature] = []
    number = _first_number(ids)
    for cell, count in zip(cells(width, depth), counts, strict=False):
        chosen = [pieces[(len(out) + i) % len(pieces)] for i in range(count)]
        rects = place_cell(cell, tuple(p.size for p in chosen), blockers)
        assert rects is not None, f"no room in cell {cell} (the loader checks, check_fit)"
        for piece, rect in zip(chosen, rects, strict=True):
            out.append(_feature(piece, f"F{number + len(out)}", rect))
    return tuple(out)


def check_fit(data: BattleFile) -> tuple[str, str] | None:
    """D-35, checked at load: every cell takes any 1 to :func:`most_per_cell` consecutive
    pieces (cycling) beside the file's features; else the field and the reason."""
    pieces = data.scenery.pieces
    blockers = tuple(f.polygon for f in data.feature)
    grid = cells(data.table.width, data.table.depth)
    x0, y0, x1, y1 = grid[0]
    for i, piece in enumerate(pieces):
        width, depth = piece.size
        if width + 2 * GAP > x1 - x0 + EPS or depth + 2 * GAP > y1 - y0 + EPS:
            return (
                f"scenery.pieces[{i}].size",
                f'a {width:g}" x {depth:g}" piece does not fit in a {x1 - x0:g}" x '
                f'{y1 - y0:g}" cell with {GAP:g}" to spare on each side (D-35)',
            )
    most = most_per_cell(data)
    for index, cell in enumerate(grid):
        for count in range(1, most + 1):
            for start in range(len(pieces)):
                chosen = [pieces[(start + k) % len(pieces)] for k in range(count)]
                if place_cell(cell, tuple(p.size for p in chosen), blockers) is None:
                    return "scenery.pieces", _no_room(data, index, cell, chosen)
    return None


def _no_room(data: BattleFile, index: int, cell: Rect, chosen: list[PieceEntry]) -> str:
    names = ", ".join(p.name for p in chosen)
    shape = rect_polygon(cell)
    beside = [f.id for f in data.feature if polygon_gap(shape, f.polygon) < GAP]
    where = f" beside {', '.join(beside)}" if beside else ""
    return (
        f"cell {index + 1} (x {cell[0]:g} to {cell[2]:g}, y {cell[1]:g} to {cell[3]:g}) "
        f'cannot hold {names}{where}, {GAP:g}" apart (D-35)'
    )


def counts_problem(
    battle: Battle, counts: tuple[int, ...], pending: int | None, step: str
) -> tuple[str, str] | None:
    """Why a position's scenery counts cannot be (the key under ``[position.set_up]`` and the
    reason), or None: counts only with ``[scenery] roll = true``, at most one a cell, a total
    of 11-12 waiting only while a cell is left, and step ``scenery`` only with one waiting."""
    total = len(cells(battle.table.width, battle.table.depth))
    if (counts or pending) and not battle.data.scenery.roll:
        return "scenery", "the battle rolls no scenery ([scenery] roll = true, D-35)"
    if len(counts) > total:
        return "scenery", f"{len(counts)} counts for {total} cells (D-35)"
    if pending is not None and len(counts) == total:
        return "scenery_roll", "every cell has its count (D-35)"
    if step == "scenery" and pending is None:
        return "scenery_roll", "step scenery waits for a roll of 11-12 (AOS-2.3)"
    return None


def with_scenery(battle: Battle, rt: Runtime) -> Battle:
    """The battle with the features the scenery roll placed so far added after the file's
    (AOS-2.3, D-35); the same battle when none is new. Features already added keep what was
    written into them since (their AOS-2.5 rules)."""
    su = rt.set_up
    counts = () if su is None else su.scenery
    if not counts:
        return battle
    made = generated(battle.data, counts)
    have = len(battle.features) - len(battle.data.feature)
    if have >= len(made):
        return battle
    return replace(battle, features=(*battle.features, *made[have:]))
