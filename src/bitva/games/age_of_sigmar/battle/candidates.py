"""Candidate actions (issue 22, point 5): a handful of sensible whole-unit actions at every
decision point, built by the unit-level helpers (advance towards the nearest enemy keeping
formation, retreat straight away from it, run, each charge with a planned charge move, each
shooting and combat target, the default pile-in, done), so that random play and search agents can
fight a battle to the end. Every candidate passes :func:`.checks.check`.
"""

from __future__ import annotations

from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle import (
    abilities,
    allocation,
    blessed,
    commands,
    pre_battle,
    windows,
    wizards,
)
from bitva.games.age_of_sigmar.battle.actions import (
    Action,
    Done,
    First,
    InspiredFight,
    PathAction,
    TargetAction,
    UnitAction,
)
from bitva.games.age_of_sigmar.battle.attacks import legal_targets
from bitva.games.age_of_sigmar.battle.casualties import INSPIRED
from bitva.games.age_of_sigmar.battle.characteristics import move_of
from bitva.games.age_of_sigmar.battle.checks import INSPIRING_RANGE
from bitva.games.age_of_sigmar.battle.landscapes import may_sacrifice
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.movement import (
    advance,
    advance_around,
    away_point,
    can_charge,
    can_fight,
    enemies_of,
    nearest_enemy_point,
    plan_charge,
    plan_pile,
    within_3_of_enemy,
)
from bitva.games.age_of_sigmar.battle.runtime import BEFUDDLED, Runtime, UnitState
from bitva.games.age_of_sigmar.battle.sequence import shooters
from bitva.games.age_of_sigmar.battle.split import split_candidates
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.geometry.paths import MoveKind

WITHDRAW_WITHIN = 24.0  # an enemy this near may charge next turn (a Move and 2D6): back off


def _unit_move(
    battle: Battle, rt: Runtime, unit: UnitState, allowance: float, run: bool
) -> list[Action]:
    """Advance towards the nearest enemy model (AOS-6.3 keeps it more than 3" away), round
    what blocks the straight line when that gets less than half way, and, with an enemy within
    `WITHDRAW_WITHIN`, withdraw straight away from it (a unit that would lose the fight keeps
    out of charge reach, AOS-8); or, when the unit starts within 3" of an enemy, retreat
    straight away from it (AOS-6.4)."""
    if within_3_of_enemy(rt, unit):
        away = away_point(rt, unit, allowance)
        paths = () if away is None else advance(battle, rt, unit, away, "retreat", allowance)
        return [PathAction("retreat", unit.id, paths)] if paths else []
    goal = nearest_enemy_point(rt, unit)
    if goal is None:
        return []
    kind: MoveKind = "run" if run else "normal"
    out: list[Action] = []
    paths = advance(battle, rt, unit, goal, kind, allowance)
    if paths:
        out.append(PathAction("move", unit.id, paths))
    around = advance_around(battle, rt, unit, goal, kind, allowance, straight=paths)
    if around:
        out.append(PathAction("move", unit.id, around))
    if unit_to_unit(unit.circles(), enemies_of(rt, unit)) <= WITHDRAW_WITHIN:
        away = away_point(rt, unit, allowance)
        back = () if away is None else advance(battle, rt, unit, away, kind, allowance)
        if back and back != paths:
            out.append(PathAction("move", unit.id, back))
    return out


def all_candidates(battle: Battle, rt: Runtime) -> list[Action]:
    """Every candidate at this decision point, in a stable order."""
    step = rt.step
    if step in ("allocate", "flee"):  # AOS-10.2, AOS-12.2
        return allocation.candidates(battle, rt)
    if step == "blessed":  # AOS-3.7: pass, or set one die of the roll
        roll, values, sizes = blessed.pending(rt)
        return [Done(), *blessed.options(roll, values, sizes)]
    mine = [u for u in rt.army(rt.active) if u.alive]
    if step in pre_battle.DECISIONS:
        return pre_battle.candidates(battle, rt)  # AOS-2.5, AOS-3.1 to 3.6
    if step == "first-turn":
        return [First("A"), First("B")]
    if step == "hero":
        general = rt.general(rt.active)
        out: list[Action] = []
        if general is not None and not rt.command_used:
            here = (general[1].circle,)
            out = [
                UnitAction("inspire", u.id)
                for u in mine
                if not u.has_effect(INSPIRED)
                and within(unit_to_unit(here, u.circles()), INSPIRING_RANGE)
            ]
        sacrifices = [UnitAction("sacrifice", u.id) for u in may_sacrifice(battle, rt)]
        uses: list[Action] = [*abilities.options(battle, rt, "hero")]
        uses += commands.options(battle, rt, "hero")
        return [*out, *wizards.castable(battle, rt), *sacrifices, *uses, Done()]
    if step == "ability":
        assert rt.picker is not None
        return [*windows.choices(battle, rt, rt.picker), Done()]
    if step == "unbind":
        return [*(UnitAction("unbind", u.id) for u in wizards.unbinders(battle, rt)), Done()]
    if step == "spell-target":
        targets = wizards.spell_targets(battle, rt)
        return [UnitAction("target", u.id) for u in targets] if targets else [Done()]
    if step == "movement":
        out = []
        for unit in mine:
            stuck = unit.has_effect(BEFUDDLED) or "cannot_move" in abilities.statuses(
                battle, rt, unit
            )
            if not unit.moved and not stuck:
                out += _unit_move(battle, rt, unit, move_of(battle, unit, rt), run=False)
                out.append(UnitAction("run", unit.id))
        return [*out, Done()]
    if step in ("run-move", "charge-move", "pile-in", "attack"):
        assert rt.unit is not None
        unit = rt.unit_by_id(rt.unit)
        if step == "run-move":
            allowance = move_of(battle, unit, rt) + (unit.run_roll or 0)
            # a run is for going somewhere: "hold" only when its move is blocked (a run that
            # stays put gave up the turn's shooting and charge for nothing, AOS-6.5)
            ran = _unit_move(battle, rt, unit, allowance, run=True)
            return ran or [UnitAction("hold", unit.id)]
        if step == "charge-move":
            paths = plan_charge(battle, rt, unit, unit.charge_roll or 0)
            moves: list[Action] = [PathAction("move", unit.id, paths)] if paths else []
            return [*moves, UnitAction("hold", unit.id)]
        if step == "pile-in":
            stuck = "cannot_move" in abilities.statuses(battle, rt, unit)
            paths = () if stuck else plan_pile(battle, rt, unit)
            stay = PathAction("pile-in", unit.id)
            return [PathAction("pile-in", unit.id, paths), stay] if paths else [stay]
        targets = legal_targets(battle, rt, unit, "melee")
        if not targets:
            return [Done()]
        split = split_candidates(battle, rt, unit, "melee", "attack")  # AOS-11.3
        return [*(TargetAction("attack", unit.id, t.id) for t in targets), *split]
    if step == "shooting":
        pairs = shooters(battle, rt)
        units = list(dict.fromkeys(u.id for u, _ in pairs))
        splits = [
            a
            for u in units
            for a in split_candidates(battle, rt, rt.unit_by_id(u), "missile", "shoot")
        ]
        return [*(TargetAction("shoot", u.id, t.id) for u, t in pairs), *splits, Done()]
    if step == "charge":
        free = [u for u in mine if "cannot_move" not in abilities.statuses(battle, rt, u)]
        return [*(UnitAction("charge", u.id) for u in free if can_charge(rt, u)), Done()]
    if step == "combat":
        assert rt.picker is not None
        able = [u for u in rt.army(rt.picker) if can_fight(rt, u)]
        triumph = [InspiredFight(u.id) for u in able] if rt.picker in rt.inspired else []
        return [*(UnitAction("fight", u.id) for u in able), *triumph]
    return []


def candidate_actions(battle: Battle, rt: Runtime, rng: Rng, n: int) -> list[Action]:
    """Up to ``n`` candidates: all of them when there are few, else ``n`` drawn with ``rng``
    (kept in their stable order)."""
    found = all_candidates(battle, rt)
    if len(found) <= n:
        return found
    chosen = list(range(len(found)))
    rng.shuffle(chosen)
    return [found[i] for i in sorted(chosen[:n])]
