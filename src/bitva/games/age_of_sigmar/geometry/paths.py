"""Move paths and unit moves (rules GEO-9, GEO-10, AOS-6, AOS-8.3, D-4, D-7 to D-11).

A model's move is a polyline of centre points ``p0`` (its position) ... ``pk``. :func:`check_path`
returns None when the path is legal, else a :class:`Violation` with a sentence and the rule it
breaks: off the table (GEO-9b, D-9), through a model (GEO-9c, D-7), into impassable scenery
(GEO-9d), ending astride a climbable feature (GEO-9e, D-8), too long (GEO-9a), or too close to an
enemy for its kind of move (GEO-9f: AOS-6.3, 6.4, 6.6). A flyer skips c, d, the climb cost and f's
path test (D-11): only where it ends is checked. :func:`check_unit_move` moves a unit's models one
at a time in the controller's order and checks the unit's coherency afterwards (GEO-10, D-4).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bitva.games.age_of_sigmar.geometry.coherency import group_count
from bitva.games.age_of_sigmar.geometry.measure import (
    EPS,
    Circle,
    Point,
    Table,
    format_point,
    gap,
    more_than,
    unit_to_unit,
    within,
)
from bitva.games.age_of_sigmar.geometry.polygon import (
    capsule_meets_interior,
    centre_crossings,
    point_segment_distance,
)
from bitva.games.age_of_sigmar.geometry.scenery import Feature, astride, is_on, overlaps

MoveKind = Literal["normal", "run", "retreat", "charge", "pile_in"]
ENEMY_DISTANCE = 3.0
"""AOS-6.3, 6.4: normal moves keep more than 3" from enemies; retreats end more than 3" away."""
CHARGE_REACH = 0.5
"""AOS-8.3: the first charging model ends within 1/2" of an enemy model."""
CHARGE_RANGE = 12.0
"""AOS-8.1: a unit may charge with an enemy unit within 12" and none within 3"."""


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a move is illegal: a short code for programs, the rule it breaks, a sentence for a
    person, and the offending model's index in its unit where one is at fault.

    Codes: ``empty_path``, ``wrong_start``, ``off_table``, ``through_model``, ``onto_model``,
    ``impassable``, ``astride``, ``too_long``, ``enemy_within_3``, ``stay_or_retreat``,
    ``not_a_retreat``, ``no_such_model``, ``moved_twice``, ``charge_short``, ``incoherent``, and
    for pile-in ``no_enemy``, ``touching_stays``, ``not_closer``. ``params`` say the sentence's
    particulars as data, so a front end can say it in its own words: ``at`` (the centre of the
    model, enemy or point it is about), ``feature`` (a scenery name), ``length``, ``climb`` and
    ``allowance`` (inches), ``groups``, ``model`` (a number from 1).
    """

    code: str
    rule: str
    sentence: str
    model: int | None = None
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        who = f"model {self.model + 1}: " if self.model is not None else ""
        return f"{who}{self.sentence} ({self.rule})"


@dataclass(frozen=True, slots=True)
class Board:
    """What a move is checked against that does not move: the table and its scenery."""

    table: Table
    features: tuple[Feature, ...] = ()


def path_length(path: Sequence[Point]) -> float:
    """GEO-9a: the length of the centre's polyline."""
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(path))


def climb_cost(path: Sequence[Point], features: Sequence[Feature]) -> float:
    """GEO-9e, D-8: each crossing of a ``climb`` feature's boundary (in or out) costs its height;
    a crossing is the centre entering or leaving the feature's interior."""
    return sum(
        f.height * centre_crossings(path, f.polygon) for f in features if f.movement == "climb"
    )


def path_cost(path: Sequence[Point], features: Sequence[Feature], fly: bool = False) -> float:
    """GEO-9a: the inches a path uses: its length plus climbing (flyers do not climb, D-11)."""
    return path_length(path) + (0.0 if fly else climb_cost(path, features))


def _moves(path: Sequence[Point]) -> bool:
    return any(p != path[0] for p in path[1:])


def _segment_gap(a: Point, b: Point, r: float, other: Circle) -> float:
    return point_segment_distance(other.centre, a, b) - (r + other.r)


def check_path(
    path: Sequence[Point],
    r: float,
    *,
    allowance: float,
    board: Board,
    friends: Sequence[Circle] = (),
    enemies: Sequence[Circle] = (),
    kind: MoveKind = "normal",
    fly: bool = False,
) -> Violation | None:
    """GEO-9: is this path of a model of radius ``r`` legal?

    ``friends`` are every other friendly model on the table, its own unit included (D-7), at their
    current positions; ``enemies`` every enemy model. A path of one point, or whose points are all
    its start, is staying put and always legal.
    """
    if not path:
        return Violation("empty_path", "GEO-9", "a path needs at least its start point")
    if not _moves(path):
        return None
    end = path[-1]
    table = board.table
    for p in path[1:]:
        if not table.holds(Circle(p[0], p[1], r)):
            return Violation(
                "off_table",
                "GEO-9b, D-9",
                f"the base would leave the table at {format_point(p)}",
                params={"at": [p[0], p[1]]},
            )
    segments = list(itertools.pairwise(path))
    # only models near the path's bounding box can touch it (enemies: within 3" more)
    x0 = min(p[0] for p in path) - r - ENEMY_DISTANCE - 2 * EPS
    x1 = max(p[0] for p in path) + r + ENEMY_DISTANCE + 2 * EPS
    y0 = min(p[1] for p in path) - r - ENEMY_DISTANCE - 2 * EPS
    y1 = max(p[1] for p in path) + r + ENEMY_DISTANCE + 2 * EPS
    near = [
        o
        for o in (*friends, *enemies)
        if x0 - o.r <= o.x <= x1 + o.r and y0 - o.r <= o.y <= y1 + o.r
    ]
    if kind in ("normal", "run") and not fly:
        enemies = [
            e for e in enemies if x0 - e.r <= e.x <= x1 + e.r and y0 - e.r <= e.y <= y1 + e.r
        ]
    others = near
    if fly:
        for o in others:
            if math.hypot(end[0] - o.x, end[1] - o.y) < r + o.r - EPS:
                return Violation(
                    "onto_model",
                    "GEO-9c, D-11",
                    f"it would end on a model at {format_point(o.centre)}",
                    params={"at": [o.x, o.y]},
                )
    else:
        for a, b in segments:
            for o in others:
                if point_segment_distance(o.centre, a, b) < r + o.r - EPS:
                    return Violation(
                        "through_model",
                        "GEO-9c, D-7",
                        f"it would pass through the model at {format_point(o.centre)}",
                        params={"at": [o.x, o.y]},
                    )
    final = Circle(end[0], end[1], r)
    for f in board.features:
        if f.movement != "impassable":
            continue
        if fly:
            if overlaps(final, f):
                return Violation(
                    "impassable",
                    "GEO-9d, D-11",
                    f"it would end inside {f.name} (impassable)",
                    params={"feature": f.name},
                )
        elif any(capsule_meets_interior(a, b, r, f.polygon) for a, b in segments):
            return Violation(
                "impassable",
                "GEO-9d",
                f"it would pass through {f.name} (impassable)",
                params={"feature": f.name},
            )
    for f in board.features:
        if f.movement == "climb" and astride(final, f):
            return Violation(
                "astride",
                "GEO-9e, D-8",
                f"it would end astride {f.name}: wholly on it or clear of it",
                params={"feature": f.name},
            )
    cost = path_cost(path, board.features, fly)
    if cost > allowance + EPS:
        climb = cost - path_length(path)
        detail = f' ({path_length(path):.3f}" + {climb:.3f}" climbing)' if climb > 0 else ""
        return Violation(
            "too_long",
            "GEO-9a",
            f'the move is {cost:.3f}"{detail}, more than the {allowance:.3f}" allowed',
            params={
                "length": round(cost, 3),
                "climb": round(max(climb, 0.0), 3),
                "allowance": round(allowance, 3),
            },
        )
    return _enemy_distance(segments, final, r, enemies, kind, fly)


def _enemy_distance(
    segments: Sequence[tuple[Point, Point]],
    final: Circle,
    r: float,
    enemies: Sequence[Circle],
    kind: MoveKind,
    fly: bool,
) -> Violation | None:
    """GEO-9f: enemy distance as the move type requires."""
    if kind in ("normal", "run"):
        for e in enemies:
            if fly:
                if not more_than(gap(final, e), ENEMY_DISTANCE):
                    return Violation(
                        "enemy_within_3",
                        "GEO-9f, AOS-6.6",
                        f'a flyer may not end within 3" of the enemy at {format_point(e.centre)}',
                        params={"at": [e.x, e.y]},
                    )
            elif any(not more_than(_segment_gap(a, b, r, e), ENEMY_DISTANCE) for a, b in segments):
                return Violation(
                    "enemy_within_3",
                    "GEO-9f, AOS-6.3",
                    f'it would come within 3" of the enemy at {format_point(e.centre)}',
                    params={"at": [e.x, e.y]},
                )
    elif kind == "retreat":
        for e in enemies:
            if not more_than(gap(final, e), ENEMY_DISTANCE):
                return Violation(
                    "enemy_within_3",
                    "GEO-9f, AOS-6.4",
                    f'a retreat must end more than 3" from the enemy at {format_point(e.centre)}',
                    params={"at": [e.x, e.y]},
                )
    return None


def can_charge(unit: Sequence[Circle], enemy_units: Sequence[Sequence[Circle]]) -> bool:
    """AOS-8.1 (its geometry): an enemy unit within 12" and none within 3"."""
    distances = [unit_to_unit(unit, e) for e in enemy_units if e]
    return any(within(d, CHARGE_RANGE) for d in distances) and all(
        more_than(d, ENEMY_DISTANCE) for d in distances
    )


def check_unit_move(
    unit: Sequence[Circle],
    moves: Sequence[tuple[int, Sequence[Point]]],
    *,
    allowance: float,
    board: Board,
    friends: Sequence[Circle] = (),
    enemies: Sequence[Circle] = (),
    kind: MoveKind = "normal",
    fly: bool = False,
) -> Violation | None:
    """GEO-10: move the unit's models one at a time, in the order given, each along its path.

    ``unit`` holds the unit's models on the table; ``moves`` pairs an index into it with that
    model's path (models not listed stay). ``friends`` are the other friendly units' models. Each
    path is checked against every other model where it stands at that moment (D-7); the unit must
    end coherent, or in no more groups than it started in (D-4). A charge's first moving model
    must end within 1/2" of an enemy model (AOS-8.3); a unit that starts within 3" of an enemy may
    only stay or retreat (AOS-6.4), and only such a unit retreats.
    """
    positions = list(unit)
    seen: set[int] = set()
    start_enemy = unit_to_unit(unit, enemies) if enemies else math.inf
    moving = [(i, p) for i, p in moves if len(p) > 1 and _moves(p)]
    if moving and kind in ("normal", "run") and within(start_enemy, ENEMY_DISTANCE):
        return Violation(
            "stay_or_retreat",
            "AOS-6.4",
            'the unit starts within 3" of an enemy unit: it may only stay or retreat',
        )
    if moving and kind == "retreat" and not within(start_enemy, ENEMY_DISTANCE):
        return Violation(
            "not_a_retreat",
            "AOS-6.4",
            'only a unit that starts within 3" of an enemy unit retreats; this is a move',
        )
    for index, path in moves:
        if not 0 <= index < len(positions):
            return Violation(
                "no_such_model",
                "GEO-10",
                f"the unit has no model {index + 1}",
                params={"model": index + 1},
            )
        if index in seen:
            return Violation("moved_twice", "GEO-10, AOS-6.1", "a model moves at most once", index)
        seen.add(index)
        here = positions[index]
        if not path or math.hypot(path[0][0] - here.x, path[0][1] - here.y) > 1e-3 + EPS:
            return Violation(
                "wrong_start",
                "GEO-9",
                f"the path must start where the model stands, {format_point(here.centre)}",
                index,
                {"at": [here.x, here.y]},
            )
        own = [c for j, c in enumerate(positions) if j != index]
        found = check_path(
            path,
            here.r,
            allowance=allowance,
            board=board,
            friends=(*own, *friends),
            enemies=enemies,
            kind=kind,
            fly=fly,
        )
        if found is not None:
            return Violation(found.code, found.rule, found.sentence, index, found.params)
        positions[index] = here.at(path[-1])
    if kind == "charge" and moving:
        first, _ = moving[0]
        if not any(within(gap(positions[first], e), CHARGE_REACH) for e in enemies):
            return Violation(
                "charge_short",
                "AOS-8.3",
                'the first model moved must end within 1/2" of an enemy model',
                first,
            )
    if kind == "retreat" and moving:
        for index, m in enumerate(positions):
            near = [e for e in enemies if not more_than(gap(m, e), ENEMY_DISTANCE)]
            if near:
                e = near[0]
                return Violation(
                    "enemy_within_3",
                    "AOS-6.4",
                    'a retreating unit ends more than 3" from every enemy unit, this model too',
                    index,
                    {"at": [e.x, e.y]},
                )
    before, after = group_count(unit), group_count(positions)
    if after > max(1, before):
        return Violation(
            "incoherent",
            "GEO-10, D-4",
            f"the unit would end in {after} groups, not in coherency (GEO-5)",
            params={"groups": after},
        )
    return None


def apply_unit_move(
    unit: Sequence[Circle], moves: Sequence[tuple[int, Sequence[Point]]]
) -> tuple[Circle, ...]:
    """Where the unit's models stand after the (already checked) moves."""
    positions = list(unit)
    for index, path in moves:
        if path:
            positions[index] = positions[index].at(path[-1])
    return tuple(positions)


def swept_over(path: Sequence[Point], r: float, feature: Feature) -> bool:
    """D-36 (Deadly): the model's swept circle met the feature's interior, or it ended on it.

    A flyer's path is its path too: it passes over the feature (D-11) but still moves across it.
    """
    if len(path) == 1:
        return is_on(Circle(path[0][0], path[0][1], r), feature)
    return any(
        capsule_meets_interior(a, b, r, feature.polygon) for a, b in itertools.pairwise(path)
    ) or is_on(Circle(path[-1][0], path[-1][1], r), feature)
