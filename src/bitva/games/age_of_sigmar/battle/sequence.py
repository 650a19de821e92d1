"""The game sequence between decisions (AOS-3.4, AOS-4, the phase order of AOS-4.2, AOS-9.2,
AOS-10.1, AOS-15): pure functions from one :class:`Runtime` to the next, entering phases,
skipping those in which nobody can do anything, ending turns and rounds.

Steps (``Runtime.step``), decisions and chance nodes:

=============== ============ =====================================================
step            who          what
=============== ============ =====================================================
first-turn      chooser      who takes the first turn (AOS-3.4, D-29; AOS-4.1)
priority        chance       the priority roll-off from round 2 (AOS-4.1, AOS-1.7)
mystical        chance       a Mystical feature's D6 for a unit (AOS-2.5, AOS-5.1)
hero            active       Inspiring Presence (AOS-5.3), a spell (AOS-14), a Damned
                             sacrifice (AOS-2.5), an ability (section 3.2), a command
                             ability (AOS-5.3) or done
ability         picker       an activated ability of the phase (section 3.2): the active
                             player, then the other (AOS-5.1, AOS-5.2), or done
damned-roll     chance       the sacrifice's D3 mortal wounds (AOS-2.5)
cast-roll       chance       the casting 2D6 (AOS-14.2)
unbind          the other    unbind with a wizard, or done (AOS-14.3)
unbind-roll     chance       the unbinding 2D6 (AOS-14.3, D-24)
spell-target    active       the spell's target (D-24)
bolt-roll       chance       Arcane Bolt's D3 mortal wounds (AOS-14.4)
movement        active       move, retreat, run, hold or done (AOS-6)
run-roll        chance       the run D6 (AOS-6.5, D-12)
run-move        active       the running unit's move or retreat (or hold)
shooting        active       shoot UNIT at TARGET or done (AOS-7)
charge          active       charge UNIT or done (AOS-8)
charge-roll     chance       the charge 2D6 (AOS-8.2, D-38)
charge-move     active       the charge move (AOS-8.3) or hold (it fails, D-13)
combat          picker       fight UNIT (AOS-9.2)
pile-in         the unit's   its pile-in (AOS-9.3, GEO-11)
attack          the unit's   attack UNIT at TARGET (AOS-9.3 step 2)
deadly          chance       a model's Deadly terrain D6 after a run or charge (D-36)
attack-dice     chance       the attack dice (AOS-11.5, D-38)
battleshock     chance       a unit's battleshock D6 (AOS-10)
over                         the battle is decided (AOS-15)
=============== ============ =====================================================
"""

from __future__ import annotations

from dataclasses import replace

from bitva.core.outcome import Outcome
from bitva.games.age_of_sigmar.battle.casualties import (
    end_of_round_outcome,
    final_outcome,
    immediate_outcome,
    next_test,
)
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.movement import can_charge, can_fight
from bitva.games.age_of_sigmar.battle.runtime import (
    BEFUDDLED,
    TURN_FLAGS,
    Runtime,
    UnitState,
    other,
)
from bitva.games.age_of_sigmar.battle.schema import Side

CHANCE_STEPS = frozenset(
    {
        "priority",
        "run-roll",
        "charge-roll",
        "attack-dice",
        "battleshock",
        "deadly",
        "cast-roll",
        "unbind-roll",
        "bolt-roll",
        "mystical",
        "damned-roll",
        "heal-roll",
        "scenery-roll",  # AOS-2.3 ... AOS-3.7 before the battle (pre_battle.py)
        "scenery-roll-off",
        "landscape-roll",
        "landscape-roll-off",
        "territory-roll-off",
        "triumph",
    }
)


def finish(rt: Runtime, outcome: Outcome) -> Runtime:
    return replace(rt, outcome=outcome.to_json(), step="over", unit=None, picker=None)


def after_removal(rt: Runtime) -> Runtime:
    """AOS-15.1, AOS-15.4, D-31: check for a decided battle after models leave the table."""
    outcome = immediate_outcome(rt)
    return rt if outcome is None else finish(rt, outcome)


def begin_turn(battle: Battle, rt: Runtime, side: Side) -> Runtime:
    """AOS-4.3: per-turn flags reset; the turn starts with the hero phase."""
    rt = _expire(_expire(rt, f"turn:{rt.active}"), f"phase:{rt.active}")
    units = tuple(replace(u, **TURN_FLAGS) for u in rt.units)  # type: ignore[arg-type]
    rt = replace(rt, units=units, active=side, unit=None, picker=None)
    return enter(battle, rt, "hero")


def _expire(rt: Runtime, mark: str) -> Runtime:
    """AOS-4.3: effects "until your next hero phase" end as their owner's hero phase starts
    (``hero:A``); those of a turn or a phase as it ends (``turn:A``, ``phase:A``)."""
    units = tuple(
        replace(u, effects=tuple(e for e in u.effects if e.expiry != mark)) if u.effects else u
        for u in rt.units
    )
    return replace(rt, units=units)


def shooters(battle: Battle, rt: Runtime) -> list[tuple[UnitState, UnitState]]:
    """AOS-7.1, AOS-11.2: (unit, target) pairs the active player may shoot."""
    from bitva.games.age_of_sigmar.battle.attacks import legal_targets  # no import cycle

    pairs = []
    for unit in rt.army(rt.active):
        if (
            unit.alive
            and not unit.shot
            and not unit.ran
            and not unit.retreated
            and not unit.has_effect(BEFUDDLED)
        ):
            pairs += [(unit, t) for t in legal_targets(battle, rt, unit, "missile")]
    return pairs


def enter(battle: Battle, rt: Runtime, phase: str, window: bool = True) -> Runtime:
    """Enter ``phase`` of the active player's turn (AOS-4.2), skipping a phase in which the
    active player has nothing to decide (no general to inspire, nothing to shoot or charge).
    As a phase other than the hero phase starts, the players' activated abilities of the phase
    come first (:func:`.windows.open_window`, section 3.2); effects of a phase end as it does."""
    new = rt.phase != phase
    if new:
        rt = _expire(rt, f"phase:{rt.active}")
    rt = replace(rt, phase=phase, unit=None, picker=None)
    if new and window and phase != "hero":
        from bitva.games.age_of_sigmar.battle.windows import open_window  # no import cycle

        opened = open_window(battle, rt)
        if opened is not None:
            return opened
    if phase == "hero":
        from bitva.games.age_of_sigmar.battle.healing import start

        rt = _expire(rt, f"hero:{rt.active}")
        rt = replace(rt, command_used=False, damned_used=())
        return start(battle, rt)  # AOS-12.5: heal abilities of the hero phase, then hero_start
    if phase == "movement":
        if not any(u.alive and not u.moved for u in rt.army(rt.active)):
            return enter(battle, rt, "shooting")
        return replace(rt, step="movement")
    if phase == "shooting":
        if not shooters(battle, rt):
            return enter(battle, rt, "charge")
        return replace(rt, step="shooting")
    if phase == "charge":
        if not any(can_charge(rt, u) for u in rt.army(rt.active)):
            return enter(battle, rt, "combat")
        return replace(rt, step="charge")
    if phase == "combat":
        rt = replace(rt, units=tuple(replace(u, fought=False) for u in rt.units))
        return next_pick(battle, rt, None)
    assert phase == "battleshock", phase
    return next_battleshock(battle, rt)


def hero_start(battle: Battle, rt: Runtime) -> Runtime:
    """AOS-5.1, D-27: after the expiries and healing, Sinister marks and Mystical rolls, then
    the free choices."""
    from bitva.games.age_of_sigmar.battle.landscapes import mystical_queue, sinister_marks

    rt = sinister_marks(battle, rt)
    queue = mystical_queue(battle, rt)
    if queue:
        return replace(rt, mystical=queue, step="mystical")
    return hero_or_movement(battle, rt)


def hero_or_movement(battle: Battle, rt: Runtime) -> Runtime:
    """AOS-5.1: the active player's free choices of the hero phase while there are any (the
    general's command ability, spells), else the movement phase."""
    from bitva.games.age_of_sigmar.battle.abilities import usable  # no import cycle
    from bitva.games.age_of_sigmar.battle.landscapes import may_sacrifice
    from bitva.games.age_of_sigmar.battle.wizards import castable

    rt = replace(rt, spell=None, unit=None)
    general = rt.general(rt.active) is not None and not rt.command_used
    if general or castable(battle, rt) or may_sacrifice(battle, rt) or usable(battle, rt, "hero"):
        return replace(rt, step="hero")
    return enter(battle, rt, "movement")


def eligible(rt: Runtime, side: Side) -> list[UnitState]:
    """AOS-9.1: the side's units that may fight now (judged when picked, D-15)."""
    return [u for u in rt.army(side) if can_fight(rt, u)]


def next_pick(battle: Battle, rt: Runtime, last: Side | None) -> Runtime:
    """AOS-9.2: the active player picks first, then the players alternate; when one side runs
    out the other fights on with its remaining eligible units."""
    order = (rt.active, other(rt.active)) if last is None else (other(last), last)
    for side in order:
        if eligible(rt, side):
            return replace(rt, phase="combat", step="combat", picker=side, unit=None)
    return enter(battle, rt, "battleshock")


def next_battleshock(battle: Battle, rt: Runtime) -> Runtime:
    """AOS-10.1: the next unit to test, or the end of the turn."""
    unit = next_test(battle, rt)
    if unit is None:
        return end_turn(battle, rt)
    return replace(rt, phase="battleshock", step="battleshock", unit=unit.id, picker=None)


def end_turn(battle: Battle, rt: Runtime) -> Runtime:
    """AOS-4.1: the second player's turn, or the end of the round."""
    if rt.active == rt.first:
        return begin_turn(battle, rt, other(rt.active))
    return end_round(battle, rt)


def end_round(battle: Battle, rt: Runtime) -> Runtime:
    """AOS-15.4 (Endure, Seize Ground), AOS-4.4 and D-30 (the last round), else the next
    round's priority: a preset winner (``[roll_offs] priority``) or a roll-off (AOS-4.1)."""
    outcome = end_of_round_outcome(battle, rt)
    if outcome is not None:
        return finish(rt, outcome)
    if rt.round >= battle.data.options.max_rounds:
        return finish(rt, final_outcome(rt))
    rt = replace(rt, round=rt.round + 1, unit=None, picker=None, phase="priority")
    preset = battle.data.roll_offs.priority.get(rt.round)
    if preset is not None:
        return replace(rt, chooser=preset, step="first-turn")
    return replace(rt, step="priority")


def start_round(battle: Battle, rt: Runtime, first: Side) -> Runtime:
    """AOS-3.4, AOS-4.1: ``first`` takes the round's first turn."""
    return begin_turn(battle, replace(rt, first=first), first)
