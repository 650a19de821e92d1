"""The board model (SE-2, GEO): spaces, areas, types, doors and ladders, steps, path distance,
the sight-line trace, range, line of sight, entry points and access targets.

A space is an index `row * width + col`; `name(i)` prints it as on the map (`a1` top left,
letters east, numbers south, SE-2.1). The geometry is static: built once per map and load-checked
(every standable space reachable, doors and ladders on the right edges, SE-2.3, SE-2.6).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from functools import cache

from bitva.core.errors import ContentError
from bitva.games.sniper_elite.catalogue import AREAS, MapFile, shipped_content

TYPES = {
    ".": "outdoor",
    ":": "outdoor",
    "^": "elevated",
    "I": "enclosed",
    "~": "water",
    "#": "obstruction",
}
AREA_CODES = {"R": "red", "K": "black", "Y": "yellow", "W": "white"}
STANDABLE = frozenset({"outdoor", "elevated", "enclosed"})
ACCESS_KINDS = ("outdoor", "elevated", "enclosed", "any")
FAR = 99  # a distance for "no defender" (SE-5.9 h5)

Pinch = tuple[int, int] | None


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


@dataclass(eq=False)  # compared and hashed by identity: one object per map
class Geometry:
    """One map, load-checked. Distances are path distances (SE-2.6), ignoring figures."""

    id: str
    name: str
    width: int
    height: int
    types: list[str]
    areas: list[str]
    difficult: list[bool]
    objective_at: dict[int, int]  # objective number -> space
    crosses: dict[str, int]  # area colour -> its iron cross space
    doors: frozenset[frozenset[int]]
    ladders: frozenset[frozenset[int]]
    entries: dict[str, tuple[str, int]]  # entry id -> (area, target space)
    objective_colour: dict[int, str]
    regroup: dict[str, dict[str, list[tuple[int, str | None]]]]
    steps: list[tuple[int, ...]] = field(default_factory=list)
    grapnel_steps: list[tuple[int, ...]] = field(default_factory=list)
    dist: list[list[int]] = field(default_factory=list)
    access: dict[tuple[int, str], tuple[int, ...]] = field(default_factory=dict)
    _los: dict[tuple[int, int], bool] = field(default_factory=dict)
    _buildings: dict[int, frozenset[int]] = field(default_factory=dict)
    _areas: dict[str, list[int]] = field(default_factory=dict)
    _nearest: dict[tuple[int, str], list[int]] = field(default_factory=dict)

    # -- names -------------------------------------------------------------------------------
    def name_of(self, space: int) -> str:
        row, col = divmod(space, self.width)
        return f"{chr(ord('a') + col)}{row + 1}"

    def space(self, name: str) -> int:
        """The space printed `name` (SE-2.1); ValueError for a name off the map."""
        text = name.strip().lower()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            raise ValueError(f"{name!r} is not a space (write it as on the map: a1, n14)")
        col, row = ord(text[0]) - ord("a"), int(text[1:]) - 1
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"{name!r} is off the map")
        return row * self.width + col

    @property
    def size(self) -> int:
        return self.width * self.height

    def standable(self, space: int) -> bool:
        return self.types[space] in STANDABLE

    def level(self, space: int) -> int:
        return 1 if self.types[space] == "elevated" else 0

    # -- adjacency and steps (SE-2.4, SE-2.5) -------------------------------------------------
    def neighbours(self, space: int) -> list[int]:
        """Orthogonal neighbours on the map (D-3): adjacency ignores types, levels and walls."""
        row, col = divmod(space, self.width)
        out = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < self.height and 0 <= c < self.width:
                out.append(r * self.width + c)
        return out

    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours(a)

    def step_allowed(self, a: int, b: int, grapnel: bool = False) -> bool:
        """SE-2.5 (D-4): a ladder between levels, a door across a building outline. Grapnel
        (11.6): elevated-outdoor steps need no ladder."""
        if not (self.standable(a) and self.standable(b)):
            return False
        edge = frozenset((a, b))
        if self.level(a) != self.level(b):
            if edge in self.ladders:
                return True
            types = {self.types[a], self.types[b]}
            return grapnel and types == {"elevated", "outdoor"}
        if (self.types[a] == "enclosed") != (self.types[b] == "enclosed"):
            return edge in self.doors
        return True

    # -- the sight line (SE-2.8, SE-2.9) -----------------------------------------------------
    def trace(self, a: int, b: int) -> list[tuple[int, Pinch]]:
        """SE-2.8: the chain of spaces the centre line enters after `a`, ending with `b`; a
        grid corner crossed exactly steps diagonally and records its two sides as a pinch."""
        r0, c0 = divmod(a, self.width)
        r1, c1 = divmod(b, self.width)
        dx, dy = c1 - c0, r1 - r0
        sx, sy, ax, ay = sign(dx), sign(dy), abs(dx), abs(dy)
        ix = iy = 0
        r, c = r0, c0
        chain: list[tuple[int, Pinch]] = []
        while ix < ax or iy < ay:
            d = (1 + 2 * ix) * ay - (1 + 2 * iy) * ax
            pinch: Pinch = None
            if d == 0:
                pinch = (r * self.width + c + sx, (r + sy) * self.width + c)
                r, c, ix, iy = r + sy, c + sx, ix + 1, iy + 1
            elif d < 0:
                c, ix = c + sx, ix + 1
            else:
                r, iy = r + sy, iy + 1
            chain.append((r * self.width + c, pinch))
        return chain

    def shot_range(self, a: int, b: int) -> int:
        """SE-2.8: the chain's length; a target on the shooter's own space is at range 1."""
        return max(1, len(self.trace(a, b)))

    def recon_range(self, a: int, b: int) -> int:
        """SE-2.8, D-7: for recon the own space is at range 0."""
        return len(self.trace(a, b))

    def los(self, a: int, b: int) -> bool:
        """SE-2.9 line of sight (symmetric, figures never block; D-6)."""
        key = (a, b) if a <= b else (b, a)
        known = self._los.get(key)
        if known is None:
            known = self._compute_los(*key)
            self._los[key] = known
        return known

    def _compute_los(self, a: int, b: int) -> bool:
        if a == b:
            return True
        chain = self.trace(a, b)
        enclosed = "enclosed"
        if self.types[a] == enclosed or self.types[b] == enclosed:  # SE-2.9(a)
            if self.adjacent(a, b) and frozenset((a, b)) in self.doors:
                return True
            building = self.building_of(a)
            if b not in building:
                return False
            for space, pinch in chain:
                if space not in building:
                    return False
                if pinch is not None and pinch[0] not in building and pinch[1] not in building:
                    return False
            return True
        high = self.types[a] == "elevated" or self.types[b] == "elevated"

        def blocks(x: int) -> bool:  # SE-2.9(b)
            kind = self.types[x]
            return kind in ("obstruction", enclosed) or (kind == "elevated" and not high)

        for space, pinch in chain:
            if space != b and blocks(space):
                return False
            if pinch is not None and blocks(pinch[0]) and blocks(pinch[1]):
                return False
        return True

    def building_of(self, space: int) -> frozenset[int]:
        """SE-2.2: the orthogonally connected enclosed spaces around `space` (empty if none)."""
        if self.types[space] != "enclosed":
            return frozenset()
        known = self._buildings.get(space)
        if known is not None:
            return known
        seen = {space}
        todo = [space]
        while todo:
            here = todo.pop()
            for other in self.neighbours(here):
                if other not in seen and self.types[other] == "enclosed":
                    seen.add(other)
                    todo.append(other)
        building = frozenset(seen)
        for member in building:
            self._buildings[member] = building
        return building

    # -- areas -------------------------------------------------------------------------------
    def area_spaces(self, area: str) -> list[int]:
        known = self._areas.get(area)
        if known is None:
            known = [s for s in range(self.size) if self.areas[s] == area and self.standable(s)]
            self._areas[area] = known
        return known

    def dist_to_area(self, space: int, area: str) -> int:
        return min(self.dist[space][s] for s in self.area_spaces(area))

    def nearest_in_area(self, space: int, area: str) -> list[int]:
        """SE-8.9: the nearest spaces of `area` from `space` (several when tied)."""
        key = (space, area)
        known = self._nearest.get(key)
        if known is None:
            spaces = self.area_spaces(area)
            best = min(self.dist[space][s] for s in spaces)
            known = [s for s in spaces if self.dist[space][s] == best]
            self._nearest[key] = known
        return known


def _load_grid(data: MapFile, source: str) -> tuple[int, int, list[list[str]]]:
    rows = [line.split() for line in data.map.grid.strip().splitlines()]
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise ContentError(
                source, "map.grid", f"row {i + 1} has {len(row)} spaces, not {width}"
            )
        for j, token in enumerate(row):
            if (
                len(token) != 3
                or token[0] not in AREA_CODES
                or token[1] not in TYPES
                or token[2] not in "123456789+-"
            ):
                raise ContentError(source, "map.grid", f"bad space token {token!r} at row {i + 1}")
            del j
    return width, len(rows), rows


def build_geometry(data: MapFile, source: str) -> Geometry:
    """A map from its validated file, load-checked (SE-2.3, SE-2.6, SE-8.11, 11.2, 11.4)."""
    width, height, rows = _load_grid(data, source)
    types, areas, difficult = [], [], []
    objective_at: dict[int, int] = {}
    crosses: dict[str, int] = {}
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            space = r * width + c
            types.append(TYPES[token[1]])
            areas.append(AREA_CODES[token[0]])
            difficult.append(token[1] == ":")
            if token[2].isdigit():
                if int(token[2]) in objective_at:
                    raise ContentError(source, "map.grid", f"objective {token[2]} appears twice")
                objective_at[int(token[2])] = space
            elif token[2] == "+":
                crosses[AREA_CODES[token[0]]] = space
    geo = Geometry(
        data.map.id,
        data.map.name,
        width,
        height,
        types,
        areas,
        difficult,
        objective_at,
        crosses,
        frozenset(),
        frozenset(),
        {},
        {},
        {},
    )
    geo.doors = frozenset(_edges(geo, data.map.doors, "doors", source, "enclosed"))
    geo.ladders = frozenset(_edges(geo, data.map.ladders, "ladders", source, "elevated"))
    for entry, (area, target) in data.map.entries.items():
        space = _space(geo, target, f"map.entries.{entry}", source)
        r, c = divmod(space, width)
        if not geo.standable(space) or not (r in (0, height - 1) or c in (0, width - 1)):
            raise ContentError(
                source, f"map.entries.{entry}", "the target must be a standable edge space"
            )
        geo.entries[entry] = (area, space)
    for key, colour in data.objectives.items():
        number = int(key) if key.isdigit() else -1
        if number not in objective_at:
            raise ContentError(source, f"objectives.{key}", "no such objective space on the map")
        if geo.areas[objective_at[number]] != colour:
            raise ContentError(
                source, f"objectives.{key}", "the colour must be its space's area (D-38)"
            )
        geo.objective_colour[number] = colour
    geo.steps = [
        tuple(b for b in geo.neighbours(a) if geo.step_allowed(a, b)) for a in range(geo.size)
    ]
    geo.grapnel_steps = [
        tuple(b for b in geo.neighbours(a) if geo.step_allowed(a, b, grapnel=True))
        for a in range(geo.size)
    ]
    geo.dist = [_bfs(geo, s) for s in range(geo.size)]
    standable = [s for s in range(geo.size) if geo.standable(s)]
    for s in standable:
        if geo.dist[standable[0]][s] >= FAR:
            raise ContentError(source, "map.grid", f"{geo.name_of(s)} cannot be reached (SE-2.6)")
    for number, space in objective_at.items():
        for kind in ACCESS_KINDS:
            geo.access[(number, kind)] = _access_targets(geo, space, kind)
    for name, marks in data.regroup.items():
        geo.regroup[name] = _marks(geo, marks.model_dump(), f"regroup.{name}", source)
    return geo


def _space(geo: Geometry, name: str, field_name: str, source: str) -> int:
    try:
        return geo.space(name)
    except ValueError as exc:
        raise ContentError(source, field_name, str(exc)) from None


def _edges(
    geo: Geometry, pairs: list[tuple[str, str]], key: str, source: str, kind: str
) -> list[frozenset[int]]:
    """Doors join enclosed and outdoor, ladders elevated and outdoor (SE-2.3)."""
    out = []
    for i, (one, two) in enumerate(pairs):
        a, b = (
            _space(geo, one, f"map.{key}.{i}", source),
            _space(geo, two, f"map.{key}.{i}", source),
        )
        if not geo.adjacent(a, b) or {geo.types[a], geo.types[b]} != {kind, "outdoor"}:
            raise ContentError(
                source, f"map.{key}.{i}", f"must join adjacent {kind} and outdoor spaces"
            )
        out.append(frozenset((a, b)))
    return out


def _bfs(geo: Geometry, start: int) -> list[int]:
    dist = [FAR] * geo.size
    if not geo.standable(start):
        return dist
    dist[start] = 0
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for other in geo.steps[here]:
            if dist[other] == FAR:
                dist[other] = dist[here] + 1
                todo.append(other)
    return dist


def access_spaces(geo: Geometry) -> set[int]:
    """SE-2.3: both spaces touching a door or ladder edge."""
    return {s for edge in geo.doors | geo.ladders for s in edge}


def _access_targets(geo: Geometry, space: int, kind: str) -> tuple[int, ...]:
    """SE-8.11: the access spaces of `kind` nearest to the objective (itself if outdoor)."""
    if geo.types[space] == "outdoor":
        return (space,)
    spaces = [s for s in access_spaces(geo) if kind == "any" or geo.types[s] == kind]
    best = min(geo.dist[space][s] for s in spaces)
    return tuple(sorted(s for s in spaces if geo.dist[space][s] == best))


def _marks(
    geo: Geometry, raw: dict[str, list[object]], key: str, source: str
) -> dict[str, list[tuple[int, str | None]]]:
    """11.4 load checks: marks standable and in their area."""
    out: dict[str, list[tuple[int, str | None]]] = {}
    for area in AREAS:
        marks: list[tuple[int, str | None]] = []
        for i, item in enumerate(raw[area]):
            name, colour = (item[0], item[1]) if isinstance(item, (list, tuple)) else (item, None)
            space = _space(geo, str(name), f"{key}.{area}.{i}", source)
            if not geo.standable(space) or geo.areas[space] != area:
                raise ContentError(
                    source, f"{key}.{area}.{i}", f"{name} is not a standable {area} space"
                )
            marks.append((space, None if colour is None else str(colour)))
        out[area] = marks
    return out


@cache
def depot() -> Geometry:
    return build_geometry(shipped_content().map_file, "depot.toml")
