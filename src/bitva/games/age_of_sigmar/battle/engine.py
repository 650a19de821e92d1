"""The battle's decisions and chance nodes: who acts and what an action does (AOS-3.4 to
AOS-15; the steps are listed in :mod:`.sequence`). What is legal, with the rule an illegal
action breaks, and the rolls' exact probabilities are :mod:`.checks` (re-exported here). Pure
functions of the battle file and the :class:`Runtime`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bitva.core.chance import CHANCE
from bitva.core.events import Event
from bitva.games.age_of_sigmar.battle import (
    allocation,
    blessed,
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
from bitva.games.age_of_sigmar.battle.characteristics import roll_modifier
from bitva.games.age_of_sigmar.battle.checks import chance_outcomes, check
from bitva.games.age_of_sigmar.battle.landscapes import (
    damned_feature,
    mystical_result,
    sacrificed,
)
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.movement import (
    deadly_rolls,
    moved_unit,
    within_3_of_enemy,
)
from bitva.games.age_of_sigmar.battle.runtime import (
    INSPIRED_TRIUMPH,
    ActiveEffect,
    Runtime,
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
