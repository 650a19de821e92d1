"""Moving units in the battle: normal moves, runs and retreats (AOS-6), charges (AOS-8) and
pile-in (AOS-9.3 step 1), checked model by model with the geometry (GEO-9 to GEO-11, D-4, D-7 to
D-14), and the unit-level helpers that build such moves from one target point.

A :class:`~.actions.PathAction` names models by number (``m3`` is the unit's third model in
listing order); the geometry works on the unit's models on the table, so paths are mapped onto
those before :func:`~bitva.games.age_of_sigmar.geometry.paths.check_unit_move` checks them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from bitva.core.errors import Violation
from bitva.games.age_of_sigmar.battle.actions import PathAction, Paths
from bitva.games.age_of_sigmar.battle.characteristics import move_of, scroll_of
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import (
    BEFUDDLED,
    ModelState,
    Runtime,
    UnitState,
    other,
)
from bitva.games.age_of_sigmar.geometry.charge import unit_reach
from bitva.games.age_of_sigmar.geometry.charge_plan import plan_lead_and_follow
from bitva.games.age_of_sigmar.geometry.coherency import group_count
from bitva.games.age_of_sigmar.geometry.formation import centroid_of, plan_advance
from bitva.games.age_of_sigmar.geometry.measure import (
    EPS,
    Circle,
    Point,
    gap,
    quantize_point,
    unit_to_unit,
    within,
)
from bitva.games.age_of_sigmar.geometry.paths import (
    CHARGE_RANGE,
    ENEMY_DISTANCE,
    MoveKind,
    check_unit_move,
    swept_over,
)
from bitva.games.age_of_sigmar.geometry.paths import Violation as PathViolation
from bitva.games.age_of_sigmar.geometry.pile_in import check_pile_in, plan_pile_in


def friends_of(rt: Runtime, unit: UnitState) -> tuple[Circle, ...]:
    """The other friendly units' models on the table (GEO-9c, D-7)."""
    return tuple(c for u in rt.army(unit.side) if u.id != unit.id for c in u.circles())


def enemies_of(rt: Runtime, unit: UnitState) -> tuple[Circle, ...]:
    return rt.circles(other(unit.side))


def enemy_units(rt: Runtime, unit: UnitState) -> tuple[UnitState, ...]:
    return tuple(u for u in rt.army(other(unit.side)) if u.alive)


def within_3_of_enemy(rt: Runtime, unit: UnitState) -> bool:
    """AOS-6.4, AOS-9.1: a model of the unit within 3" of an enemy model."""
    return within(unit_to_unit(unit.circles(), enemies_of(rt, unit)), ENEMY_DISTANCE)


def main_rule(rules: str) -> str:
    """One rule of the geometry's list (``"GEO-9f, AOS-6.3"``): the game sequence's if named,
    else the first."""
    parts = [p.strip() for p in rules.split(",")]
    return next((p for p in parts if p.startswith("AOS-")), parts[0])


def _to_alive(unit: UnitState, paths: Paths) -> tuple[tuple[int, Sequence[Point]], ...] | Violation:
    """Model numbers (from 1, listing order) to indices among the models on the table."""
    alive = [i for i, m in enumerate(unit.models) if m.on_table]
    out = []
    for number, points in paths:
        index = number - 1
        if not 0 <= index < len(unit.models) or index not in alive:
            return Violation(f"{unit.id} has no model m{number} on the table", "GEO-10")
        out.append((alive.index(index), points))
    return tuple(out)


def check_move(
    battle: Battle,
    rt: Runtime,
    unit: UnitState,
    action: PathAction,
    kind: MoveKind,
    allowance: float,
) -> Violation | None:
    """GEO-9, GEO-10 for a move, run, retreat or charge of ``unit`` (AOS-6, AOS-8.3)."""
    moves = _to_alive(unit, action.paths)
    if isinstance(moves, Violation):
        return moves
    found = check_unit_move(
        unit.circles(),
        moves,
        allowance=allowance,
        board=battle.board,
        friends=friends_of(rt, unit),
        enemies=enemies_of(rt, unit),
        kind=kind,
        fly=scroll_of(battle, unit).fly,
    )
    if found is None:
        return None
    who = ""
    if found.model is not None:
        who = f"model {unit.alive[found.model].id}: "
    model = unit.alive[found.model] if found.model is not None else None
    return coded(rt, unit, model, found, who + found.sentence)


def model_at(rt: Runtime, point: Sequence[float]) -> str | None:
    """The id of the model on the table whose centre is ``point`` (a geometry violation names
    the model it is about by its centre)."""
    for each in rt.units:
        for m in each.models:
            if m.on_table and m.pos is not None and math.dist(m.pos, point) <= 1e-6:
                return m.id
    return None


def coded(
    rt: Runtime,
    unit: UnitState,
    model: ModelState | None,
    found: PathViolation,
    sentence: str,
) -> Violation:
    """The geometry's violation as the engine's: the English sentence (logs, the terminal) and
    the code with its parameters (GEO-9, GEO-10, GEO-11): the unit and its model at fault, and
    the model a centre ``at`` names (``other``, e.g. ``B1.3``), for a front end's own words."""
    params: dict[str, Any] = {"unit": unit.id, **found.params}
    if model is not None:
        params["model"] = model.id
    if "at" in found.params:
        named = model_at(rt, found.params["at"])
        if named is not None:
            params["other"] = named
    return Violation(sentence, main_rule(found.rule), found.code, params)


def check_pile_in_action(
    battle: Battle, rt: Runtime, unit: UnitState, action: PathAction
) -> Violation | None:
    """GEO-11, AOS-9.3, D-14: one straight segment of at most 3" a model, strictly closer to the
    enemy model closest to it when it starts; models in the order written (GEO-10); the unit in
    no more groups than before (D-4)."""
    moves = _to_alive(unit, action.paths)
    if isinstance(moves, Violation):
        return moves
    positions = list(unit.circles())
    enemies = enemies_of(rt, unit)
    fly = scroll_of(battle, unit).fly
    seen: set[int] = set()
    for index, points in moves:
        model = unit.alive[index]
        if index in seen:
            return Violation(f"model {model.id} piles in twice", "GEO-10")
        seen.add(index)
        here = positions[index]
        if math.hypot(points[0][0] - here.x, points[0][1] - here.y) > 1e-3 + EPS:
            return Violation(f"model {model.id}'s path must start where it stands", "GEO-9")
        if len(points) > 2:
            return Violation(f"model {model.id} piles in along one straight segment", "GEO-11")
        own = [c for j, c in enumerate(positions) if j != index]
        found = check_pile_in(
            here,
            points[-1],
            board=battle.board,
            friends=(*own, *friends_of(rt, unit)),
            enemies=enemies,
            fly=fly,
        )
        if found is not None:
            return coded(rt, unit, model, found, f"model {model.id}: {found.sentence}")
        positions[index] = here.at(points[-1])
    if group_count(positions) > max(1, group_count(unit.circles())):
        return Violation("the unit would end out of coherency", "GEO-10")
    return None


def moved_unit(unit: UnitState, paths: Paths) -> UnitState:
    """The unit with each listed model at the end of its path."""
    ends = {number - 1: points[-1] for number, points in paths}
    models = tuple(_at(m, ends[i]) if i in ends else m for i, m in enumerate(unit.models))
    return UnitState(
        unit.id,
        unit.side,
        unit.warscroll,
        models,
        unit.moved,
        unit.ran,
        unit.retreated,
        unit.charged,
        unit.shot,
        unit.fought,
        unit.tested,
        unit.slain_this_turn,
        unit.run_roll,
        unit.charge_roll,
        unit.effects,
    )


def _at(model: ModelState, point: Point) -> ModelState:
    return ModelState(
        model.id,
        model.loadout,
        model.r,
        quantize_point(point),
        model.wounds_taken,
        model.tags,
        model.champion,
        model.is_general,
        model.status,
    )


def deadly_rolls(battle: Battle, unit: UnitState, paths: Paths) -> tuple[str, ...]:
    """AOS-2.5 (Deadly), D-36: after a run or charge move, one D6 per model and Deadly feature
    whose swept circle met the feature's interior or ended on it, models and features in id
    order, written ``model@feature``."""
    deadly = sorted((f for f in battle.features if f.mysterious == "deadly"), key=lambda f: f.id)
    rolls = []
    for number, points in sorted(paths):
        model = unit.models[number - 1]
        for feature in deadly:
            if len(points) > 1 and swept_over(points, model.r, feature):
                rolls.append(f"{model.id}@{feature.id}")
    return tuple(rolls)


# -- eligibility ---------------------------------------------------------------------------------
def can_charge(rt: Runtime, unit: UnitState) -> bool:
    """AOS-8.1, AOS-8.4: an enemy unit within 12", none within 3", no run or retreat this turn,
    no charge rolled for it yet this turn."""
    if not unit.alive or unit.ran or unit.retreated or unit.charge_roll is not None:
        return False
    if unit.has_effect(BEFUDDLED):
        return False
    distances = [unit_to_unit(unit.circles(), e.circles()) for e in enemy_units(rt, unit)]
    return any(within(d, CHARGE_RANGE) for d in distances) and not any(
        within(d, ENEMY_DISTANCE) for d in distances
    )


def can_fight(rt: Runtime, unit: UnitState) -> bool:
    """AOS-9.1, D-15: charged this turn or within 3" of an enemy unit, not fought this phase,
    not befuddled (AOS-2.5)."""
    if not unit.alive or unit.fought or unit.has_effect(BEFUDDLED):
        return False
    return unit.charged or within_3_of_enemy(rt, unit)


# -- whole-unit helpers (candidates, front ends) -------------------------------------------------
def _paths_of(unit: UnitState, moves: Sequence[tuple[int, Sequence[Point]]]) -> Paths:
    alive = [i for i, m in enumerate(unit.models) if m.on_table]
    return tuple((alive[i] + 1, tuple(quantize_point(p) for p in points)) for i, points in moves)


def nearest_enemy_point(rt: Runtime, unit: UnitState) -> Point | None:
    """The centre of the enemy model closest to the unit (GEO-3)."""
    best: tuple[float, Point] | None = None
    mine = unit.circles()
    for e in enemies_of(rt, unit):
        d = min(gap(m, e) for m in mine)
        if best is None or d < best[0] - EPS:
            best = (d, e.centre)
    return None if best is None else best[1]


def advance(
    battle: Battle,
    rt: Runtime,
    unit: UnitState,
    towards: Point,
    kind: MoveKind = "normal",
    allowance: float | None = None,
    bend: bool = False,
) -> Paths:
    """ "Advance the unit towards (x, y) keeping formation" (geometry.formation.plan_advance;
    ``bend`` for a player's command: round the bases in the way): per-model paths, empty when
    the unit cannot move that way."""
    moves = plan_advance(
        unit.circles(),
        towards,
        allowance=move_of(battle, unit, rt) if allowance is None else allowance,
        board=battle.board,
        friends=friends_of(rt, unit),
        enemies=enemies_of(rt, unit),
        kind=kind,
        fly=scroll_of(battle, unit).fly,
        bend=bend,
    )
    return _paths_of(unit, moves)


CHARGE_DICE_MAX = 12.0  # AOS-8.2: 2D6
DETOUR_BELOW = 0.5  # a straight advance shorter than this share of the move looks for a way round
DETOUR_TURNS = (35.0, -35.0, 70.0, -70.0)  # degrees off the straight line tried, in this order


def _end_centre(unit: UnitState, paths: Paths) -> Point:
    return centroid_of(moved_unit(unit, paths).circles())


def advance_around(
    battle: Battle,
    rt: Runtime,
    unit: UnitState,
    towards: Point,
    kind: MoveKind = "normal",
    allowance: float | None = None,
    straight: Paths | None = None,
) -> Paths:
    """ "Advance the unit towards (x, y), going round what stands in the way": when the straight
    advance (`straight`, planned here when not given) covers less than half the move, because
    scenery or other units block the line (GEO-9), the unit advances at an angle instead, taking
    the way that ends nearest the point; empty when no angle ends nearer than the straight
    advance."""
    mine = unit.circles()
    if not mine:
        return ()
    allowance = move_of(battle, unit, rt) if allowance is None else allowance
    if straight is None:
        straight = advance(battle, rt, unit, towards, kind, allowance)
    start = centroid_of(mine)
    end = _end_centre(unit, straight) if straight else start
    covered = math.hypot(end[0] - start[0], end[1] - start[1])
    left = math.hypot(towards[0] - start[0], towards[1] - start[1])
    if covered >= DETOUR_BELOW * min(allowance, left):  # also when already there
        return ()
    heading = math.atan2(towards[1] - start[1], towards[0] - start[0])
    best: Paths = ()
    nearest = math.hypot(towards[0] - end[0], towards[1] - end[1])
    for turn in DETOUR_TURNS:
        angle = heading + math.radians(turn)
        aim = (start[0] + allowance * math.cos(angle), start[1] + allowance * math.sin(angle))
        paths = advance(battle, rt, unit, aim, kind, allowance)
        if not paths:
            continue
        there = _end_centre(unit, paths)
        d = math.hypot(towards[0] - there[0], towards[1] - there[1])
        if d < nearest - EPS:
            best, nearest = paths, d
    return best


def away_point(rt: Runtime, unit: UnitState, distance: float) -> Point | None:
    """A point ``distance`` inches from the unit's centre, straight away from the nearest enemy
    model (where a retreat heads)."""
    enemy = nearest_enemy_point(rt, unit)
    mine = unit.circles()
    if enemy is None or not mine:
        return None
    cx = sum(c.x for c in mine) / len(mine)
    cy = sum(c.y for c in mine) / len(mine)
    dx, dy = cx - enemy[0], cy - enemy[1]
    norm = math.hypot(dx, dy) or 1.0
    return (cx + dx / norm * distance, cy + dy / norm * distance)


def plan_charge(battle: Battle, rt: Runtime, unit: UnitState, roll: int) -> Paths:
    """A charge towards the nearest enemy model (AOS-8.3, D-13): the unit moves in formation
    along the line between the closest pair of models, far enough that the closest model ends
    within 1/2" (aiming for a quarter inch); tried a little shorter if that is illegal. When no
    such straight move is legal (scenery or models across the line), the first model takes its
    cheapest way round and the rest follow it (`geometry.charge_plan`). Empty when no legal
    charge move is found."""
    straight = _straight_charge(battle, rt, unit, roll)
    if straight:
        return straight
    moves = plan_lead_and_follow(
        unit.circles(),
        roll=float(roll),
        board=battle.board,
        friends=friends_of(rt, unit),
        enemies=enemies_of(rt, unit),
        fly=scroll_of(battle, unit).fly,
    )
    return _paths_of(unit, moves) if moves else ()


def charge_reach(battle: Battle, rt: Runtime, unit: UnitState) -> float | None:
    """The least charge roll with which the unit's first model ends within 1/2" of an enemy
    model, round what stands in the way (`geometry.charge.unit_reach`, AOS-8.3, D-13): what a
    player is told after the 2D6; None when no enemy model is within 12" (or the roll, when
    modifiers made it more) of such a way."""
    others = tuple(c for u in rt.units if u.id != unit.id for c in u.circles())
    found = unit_reach(
        unit.circles(),
        enemies_of(rt, unit),
        board=battle.board,
        others=others,
        fly=scroll_of(battle, unit).fly,
        limit=max(CHARGE_DICE_MAX, float(unit.charge_roll or 0)),
    )
    return None if found is None else found[1].cost


def _straight_charge(battle: Battle, rt: Runtime, unit: UnitState, roll: int) -> Paths:
    """The charge in formation along the line between the closest pair of models."""
    mine = unit.circles()
    enemies = enemies_of(rt, unit)
    best: tuple[float, int, Circle] | None = None
    for i, m in enumerate(mine):
        for e in enemies:
            d = gap(m, e)
            if best is None or d < best[0] - EPS:
                best = (d, i, e)
    if best is None:
        return ()
    d, index, target = best
    m = mine[index]
    centre_gap = math.hypot(target.x - m.x, target.y - m.y)
    if centre_gap == 0.0:
        return ()
    ux, uy = (target.x - m.x) / centre_gap, (target.y - m.y) / centre_gap
    fly = scroll_of(battle, unit).fly
    for aim in (0.25, 0.1, 0.4, 0.02):
        length = d - aim
        if length <= 0 or length > roll:
            continue
        moves = _translate(mine, ux * length, uy * length, first=index)
        found = check_unit_move(
            mine,
            moves,
            allowance=float(roll),
            board=battle.board,
            friends=friends_of(rt, unit),
            enemies=enemies,
            kind="charge",
            fly=fly,
        )
        if found is None:
            return _paths_of(unit, moves)
    return ()


def _translate(
    models: Sequence[Circle], dx: float, dy: float, first: int
) -> tuple[tuple[int, tuple[Point, Point]], ...]:
    """Every model moved by (dx, dy), the model ``first`` first, then front models first."""
    order = sorted(
        range(len(models)), key=lambda i: (i != first, -(models[i].x * dx + models[i].y * dy))
    )
    return tuple(
        (i, (models[i].centre, quantize_point((models[i].x + dx, models[i].y + dy)))) for i in order
    )


def plan_pile(battle: Battle, rt: Runtime, unit: UnitState) -> Paths:
    """GEO-11's default planner (geometry.pile_in.plan_pile_in) as per-model segments."""
    start = unit.circles()
    end = plan_pile_in(
        start,
        board=battle.board,
        friends=friends_of(rt, unit),
        enemies=enemies_of(rt, unit),
        fly=scroll_of(battle, unit).fly,
    )
    moves = [
        (i, (a.centre, b.centre))
        for i, (a, b) in enumerate(zip(start, end, strict=True))
        if a.centre != b.centre
    ]
    return _paths_of(unit, moves)
