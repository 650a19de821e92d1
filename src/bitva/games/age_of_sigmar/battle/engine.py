"""The battle's decisions and chance nodes: who acts, what is legal (with the rule an illegal
action breaks) and what an action does (AOS-3.4 to AOS-15; the steps are listed in
:mod:`.sequence`). Pure functions of the battle file and the :class:`Runtime`.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from bitva.core.chance import CHANCE, dice_sum
from bitva.core.errors import Violation
from bitva.core.events import Event
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
    AttackDice,
    CastAction,
    CasualtyAction,
    CommandAction,
    Die,
    DieKind,
    Done,
    First,
    InspiredFight,
    PathAction,
    RollOff,
    TargetAction,
    UnitAction,
    UseAction,
)
from bitva.games.age_of_sigmar.battle.casualties import INSPIRED, fleeing, slay
from bitva.games.age_of_sigmar.battle.characteristics import move_of, roll_modifier
from bitva.games.age_of_sigmar.battle.landscapes import (
    damned_feature,
    may_sacrifice,
    mystical_result,
    sacrificed,
)
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.movement import (
    can_charge,
    can_fight,
    check_move,
    check_pile_in_action,
    deadly_rolls,
    moved_unit,
    within_3_of_enemy,
)
from bitva.games.age_of_sigmar.battle.runtime import (
    BEFUDDLED,
    INSPIRED_TRIUMPH,
    ActiveEffect,
    Runtime,
    UnitState,
    other,
)
from bitva.games.age_of_sigmar.battle.schema import Side
from bitva.games.age_of_sigmar.battle.sequence import (
    CHANCE_STEPS,
    after_removal,
    enter,
    hero_or_movement,
    next_battleshock,
    start_round,
)
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within

INSPIRING_RANGE = 12.0
"""AOS-5.3."""
_D6 = [(face, Fraction(1, 6)) for face in range(1, 7)]
_2D6 = dice_sum(2, range(1, 7))


def seat_of(side: str) -> int:
    return 1 if side == "A" else 2


def actor(rt: Runtime) -> int | None:
    """The seat deciding now (A is seat 1), CHANCE at a chance node, None when decided."""
    if rt.outcome is not None:
        return None
    if rt.step in CHANCE_STEPS:
        return CHANCE
    if rt.step in pre_battle.DECISIONS:
        return seat_of(pre_battle.actor(rt))
    if rt.step == "first-turn":
        return seat_of(rt.chooser)
    if rt.step == "unbind":
        return seat_of(other(rt.active))
    if rt.step in ("combat", "ability"):
        assert rt.picker is not None
        return seat_of(rt.picker)
    if rt.step in ("pile-in", "attack"):
        assert rt.unit is not None
        return seat_of(rt.unit_by_id(rt.unit).side)
    if rt.step == "blessed":  # a Blessed holder may set a die (AOS-3.7)
        assert rt.blessing is not None
        return seat_of(rt.blessing["ask"][0])
    if rt.step in ("allocate", "flee"):  # the owner's casualties (AOS-10.2, AOS-12.2)
        assert rt.allocation is not None
        return seat_of(rt.unit_by_id(rt.allocation["unit"]).side)
    return seat_of(rt.active)


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


# -- check ---------------------------------------------------------------------------------------
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
def play(battle: Battle, rt: Runtime, action: Action) -> tuple[Runtime, list[Event]]:
    """Apply a legal action or chance outcome; a roll waits for a Blessed holder first
    (AOS-3.7, :mod:`.blessed`: only while a side holds it unused)."""
    if rt.step == "blessed":
        rt, roll, said = blessed.decide(rt, action)
        events = [] if said is None else [Event("blessed", said)]
        if roll is None:
            return rt, events
        rt, more = _play(battle, rt, roll)
        return rt, [*events, *more]
    if isinstance(action, CHANCE_TYPES) and rt.step not in pre_battle.STEPS:
        ask = blessed.holders(battle, rt)
        if ask:
            context = _blessing_context(battle, rt)
            values, sizes = context.get("values", []), dict(context.get("classes", []))
            if blessed.options(action, values, sizes):
                return blessed.hold(rt, action, ask, context), []
    return _play(battle, rt, action)


def _blessing_context(battle: Battle, rt: Runtime) -> dict[str, Any]:
    """What the Blessed options of this roll read: the values its single die may show, or
    the classes of grouped attack dice (none for a sum of attack dice)."""
    if rt.step == "attack-dice":
        node = resolution.pending(rt).roll()
        if node is None or node.values is not None:
            return {}
        return {"classes": [[c, n] for c, n in zip(node.classes, node.sizes, strict=True)]}
    values = sorted({a.value for a, _ in chance_outcomes(battle, rt) if isinstance(a, Die)})
    single = len(values) <= 6 and values == list(range(1, len(values) + 1))  # a D3 or D6
    return {"values": values} if single else {}


def _play(battle: Battle, rt: Runtime, action: Action) -> tuple[Runtime, list[Event]]:
    """Apply a legal action or chance outcome."""
    step = rt.step
    if step in pre_battle.STEPS:
        return pre_battle.play(battle, rt, action)
    if isinstance(action, CasualtyAction):
        return _casualties(battle, rt, action)
    if isinstance(action, RollOff):
        return _roll_off(rt, action)
    if isinstance(action, First):
        rt = start_round(battle, rt, action.side)
        return rt, [Event("first-turn", {"side": action.side, "round": rt.round})]
    if isinstance(action, Die):
        return _die(battle, rt, action)
    if isinstance(action, AttackDice):
        return resolution.roll(battle, rt, action)
    if isinstance(action, CastAction):
        return wizards.cast(battle, rt, action)
    if step == "ability":
        return windows.play(battle, rt, action)
    if isinstance(action, (UseAction, CommandAction)):
        return windows.use(battle, rt, action, "hero")
    if step in ("unbind", "spell-target"):
        return wizards.window(battle, rt, action)
    if isinstance(action, Done):
        if step == "attack":
            return resolution.skip(battle, rt)
        if step == "hero":
            event = Event("phase-done", {"phase": rt.phase, "side": rt.active})
            return windows.after_hero(battle, rt), [event]
        following = {"hero": "movement", "movement": "shooting", "shooting": "charge"}
        return enter(battle, rt, following.get(step, "combat")), [
            Event("phase-done", {"phase": rt.phase, "side": rt.active})
        ]
    if isinstance(action, InspiredFight):
        unit = rt.unit_by_id(action.unit)
        effect = ActiveEffect(INSPIRED_TRIUMPH, "triumph", f"phase:{rt.active}")
        rt = rt.with_unit(replace(unit, effects=(*unit.effects, effect)))
        rt = replace(rt, inspired=tuple(s for s in rt.inspired if s != unit.side))
        rt = replace(rt, unit=unit.id, step="pile-in")
        return rt, [Event("fight", {"unit": unit.id, "triumph": "inspired"})]
    if isinstance(action, UnitAction):
        return _unit_action(battle, rt, action)
    if isinstance(action, TargetAction):
        return resolution.start(battle, rt, action)
    assert isinstance(action, PathAction)
    return _path_action(battle, rt, action)


def _roll_off(rt: Runtime, action: RollOff) -> tuple[Runtime, list[Event]]:
    """AOS-4.1, AOS-1.7: ties roll again; the winner decides who goes first."""
    event = Event("roll-off", {"a": action.a, "b": action.b, "round": rt.round})
    if action.a == action.b:
        return rt, [event]
    winner: Side = "A" if action.a > action.b else "B"
    return replace(rt, chooser=winner, step="first-turn"), [event]


def _deadly(battle: Battle, rt: Runtime, action: Die) -> tuple[Runtime, list[Event]]:
    """AOS-2.5, D-36: on a 1 the model is slain; after the last die the phase goes on."""
    model_id, feature = rt.deadly[0].split("@")
    rt = replace(rt, deadly=rt.deadly[1:])
    slain = action.value == 1
    event = Event("deadly", {"model": model_id, "feature": feature, "die": action.value})
    if slain:
        rt = after_removal(slay(rt, model_id))
        if rt.outcome is not None:
            return rt, [event]
    if rt.deadly:
        return rt, [event]
    rt = replace(rt, unit=None)
    return (enter(battle, rt, "charge") if rt.phase == "charge" else _after_move(battle, rt)), [
        event
    ]


def _die(battle: Battle, rt: Runtime, action: Die) -> tuple[Runtime, list[Event]]:
    if action.kind == "deadly":
        return _deadly(battle, rt, action)
    if action.kind == "mystical":
        unit_id, rest = rt.mystical[0], rt.mystical[1:]
        rt = replace(mystical_result(rt, unit_id, action.value), mystical=rest)
        event = Event("mystical", {"unit": unit_id, "die": action.value})
        return (rt if rest else hero_or_movement(battle, rt)), [event]
    if action.kind == "mortal" and rt.step == "damned-roll":
        assert rt.unit is not None
        target = rt.unit
        rt, slain = allocation.wound(battle, rt, target, action.value, "damned")
        return (rt, []) if slain is None else _damned(battle, rt, target, action.value, slain)
    if action.kind == "mortal" and rt.spell is not None and "from" in rt.spell:
        target, came = rt.spell["target"], rt.spell["from"]
        return windows.inflict_mortal(battle, rt, target, action.value, came)
    if action.kind == "heal":
        return healing.roll(battle, rt, action.value)
    if action.kind in ("cast", "unbind", "mortal"):
        return wizards.roll(battle, rt, action)
    assert rt.unit is not None
    unit = rt.unit_by_id(rt.unit)
    if action.kind == "run":
        total = action.value + roll_modifier(battle, unit, "run", rt)
        rt = replace(rt.with_unit(replace(unit, run_roll=total)), step="run-move")
        return rt, [Event("run-roll", {"unit": unit.id, "die": action.value, "total": total})]
    if action.kind == "charge":
        total = action.value + roll_modifier(battle, unit, "charge", rt)
        rt = replace(rt.with_unit(replace(unit, charge_roll=total)), step="charge-move")
        return rt, [Event("charge-roll", {"unit": unit.id, "dice": action.value, "total": total})]
    count = fleeing(battle, rt, unit, action.value)
    rt = rt.with_unit(replace(unit, tested=True))
    rt, fled = allocation.run_away(battle, rt, unit.id, count, "battleshock", die=action.value)
    return (rt, []) if fled is None else _battleshock(battle, rt, unit.id, action.value, fled)


def _damned(
    battle: Battle, rt: Runtime, target: str, wounds: int, slain: list[str]
) -> tuple[Runtime, list[Event]]:
    """AOS-2.5 Damned: the sacrifice's mortal wounds allocated (AOS-12.4)."""
    event = Event("mortal-wounds", {"unit": target, "wounds": wounds, "slain": slain})
    rt = after_removal(rt)
    return (rt if rt.outcome is not None else hero_or_movement(battle, rt)), [event]


def _battleshock(
    battle: Battle, rt: Runtime, unit_id: str, die: int, fled: list[str]
) -> tuple[Runtime, list[Event]]:
    """AOS-10.2: the unit's models fled; on to the next test (AOS-10.1)."""
    events = [Event("battleshock", {"unit": unit_id, "die": die, "fled": fled})]
    rt = after_removal(rt)
    if rt.outcome is not None:
        return rt, events
    return next_battleshock(battle, rt), events


def _casualties(battle: Battle, rt: Runtime, action: CasualtyAction) -> tuple[Runtime, list[Event]]:
    """The owner's choice of casualties made (AOS-10.2, AOS-12.2, AOS-12.4): on with what it
    interrupted."""
    assert rt.allocation is not None
    then = rt.allocation["then"]
    if then in ("attack", "retaliation"):
        return resolution.allocated(battle, rt, action)
    rt, gone, held = allocation.settle(battle, rt, action)
    if then == "bolt":
        return wizards.bolt_done(battle, rt, held["unit"], held["pool"], gone)
    if then == "ability":
        return windows.mortal_done(battle, rt, held["unit"], held["pool"], gone, held["came"])
    if then == "damned":
        return _damned(battle, rt, held["unit"], held["pool"], gone)
    return _battleshock(battle, rt, held["unit"], held["die"], gone)


def _unit_action(battle: Battle, rt: Runtime, action: UnitAction) -> tuple[Runtime, list[Event]]:
    unit = rt.unit_by_id(action.unit)
    if action.verb == "inspire":
        effect = ActiveEffect(INSPIRED, "general", f"hero:{rt.active}")
        effects = (*tuple(e for e in unit.effects if e.name != INSPIRED), effect)
        rt = replace(rt.with_unit(replace(unit, effects=effects)), command_used=True)
        return wizards.back_to_hero(battle, rt), [Event("inspired", {"unit": unit.id})]
    if action.verb == "sacrifice":
        feature = damned_feature(battle, rt, unit)
        assert feature is not None
        rt = replace(sacrificed(rt, unit.id, feature), unit=unit.id, step="damned-roll")
        return rt, [Event("sacrifice", {"unit": unit.id, "feature": feature})]
    if action.verb == "run":
        rt = replace(rt.with_unit(replace(unit, ran=True, moved=True)), unit=unit.id)
        return replace(rt, step="run-roll"), [Event("run", {"unit": unit.id})]
    if action.verb == "charge":
        return replace(rt, unit=unit.id, step="charge-roll"), [Event("charge", {"unit": unit.id})]
    if action.verb == "fight":
        return replace(rt, unit=unit.id, step="pile-in"), [Event("fight", {"unit": unit.id})]
    # hold: a run that stays put, or a charge given up (D-13: it moves nothing)
    if rt.step == "charge-move":
        rt = enter(battle, replace(rt, unit=None), "charge")
        return rt, [Event("charge-failed", {"unit": unit.id})]
    return _after_move(battle, replace(rt, unit=None)), [Event("held", {"unit": unit.id})]


def _after_move(battle: Battle, rt: Runtime) -> Runtime:
    """Back to the movement phase's decision, or on to shooting once every unit has moved."""
    return enter(battle, rt, "movement")


def _path_action(battle: Battle, rt: Runtime, action: PathAction) -> tuple[Runtime, list[Event]]:
    unit = moved_unit(rt.unit_by_id(action.unit), action.paths)
    verb = "charge" if rt.step == "charge-move" else action.verb  # the log tells a charge
    event = Event("moved", {"unit": unit.id, "verb": verb, "models": [n for n, _ in action.paths]})
    if action.verb == "pile-in":
        rt = rt.with_unit(unit)
        return resolution.after_pile_in(battle, rt, unit.id), [event]
    if rt.step == "charge-move":
        rt = rt.with_unit(replace(unit, charged=True))
        rolls = deadly_rolls(battle, unit, action.paths)
        if rolls:
            return replace(rt, deadly=rolls, step="deadly"), [event]
        return enter(battle, replace(rt, unit=None), "charge"), [event]
    running = rt.step == "run-move"
    retreat = action.verb == "retreat"
    unit = replace(unit, moved=True, retreated=unit.retreated or retreat)
    rt = rt.with_unit(unit)
    rolls = deadly_rolls(battle, unit, action.paths) if running else ()
    if rolls:
        return replace(rt, deadly=rolls, step="deadly"), [event]
    return _after_move(battle, replace(rt, unit=None)), [event]


__all__ = ["actor", "chance_outcomes", "check", "other", "play", "within_3_of_enemy"]
