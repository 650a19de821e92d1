"""Scenery features and standing on them (rules GEO-6, GEO-7, GEO-3 model to polygon, D-8).

A feature is a simple counter-clockwise polygon with a height and a movement kind: ``open`` (woods,
rubble: enter freely), ``climb`` (rocks, walls, buildings: climb over or onto, paying the height at
each boundary crossing, GEO-9e) or ``impassable``. ``blocks_sight`` features block line of sight
(GEO-8) unless the observer or the target overlaps them; ``cover`` says whether standing wholly on
or in it gives cover (AOS-13, D-22); ``mysterious`` is its AOS-2.5 rule, if any.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from bitva.games.age_of_sigmar.geometry.measure import Circle, Point, within
from bitva.games.age_of_sigmar.geometry.polygon import (
    Polygon,
    centroid,
    circle_overlaps_interior,
    circle_wholly_inside,
    is_simple,
    point_polygon_distance,
    signed_area,
)

Movement = Literal["open", "climb", "impassable"]
Mysterious = Literal["damned", "arcane", "inspiring", "deadly", "mystical", "sinister"]
MYSTERIOUS_BY_DIE: tuple[Mysterious, ...] = (
    "damned",
    "arcane",
    "inspiring",
    "deadly",
    "mystical",
    "sinister",
)
"""AOS-2.5: the D6 result 1..6 in order."""


@dataclass(frozen=True, slots=True)
class Feature:
    """GEO-6: one scenery feature."""

    id: str
    name: str
    polygon: Polygon
    height: float = 0.0
    movement: Movement = "open"
    blocks_sight: bool = False
    cover: bool = True
    mysterious: Mysterious | None = None

    def __post_init__(self) -> None:
        if not is_simple(self.polygon):
            raise ValueError(f"feature {self.id}: the polygon is not simple (GEO-6)")
        if signed_area(self.polygon) <= 0:
            raise ValueError(f"feature {self.id}: the polygon must be counter-clockwise (GEO-6)")
        if self.height < 0:
            raise ValueError(f"feature {self.id}: height must not be negative")

    @property
    def centroid(self) -> Point:
        return centroid(self.polygon)


def distance_to_feature(model: Circle, feature: Feature) -> float:
    """GEO-3: ``max(0, d - r)`` with d the centre-to-polygon distance (0 inside)."""
    return max(0.0, point_polygon_distance(model.centre, feature.polygon) - model.r)


def is_on(model: Circle, feature: Feature) -> bool:
    """GEO-7: on or in a feature = the model's circle lies wholly inside its polygon."""
    return circle_wholly_inside(model.centre, model.r, feature.polygon)


def overlaps(model: Circle, feature: Feature) -> bool:
    """The circle overlaps the feature's interior (GEO-8: such a feature does not block the
    model's sight; D-8: astride a climb feature when also not wholly on it)."""
    return circle_overlaps_interior(model.centre, model.r, feature.polygon)


def astride(model: Circle, feature: Feature) -> bool:
    """D-8, GEO-9e: partly on and partly off the feature."""
    return overlaps(model, feature) and not is_on(model, feature)


def in_cover(models: Sequence[Circle], features: Iterable[Feature]) -> bool:
    """AOS-13.1, D-22: every model of the unit is wholly on or in some feature that gives cover
    (possibly different features); a unit with no model on the table has no cover."""
    giving = [f for f in features if f.cover]
    return bool(models) and all(any(is_on(m, f) for f in giving) for m in models)


def features_within(model: Circle, features: Iterable[Feature], limit: float) -> list[Feature]:
    """AOS-2.5, D-36: the features within ``limit`` inches of a model (GEO-3, GEO-4)."""
    return [f for f in features if within(distance_to_feature(model, f), limit)]
