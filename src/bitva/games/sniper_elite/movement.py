"""Movement: allowance (SE-2.7), the sniper's move (SE-6.2), a defender's move toward a target
(SE-8.9) and where a summon lands (SE-8.8). Pure functions over the geometry.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import pairwise

from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.model import OFF


def sniper_moves(
    geo: Geometry,
    start: int,
    blocked: Collection[int],
    entry: str | None = None,
    grapnel: bool = False,
    allowance: int = 3,
) -> dict[int, tuple[int, ...]]:
    """SE-6.2, SE-2.7: every space where a move of 1-3 steps may end, with the step counts
    that reach it. No space holding a defender (`blocked`) and no space occupied this turn (the
    start included) may be entered. From an entry point the first step goes to its target
    (SE-2.10, SE-4.12)."""
    steps = geo.grapnel_steps if grapnel else geo.steps
    out: dict[int, set[int]] = {}

    def walk(here: int, taken: int, left: int, seen: frozenset[int]) -> None:
        if taken >= left:
            return
        for there in steps[here]:
            if there in seen or there in blocked:
                continue
            out.setdefault(there, set()).add(taken + 1)
            walk(there, taken + 1, left - (1 if geo.difficult[there] else 0), seen | {there})

    if entry is not None:
        target = geo.entries[entry][1]
        if target in blocked:
            return {}
        out.setdefault(target, set()).add(1)
        walk(target, 1, allowance - (1 if geo.difficult[target] else 0), frozenset({target}))
    elif start != OFF:
        walk(start, 0, allowance, frozenset({start}))
    return {space: tuple(sorted(counts)) for space, counts in out.items()}


def fewest_steps(
    geo: Geometry,
    start: int,
    blocked: Collection[int],
    entry: str | None = None,
    grapnel: bool = False,
) -> dict[int, int]:
    """SE-6.2, SE-2.6: the fewest steps to each space the sniper could walk to, however far,
    never entering a defender's space (`blocked`) and with the allowance not counted: how far
    a space out of this move's reach is. From an entry point its target is the first step."""
    steps = geo.grapnel_steps if grapnel else geo.steps
    if entry is not None:
        first = geo.entries[entry][1]
        if first in blocked:
            return {}
        out, frontier = {first: 1}, [first]
    elif start != OFF:
        out, frontier = {start: 0}, [start]
    else:
        return {}
    while frontier:
        later = []
        for here in frontier:
            for there in steps[here]:
                if there not in out and there not in blocked:
                    out[there] = out[here] + 1
                    later.append(there)
        frontier = later
    return out


def move_ends(
    geo: Geometry,
    start: int,
    targets: Collection[int],
    allowance: int,
    others: Collection[int],
) -> list[tuple[int, tuple[int, ...]]]:
    """SE-8.9: a defender follows a shortest path toward `targets` with `allowance`, stopping on
    reaching them; it ends on the farthest space reached that holds no other defender. Among
    shortest paths those ending nearest the target are kept. Returns each distinct (end, spaces
    entered up to the end); the dispute rule chooses among them (SE-5.9)."""
    goal = set(targets)

    def to_goal(space: int) -> int:
        return min(geo.dist[space][t] for t in goal)

    if start in goal:
        return [(start, ())]
    paths: list[tuple[int, ...]] = []

    def walk(path: tuple[int, ...], left: int) -> None:
        here = path[-1]
        if here in goal or len(path) - 1 >= left:
            paths.append(path)
            return
        nexts = [s for s in geo.steps[here] if to_goal(s) == to_goal(here) - 1]
        if not nexts:
            paths.append(path)
            return
        for there in nexts:
            walk((*path, there), left - (1 if geo.difficult[there] else 0))

    walk((start,), allowance)
    ends: list[tuple[int, tuple[int, ...]]] = []
    for path in paths:
        stop = 0
        for i, space in enumerate(path):
            if i == 0 or space not in others:
                stop = i
        ends.append((path[stop], path[1 : stop + 1]))
    best = min(to_goal(end) for end, _ in ends)
    distinct: list[tuple[int, tuple[int, ...]]] = []
    for end, entered in ends:
        if to_goal(end) == best and (end, entered) not in distinct:
            distinct.append((end, entered))
    return distinct


def summon_spaces(geo: Geometry, target: int, guarded: Collection[int]) -> list[int]:
    """SE-8.8, D-23: the target; if another defender is there, an adjacent unguarded space of the
    same type, else the nearest unguarded standable spaces (measured from the target)."""
    if target not in guarded:
        return [target]
    kind = geo.types[target]
    near = [s for s in geo.neighbours(target) if geo.types[s] == kind and s not in guarded]
    if near:
        return near
    free = [s for s in range(geo.size) if geo.standable(s) and s not in guarded]
    best = min(geo.dist[target][s] for s in free)
    return [s for s in free if geo.dist[target][s] == best]


def path_allowed(geo: Geometry, path: list[int], allowance: int = 3, grapnel: bool = False) -> bool:
    """SE-2.7: a sequence of steps is legal while each further step starts with fewer steps
    taken than the current allowance; entering difficult terrain lowers it by 1 afterwards."""
    left = allowance
    for taken, (here, there) in enumerate(pairwise(path)):
        steps = geo.grapnel_steps if grapnel else geo.steps
        if taken >= left or there not in steps[here]:
            return False
        if geo.difficult[there]:
            left -= 1
    return True
