"""Territories and set-up (rules GEO-12, AOS-3.1, AOS-3.2).

The table is cut into two equal halves by a ``horizontal`` (y = depth/2), ``vertical``
(x = width/2), ``diagonal`` ((0, 0) to (width, depth)) or ``antidiagonal`` ((0, depth) to (width,
0)) line. The ``low`` half is the one containing the point (width/2, 0) for horizontal and the
diagonals, and (0, depth/2) for vertical; in the shipped setups player A owns it (its edge is
y = 0, GEO-1). Set-up is legal when the model's circle lies wholly in its own territory and more
than 12" from the enemy one (GEO-3 model-to-polygon distance, GEO-4 "more than").
"""

from __future__ import annotations

from typing import Literal

from bitva.games.age_of_sigmar.geometry.measure import Circle, Table, more_than
from bitva.games.age_of_sigmar.geometry.polygon import (
    Polygon,
    circle_wholly_inside,
    point_polygon_distance,
)

Split = Literal["horizontal", "vertical", "diagonal", "antidiagonal"]
Half = Literal["low", "high"]
SET_UP_DISTANCE = 12.0
"""AOS-3.2: more than 12" from enemy territory."""


def territories(table: Table, split: Split) -> tuple[Polygon, Polygon]:
    """GEO-12: the ``(low, high)`` halves as counter-clockwise polygons."""
    w, d = table.width, table.depth
    if split == "horizontal":
        return (((0, 0), (w, 0), (w, d / 2), (0, d / 2)), ((0, d / 2), (w, d / 2), (w, d), (0, d)))
    if split == "vertical":
        return (((0, 0), (w / 2, 0), (w / 2, d), (0, d)), ((w / 2, 0), (w, 0), (w, d), (w / 2, d)))
    if split == "diagonal":
        return (((0, 0), (w, 0), (w, d)), ((0, 0), (w, d), (0, d)))
    return (((0, 0), (w, 0), (0, d)), ((w, 0), (w, d), (0, d)))


def territory(table: Table, split: Split, half: Half) -> Polygon:
    low, high = territories(table, split)
    return low if half == "low" else high


def distance_to_territory(model: Circle, area: Polygon) -> float:
    """GEO-3: model to polygon, ``max(0, d - r)``."""
    return max(0.0, point_polygon_distance(model.centre, area) - model.r)


def in_territory(model: Circle, area: Polygon) -> bool:
    """GEO-12: the circle lies wholly in the territory (GEO-7's test)."""
    return circle_wholly_inside(model.centre, model.r, area)


def set_up_violation(model: Circle, own: Polygon, enemy: Polygon) -> str | None:
    """GEO-12, AOS-3.2: why a model may not be set up there, or None if it may."""
    if not in_territory(model, own):
        return "not wholly in its own territory (GEO-12)"
    distance = distance_to_territory(model, enemy)
    if not more_than(distance, SET_UP_DISTANCE):
        return f'{distance:.3f}" from enemy territory, not more than 12" (GEO-12, AOS-3.2)'
    return None
