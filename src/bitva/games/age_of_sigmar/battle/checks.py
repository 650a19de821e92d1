"""The battle's chance nodes (the rolls of D-38 with exact probabilities) and what is legal in
its decisions, with the rule an illegal action breaks (AOS-3.4 to AOS-14; the steps are listed
in :mod:`.sequence`; set-up in :mod:`.pre_battle`). Pure functions of the battle file and the
:class:`Runtime`; :mod:`.engine` plays what passes.
"""

from __future__ import annotations

from fractions import Fraction

from bitva.core.chance import dice_sum
from bitva.core.errors import Violation
from bitva.games.age_of_sigmar.battle import (
    abilities,
    allocation,
    blessed,
    commands,
    healing,
    pre_battle,
    resolution,
    windows,
    wizards,
)
from bitva.games.age_of_sigmar.battle.actions import (
    CHANCE_TYPES,
    Action,
    CastAction,
    CommandAction,
    Die,
    DieKind,
    Done,
    First,
    InspiredFight,
    PathAction,
    RollOff,
    UnitAction,
    UseAction,
)
from bitva.games.age_of_sigmar.battle.characteristics import move_of
from bitva.games.age_of_sigmar.battle.landscapes import (
    may_sacrifice,
)
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.movement import (
    can_charge,
    can_fight,
    check_move,
    check_pile_in_action,
)
from bitva.games.age_of_sigmar.battle.runtime import (
    BEFUDDLED,
    Runtime,
    UnitState,
)
from bitva.games.age_of_sigmar.battle.sequence import (
    CHANCE_STEPS,
)
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within

INSPIRING_RANGE = 12.0
"""AOS-5.3."""
_D6 = [(face, Fraction(1, 6)) for face in range(1, 7)]
_2D6 = dice_sum(2, range(1, 7))


def chance_outcomes(battle: Battle, rt: Runtime) -> list[tuple[Action, Fraction]]:
    """The rolls of D-38 with their exact probabilities."""
    if rt.step in blessed.PAIRS and blessed.holders(battle, rt):
        return blessed.pair_outcomes(rt.step)  # the dice, not only the sum (D-33)
    if rt.step in pre_battle.CHANCE:
        return pre_battle.chance_outcomes(battle, rt)
    if rt.step == "priority":
        return [(RollOff(a, b), Fraction(1, 36)) for a in range(1, 7) for b in range(1, 7)]
    if rt.step == "run-roll":
        return [(Die("run", face), p) for face, p in _D6]
    if rt.step == "charge-roll":
        return [(Die("charge", total), p) for total, p in _2D6]
    if rt.step == "battleshock":
        return [(Die("battleshock", face), p) for face, p in _D6]
    if rt.step in ("deadly", "mystical"):
        die: DieKind = "deadly" if rt.step == "deadly" else "mystical"
        return [(Die(die, face), p) for face, p in _D6]
    if rt.step in ("cast-roll", "unbind-roll"):
        kind: DieKind = "cast" if rt.step == "cast-roll" else "unbind"
        return [(Die(kind, total), p) for total, p in _2D6]
    if rt.step == "bolt-roll":
        return [(Die("mortal", n), p) for n, p in wizards.mortal_outcomes(rt)]
    if rt.step == "damned-roll":
        return [(Die("mortal", n), Fraction(1, 3)) for n in (1, 2, 3)]
    if rt.step == "heal-roll":
        return [(Die("heal", n), p) for n, p in healing.outcomes(rt)]
    if rt.step == "attack-dice":
        return resolution.outcomes(rt)
    raise ValueError(f"{rt.step} is not a chance node")


def _own_unit(rt: Runtime, unit_id: str, side: str) -> UnitState | Violation:
    if not rt.has_unit(unit_id):
        return Violation(f"there is no unit {unit_id}", "AOS-1.2", "no_unit", {"unit": unit_id})
    unit = rt.unit_by_id(unit_id)
    if unit.side != side:
        return Violation(
            f"{unit_id} is not a unit of player {side}", "AOS-1.9", "not_yours", {"unit": unit_id}
        )
    if not unit.alive:
        return Violation(
            f"{unit_id} has no model on the table", "AOS-12.3", "not_on_table", {"unit": unit_id}
        )
    return unit


def check(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    """Why ``action`` is illegal now (a sentence and the rule), or None."""
    if rt.outcome is not None:
        return Violation("the battle is over", "AOS-4.4")
    if rt.step in CHANCE_STEPS:
        if any(action == a for a, _ in chance_outcomes(battle, rt)):
            return None
        return Violation(f"{action} is not an outcome of this roll", "D-38")
    if isinstance(action, CHANCE_TYPES):
        return Violation(f"{action}: dice are rolled, not chosen", "D-38")
    step = rt.step
    if step in pre_battle.DECISIONS:
        return pre_battle.check(battle, rt, action)
    if step in ("allocate", "flee"):
        return allocation.check(battle, rt, action)
    if step == "blessed":
        return blessed.check(rt, action)
    if step == "first-turn":
        return None if isinstance(action, First) else _expected("first A or first B", "AOS-4.1")
    if step == "hero":
        if isinstance(action, CastAction):
            return wizards.check_cast(battle, rt, action)
        if isinstance(action, UseAction):
            return abilities.check_use(battle, rt, action, "hero")
        if isinstance(action, CommandAction):
            return commands.check(battle, rt, action, "hero")
        return _check_hero(battle, rt, action)
    if step == "ability":
        return windows.check(battle, rt, action)
    if step in ("unbind", "spell-target"):
        return wizards.check_window(battle, rt, action)
    if step == "movement":
        return _check_movement(battle, rt, action)
    if step == "run-move":
        return _check_running(battle, rt, action)
    if step == "charge":
        return _check_charge(battle, rt, action)
    if step == "charge-move":
        return _check_charge_move(battle, rt, action)
    if step == "combat":
        if isinstance(action, InspiredFight):
            assert rt.picker is not None
            if rt.picker not in rt.inspired:
                return Violation(f"{rt.picker} holds no unused Inspired triumph", "AOS-3.7")
            return _check_pick(rt, UnitAction("fight", action.unit))
        return _check_pick(rt, action)
    if step == "pile-in":
        assert rt.unit is not None
        unit = rt.unit_by_id(rt.unit)
        if not isinstance(action, PathAction) or action.verb != "pile-in" or action.unit != unit.id:
            return _expected(f"pile-in {unit.id} (paths, or none to stay)", "AOS-9.3")
        if action.paths and "cannot_move" in abilities.statuses(battle, rt, unit):
            return Violation(
                f"{unit.id} cannot move while its ability is in force",
                "AOS-1.2",
                "cannot_move",
                {"unit": unit.id},
            )
        return check_pile_in_action(battle, rt, unit, action)
    if step in ("shooting", "attack"):
        return resolution.check_target(battle, rt, action)
    return Violation(f"nothing can be done at {step}", "AOS-4.2")


def _expected(what: str, rule: str) -> Violation:
    return Violation(f"now: {what}", rule)


def _check_hero(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    if isinstance(action, Done):
        return None
    if isinstance(action, UnitAction) and action.verb == "sacrifice":
        if not any(u.id == action.unit for u in may_sacrifice(battle, rt)):
            return Violation(
                f'{action.unit} is no unit of yours within 3" of a Damned feature unused this '
                "hero phase",
                "AOS-2.5",
            )
        return None
    if not (isinstance(action, UnitAction) and action.verb == "inspire"):
        return _expected("inspire UNIT, cast WIZARD SPELL or done (hero phase)", "AOS-5.3")
    if rt.command_used:
        return Violation("the general has used a command ability this hero phase", "AOS-5.3")
    unit = _own_unit(rt, action.unit, rt.active)
    if isinstance(unit, Violation):
        return unit
    general = rt.general(rt.active)
    if general is None:
        return Violation("the general is slain: no Inspiring Presence", "D-26")
    reach = unit_to_unit((general[1].circle,), unit.circles())
    if not within(reach, INSPIRING_RANGE):
        return Violation(f'{unit.id} is {reach:.3f}" from the general, not within 12"', "D-26")
    return None


def _befuddled(battle: Battle, rt: Runtime, unit_id: str) -> Violation | None:
    """AOS-2.5 befuddled, or a ``cannot_move`` status of an ability in force (section 3.2)."""
    if not rt.has_unit(unit_id):
        return None
    unit = rt.unit_by_id(unit_id)
    if unit.has_effect(BEFUDDLED):
        return Violation(
            f"{unit_id} is befuddled until its next hero phase",
            "AOS-2.5",
            "befuddled",
            {"unit": unit_id},
        )
    if "cannot_move" in abilities.statuses(battle, rt, unit):
        return Violation(
            f"{unit_id} cannot move while its ability is in force",
            "AOS-1.2",
            "cannot_move",
            {"unit": unit_id},
        )
    return None


def _check_movement(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    if isinstance(action, Done):
        return None
    if isinstance(action, (UnitAction, PathAction)):
        befuddled = _befuddled(battle, rt, action.unit)
        if befuddled is not None:
            return befuddled
    if isinstance(action, UnitAction) and action.verb == "run":
        unit = _own_unit(rt, action.unit, rt.active)
        if isinstance(unit, Violation):
            return unit
        if unit.moved:
            return _moved(unit)
        return None
    if not (isinstance(action, PathAction) and action.verb in ("move", "retreat")):
        return _expected("move, retreat or run a unit, or done (movement phase)", "AOS-6.1")
    unit = _own_unit(rt, action.unit, rt.active)
    if isinstance(unit, Violation):
        return unit
    if unit.moved:
        return _moved(unit)
    return _check_path(battle, rt, unit, action, move_of(battle, unit, rt), run=False)


def _moved(unit: UnitState) -> Violation:
    return Violation(
        f"{unit.id} has already moved this phase", "AOS-6.1", "already_moved", {"unit": unit.id}
    )


def _check_path(
    battle: Battle, rt: Runtime, unit: UnitState, action: PathAction, allowance: float, run: bool
) -> Violation | None:
    if not any(len(points) > 1 and points[-1] != points[0] for _, points in action.paths):
        return Violation(
            f"{action.verb} {unit.id} moves no model: say done instead",
            "AOS-6.1",
            "no_move",
            {"unit": unit.id},
        )
    if action.verb == "retreat":
        return check_move(battle, rt, unit, action, "retreat", allowance)
    return check_move(battle, rt, unit, action, "run" if run else "normal", allowance)


def _check_running(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    assert rt.unit is not None
    unit = rt.unit_by_id(rt.unit)
    if isinstance(action, UnitAction) and action.verb == "hold" and action.unit == unit.id:
        return None
    if not (
        isinstance(action, PathAction)
        and action.verb in ("move", "retreat")
        and action.unit == unit.id
    ):
        return _expected(
            f"{unit.id}'s run: move or retreat {unit.id}, or hold {unit.id}", "AOS-6.5"
        )
    allowance = move_of(battle, unit, rt) + (unit.run_roll or 0)
    return _check_path(battle, rt, unit, action, allowance, run=True)


def _check_charge(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    if isinstance(action, Done):
        return None
    if not (isinstance(action, UnitAction) and action.verb == "charge"):
        return _expected("charge UNIT or done (charge phase)", "AOS-8.1")
    unit = _own_unit(rt, action.unit, rt.active)
    if isinstance(unit, Violation):
        return unit
    if unit.ran or unit.retreated:
        return Violation(f"{unit.id} ran or retreated this turn", "AOS-6.5")
    if unit.charge_roll is not None:
        return Violation(f"{unit.id} has already charged this turn", "AOS-8.4")
    stuck = _befuddled(battle, rt, unit.id)
    if stuck is not None:
        return stuck
    if not can_charge(rt, unit):
        return Violation(f'{unit.id} needs an enemy unit within 12" and none within 3"', "AOS-8.1")
    return None


def _check_charge_move(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    assert rt.unit is not None
    unit = rt.unit_by_id(rt.unit)
    if isinstance(action, UnitAction) and action.verb == "hold" and action.unit == unit.id:
        return None
    if not (isinstance(action, PathAction) and action.verb == "move" and action.unit == unit.id):
        return _expected(f"the charge move of {unit.id}, or hold {unit.id} (it fails)", "AOS-8.3")
    if not any(len(points) > 1 and points[-1] != points[0] for _, points in action.paths):
        return Violation(
            f"the charge moves no model: hold {unit.id} instead",
            "AOS-8.3",
            "no_move",
            {"unit": unit.id},
        )
    return check_move(battle, rt, unit, action, "charge", float(unit.charge_roll or 0))


def _check_pick(rt: Runtime, action: Action) -> Violation | None:
    if not (isinstance(action, UnitAction) and action.verb == "fight"):
        return _expected("fight UNIT (combat phase)", "AOS-9.2")
    assert rt.picker is not None
    unit = _own_unit(rt, action.unit, rt.picker)
    if isinstance(unit, Violation):
        return unit
    if unit.fought:
        return Violation(f"{unit.id} has fought this phase", "AOS-9.1")
    if unit.has_effect(BEFUDDLED):
        return Violation(f"{unit.id} is befuddled until its next hero phase", "AOS-2.5")
    if not can_fight(rt, unit):
        return Violation(f'{unit.id} did not charge and is not within 3" of an enemy', "AOS-9.1")
    return None


# -- play ----------------------------------------------------------------------------------------
