"""Age of Sigmar's typed commands: what players say ("A1 to 30 20", "charge A1", "shoot A3 at
B2") turned into the engine's checked actions (issue 22, point 4 "Play").

A player thinks in units and points; the engine checks model paths (GEO-9, GEO-10). A move to a
point is planned by the engine's own helpers: `battle.movement.advance` (the unit translated in
formation towards the point, `geometry.formation.plan_advance`), `plan_charge` (towards the
nearest enemy model, AOS-8.3) and `plan_pile` (GEO-11). Every action is then checked by
`state.check`, whose refusal is said in plain words with the rule after it. The engine's raw
actions ("move A1 m1 24,9 24,12; ...") may always be typed in full.

Commands (unit ids in any case)::

    A1 to 30 20 | move A1 30,20     advance A1 towards (30, 20) (a run's move, after 'run A1')
    retreat A1 to 30 4              retreat towards the point (AOS-6.4)
    run A1                          declare a run: the D6 is rolled, then say where
    charge A1                       declare a charge; after the 2D6, 'charge' (or 'go') moves in
    shoot A3 at B2 | attack A1 at B1 | fight A1 | inspire A1 | first A
    attack A1 at B1; m3 at B2       a split: model 3 attacks B2 (AOS-11.3; 'm3 warhammer at B2')
    m3 m1 m2                        casualties: the order models take the wounds (AOS-12.2),
                                    or the models that flee (AOS-10.2)
    pile-in                         the fighting unit piles in (GEO-11); 'stay' does not
    hold [A1]                       a run or charge given up; the unit stays
    A1 at 24 9                      before the battle: set A1 up in formation (age_of_sigmar_setup)
    done                            end this phase or step
    units                           the units page
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from typing import Any

from bitva.cli.games.age_of_sigmar_choices import charge_words, fighters
from bitva.cli.games.age_of_sigmar_setup import AT_POINT, set_up_at, set_up_question
from bitva.core.errors import BitvaError, Violation
from bitva.games.age_of_sigmar.battle.actions import (
    Action,
    CasualtyAction,
    Done,
    PathAction,
    TargetAction,
    UnitAction,
    parse_action,
)
from bitva.games.age_of_sigmar.battle.characteristics import move_of
from bitva.games.age_of_sigmar.battle.movement import (
    advance,
    charge_reach,
    enemies_of,
    plan_charge,
    plan_pile,
    within_3_of_enemy,
)
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.geometry.formation import centroid_of, translation
from bitva.games.age_of_sigmar.geometry.measure import EPS, gap
from bitva.games.age_of_sigmar.geometry.paths import CHARGE_REACH, MoveKind

_NUM = r"-?\d+(?:\.\d+)?"
_TO_POINT = re.compile(
    rf"^(?:(move|retreat|run)\s+)?([a-z][a-z0-9_-]*)\s+(?:to\s+)?\(?\s*({_NUM})\s*[,\s]\s*({_NUM})\s*\)?$"
)
_TARGET = re.compile(r"^(shoot|attack)\s+(?:([a-z][a-z0-9_-]*)\s+)?(?:at\s+)?([a-z][a-z0-9_-]*)$")
PAGES = frozenset({"units", "u-list", "list"})
SHORT = 0.01  # inches: a planned move this much shorter than asked for is reported as cut


@dataclass(frozen=True)
class Reply:
    """What a typed line means now: an `action` to play (with a `note` to tell, such as how far
    a move really goes), a `refusal` (plain words, the rule last), or a `page` to show."""

    action: Action | None = None
    note: str | None = None
    refusal: str | None = None
    page: str | None = None


def _unit_id(rt: Runtime, word: str) -> str:
    """The unit id as the battle spells it ("a1" → "A1"); the word itself when unknown."""
    for unit in rt.units:
        if unit.id.lower() == word.lower():
            return unit.id
    return word.upper()


def _checked(state: Any, action: Action, note: str | None = None) -> Reply:
    violation = state.check(action)
    if violation is not None:
        return Reply(refusal=said(violation))
    return Reply(action=action, note=note)


def _paths_from_moves(unit: UnitState, moves: Any) -> tuple[tuple[int, tuple[Any, ...]], ...]:
    """Planner moves (indices among the models on the table) to the action's model numbers."""
    alive = [i for i, m in enumerate(unit.models) if m.on_table]
    return tuple((alive[i] + 1, tuple(points)) for i, points in moves)


def _why_not_whole(
    state: Any, unit: UnitState, verb: str, towards: tuple[float, float], length: float
) -> str:
    """Why the whole move of `length` inches straight towards the point is refused (the
    engine's own words), for a move cut short or refused."""
    circles = unit.circles()
    cx, cy = centroid_of(circles)
    distance = math.hypot(towards[0] - cx, towards[1] - cy)
    if distance == 0.0 or length <= 0.0:
        return "it is already there"
    ux, uy = (towards[0] - cx) / distance, (towards[1] - cy) / distance
    moves = translation(circles, ux * length, uy * length)
    action = PathAction(verb, unit.id, _paths_from_moves(unit, moves))  # type: ignore[arg-type]
    violation = state.check(action)
    return "it is blocked" if violation is None else said(violation)


def move_to(state: Any, unit_id: str, verb: str, towards: tuple[float, float]) -> Reply:
    """ "Advance the unit towards the point keeping formation" as a checked path action: a move
    or retreat in the movement phase, the run's move after the run roll, or the charge move
    after the charge roll (its roll the allowance). A point beyond the allowance, or past what
    blocks the way, is gone towards as far as the unit may, and the note says so."""
    rt: Runtime = state.rt
    battle = state.battle
    step = rt.step
    if not rt.has_unit(unit_id):
        return Reply(refusal=f"there is no unit {unit_id} (AOS-1.2)")
    unit = rt.unit_by_id(unit_id)
    if not unit.alive:
        return Reply(refusal=f"{unit_id} has no model on the table (AOS-12.3)")
    kind: MoveKind
    if step == "movement":
        if verb == "run":
            return _checked(
                state,
                UnitAction("run", unit_id),
                f"{unit_id} runs: the D6 is rolled first, then say where it goes",
            )
        allowance = move_of(battle, unit, rt)
        kind = "retreat" if verb == "retreat" else "normal"
        if kind == "normal" and within_3_of_enemy(rt, unit):
            return Reply(
                refusal=f'{unit_id} starts within 3" of an enemy: it may only retreat '
                f"(retreat {unit_id} to X Y) or stay (AOS-6.4)"
            )
    elif step == "run-move" and rt.unit == unit_id:
        allowance = move_of(battle, unit, rt) + (unit.run_roll or 0)
        kind = "retreat" if verb == "retreat" else "run"
    elif step == "charge-move" and rt.unit == unit_id and verb != "retreat":
        allowance = float(unit.charge_roll or 0)
        kind = "charge"
    else:
        return _checked(state, PathAction("move" if verb != "retreat" else "retreat", unit_id))
    verb_of_action = "retreat" if kind == "retreat" else "move"
    paths = advance(battle, rt, unit, towards, kind, allowance, bend=True)
    cx, cy = centroid_of(unit.circles())
    asked = math.hypot(towards[0] - cx, towards[1] - cy)
    where = f"({towards[0]:g}, {towards[1]:g})"
    if not paths:
        why = _why_not_whole(state, unit, verb_of_action, towards, min(asked, allowance))
        return Reply(refusal=f"{unit_id} cannot move towards {where}: {why}")
    action = PathAction(verb_of_action, unit_id, paths)  # type: ignore[arg-type]
    gone = _distance(unit, paths)
    note = None
    if asked > allowance + SHORT and gone >= allowance - 10 * SHORT:
        note = f'{where} is {asked:.1f}" away; {unit_id} may move {allowance:g}": it goes that far'
    elif gone < min(asked, allowance) - SHORT:
        why = _why_not_whole(state, unit, verb_of_action, towards, min(asked, allowance))
        note = f'{unit_id} goes {gone:.1f}" towards {where}, no further: {why}'
    return _checked(state, action, note)


def _distance(unit: UnitState, paths: Any) -> float:
    """How far the unit's models went (the longest path: they all go alike in formation)."""
    longest = 0.0
    for _, points in paths:
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        longest = max(longest, length)
    return longest


def charge_move(state: Any) -> Reply:
    """The charge move after the 2D6 (AOS-8.3): towards the nearest enemy model, planned by
    the engine (`plan_charge`); no such move: the charge can only be given up."""
    rt: Runtime = state.rt
    assert rt.unit is not None
    unit = rt.unit_by_id(rt.unit)
    roll = unit.charge_roll or 0
    paths = plan_charge(state.battle, rt, unit, roll)
    if not paths:
        return Reply(
            refusal=f'no charge move of {roll}" brings {unit.id} within 1/2" of an enemy model: '
            f"'hold {unit.id}' gives the charge up (AOS-8.3)"
        )
    return _checked(state, PathAction("move", unit.id, paths))


def pile_in(state: Any) -> Reply:
    """The fighting unit's pile-in by the engine's planner (GEO-11); none closer: it stays."""
    rt: Runtime = state.rt
    assert rt.unit is not None
    unit = rt.unit_by_id(rt.unit)
    paths = plan_pile(state.battle, rt, unit)
    if not paths:
        return _checked(
            state, PathAction("pile-in", unit.id), f"no model of {unit.id} can get closer"
        )
    return _checked(state, PathAction("pile-in", unit.id, paths))


_CENTRE = re.compile(r"\b(the model|the enemy|a model) at -?\d+\.\d+,-?\d+\.\d+")


def said(violation: Violation) -> str:
    """A refusal in words: the engine's sentence and rule, the model it is about named by its
    id (``B1.2``) where the engine's parameters give it, not by its centre (GEO-9)."""
    text = str(violation)
    other = violation.params.get("other")
    if not other:
        return text
    return _CENTRE.sub(lambda m: f"{m.group(1).replace('a model', 'the model')} {other}", text)


def read_command(state: Any, text: str) -> Reply:
    """The reply to a typed line at this decision (see the module's list of commands)."""
    rt: Runtime = state.rt
    line = " ".join(text.strip().split())
    low = line.lower()
    words = low.split()
    if not words:
        return Reply(refusal="type a command ('?' lists them)")
    if low in PAGES:
        return Reply(page="units")
    if low in ("done", "end", "next"):
        return _checked(state, Done())
    step = rt.step
    current = rt.unit
    at_point = AT_POINT.match(low)
    if step == "deploy" and at_point is not None:  # AOS-3.2
        unit_word, x, y = at_point.groups()
        placed = set_up_at(state, _unit_id(rt, unit_word), (float(x), float(y)))
        return Reply(refusal=placed) if isinstance(placed, str) else Reply(action=placed)
    if step == "charge-move" and current is not None and low in _charge_words(current):
        return charge_move(state)
    if step == "pile-in" and current is not None:
        if low in ("pile-in", "pile in", "pile", f"pile-in {current.lower()}"):
            return pile_in(state)
        if low in ("stay", "hold", f"hold {current.lower()}"):
            return _checked(state, PathAction("pile-in", current), f"{current} does not pile in")
    if low in ("hold", "stay") and current is not None:
        return _checked(state, UnitAction("hold", current))
    if step == "attack" and current is not None and len(words) == 1 and words[0] != "done":
        return _checked(state, TargetAction("attack", current, _unit_id(rt, words[0])))
    models = all(re.fullmatch(r"m[1-9]\d*", w) for w in words)
    if step in ("allocate", "flee") and rt.allocation is not None and models:  # AOS-10.2, 12.2
        numbers = tuple(int(w[1:]) for w in words)
        casualty = CasualtyAction("allocate", rt.allocation["unit"], numbers)
        if step == "flee":
            casualty = CasualtyAction("flee", casualty.unit, numbers)
        return _checked(state, casualty)
    target = _TARGET.match(low)
    if target is not None:
        verb, unit_word, enemy = target.groups()
        unit = _unit_id(rt, unit_word) if unit_word else current
        if unit is None:
            return Reply(refusal=f"say which unit: {verb} UNIT at TARGET")
        return _checked(state, TargetAction(verb, unit, _unit_id(rt, enemy)))  # type: ignore[arg-type]
    to_point = _TO_POINT.match(low)
    if to_point is not None and not (to_point.group(1) is None and words[0] in _VERBS):
        verb, unit_word, x, y = to_point.groups()
        return move_to(state, _unit_id(rt, unit_word), verb or "move", (float(x), float(y)))
    if len(words) == 2 and words[0] in ("run", "charge", "fight", "hold", "inspire"):
        return _checked(state, UnitAction(words[0], _unit_id(rt, words[1])))  # type: ignore[arg-type]
    # a raw action: unit ids as the battle spells them ("target b4" → "target B4")
    ids = {unit.id.lower(): unit.id for unit in rt.units}
    line = re.sub(r"[A-Za-z][\w-]*", lambda w: ids.get(w.group(0).lower(), w.group(0)), line)
    try:
        action = parse_action(line)
    except BitvaError:
        return Reply(refusal=f"cannot read {line!r}; now {question(state)}")
    if isinstance(action, PathAction) and not action.paths and action.verb != "pile-in":
        return Reply(refusal=f"say where: {action.verb} {action.unit} to X Y")
    return _checked(state, action)


def _charge_words(unit: str) -> tuple[str, ...]:
    return ("charge", "go", f"charge {unit.lower()}")


_VERBS = frozenset(
    {"shoot", "attack", "charge", "fight", "hold", "inspire", "first", "dice", "bless"}
)


def question(state: Any) -> str:
    """What the decision now is about, with the commands that answer it."""
    rt: Runtime = state.rt
    step = rt.step
    head = f"{rt.active}"
    # the example names a unit that may still act (one that has not moved, in a movement phase)
    mine = [u.id for u in rt.army(rt.active) if u.alive and not (step == "movement" and u.moved)]
    one = mine[0] if mine else "A1"
    set_up = set_up_question(state)
    if set_up is not None:
        return set_up
    if step == "first-turn":
        return f"{rt.chooser} chooses who takes the first turn: 'first A' or 'first B'"
    if step == "hero":
        return (
            f"{head}: 'inspire {one}', 'cast WIZARD SPELL', 'use UNIT ABILITY [TARGET]', "
            "'command GENERAL ABILITY [TARGET]' or 'done'"
        )
    if step == "ability":  # section 3.2: the abilities of the phase, the active player first
        return f"{rt.picker}: 'use UNIT ABILITY [TARGET]', 'command GENERAL ABILITY' or 'done'"
    spell = getattr(rt, "spell", None)  # the spell being cast (AOS-14)
    if step == "unbind" and spell:
        name = str(spell.get("spell", "the spell")).replace("-", " ")
        return f"{spell.get('caster')} casts {name}: 'unbind WIZARD' or 'done' (let it through)"
    if step == "spell-target" and spell:
        name = str(spell.get("spell", "the spell")).replace("-", " ")
        return f"The {name} goes off: 'target UNIT' or 'done'"
    if step == "movement":
        return f"{head}: '{one} to X Y', 'run {one}', 'retreat {one} to X Y' or 'done'"
    unit = None if rt.unit is None else rt.unit_by_id(rt.unit)
    if step == "run-move" and unit is not None:
        allowance = move_of(state.battle, unit, rt) + (unit.run_roll or 0)
        return f"{unit.id} runs up to {allowance:g}\": '{unit.id} to X Y' or 'hold'"
    if step == "shooting":
        return f"{head}: 'shoot UNIT at TARGET' (split: '...; m2 at OTHER') or 'done'"
    held = getattr(rt, "allocation", None)  # the owner's casualties (AOS-10.2, AOS-12.2)
    if step == "allocate" and held:
        pool, who = held["pool"], held["unit"]
        return (
            f"{who} suffers {pool} wound{'s' if pool != 1 else ''}: name its models in the order"
            " they take them, each until slain (e.g. 'm3 m1')"
        )
    blessing = getattr(rt, "blessing", None)  # AOS-3.7
    if step == "blessed" and blessing:
        return (
            f"{blessing['ask'][0]} may use Blessed on '{blessing['roll']}': 'bless FACE' (one die),"
            " 'bless FROM TO' (a die of 2D6, or 'miss hit' for attack dice), or 'done'"
        )
    if step == "flee" and held:
        count, who = held["count"], held["unit"]
        return f"{count} model{'s' if count != 1 else ''} of {who} flee: name them (e.g. 'm5 m4')"
    if step == "charge":
        return f"{head}: {charge_words(state)}"
    if step == "charge-move" and unit is not None:
        roll = unit.charge_roll or 0
        needed = charge_reach(state.battle, rt, unit)
        if needed is None:
            reach = "; no enemy model is within its reach"
        else:
            reach = f'; it needs {needed:.1f}" to end within 1/2" of an enemy model'
            gap = _gap_to_nearest(rt, unit)
            if gap is not None and needed > gap - CHARGE_REACH + 0.05:
                reach += f' (the nearest is {gap:.1f}" away as the crow flies)'
        if needed is None or needed > roll + EPS:
            return f"{unit.id} rolled {roll}\"{reach}: too short, 'hold' gives the charge up"
        return f"{unit.id} rolled {roll}\"{reach}: 'charge' moves in, 'hold' gives it up"
    if step == "combat":
        picks = " or ".join(f"'fight {u}'" for u in fighters(state)) or "'fight UNIT'"
        return f"{rt.picker}: pick a unit to fight: {picks}"
    if step == "pile-in" and unit is not None:
        return f"{unit.id} fights: 'pile-in' (up to 3\" closer) or 'stay'"
    if step == "attack" and unit is not None:
        return (
            f"{unit.id} attacks: 'attack {unit.id} at TARGET' (or just the target;"
            " split: '...; m3 at OTHER')"
        )
    return f"{head}: {step}"  # a step this front end does not know yet


def _gap_to_nearest(rt: Runtime, unit: UnitState) -> float | None:
    """The closest gap between the unit's models and the nearest enemy model (GEO-3)."""
    gaps = [gap(m, e) for m in unit.circles() for e in enemies_of(rt, unit)]
    return min(gaps) if gaps else None


__all__ = ["PAGES", "Reply", "charge_move", "move_to", "pile_in", "question", "read_command"]
