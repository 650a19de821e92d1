"""Order-card terms (SE-8) and the return to the iron cross (SE-7.8): selectors, search, recon,
attack, moves, summons, per-objective steps and regroups, as pure functions that list the
complete alternatives of one rule application (the dispute rule, SE-5.9, picks among them).
"""

from __future__ import annotations

from collections.abc import Callable

from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.catalogue import StepData
from bitva.games.sniper_elite.hits import exempt, found, hit, hits
from bitva.games.sniper_elite.model import DEFENDER_IDS, Core, squad_of
from bitva.games.sniper_elite.movement import move_ends, summon_spaces
from bitva.games.sniper_elite.sniper_turn import near_sniper

Alternative = Callable[[Core], None]


def sees(geo: Geometry, a: int, b: int, smoke: int | None) -> bool:
    """LOS (SE-2.9); a Smoke Grenade cuts every line to or from its space (11.6)."""
    if smoke is not None and smoke in (a, b):
        return False
    return geo.los(a, b)


def targets_of(core: Core, geo: Geometry, to: str, space: int, number: int | None) -> list[int]:
    """The spaces a step moves toward (SE-8.9, SE-8.11, SE-8.13)."""
    if to == "sniper":
        return [core.sniper]
    if to == "lka":
        if geo.areas[space] == core.lka:
            return [space]
        return geo.nearest_in_area(space, core.lka)
    assert number is not None
    if to == "po":
        return [geo.objective_at[number]]
    return list(geo.access[(number, to.split(":", 1)[1])])


def distance(geo: Geometry, space: int, targets: list[int]) -> int:
    return min(geo.dist[space][t] for t in targets)


def select(
    core: Core, geo: Geometry, step: StepData, entered: list[str], smoke: int | None
) -> list[str]:
    """SE-8.13 selectors, evaluated when the step starts; SE-8.2 order: ascending path distance
    to their own target (the sniper for search, recon and attack), ties by ID (D-18).
    `nearest_to_sniper` returns every tied defender (the dispute rule picks one)."""
    who = step.who
    board = core.on_board()
    if who == "in_lka":
        board = [(d, s) for d, s in board if geo.areas[s] == core.lka]
    elif who == "not_in_lka":
        board = [(d, s) for d, s in board if geo.areas[s] != core.lka]
    elif who == "entered_lka":
        board = [(d, s) for d, s in board if d in entered and geo.areas[s] == core.lka]
    elif who == "on_elevated":
        board = [(d, s) for d, s in board if geo.types[s] == "elevated"]
    if step.los_within is not None:
        board = [
            (d, s)
            for d, s in board
            if sees(geo, s, core.sniper, smoke)
            and geo.recon_range(s, core.sniper) <= step.los_within
        ]
    to = step.to if step.op == "move" and step.to is not None else "sniper"
    keyed = [
        (distance(geo, s, targets_of(core, geo, to, s, None)), DEFENDER_IDS.index(d), d)
        for d, s in board
    ]
    keyed.sort()
    if who == "nearest_to_sniper":
        return [d for dist, _, d in keyed if dist == keyed[0][0]] if keyed else []
    return [d for _, _, d in keyed]


def search(core: Core, geo: Geometry, rules: frozenset[str], defender: str) -> bool:
    """SE-8.5: the sniper on its space or an adjacent one is found (SE-5.6); D-19."""
    space = core.defenders[defender]
    if space is not None and (space == core.sniper or geo.adjacent(space, core.sniper)):
        found(core, geo, rules)
        return True
    return False


def recon_range(step: StepData, rules: frozenset[str]) -> int:
    """SE-8.6: range 2 unless the step says otherwise; `sniper-recon`: one more (3)."""
    base = step.range if step.range is not None else 2
    return base + 1 if "sniper-recon" in rules else base


def recon(
    core: Core, geo: Geometry, rules: frozenset[str], defender: str, reach: int, smoke: int | None
) -> bool:
    """SE-8.6, D-7: LOS to the sniper's space at recon range <= reach finds him (SE-5.6)."""
    space = core.defenders[defender]
    if space is None:
        return False
    if sees(geo, space, core.sniper, smoke) and geo.recon_range(space, core.sniper) <= reach:
        found(core, geo, rules)
        return True
    return False


def attack(core: Core, rules: frozenset[str]) -> None:
    """SE-8.7, D-20: the attacked space is the sniper's: 2 hits, no LKA update."""
    hits(core, 2, rules)


def move_alternatives(
    core: Core,
    geo: Geometry,
    rules: frozenset[str],
    defender: str,
    targets: list[int],
    allowance: int,
    mark_used: bool = False,
) -> list[Alternative]:
    """SE-8.9 for one defender: each stopping space is an alternative. `scout-close` (D-34): a
    card move entering the sniper's space or an adjacent same-type space gives 1 hit."""
    start = core.defenders[defender]
    assert start is not None
    others = core.occupied() - {start}
    out: list[Alternative] = []
    for end, entered in move_ends(geo, start, targets, allowance, others):
        close = "scout-close" in rules and any(near_sniper(geo, core.sniper, s) for s in entered)

        def apply(c: Core, e: int = end, close: bool = close) -> None:
            if mark_used:
                c.used.append(defender)
            if c.defenders[defender] != e:
                c.defenders[defender] = e
                c.moved.append(defender)
            if close:
                hit(c, rules)

        out.append(apply)
    return out


def summon_alternatives(
    core: Core, geo: Geometry, rules: frozenset[str], defender: str, target: int
) -> list[Alternative]:
    """SE-8.8: off the board and onto the target (or beside it, D-23); onto the sniper: 1 hit
    (D-21)."""
    own = core.defenders[defender]
    guarded = core.occupied() - {own} if own is not None else core.occupied()
    out: list[Alternative] = []
    for space in summon_spaces(geo, target, guarded):

        def apply(c: Core, s: int = space) -> None:
            c.used.append(defender)
            if c.defenders[defender] != s:
                c.moved.append(defender)
            c.defenders[defender] = s
            if s == c.sniper:
                hit(c, rules)

        out.append(apply)
    return out


def ranked(core: Core, geo: Geometry, candidates: list[str], targets: list[int]) -> list[list[str]]:
    """Candidates grouped by path distance to the targets, nearest group first (SE-8.3)."""
    by: dict[int, list[str]] = {}
    for d in candidates:
        space = core.defenders[d]
        assert space is not None
        by.setdefault(distance(geo, space, targets), []).append(d)
    return [by[k] for k in sorted(by)]


def per_po_alternatives(
    core: Core, geo: Geometry, rules: frozenset[str], step: StepData, number: int
) -> list[Alternative]:
    """SE-8.10, SE-8.11, D-27: for one probable objective, the nearest defender not yet selected
    in this step moves (or is summoned) toward the step's target for it; a summon skips
    exempt defenders for the next nearest (SE-5.7). Empty: nothing happens."""
    space = geo.objective_at[number]
    if step.unguarded and space in core.occupied():
        return []
    assert step.to is not None
    out: list[Alternative] = []
    targets_all = targets_of(core, geo, step.to, space, number)
    for targets in ([t] for t in targets_all):  # tied access targets: each an alternative
        free = [d for d, _ in core.on_board() if d not in core.used]
        if step.op == "summon":
            free = [d for d in free if not exempt(core, geo, d, targets[0])]
        groups = ranked(core, geo, free, targets)
        if not groups:
            continue
        for defender in groups[0]:
            if step.op == "summon":
                out += summon_alternatives(core, geo, rules, defender, targets[0])
            else:
                assert step.n is not None
                out += move_alternatives(core, geo, rules, defender, targets, step.n, True)
    return out


def first_summon_alternatives(
    core: Core, geo: Geometry, rules: frozenset[str], number: int
) -> list[Alternative]:
    """SE-6.7(3), D-28: an unguarded probable objective receives the on-board defender farthest
    from the sniper not yet summoned in this step (no exemption)."""
    space = geo.objective_at[number]
    if space in core.occupied():
        return []
    free = [d for d, _ in core.on_board() if d not in core.used]
    groups = ranked(core, geo, free, [core.sniper])
    if not groups:
        return []
    out: list[Alternative] = []
    for defender in groups[-1]:
        out += summon_alternatives(core, geo, rules, defender, space)
    return out


def regroup_marks(core: Core, geo: Geometry, marks: str) -> list[tuple[int, str | None]]:
    """SE-8.12: the card's marks for the LKA, in ascending path distance from the sniper (ties:
    listed order). A white mark carries the colour of the defenders it takes."""
    listed = geo.regroup[marks][core.lka]
    order = sorted(range(len(listed)), key=lambda i: (geo.dist[listed[i][0]][core.sniper], i))
    return [listed[i] for i in order]


def mark_alternatives(
    core: Core, geo: Geometry, rules: frozenset[str], mark: int, colour: str | None
) -> list[Alternative]:
    """SE-8.12, D-25: an unguarded mark receives the nearest eligible defender: another colour
    than the LKA (a white mark: its own colour), not yet summoned, not exempt."""
    if mark in core.occupied():
        return []
    free = []
    for d, _ in core.on_board():
        squad = squad_of(d)
        if d in core.used or exempt(core, geo, d, mark):
            continue
        if (colour is None and squad != core.lka) or (colour is not None and squad == colour):
            free.append(d)
    groups = ranked(core, geo, free, [mark])
    if not groups:
        return []
    out: list[Alternative] = []
    for defender in groups[0]:
        out += summon_alternatives(core, geo, rules, defender, mark)
    return out


def return_alternatives(
    core: Core, geo: Geometry
) -> tuple[dict[str, list[Alternative]], dict[str, list[int]]]:
    """SE-7.8, D-24: per off-board defender, its ways to return to its colour's iron cross; if a
    figure stands there, beside it on a free standable space the player chooses (listed in
    `choices`), else on the nearest free spaces (dispute)."""
    figures = core.occupied() | {core.sniper}
    out: dict[str, list[Alternative]] = {}
    choices: dict[str, list[int]] = {}
    for defender, where in core.defenders.items():
        if where is not None:
            continue
        cross = geo.crosses[squad_of(defender)]
        if cross not in figures:
            spaces = [cross]
        else:
            beside = [s for s in geo.neighbours(cross) if geo.standable(s) and s not in figures]
            if beside:
                choices[defender] = beside
                spaces = beside
            else:
                free = [s for s in range(geo.size) if geo.standable(s) and s not in figures]
                best = min(geo.dist[cross][s] for s in free)
                spaces = [s for s in free if geo.dist[cross][s] == best]
        out[defender] = [place(defender, space) for space in spaces]
    return out, choices


def place(defender: str, space: int) -> Alternative:
    def apply(c: Core) -> None:
        c.defenders[defender] = space

    return apply
