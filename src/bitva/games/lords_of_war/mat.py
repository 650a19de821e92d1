"""The battle mat: squares, names, orientation and adjacency (LW-1.6, LW-2, LW-10.1).

Squares are integers `(y + off) * width + (x + off)` on a padded grid so that neighbours are one
addition away and sets of squares are bit masks (Python ints). The padding column at the right edge
catches every step that would wrap from one row's end into the next, so no step by one column ever
lands on a real square of another row. A borderless mat (LW-10.1) is the same grid, large enough
that 72 cards can never reach its edge.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from bitva.core.errors import BitvaError
from bitva.games.lords_of_war.cards import DIRECTION_OFFSETS

COLUMNS = 6  # LW-1.6: 6 columns across (a-f), 7 rows deep (1-7)
ROWS = 7
START_SQUARES = ((3, 2), (2, 4))  # D-1: player 1 starts on d3, player 2 on c5
BORDERLESS_MARGIN = 80  # more than the 72 cards of both decks laid in a line
_LETTERS = "abcdef"
_ALGEBRAIC = re.compile(r"^([a-f])([1-7])$")
_PAIR = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


# The bounded mat is 7 rows of 7 grid columns (6 squares and the padding column): for each row,
# the squares of every 7-bit pattern.
_ROW_BASES = tuple(range(0, ROWS * (COLUMNS + 1), COLUMNS + 1))
_ROW_SQUARES = {
    base: tuple(tuple(base + x for x in range(7) if bits >> x & 1) for bits in range(128))
    for base in _ROW_BASES
}


class SquareError(BitvaError):
    pass


@dataclass(frozen=True)
class Mat:
    borderless: bool
    width: int  # grid width, padding column included
    height: int
    offset: int  # grid coordinate of x = 0 and of y = 0
    on_mat: int = field(repr=False)  # mask of the squares a card may occupy
    # board-frame index delta of each LW-1.3 direction, per owner (index 1 and 2)
    deltas: tuple[tuple[int, ...], ...] = field(repr=False)
    neighbour_deltas: tuple[int, ...] = field(repr=False)

    # -- coordinates -------------------------------------------------------------------------
    def index(self, x: int, y: int) -> int:
        return (y + self.offset) * self.width + (x + self.offset)

    def coords(self, square: int) -> tuple[int, int]:
        y, x = divmod(square, self.width)
        return x - self.offset, y - self.offset

    def contains(self, x: int, y: int) -> bool:
        if self.borderless:
            limit = self.offset - 2
            return -limit <= x < COLUMNS + limit and -limit <= y < ROWS + limit
        return 0 <= x < COLUMNS and 0 <= y < ROWS

    @property
    def num_squares(self) -> int:
        return self.width * self.height

    def start_square(self, player: int) -> int:
        return self.index(*START_SQUARES[player - 1])

    def squares(self, mask: int) -> list[int]:
        """The squares of a mask, lowest index first."""
        if not self.borderless:  # one table lookup per row of the small mat
            out: list[int] = []
            for base in _ROW_BASES:
                bits = (mask >> base) & 0x7F
                if bits:
                    out.extend(_ROW_SQUARES[base][bits])
            return out
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    # -- names (section 14) ------------------------------------------------------------------
    def name(self, square: int) -> str:
        x, y = self.coords(square)
        if 0 <= x < COLUMNS and 0 <= y < ROWS:
            return f"{_LETTERS[x]}{y + 1}"
        return f"{x},{y}"

    def parse(self, text: str) -> int:
        """A square from `d4` or `x,y` (0-based); raises SquareError off the mat."""
        cleaned = text.strip().lower()
        match = _ALGEBRAIC.match(cleaned)
        if match:
            x, y = _LETTERS.index(match.group(1)), int(match.group(2)) - 1
        else:
            pair = _PAIR.match(cleaned)
            if not pair:
                raise SquareError(f"{text!r} is not a square (write e.g. d4, or x,y)")
            x, y = int(pair.group(1)), int(pair.group(2))
        if not self.contains(x, y):
            raise SquareError(f"{text!r} is off the mat (LW-1.6)")
        return self.index(x, y)

    # -- geometry (LW-2) ---------------------------------------------------------------------
    def direction_delta(self, owner: int, dx: int, dy: int) -> int:
        """LW-2.3: a card-frame offset of `owner`'s card as a board index delta."""
        if owner == 2:
            dx, dy = -dx, -dy
        return dy * self.width + dx

    def offset_square(self, square: int, owner: int, dx: int, dy: int) -> int | None:
        """The square at card-frame offset (dx, dy) from `square`, None if off the mat."""
        x, y = self.coords(square)
        if owner == 2:
            dx, dy = -dx, -dy
        if not self.contains(x + dx, y + dy):
            return None
        return self.index(x + dx, y + dy)

    def shift(self, mask: int, delta: int) -> int:
        """Every square of `mask` moved by `delta`, clipped to the mat."""
        moved = mask << delta if delta >= 0 else mask >> -delta
        return moved & self.on_mat

    def around(self, mask: int) -> int:
        """LW-2.2: every square adjacent to a square of `mask` (the mask itself excluded)."""
        out = 0
        for delta in self.neighbour_deltas:
            out |= mask << delta if delta >= 0 else mask >> -delta
        return out & self.on_mat & ~mask


@cache
def make_mat(borderless: bool) -> Mat:
    if borderless:
        offset = BORDERLESS_MARGIN
        width = COLUMNS + 2 * offset + 1
        height = ROWS + 2 * offset
    else:
        offset, width, height = 0, COLUMNS + 1, ROWS
    on_mat = 0
    for gy in range(height):
        for gx in range(width - 1):  # the last column is padding
            on_mat |= 1 << (gy * width + gx)
    if borderless:
        # keep a ring of two squares free of cards so no shift can wrap
        keep = 0
        for gy in range(2, height - 2):
            for gx in range(2, width - 3):
                keep |= 1 << (gy * width + gx)
        on_mat &= keep
    deltas = (
        (),
        tuple(dy * width + dx for dx, dy in DIRECTION_OFFSETS),
        tuple(-(dy * width + dx) for dx, dy in DIRECTION_OFFSETS),
    )
    return Mat(borderless, width, height, offset, on_mat, deltas, deltas[1])
