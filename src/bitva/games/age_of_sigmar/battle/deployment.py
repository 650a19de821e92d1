"""Setting the armies up in play (AOS-3.1 to AOS-3.3, GEO-5, GEO-12, D-28): the territories a
battle's set-up decided, the ``deploy`` check with the rule a placement breaks, placing a unit,
the unit-level helper "set up A1 in formation centred at (x, y)" and the candidate set-ups.

A unit is set up whole, one point a model (``deploy A1 m1 x,y; m2 x,y``): every circle wholly
on the table (D-9) and in its own territory more than 12" from the enemy one (GEO-12, AOS-3.2),
on no other model (D-7), out of impassable scenery (GEO-9d), not astride a climbable feature (D-8),
and the unit coherent (GEO-5, AOS-1.3). The players alternate from the territory roll-off's
winner; a player who declares ``done`` or has nothing left to place is done (AOS-3.3, D-28), and
the other may go on. Units never set up stay in reserve (not in ``army_size``).
"""

from __future__ import annotations

import math
from dataclasses import replace

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, SetUp, UnitState, other
from bitva.games.age_of_sigmar.battle.scenery import with_scenery
from bitva.games.age_of_sigmar.battle.schema import Side
from bitva.games.age_of_sigmar.battle.set_up_actions import Deploy
from bitva.games.age_of_sigmar.geometry.coherency import is_coherent
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Point, more_than, quantize_point
from bitva.games.age_of_sigmar.geometry.polygon import Polygon
from bitva.games.age_of_sigmar.geometry.scenery import astride, overlaps
from bitva.games.age_of_sigmar.geometry.territory import (
    SET_UP_DISTANCE,
    Half,
    distance_to_territory,
    in_territory,
    territory,
)

FORMATION_GAP = 0.5
"""The gap between neighbouring bases of the formation helper: within 1", so coherent (GEO-5)."""
CANDIDATE_LANES = (0.0, -0.3, 0.3)
"""Where along the front the candidate set-ups stand: the middle, then either side (a share of
the table's extent across the line to the enemy)."""


def half_of_a(battle: Battle, rt: Runtime) -> Half | None:
    """The half A owns: the file's, else the one chosen in play (AOS-3.1), None while open."""
    chosen = None if rt.set_up is None else rt.set_up.territory_a
    if battle.data.table.territory_a is not None:
        return battle.data.table.territory_a
    if chosen is not None:
        return "low" if chosen == "low" else "high"
    return None if battle.players_set_up else "low"


def territory_of(battle: Battle, rt: Runtime, side: Side) -> Polygon:
    """GEO-12: the half ``side`` owns as the set-up decided it."""
    half_a = half_of_a(battle, rt) or "low"
    half: Half = half_a if side == "A" else ("high" if half_a == "low" else "low")
    return territory(battle.table, battle.data.table.split, half)


def set_up_battle(battle: Battle, rt: Runtime) -> Battle:
    """The battle file with what the set-up decided written in: the features the scenery roll
    placed (AOS-2.3, D-35: :func:`.scenery.with_scenery`, after the file's), the half A took
    (AOS-3.1) and the features' rolled or chosen rules (AOS-2.5). The same battle when nothing
    is new."""
    su = rt.set_up
    if su is None:
        return battle
    battle = with_scenery(battle, rt)
    data = battle.data
    table = data.table
    if table.territory_a is None and su.territory_a is not None:
        table = table.model_copy(update={"territory_a": su.territory_a})
    rules = dict(su.landscapes)
    fresh = [f.id for f in battle.features if f.mysterious is None and f.id in rules]
    if table is data.table and not fresh:
        return battle
    features = tuple(
        replace(f, mysterious=rules[f.id]) if f.id in fresh else f  # type: ignore[arg-type]
        for f in battle.features
    )
    entries = tuple(
        e.model_copy(update={"mysterious": rules[e.id]}) if e.id in fresh else e
        for e in data.feature
    )
    data = data.model_copy(update={"table": table, "feature": entries})
    return replace(battle, data=data, features=features)


def unplaced(rt: Runtime, side: Side) -> tuple[UnitState, ...]:
    """The side's units not set up yet (every model in reserve, AOS-3.3)."""
    return tuple(u for u in rt.army(side) if all(m.status == "reserve" for m in u.models))


def check_deploy(battle: Battle, rt: Runtime, action: Deploy) -> Violation | None:
    """AOS-3.2, GEO-12, GEO-5, D-7, D-8, D-9: why this set-up is illegal, or None."""
    side = rt.chooser  # the player setting up (pre_battle.actor)
    if not rt.has_unit(action.unit):
        return Violation(
            f"there is no unit {action.unit}", "AOS-1.2", "no_unit", {"unit": action.unit}
        )
    unit = rt.unit_by_id(action.unit)
    if unit.side != side:
        return Violation(
            f"{unit.id} is not a unit of player {side}", "AOS-1.9", "not_yours", {"unit": unit.id}
        )
    if unit not in unplaced(rt, side):
        return Violation(
            f"{unit.id} is already set up", "AOS-3.2", "already_set_up", {"unit": unit.id}
        )
    numbers = [n for n, _ in action.points]
    if sorted(numbers) != list(range(1, len(unit.models) + 1)):
        return Violation(
            f"{unit.id} is set up whole: one point for each of m1 to m{len(unit.models)}",
            "AOS-3.2",
            "set_up_whole",
            {"unit": unit.id},
        )
    own, enemy = territory_of(battle, rt, side), territory_of(battle, rt, other(side))
    placed = [(m.id, m.circle) for u in rt.units for m in u.alive]
    circles = []
    for number, (x, y) in action.points:
        model = unit.models[number - 1]
        circle = Circle(x, y, model.r)
        at: dict[str, object] = {"model": model.id}
        if not battle.table.holds(circle):
            return Violation(
                f"model {model.id} is not wholly on the table", "D-9", "set_up_off_table", at
            )
        if not in_territory(circle, own):
            return Violation(
                f"model {model.id} is not wholly in its own territory",
                "GEO-12",
                "outside_territory",
                at,
            )
        gap = distance_to_territory(circle, enemy)
        if not more_than(gap, SET_UP_DISTANCE):
            return Violation(
                f'model {model.id} is {gap:.3f}" from enemy territory, not more than 12"',
                "AOS-3.2",
                "near_enemy_territory",
                {**at, "gap": round(gap, 3)},
            )
        for other_id, c in placed:
            if math.hypot(c.x - x, c.y - y) < c.r + circle.r - EPS:
                return Violation(
                    f"model {model.id} would stand on {other_id}",
                    "D-7",
                    "onto_model",
                    {**at, "other": other_id},
                )
        for f in battle.features:
            if f.movement == "impassable" and overlaps(circle, f):
                return Violation(
                    f"model {model.id} would stand in impassable {f.name}",
                    "GEO-9",
                    "in_impassable",
                    {**at, "feature": f.name},
                )
            if f.movement == "climb" and astride(circle, f):
                return Violation(
                    f"model {model.id} would stand astride {f.name}: wholly on it or off it",
                    "D-8",
                    "astride",
                    {**at, "feature": f.name},
                )
        placed.append((model.id, circle))
        circles.append(circle)
    if not is_coherent(circles):
        return Violation(
            f'{unit.id} is not one group with 1" between its models',
            "GEO-5",
            "set_up_incoherent",
            {"unit": unit.id},
        )
    return None


def deploy(rt: Runtime, action: Deploy) -> tuple[Runtime, list[Event]]:
    """Place the unit (AOS-3.2); the other player sets up next unless done (AOS-3.3)."""
    unit = rt.unit_by_id(action.unit)
    where = dict(action.points)
    models = tuple(
        replace(m, pos=quantize_point(where[i + 1]), status="table")
        for i, m in enumerate(unit.models)
    )
    rt = rt.with_unit(replace(unit, models=models))
    event = Event("deployed", {"unit": unit.id, "side": unit.side})
    return next_setter(rt, other(unit.side)), [event]


def declare_done(rt: Runtime) -> tuple[Runtime, list[Event]]:
    """D-28: the player setting up is done; the other goes on."""
    side = rt.chooser
    su = rt.set_up or SetUp()
    rt = replace(rt, set_up=replace(su, done=(*su.done, side)))
    return next_setter(rt, other(side)), [Event("set-up-done", {"side": side})]


def next_setter(rt: Runtime, side: Side) -> Runtime:
    """``side`` sets up next unless done; a player with nothing left to place is done (D-28)."""
    su = rt.set_up or SetUp()
    done = list(su.done)
    for s in (rt.chooser, side):  # the one who just set up first: it finished first
        if s not in done and not unplaced(rt, s):
            done.append(s)
    rt = replace(rt, set_up=replace(su, done=tuple(done)))
    if side not in done:
        return replace(rt, chooser=side)
    if other(side) not in done:
        return replace(rt, chooser=other(side))
    return rt


def formation(unit: UnitState, centre: Point, towards: Point) -> Deploy:
    """The unit-level helper: ``unit`` in ranks centred at ``centre``, its front rank facing
    ``towards`` (the enemy), bases 0.5" apart so that it is coherent (GEO-5). Ranks hold up to
    five models (ten in a unit of more than ten); the champion stands in the middle of the front
    rank, the others in listing order."""
    n = len(unit.models)
    r = unit.models[0].r
    per_rank = 10 if n > 10 else 5
    ranks = math.ceil(n / per_rank)
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    length = math.hypot(dx, dy) or 1.0
    fx, fy = dx / length, dy / length  # forward
    sx, sy = fy, -fx  # along the rank
    step = 2 * r + FORMATION_GAP
    order = sorted(range(n), key=lambda i: (not unit.models[i].champion, i))
    points: dict[int, Point] = {}
    for slot, index in enumerate(order):
        rank, file = divmod(slot, per_rank)
        in_rank = min(per_rank, n - rank * per_rank)
        across = (file - (in_rank - 1) / 2) * step
        back = ((ranks - 1) / 2 - rank) * step
        x = centre[0] + sx * across + fx * back
        y = centre[1] + sy * across + fy * back
        points[index + 1] = quantize_point((x, y))
    return Deploy(unit.id, tuple(sorted(points.items())))


def _centroid(poly: Polygon) -> Point:
    return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))


def candidate_set_ups(battle: Battle, rt: Runtime, unit: UnitState) -> list[Deploy]:
    """A few legal set-ups of ``unit`` in formation: in the middle of its territory's front
    and to either side, each as far forward as it may stand (AOS-3.2: more than 12" from enemy
    territory), stepping back 1" at a time past models already set up."""
    own = territory_of(battle, rt, unit.side)
    enemy = territory_of(battle, rt, other(unit.side))
    home, away = _centroid(own), _centroid(enemy)
    dx, dy = away[0] - home[0], away[1] - home[1]
    length = math.hypot(dx, dy) or 1.0
    fx, fy = dx / length, dy / length
    extent = abs(fy) * battle.table.width + abs(fx) * battle.table.depth
    reach = abs(fx) * battle.table.width + abs(fy) * battle.table.depth
    found: list[Deploy] = []
    mx, my = battle.table.width / 2, battle.table.depth / 2
    for lane in CANDIDATE_LANES:
        for back in range(int(SET_UP_DISTANCE), int(reach / 2) + 1):
            across = lane * extent
            centre = (mx - fx * back + fy * across, my - fy * back - fx * across)
            action = formation(unit, centre, away)
            if check_deploy(battle, rt, action) is None:
                if action not in found:
                    found.append(action)
                break
    return found
