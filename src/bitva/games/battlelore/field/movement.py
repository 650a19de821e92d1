"""Movement (BL-3), terrain stops (BL-3.4, BL-8, D-47) and goblin rush moves (BL-10.4, D-28).

Pure functions over `model.Field`: where a unit may go and by which path, and `enter`, which
moves a unit one hex and records the stops the hex imposes. Paths never include the starting
hex; the canonical path to a hex is the shortest legal one, ties broken by the smallest hex
indices (compared hex by hex from the start).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from bitva.games.battlelore.field.board import NEIGHBOURS, adjacent
from bitva.games.battlelore.field.model import Field, Unit

MoveKind = Literal["move", "rush", "take_ground", "pursuit", "retreat"]
StopTerrain = Literal["forest", "ford"]
RUSH_HEXES = 2  # BL-10.4: a rush moves up to 2 hexes whatever the goblin's banner


def enterable(field: Field, hex_: int) -> bool:
    """BL-3.3: a hex a unit may enter or pass through: empty and not a river (half-hexes and
    off-board hexes are not hexes at all)."""
    return field.at[hex_] is None and field.terrain[hex_] != "river"


def stops_move(field: Field, hex_: int, ignore_stops: Collection[str] = ()) -> bool:
    """BL-3.4: whether entering `hex_` ends an ordinary move there: a forest, a ford or a
    landmark. Stealth (5.2, RG05) ignores the forest and ford stops, never a landmark's."""
    if field.landmarks[hex_] is not None:
        return True
    terrain = field.terrain[hex_]
    return terrain in ("forest", "ford") and terrain not in ignore_stops


def _paths(
    field: Field, start: int, budget: int, ignore_stops: Collection[str]
) -> dict[int, tuple[int, ...]]:
    """Breadth-first search from `start`, at most `budget` hexes, through enterable hexes;
    a stopping hex ends a path. Each hex keeps its lexicographically smallest shortest path."""
    found: dict[int, tuple[int, ...]] = {}
    frontier: dict[int, tuple[int, ...]] = {start: ()}
    for _ in range(budget):
        reached: dict[int, tuple[int, ...]] = {}
        for hex_, path in frontier.items():
            if path and stops_move(field, hex_, ignore_stops):
                continue
            for step in NEIGHBOURS[hex_]:
                if step == start or step in found or not enterable(field, step):
                    continue
                candidate = (*path, step)
                if step not in reached or candidate < reached[step]:
                    reached[step] = candidate
        found.update(reached)
        frontier = reached
    return found


def may_move(unit: Unit) -> bool:
    """Whether a unit may still make (or go on with) its ordinary move: ordered (BL-2.6), its
    move not ended by a stop or a card (BL-3.4, Snare), not webbed (BL-11.8), not rushing."""
    return unit.ordered and not unit.move_stopped and not unit.webbed and unit.rush_target is None


def move_destinations(
    field: Field,
    unit: Unit,
    *,
    extra_hexes: int = 0,
    ignore_stops: Collection[str] = frozenset(),
) -> dict[int, tuple[int, ...]]:
    """BL-3.2, BL-3.3, BL-3.4: every hex where `unit`'s ordinary move may end (its own hex
    excluded), with the canonical path. The unit moves up to `move_max` (+ `extra_hexes` for
    Forward March or Forced March) less the hexes it has already moved this turn."""
    if not may_move(unit):
        return {}
    budget = unit.type.move_max + extra_hexes - unit.moved
    return _paths(field, unit.hex, budget, ignore_stops) if budget > 0 else {}


def can_rush(unit: Unit) -> bool:
    """BL-10.4: a goblin foot unit with the rush trait, ordered, that has not moved yet."""
    return (
        "rush" in unit.type.traits
        and unit.type.status == "foot"
        and unit.moved == 0
        and may_move(unit)
    )


def rush_moves(field: Field, goblin: Unit) -> dict[tuple[int, int], tuple[int, ...]]:
    """BL-10.4, D-28: each (end hex, target uid) a rush may take, with the canonical path: up to
    2 hexes whatever the banner, ending adjacent to an enemy (the declared target), never on a
    landmark; the ordinary terrain stops apply on the way."""
    if not can_rush(goblin):
        return {}
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    for end, path in sorted(_paths(field, goblin.hex, RUSH_HEXES, ()).items()):
        if field.landmarks[end] is not None:
            continue
        for step in NEIGHBOURS[end]:
            enemy = field.unit_at(step)
            if enemy is not None and enemy.side != goblin.side:
                out[(end, enemy.uid)] = path
    return out


def enter(
    field: Field,
    unit: Unit,
    hex_: int,
    kind: MoveKind = "move",
    *,
    ignore_stops: Collection[str] = frozenset(),
) -> None:
    """Move `unit` one hex into the adjacent `hex_` and record what the hex does to it:
    - BL-3.2: ordinary and rush moves count in `moved`;
    - BL-3.4, D-47: a forest or a landmark ends movement for the rest of the turn, follow-on
      moves included (`entered_stop`, `move_stopped`); a ford ends only the ordinary move;
    - BL-9.1: a landmark entered this turn forbids battle (`entered_landmark`);
    - BL-3.5, BL-6.5: retreats ignore every terrain stop.
    The caller has checked legality (`enterable`, adjacency)."""
    if not adjacent(unit.hex, hex_) or not enterable(field, hex_):
        raise ValueError(f"unit {unit.uid} cannot enter hex {hex_} from {unit.hex}")
    field.move_unit(unit, hex_)
    if kind == "retreat":
        return
    if kind in ("move", "rush"):
        unit.moved += 1
    terrain = field.terrain[hex_]
    if field.landmarks[hex_] is not None:
        unit.entered_landmark = True
        unit.entered_stop = True
        unit.move_stopped = True
    elif terrain == "forest" and "forest" not in ignore_stops:
        unit.entered_stop = True
        unit.move_stopped = True
    elif terrain == "ford" and "ford" not in ignore_stops and kind in ("move", "rush"):
        unit.move_stopped = True
