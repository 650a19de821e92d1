"""The table, models as circles and measuring (rules GEO-1 to GEO-4, D-1 to D-3, D-9).

Everything here is a pure function over small immutable values, in inches and float64. Positions
that must round-trip through a notation (actions, replays, battle files) are quantized to 1/1000
inch by :func:`quantize`; :func:`format_point` and :func:`parse_point` are exact inverses on
quantized points, so a replay is bit-exact on any machine.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bitva.core.errors import BitvaError

EPS = 1e-6
"""GEO-1: the tolerance of every comparison (D-2)."""

MM_PER_INCH = 25.4
QUANTUM = 1000
"""Coordinates in a notation are whole thousandths of an inch."""

Point = tuple[float, float]


class NotationError(BitvaError):
    """A point or path written in the notation that cannot be read."""


@dataclass(frozen=True, slots=True)
class Table:
    """GEO-1: a ``width`` x ``depth`` rectangle, origin at a corner, x along the width."""

    width: float
    depth: float

    def __post_init__(self) -> None:
        if not (self.width > 0 and self.depth > 0):
            raise ValueError(f"a table needs a positive size, got {self.width} x {self.depth}")

    def holds(self, circle: Circle) -> bool:
        """D-9, GEO-9b: the circle lies wholly on the table (touching the edge is on)."""
        return (
            circle.x - circle.r >= -EPS
            and circle.y - circle.r >= -EPS
            and circle.x + circle.r <= self.width + EPS
            and circle.y + circle.r <= self.depth + EPS
        )

    @property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The table as a counter-clockwise polygon."""
        return ((0.0, 0.0), (self.width, 0.0), (self.width, self.depth), (0.0, self.depth))


@dataclass(frozen=True, slots=True)
class Circle:
    """GEO-2: a model's footprint, centre ``(x, y)`` and radius ``r`` in inches; no facing."""

    x: float
    y: float
    r: float

    @property
    def centre(self) -> Point:
        return (self.x, self.y)

    def at(self, point: Point) -> Circle:
        """The same base moved to ``point``."""
        return Circle(point[0], point[1], self.r)


def base_radius(base: float | str) -> float:
    """GEO-2: ``r = base_mm / 50.8``; an oval ``"AxB"`` mm is a circle of diameter sqrt(A*B) (D-3,
    equal area)."""
    if isinstance(base, str):
        match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*", base)
        if match is None:
            raise ValueError(f'a base is a diameter in mm or an oval "AxB", got {base!r}')
        diameter = math.sqrt(float(match.group(1)) * float(match.group(2)))
    else:
        diameter = float(base)
    if diameter <= 0:
        raise ValueError(f"a base diameter must be positive, got {base!r}")
    return diameter / (2 * MM_PER_INCH)


def centre_distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def gap(a: Circle, b: Circle) -> float:
    """GEO-3, D-1: the distance between two models, base edge to base edge, never negative."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - (a.r + b.r))


def model_to_unit(model: Circle, unit: Iterable[Circle]) -> float:
    """GEO-3: the least distance from a model to the unit's models on the table (inf if none)."""
    return min((gap(model, other) for other in unit), default=math.inf)


def unit_to_unit(a: Sequence[Circle], b: Sequence[Circle]) -> float:
    """GEO-3: the least distance over pairs of models on the table (inf if a unit has none)."""
    best = math.inf
    for m in a:
        for o in b:
            d = math.hypot(m.x - o.x, m.y - o.y) - (m.r + o.r)
            if d < best:
                best = d
    return max(0.0, best) if best != math.inf else best


def within(distance: float, limit: float) -> bool:
    """GEO-4, D-2: "within X" includes X (up to EPS)."""
    return distance <= limit + EPS


def more_than(distance: float, limit: float) -> bool:
    """GEO-4, D-2: "more than X" excludes X (by more than EPS)."""
    return distance > limit + EPS


def unit_within(a: Sequence[Circle], b: Sequence[Circle], limit: float) -> bool:
    """GEO-4: a unit is within X of another when any of its models is."""
    return within(unit_to_unit(a, b), limit)


def closest_pair(a: Sequence[Circle], b: Sequence[Circle]) -> tuple[int, int] | None:
    """Indices of the closest pair of models (first in listing order on ties), None if empty."""
    found: tuple[int, int] | None = None
    best = math.inf
    for i, m in enumerate(a):
        for j, o in enumerate(b):
            d = math.hypot(m.x - o.x, m.y - o.y) - (m.r + o.r)
            if d < best - EPS:
                best, found = d, (i, j)
    return found


# -- quantized notation ---------------------------------------------------------------------


def quantize(value: float) -> float:
    """The nearest whole thousandth of an inch (ties to even, as ``round`` does)."""
    return round(value * QUANTUM) / QUANTUM


def quantize_point(point: Point) -> Point:
    return (quantize(point[0]), quantize(point[1]))


def format_coord(value: float) -> str:
    """A coordinate in the notation: exactly three decimals of its quantized value."""
    return f"{quantize(value):.3f}"


def format_point(point: Point) -> str:
    """``(24, 9.5)`` -> ``"24.000,9.500"``; :func:`parse_point` reads it back bit for bit."""
    return f"{format_coord(point[0])},{format_coord(point[1])}"


_COORD = r"-?\d+(?:\.\d{1,3})?"
_POINT_RE = re.compile(rf"\s*\(?\s*({_COORD})\s*,\s*({_COORD})\s*\)?\s*")


def parse_point(text: str) -> Point:
    """``"24.000,9.5"`` or ``"(24, 9.5)"`` -> a quantized point; more than three decimals is an
    error, so the notation never carries a position it cannot replay."""
    match = _POINT_RE.fullmatch(text)
    if match is None:
        raise NotationError(
            f"cannot read point {text!r}: write x,y in inches with at most 3 decimals"
        )
    return (quantize(float(match.group(1))), quantize(float(match.group(2))))


def format_path(path: Sequence[Point]) -> str:
    """A move path (GEO-9) as its points separated by spaces."""
    return " ".join(format_point(p) for p in path)


def parse_path(text: str) -> tuple[Point, ...]:
    """The inverse of :func:`format_path`."""
    parts = text.split()
    if not parts:
        raise NotationError("an empty path: give at least the start point")
    return tuple(parse_point(part) for part in parts)
