"""The BattleLore board: hexes, names, neighbours, distance, sections and line of sight
(rules section 2.1, D-1..D-4, BL-4.5, D-16).

Hexes are integers 0..112, row by row from the South edge: row `y` (1..9) holds 13 hexes when
odd and 12 when even (the half-hexes at the ends of even rows are not playable, D-1). A hex is
written as a letter A-M for `x` and the row: `F4` is (6, 4). Geometry is done in cube
coordinates (q, r, s) with `q = (d - y) / 2`, `r = y`, where `d` is the doubled column.

Everything here is a table built once at import; the functions only look things up, except
`line_of_sight`, which takes the caller's idea of what blocks (units, forests, landmarks,
hills: BL-4.5, BL-4.6 are the battle rules' business).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Literal

from bitva.core.errors import BitvaError

ROWS = 9
HEX_COUNT = 113
LETTERS = "ABCDEFGHIJKLM"
SOUTH, NORTH = 1, 2  # seats: South (own edge row 1) and North (own edge row 9), D-4
Section = Literal["west", "centre", "east"]
SECTIONS: tuple[Section, ...] = ("west", "centre", "east")
_NAME = re.compile(r"^\s*([A-Ma-m])\s*([1-9])\s*$")


class HexError(BitvaError):
    """A hex name that is not on the board."""


def row_length(y: int) -> int:
    """Playable hexes in row `y` (D-1): 13 in odd rows, 12 in even rows."""
    return 13 if y % 2 else 12


def _build_coordinates() -> tuple[tuple[int, int], ...]:
    return tuple((x, y) for y in range(1, ROWS + 1) for x in range(1, row_length(y) + 1))


COORDS: tuple[tuple[int, int], ...] = _build_coordinates()
_INDEX: dict[tuple[int, int], int] = {xy: i for i, xy in enumerate(COORDS)}
NAMES: tuple[str, ...] = tuple(f"{LETTERS[x - 1]}{y}" for x, y in COORDS)
_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
assert len(COORDS) == HEX_COUNT


def index(x: int, y: int) -> int | None:
    """The hex at offset coordinates (x, y), or None for a half-hex or off the board."""
    return _INDEX.get((x, y))


def hex_of(name: str) -> int:
    """The hex written `name` (`F4`, case and spaces forgiven); HexError when there is none."""
    match = _NAME.match(name)
    if match is not None:
        x = LETTERS.index(match.group(1).upper()) + 1
        y = int(match.group(2))
        found = _INDEX.get((x, y))
        if found is not None:
            return found
        raise HexError(f"{name.strip()!r} is a half-hex, off the board (even rows end at L)")
    raise HexError(f"{name!r} is not a hex: a letter A-M and a row 1-9, such as F4")


def name(hex_: int) -> str:
    return NAMES[hex_]


def cube(hex_: int) -> tuple[int, int, int]:
    """Cube coordinates of a hex (section 2.1)."""
    x, y = COORDS[hex_]
    doubled = 2 * x - 1 if y % 2 else 2 * x
    q = (doubled - y) // 2
    return q, y, -q - y


CUBES: tuple[tuple[int, int, int], ...] = tuple(cube(h) for h in range(HEX_COUNT))
_BY_CUBE: dict[tuple[int, int, int], int] = {c: h for h, c in enumerate(CUBES)}


def _neighbours(hex_: int) -> tuple[int, ...]:
    x, y = COORDS[hex_]
    # the neighbours above and below: x - 1 and x in odd rows, x and x + 1 in even rows
    low = x - 1 if y % 2 else x
    candidates = [(x - 1, y), (x + 1, y)]
    candidates += [(low + dx, y + dy) for dy in (-1, 1) for dx in (0, 1)]
    return tuple(sorted(h for c in candidates if (h := _INDEX.get(c)) is not None))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(h) for h in range(HEX_COUNT))


def distance(a: int, b: int) -> int:
    """Hex distance (section 2.1): the largest cube-coordinate difference."""
    qa, ra, sa = CUBES[a]
    qb, rb, sb = CUBES[b]
    return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def adjacent(a: int, b: int) -> bool:
    return b in NEIGHBOURS[a]


def row(hex_: int) -> int:
    return COORDS[hex_][1]


def toward_edge(hex_: int, seat: int) -> tuple[int, ...]:
    """The (up to two) neighbours one row nearer `seat`'s own edge: the retreat steps of BL-6.5
    (South retreats to y - 1, North to y + 1)."""
    y = COORDS[hex_][1]
    target = y - 1 if seat == SOUTH else y + 1
    return tuple(h for h in NEIGHBOURS[hex_] if COORDS[h][1] == target)


def sections(hex_: int) -> frozenset[Section]:
    """The absolute sections a hex lies in (section 2.1, D-3). Odd-row columns 5 and 9 lie on
    the dotted lines and belong to both neighbouring sections."""
    x, y = COORDS[hex_]
    found: set[Section] = set()
    if y % 2:
        if x <= 5:
            found.add("west")
        if 5 <= x <= 9:
            found.add("centre")
        if x >= 9:
            found.add("east")
    elif x <= 4:
        found.add("west")
    elif x <= 8:
        found.add("centre")
    else:
        found.add("east")
    return frozenset(found)


SECTION_OF: tuple[frozenset[Section], ...] = tuple(sections(h) for h in range(HEX_COUNT))


def flank(seat: int, relative: Literal["left", "centre", "right"]) -> Section:
    """The absolute section of a card's flank for `seat` (section 2.1, D-3): South's Left is the
    West, North's Left is the East."""
    if relative == "centre":
        return "centre"
    left = relative == "left"
    if seat == SOUTH:
        return "west" if left else "east"
    return "east" if left else "west"


# -- line of sight (BL-4.5, D-16) -----------------------------------------------------------
# A point of the line between two hex centres lies inside one hex, or exactly on the edge
# between two: (hex, None) or (hex_a, hex_b).
LinePoint = tuple[int, int | None]
_EPSILON = (1e-6, 2e-6, -3e-6)


def _round_cube(q: float, r: float, s: float) -> tuple[int, int, int]:
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return rq, rr, rs


@cache
def line(a: int, b: int) -> tuple[LinePoint, ...]:
    """The hexes strictly between `a` and `b` that a line from centre to centre crosses (BL-4.5):
    the N - 1 interior points for distance N, each rounded with a + and a - nudge; where the two
    roundings differ the line runs along the edge between them."""
    n = distance(a, b)
    qa, ra, sa = CUBES[a]
    qb, rb, sb = CUBES[b]
    points: list[LinePoint] = []
    for i in range(1, n):
        t = i / n
        q, r, s = qa + (qb - qa) * t, ra + (rb - ra) * t, sa + (sb - sa) * t
        plus = _round_cube(q + _EPSILON[0], r + _EPSILON[1], s + _EPSILON[2])
        minus = _round_cube(q - _EPSILON[0], r - _EPSILON[1], s - _EPSILON[2])
        first, second = _BY_CUBE.get(plus), _BY_CUBE.get(minus)
        if first is None or second is None:
            # a line between two board hexes never leaves the board's convex rows; an edge
            # point next to a half-hex counts with the playable hex alone
            only = first if first is not None else second
            assert only is not None
            points.append((only, None))
        elif first == second:
            points.append((first, None))
        else:
            points.append((min(first, second), max(first, second)))
    return tuple(points)


def line_of_sight(a: int, b: int, blocks: Callable[[int], bool]) -> bool:
    """Whether `a` sees `b` (BL-4.5, D-16): no hex whose interior the line crosses blocks, and
    no edge the line runs along has both its hexes blocking. `blocks(hex)` is the caller's rule
    (units, forest, landmark, hill with BL-4.6's exception)."""
    for first, second in line(a, b):
        if second is None:
            if blocks(first):
                return False
        elif blocks(first) and blocks(second):
            return False
    return True


def hexes_within(origin: int, radius: int) -> tuple[int, ...]:
    """Every hex at distance 1..radius of `origin`, in index order."""
    return tuple(h for h in range(HEX_COUNT) if 0 < distance(origin, h) <= radius)
