"""A charge move round what stands in the way: the first model takes its cheapest path, the rest
follow it (AOS-8.3, GEO-9, GEO-10, D-4, D-13).

The battle's own planner first moves the whole unit in formation along one straight line; a
wall, a feature or another unit across that line makes that illegal although the roll covers the
way round (a unit behind a low wall, a model that must step past a friend). Then:

1. the first model is the one whose cheapest legal path to within 1/2" of any enemy model
   (:func:`~.charge.unit_reach`, D-13: no target is declared) costs least; it takes that path,
   pushed a little further towards the enemy when the roll allows (so that the end is inside the
   1/2", not on its edge), or with its end nudged off an edge the rounding put it on;
2. the others move one at a time, nearest the first model's start first, each taking the first
   legal of its options (staying when none is), in three tries:
   - in formation: the first model's path shifted by the model's place in the formation and
     bent round what stands in the way, in full or cut shorter; else straight towards that
     place or towards the first model, as far as it may go;
   - in formation, else filing in behind the first model along its way;
   - all filing in behind the first model (the way round a wall that the formation cannot take);
3. a try counts when the whole move passes the rules' check of a charge
   (:func:`~.paths.check_unit_move`): above all the unit ends coherent (GEO-10, D-4).

All points are quantized as the notation writes them before they are checked, so a planned move
is what the action carries.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from bitva.games.age_of_sigmar.geometry.charge import unit_reach
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Point, quantize_point
from bitva.games.age_of_sigmar.geometry.paths import (
    CHARGE_REACH,
    Board,
    check_path,
    check_unit_move,
)
from bitva.games.age_of_sigmar.geometry.polygon import point_segment_distance

Moves = tuple[tuple[int, tuple[Point, ...]], ...]

DEEPER = 0.25
"""How much further than the least reach the first model goes when the roll allows (inches)."""
FOLLOW_SHARES = (1.0, 0.75, 0.5, 0.25)
"""The shares of the longest straight follow tried, longest first."""
FOLLOW_GAP = 0.05
"""A following model stops this far short of touching the first model (inches)."""
SLACK = 0.01
"""Kept from the roll where a path is cut to it, for the notation's rounding (inches)."""
BEND_PASSES = 3
"""How often a follower's route is filled in and pushed out again."""
SHORT_STOPS = 8
"""How many stops short of its place in the formation a follower tries, TRAIL_STEP apart."""
BEND_STEP = 0.25
"""How far apart the points of a follower's route are before they are pushed round obstacles
(inches)."""
TRAIL_STEP = 0.25
"""How much shorter each next stop of a model filing in behind the first model is (inches):
well under the 1" of coherency (GEO-5), so the file stays coherent."""


CLEARANCE = 0.05
"""How far outside an obstacle a planned path runs (inches). The cheapest path hugs the
obstacles it bends round (chords within EPS of them); written to 1/1000 inch those points could
fall inside, so they are pushed this far out first."""
NUDGES = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 45))
"""Eight directions an end point is moved in to clear an edge it sits on."""
SIMPLIFY = 0.02
"""The largest distance a simplified path strays from the pushed one (inches): less than the
clearance, so it never touches an obstacle either."""


def _quantized(path: Sequence[Point]) -> tuple[Point, ...]:
    return tuple(quantize_point(p) for p in path)


def _pushed(path: Sequence[Point], obstacles: Sequence[tuple[Point, float]]) -> list[Point]:
    """Each point moved out to CLEARANCE beyond every obstacle circle (centre, radius) it lies
    within CLEARANCE of; the start stays where the model stands."""
    out = [path[0]]
    for p in path[1:]:
        x, y = p
        for (cx, cy), radius in obstacles:
            d = math.hypot(x - cx, y - cy)
            if 0 < d < radius + CLEARANCE:
                k = (radius + CLEARANCE) / d
                x, y = cx + (x - cx) * k, cy + (y - cy) * k
        out.append((x, y))
    return out


def _simplified(path: Sequence[Point]) -> list[Point]:
    """Douglas-Peucker: the fewest points whose polyline stays within SIMPLIFY of ``path``."""
    if len(path) < 3:
        return list(path)
    a, b = path[0], path[-1]
    far, index = 0.0, 0
    for i in range(1, len(path) - 1):
        d = point_segment_distance(path[i], a, b)
        if d > far:
            far, index = d, i
    if far <= SIMPLIFY:
        return [a, b]
    return _simplified(path[: index + 1])[:-1] + _simplified(path[index:])


def _obstacles(r: float, others: Sequence[Circle], board: Board) -> list[tuple[Point, float]]:
    """The circles a centre of radius ``r`` keeps out of: every other model (GEO-9c) and each
    vertex of impassable scenery (GEO-9d)."""
    found = [(o.centre, r + o.r) for o in others]
    for feature in board.features:
        if feature.movement == "impassable":
            found += [(v, r) for v in feature.polygon]
    return found


def _clean(
    path: Sequence[Point], r: float, others: Sequence[Circle], board: Board
) -> tuple[Point, ...]:
    """The path as the notation can carry it: clear of obstacles, few points, quantized."""
    return _quantized(_simplified(_pushed(path, _obstacles(r, others, board))))


def _nudged(path: tuple[Point, ...]) -> list[tuple[Point, ...]]:
    """The path with its end moved CLEARANCE (then twice that) in each of eight directions: an
    end that the notation's rounding put astride a feature's edge or onto a base (D-7, D-8) is
    moved off it."""
    x, y = path[-1]
    return [
        _quantized((*path[:-1], (x + k * CLEARANCE * dx, y + k * CLEARANCE * dy)))
        for k in (1, 2)
        for dx, dy in NUDGES
    ]


def _length(path: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(path))


def _deeper(path: tuple[Point, ...], spare: float, enemies: Sequence[Circle]) -> tuple[Point, ...]:
    """The path with its last point moved up to DEEPER further towards the nearest enemy model's
    centre, if the roll leaves ``spare`` inches; the caller checks the result."""
    step = min(DEEPER, spare - 0.01)
    if step <= 0.05 or not enemies:
        return path
    end = path[-1]
    nearest = min(enemies, key=lambda e: math.dist(end, e.centre))
    d = math.dist(end, nearest.centre)
    if d <= 0:
        return path
    ux, uy = (nearest.x - end[0]) / d, (nearest.y - end[1]) / d
    return (*path, (end[0] + ux * step, end[1] + uy * step))


def plan_lead_and_follow(
    unit: Sequence[Circle],
    *,
    roll: float,
    board: Board,
    friends: Sequence[Circle],
    enemies: Sequence[Circle],
    fly: bool = False,
) -> Moves | None:
    """A legal charge move of ``unit`` (its models on the table) for a charge roll of ``roll``,
    as indices into ``unit`` with quantized paths, the first model first; None when no first
    model reaches or the followers cannot keep the unit coherent."""
    if not unit or not enemies:
        return None
    found = unit_reach(unit, enemies, board=board, others=(*friends, *enemies), fly=fly, limit=roll)
    if found is None:
        return None
    lead, reach = found
    start = unit[lead].centre
    others = (*(c for j, c in enumerate(unit) if j != lead), *friends, *enemies)
    r = unit[lead].r
    plain = _clean((start, *reach.path[1:]) if reach.path else (start, reach.end), r, others, board)
    check = _Checker(unit, roll, board, friends, enemies, fly)
    deeper = _clean(_deeper(plain, roll - _length(plain), enemies), r, others, board)
    options = [deeper, plain, *_nudged(plain)]
    lead_path = next(
        (p for p in options if check.legal(list(unit), lead, p) and check.reaches(p[-1], r)),
        None,
    )
    if lead_path is None:
        return None
    order = sorted(
        (i for i in range(len(unit)) if i != lead), key=lambda i: math.dist(unit[i].centre, start)
    )
    for follows in ((_in_formation,), (_in_formation, _in_trail), (_in_trail,)):
        positions = list(unit)
        positions[lead] = positions[lead].at(lead_path[-1])
        moves: list[tuple[int, tuple[Point, ...]]] = [(lead, lead_path)]
        for i in order:
            standing = [c for j, c in enumerate(positions) if j != i]
            blocks = _obstacles(unit[i].r, (*standing, *friends, *enemies), board)
            way = _Way(unit[i], unit[lead], lead_path, positions[lead], roll, blocks)
            options = [option for follow in follows for option in follow(way)]
            path = next((p for p in options if check.legal(positions, i, p)), None)
            if path is not None:
                moves.append((i, path))
                positions[i] = positions[i].at(path[-1])
        if check.whole(tuple(moves)):
            return tuple(moves)
    return None


class _Checker:
    """The rules' checks (GEO-9, GEO-10) for one charge of one unit."""

    def __init__(
        self,
        unit: Sequence[Circle],
        roll: float,
        board: Board,
        friends: Sequence[Circle],
        enemies: Sequence[Circle],
        fly: bool,
    ) -> None:
        self.unit, self.roll, self.board = unit, roll, board
        self.friends, self.enemies, self.fly = friends, enemies, fly

    def legal(self, positions: Sequence[Circle], index: int, path: tuple[Point, ...]) -> bool:
        """May model ``index`` take ``path`` with the unit standing at ``positions``?"""
        if path[-1] == path[0]:
            return False
        own = [c for j, c in enumerate(positions) if j != index]
        found = check_path(
            path,
            positions[index].r,
            allowance=self.roll,
            board=self.board,
            friends=(*own, *self.friends),
            enemies=self.enemies,
            kind="charge",
            fly=self.fly,
        )
        return found is None

    def reaches(self, end: Point, r: float) -> bool:
        """Does a model of radius ``r`` ending at ``end`` end within 1/2" of an enemy model?"""
        return any(math.dist(end, e.centre) - r - e.r <= CHARGE_REACH + EPS for e in self.enemies)

    def whole(self, moves: Moves) -> bool:
        """Is the whole charge move legal (AOS-8.3, GEO-10: coherent at the end, D-4)?"""
        found = check_unit_move(
            self.unit,
            moves,
            allowance=self.roll,
            board=self.board,
            friends=self.friends,
            enemies=self.enemies,
            kind="charge",
            fly=self.fly,
        )
        return found is None


@dataclass(frozen=True)
class _Way:
    """What a following model goes by: itself, the first model where it started and where it
    ended, the first model's path, the roll and the obstacles where they stand now."""

    model: Circle
    lead_start: Circle
    lead_path: tuple[Point, ...]
    lead_now: Circle
    roll: float
    blocks: list[tuple[Point, float]]

    def bent(self, route: Sequence[Point]) -> list[Point]:
        """The route bent round the obstacles it would touch (points every BEND_STEP pushed
        out, then simplified)."""
        points = list(route)
        for _ in range(BEND_PASSES):  # a pushed point may leave a long chord: fill, push again
            points = _pushed(_dense(points), self.blocks)
        return _simplified(points)


def _in_formation(way: _Way) -> list[tuple[Point, ...]]:
    """A follower keeps its place in the formation: the first model's path shifted (bent round
    what is in its way), or straight towards that shifted end or towards the first model, as
    far as it may go."""
    model, lead_now = way.model, way.lead_now
    ox, oy = model.x - way.lead_start.x, model.y - way.lead_start.y
    here = model.centre
    shifted = [here, *((p[0] + ox, p[1] + oy) for p in way.lead_path[1:])]
    bent = way.bent(shifted)
    options = [_quantized(bent)]
    stop = min(way.roll - SLACK, _length(bent))  # as far along it as the roll and way allow
    for _ in range(SHORT_STOPS):
        options.append(_quantized(_cut(bent, stop)))
        stop -= TRAIL_STEP
        if stop <= 0:
            break
    for aim, gap in ((shifted[-1], 0.0), (lead_now.centre, model.r + lead_now.r + FOLLOW_GAP)):
        d = math.dist(here, aim)
        longest = min(way.roll, d - gap)
        if longest <= 0 or d <= 0:
            continue
        ux, uy = (aim[0] - here[0]) / d, (aim[1] - here[1]) / d
        for share in FOLLOW_SHARES:
            length = longest * share
            options.append(_quantized((here, (here[0] + ux * length, here[1] + uy * length))))
    return options


def _in_trail(way: _Way) -> list[tuple[Point, ...]]:
    """A follower files in behind the first model along its way (the way round the obstacle):
    to where the first model started, then along its path (bent round what is in the way), as
    far as the roll takes it and no further than just behind the first model; each stop
    TRAIL_STEP shorter than the last, so that the first legal one is the furthest free place."""
    model, lead_path = way.model, way.lead_path
    here = model.centre
    route = [here, *lead_path] if math.dist(here, lead_path[0]) > 1e-9 else list(lead_path)
    route = way.bent(route)
    stop = min(way.roll - SLACK, _length(route) - (model.r + way.lead_now.r + FOLLOW_GAP))
    options = []
    while stop > 0:
        options.append(_quantized(_cut(route, stop)))
        stop -= TRAIL_STEP
    return options


def _dense(route: Sequence[Point]) -> list[Point]:
    """The route with a point at least every BEND_STEP inches."""
    out = [route[0]]
    for a, b in itertools.pairwise(route):
        pieces = max(1, math.ceil(math.dist(a, b) / BEND_STEP))
        out += [
            (a[0] + (b[0] - a[0]) * k / pieces, a[1] + (b[1] - a[1]) * k / pieces)
            for k in range(1, pieces + 1)
        ]
    return out


def _cut(route: Sequence[Point], length: float) -> list[Point]:
    """The first ``length`` inches of a polyline."""
    out = [route[0]]
    left = length
    for a, b in itertools.pairwise(route):
        step = math.dist(a, b)
        if step >= left:
            t = left / step if step > 0 else 0.0
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            return out
        out.append(b)
        left -= step
    return out
