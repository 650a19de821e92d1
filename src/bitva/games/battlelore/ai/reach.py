"""Where a unit's melee attack of its next turn can land, with the terrain in the way (BL-3.2 to
BL-3.4, BL-8, BL-9.1), for the evaluation's threat terms (docs/ai.md, "Paths in the threat").

Counted by hex distance alone, a unit across a river (BL-3.3: impassable but at fords and
bridges) or behind a forest (BL-3.4: entering one ends the move) read as a threat to units it
could not reach in a turn, and the Lore adventures, with their rivers, kept `greedy` back from
the banks. Here a unit standing on a hex may strike, after an ordinary move of up to `steps`
hexes that still lets it battle (BL-3.2), every hex next to one it could stop on: a walk
through hexes that are not rivers, ended by a forest, a ford or a landmark, never ending on a
landmark (BL-9.1: a unit that entered one may not battle). Other units are not in the way
(they move before the attack comes; cheap). The table depends only on the battlefield, which is
static for a game (`Field.terrain`, `Field.landmarks`), and is built once per battlefield.
"""

from __future__ import annotations

from bitva.games.battlelore.field.board import HEX_COUNT, NEIGHBOURS
from bitva.games.battlelore.field.model import Field

MAX_STEPS = 6  # tabled moves; units move and battle up to 4 hexes (green mounted, D-5)

# (terrain, landmark hexes) -> STRIKES[steps][hex]: a bit per hex that unit could strike
_TABLES: dict[tuple[object, ...], tuple[tuple[int, ...], ...]] = {}
_LAST: dict[str, tuple[object, object, tuple[tuple[int, ...], ...]]] = {}


def _stops(terrain: tuple[str, ...], landmarks: frozenset[int], hex_: int) -> bool:
    return hex_ in landmarks or terrain[hex_] in ("forest", "ford")


def _ends(terrain: tuple[str, ...], landmarks: frozenset[int], start: int, steps: int) -> set[int]:
    """The hexes a move of up to `steps` hexes from `start` may end on and still battle."""
    ends = {start}
    frontier = {start}
    for _ in range(steps):
        reached: set[int] = set()
        for hex_ in frontier:
            if hex_ != start and _stops(terrain, landmarks, hex_):
                continue
            for step in NEIGHBOURS[hex_]:
                if step not in ends and terrain[step] != "river":
                    reached.add(step)
        ends |= reached
        frontier = reached
    return {h for h in ends if h == start or h not in landmarks}


def _build(terrain: tuple[str, ...], landmarks: frozenset[int]) -> tuple[tuple[int, ...], ...]:
    tables = []
    for steps in range(MAX_STEPS + 1):
        row = []
        for start in range(HEX_COUNT):
            mask = 0
            for end in _ends(terrain, landmarks, start, steps):
                for target in NEIGHBOURS[end]:
                    mask |= 1 << target
            row.append(mask)
        tables.append(tuple(row))
    return tuple(tables)


def strikes(field: Field) -> tuple[tuple[int, ...], ...]:
    """`strikes(field)[steps][hex]`: the hexes (as bits) a unit on `hex` may attack in melee
    after moving up to `steps` hexes (the module docstring)."""
    last = _LAST.get("field")
    if last is not None and last[0] is field.terrain and last[1] is field.landmarks:
        return last[2]  # the same battlefield as the last call (its tuples are shared by copies)
    landmarks = frozenset(h for h, mark in enumerate(field.landmarks) if mark is not None)
    key = (field.terrain, landmarks)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _build(tuple(str(t) for t in field.terrain), landmarks)
    _LAST["field"] = (field.terrain, field.landmarks, table)
    return table


def may_strike(field: Field, start: int, target: int, steps: int) -> bool:
    """Whether a unit on `start` may attack `target` in melee after moving up to `steps`
    hexes (a move longer than the table's: by hex distance, as the caller reads it)."""
    if steps > MAX_STEPS:
        return True
    return bool(strikes(field)[steps][start] >> target & 1)
