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

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from bitva.games.age_of_sigmar.geometry.bend import (
    CLEARANCE,
    SLACK,
    Obstacle,
    bent,
    length,
    obstacles,
    pushed,
    quantized,
    simplified,
    stops,
)
from bitva.games.age_of_sigmar.geometry.charge import Reach, unit_reach
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Point
from bitva.games.age_of_sigmar.geometry.paths import (
    CHARGE_REACH,
    Board,
    check_path,
    check_unit_move,
)

Moves = tuple[tuple[int, tuple[Point, ...]], ...]

DEEPER = 0.25
"""How much further than the least reach the first model goes when the roll allows (inches)."""
FOLLOW_SHARES = (1.0, 0.75, 0.5, 0.25)
"""The shares of the longest straight follow tried, longest first."""
FOLLOW_GAP = 0.05
"""A following model stops this far short of touching the first model (inches)."""
SHORT_STOPS = 8
"""How many stops short of its place in the formation a follower tries, TRAIL_STEP apart."""
TRAIL_STEP = 0.25
"""How much shorter each next stop of a model filing in behind the first model is (inches):
well under the 1" of coherency (GEO-5), so the file stays coherent."""


REACHES_KEPT = 256
"""How many tables' cheapest charge paths are kept (each a few kilobytes)."""
NUDGES = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 45))
"""Eight directions an end point is moved in to clear an edge it sits on."""


def _clean(
    path: Sequence[Point], r: float, others: Sequence[Circle], board: Board
) -> tuple[Point, ...]:
    """The path as the notation can carry it: clear of obstacles, few points, quantized."""
    return quantized(simplified(pushed(path, obstacles(r, others, board))))


def _nudged(path: tuple[Point, ...]) -> list[tuple[Point, ...]]:
    """The path with its end moved CLEARANCE (then twice that) in each of eight directions: an
    end that the notation's rounding put astride a feature's edge or onto a base (D-7, D-8) is
    moved off it."""
    x, y = path[-1]
    return [
        quantized((*path[:-1], (x + k * CLEARANCE * dx, y + k * CLEARANCE * dy)))
        for k in (1, 2)
        for dx, dy in NUDGES
    ]


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
    found = _reach(tuple(unit), tuple(enemies), board, tuple(friends), fly, roll)
    if found is None:
        return None
    lead, reach = found
    start = unit[lead].centre
    others = (*(c for j, c in enumerate(unit) if j != lead), *friends, *enemies)
    r = unit[lead].r
    plain = _clean((start, *reach.path[1:]) if reach.path else (start, reach.end), r, others, board)
    check = _Checker(unit, roll, board, friends, enemies, fly)
    deeper = _clean(_deeper(plain, roll - length(plain), enemies), r, others, board)
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
            blocks = obstacles(unit[i].r, (*standing, *friends, *enemies), board)
            way = _Way(unit[i], unit[lead], lead_path, positions[lead], roll, blocks)
            options = [option for follow in follows for option in follow(way)]
            path = next((p for p in options if check.legal(positions, i, p)), None)
            if path is not None:
                moves.append((i, path))
                positions[i] = positions[i].at(path[-1])
        if check.whole(tuple(moves)):
            return tuple(moves)
    return None


@functools.lru_cache(maxsize=REACHES_KEPT)
def _reach(
    unit: tuple[Circle, ...],
    enemies: tuple[Circle, ...],
    board: Board,
    friends: tuple[Circle, ...],
    fly: bool,
    roll: float,
) -> tuple[int, Reach] | None:
    """`unit_reach` for one table and roll, kept: a search meets the same charge move again and
    again (each time it samples that roll), and finding the way is the costly part."""
    return unit_reach(unit, enemies, board=board, others=(*friends, *enemies), fly=fly, limit=roll)


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
    blocks: list[Obstacle]


def _in_formation(way: _Way) -> list[tuple[Point, ...]]:
    """A follower keeps its place in the formation: the first model's path shifted (bent round
    what is in its way), or straight towards that shifted end or towards the first model, as
    far as it may go."""
    model, lead_now = way.model, way.lead_now
    ox, oy = model.x - way.lead_start.x, model.y - way.lead_start.y
    here = model.centre
    shifted = [here, *((p[0] + ox, p[1] + oy) for p in way.lead_path[1:])]
    around = bent(shifted, way.blocks)
    # in full, else as far along it as the roll and the way allow
    options = stops(around, min(way.roll - SLACK, length(around)), TRAIL_STEP, SHORT_STOPS)
    for aim, gap in ((shifted[-1], 0.0), (lead_now.centre, model.r + lead_now.r + FOLLOW_GAP)):
        d = math.dist(here, aim)
        longest = min(way.roll, d - gap)
        if longest <= 0 or d <= 0:
            continue
        ux, uy = (aim[0] - here[0]) / d, (aim[1] - here[1]) / d
        for share in FOLLOW_SHARES:
            go = longest * share
            options.append(quantized((here, (here[0] + ux * go, here[1] + uy * go))))
    return options


def _in_trail(way: _Way) -> list[tuple[Point, ...]]:
    """A follower files in behind the first model along its way (the way round the obstacle):
    to where the first model started, then along its path (bent round what is in the way), as
    far as the roll takes it and no further than just behind the first model; each stop
    TRAIL_STEP shorter than the last, so that the first legal one is the furthest free place."""
    model, lead_path = way.model, way.lead_path
    here = model.centre
    route = [here, *lead_path] if math.dist(here, lead_path[0]) > 1e-9 else list(lead_path)
    route = bent(route, way.blocks)
    longest = min(way.roll - SLACK, length(route) - (model.r + way.lead_now.r + FOLLOW_GAP))
    return stops(route, longest, TRAIL_STEP, math.ceil(way.roll / TRAIL_STEP) + 1)
