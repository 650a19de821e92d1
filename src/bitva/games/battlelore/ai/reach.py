"""Where a unit's melee attack of its next turn can land, with the terrain in the way (BL-3.2 to
BL-3.4, BL-8, BL-9.1), for the evaluation's threat terms (docs/ai.md, "Paths in the threat").

Counted by hex distance alone, a unit across a river (BL-3.3: impassable but at fords and bridges)
or behind a forest (BL-3.4: entering one ends the move) read as a threat to units it could not reach
in a turn (A01's brook, A03's and A04's rivers). Here a unit standing on a hex may strike, after an
ordinary move of up to `steps` hexes that still lets it battle (BL-3.2), every hex next to one it
could stop on: a walk through hexes that are not rivers, ended by a forest, a ford or a landmark,
never ending on a landmark (BL-9.1: a unit that entered one may not battle). Other units are not in
the way (they move before the attack comes; cheap). The table depends only on the battlefield, which
is static for a game (`Field.terrain`, `Field.landmarks`), and is built once per battlefield.
"""

from __future__ import annotations

from bitva.games.battlelore.field.board import HEX_COUNT, NEIGHBOURS
from bitva.games.battlelore.field.model import Field
from bitva.games.battlelore.field.movement import stops_move

MAX_STEPS = 6  # tabled moves; units move and battle up to 4 hexes (green mounted, D-5)

Table = tuple[tuple[int, ...], ...]  # [steps][hex]: a bit per hex a unit there could strike

_TABLES: dict[tuple[object, ...], Table] = {}  # by (terrain, landmarks) of the battlefield
_LAST: list[tuple[object, object, Table]] = []  # the battlefield of the last call


def _ends(field: Field, start: int, steps: int) -> set[int]:
    """The hexes a move of up to `steps` hexes from `start` may end on and still battle:
    through hexes that are not rivers (BL-3.3; units ignored), a stopping hex ending the walk
    (`stops_move`, BL-3.4), never a landmark (BL-9.1)."""
    ends = {start}
    frontier = {start}
    for _ in range(steps):
        reached: set[int] = set()
        for hex_ in frontier:
            if hex_ != start and stops_move(field, hex_):
                continue
            for step in NEIGHBOURS[hex_]:
                if step not in ends and field.terrain[step] != "river":
                    reached.add(step)
        ends |= reached
        frontier = reached
    return {h for h in ends if h == start or field.landmarks[h] is None}


def _layers(field: Field, start: int) -> dict[int, int]:
    """Each hex a move from `start` may end on and still battle, with the fewest steps it takes
    (as `_ends`: rivers never entered, a stopping hex ends the walk, no landmark at the end);
    `_ends(field, start, steps)` is the hexes with at most `steps`, found in one walk."""
    layer = {start: 0}
    frontier = [start]
    for depth in range(1, MAX_STEPS + 1):
        reached: list[int] = []
        for hex_ in frontier:
            if hex_ != start and stops_move(field, hex_):
                continue
            for step in NEIGHBOURS[hex_]:
                if step not in layer and field.terrain[step] != "river":
                    layer[step] = depth
                    reached.append(step)
        frontier = reached
    return {h: d for h, d in layer.items() if h == start or field.landmarks[h] is None}


def _build(field: Field) -> Table:
    """The table, one walk a hex: a move of up to k steps strikes what one of k - 1 steps does
    and the neighbours of the hexes first reached at step k."""
    rows = [[0] * HEX_COUNT for _ in range(MAX_STEPS + 1)]
    for start in range(HEX_COUNT):
        by_depth = [0] * (MAX_STEPS + 1)
        for end, depth in _layers(field, start).items():
            by_depth[depth] |= _NEXT_TO[end]
        mask = 0
        for steps in range(MAX_STEPS + 1):
            mask |= by_depth[steps]
            rows[steps][start] = mask
    return tuple(tuple(row) for row in rows)


_NEXT_TO = tuple(sum(1 << t for t in set(NEIGHBOURS[h])) for h in range(HEX_COUNT))
"""Each hex's neighbours as bits."""


def strikes(field: Field) -> Table:
    """`strikes(field)[steps][hex]`: the hexes (as bits) a unit on `hex` may attack in melee
    after moving up to `steps` hexes (the module docstring)."""
    if _LAST and _LAST[0][0] is field.terrain and _LAST[0][1] is field.landmarks:
        return _LAST[0][2]  # the same battlefield as the last call (copies share its tuples)
    key = (field.terrain, field.landmarks)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = _build(field)
    _LAST[:] = [(field.terrain, field.landmarks, table)]
    return table


def may_strike(field: Field, start: int, target: int, steps: int) -> bool:
    """Whether a unit on `start` may attack `target` in melee after moving up to `steps`
    hexes (a move longer than the table's: by hex distance, as the caller reads it)."""
    if steps > MAX_STEPS:
        return True
    return bool(strikes(field)[steps][start] >> target & 1)
