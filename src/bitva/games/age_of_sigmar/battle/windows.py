"""The windows in which players use activated abilities and command abilities outside the hero
phase's free choices (section 3.2 ``activated``: ``phase``, ``whose``; AOS-5.1, AOS-5.2, AOS-5.3).

Step ``ability``, decided by ``Runtime.picker``:

- in the hero phase, after the active player's ``done``, the other player uses the hero-phase
  abilities its units have in the enemy's turn (``whose = "enemy"`` or ``"any"``, AOS-5.1);
- as any other phase starts, the active player uses the abilities of that phase (and a command
  ability of that phase, AOS-5.3), then the other player.

A player with nothing to use is passed over; ``done`` ends that player's part. A use with dice
(mortal wounds of a dice amount) goes through the ``bolt-roll`` chance node and comes back here.
A use's mortal wounds, in a window or in the hero phase, are allocated as an attack's damage is
(AOS-12.4, D-17): with ``[options] allocation = "ask"`` the owner of the unit decides where it
matters (step ``allocate``, :mod:`.allocation`), else the engine by the battle file's policy.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle import abilities, commands
from bitva.games.age_of_sigmar.battle.actions import Action, CommandAction, Done, UseAction
from bitva.games.age_of_sigmar.battle.allocation import wound
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, other
from bitva.games.age_of_sigmar.battle.schema import Side

Came = Literal["window", "hero"]
"""Where a use was made: an ability window (step ``ability``) or the hero phase's free choices."""


def choices(battle: Battle, rt: Runtime, side: Side) -> list[Action]:
    """What ``side`` may use now in the window of ``rt.phase``."""
    out: list[Action] = [*abilities.options(battle, rt, rt.phase, side)]
    if side == rt.active and rt.phase != "hero":
        out += commands.options(battle, rt, rt.phase)
    return out


def _open_for(battle: Battle, rt: Runtime, sides: tuple[Side, ...]) -> Runtime | None:
    for side in sides:
        if choices(battle, rt, side):
            return replace(rt, step="ability", picker=side, unit=None)
    return None


def open_window(battle: Battle, rt: Runtime) -> Runtime | None:
    """As a phase starts: the window, or None when neither player has anything to use."""
    return _open_for(battle, rt, (rt.active, other(rt.active)))


def close(battle: Battle, rt: Runtime) -> Runtime:
    """The window is over: the phase proper (the movement phase after the hero phase)."""
    from bitva.games.age_of_sigmar.battle.sequence import enter  # no import cycle

    rt = replace(rt, picker=None, spell=None)
    if rt.phase == "hero":
        return enter(battle, rt, "movement")
    return enter(battle, rt, rt.phase, window=False)


def after_hero(battle: Battle, rt: Runtime) -> Runtime:
    """The active player is done in the hero phase: the other player's abilities (AOS-5.1)."""
    opened = _open_for(battle, rt, (other(rt.active),))
    return opened if opened is not None else close(battle, replace(rt, phase="hero"))


def go_on(battle: Battle, rt: Runtime, done: bool) -> Runtime:
    """After a use (``done`` False) or the picker's ``done``: the same player while it has
    something left, then the other (the active player's part comes first), then the phase."""
    assert rt.picker is not None
    picker: Side = rt.picker
    rt = replace(rt, step="ability", spell=None)
    if not done and choices(battle, rt, picker):
        return replace(rt, picker=picker)
    if picker == rt.active:
        opened = _open_for(battle, rt, (other(rt.active),))
        if opened is not None:
            return opened
    return close(battle, rt)


def check(battle: Battle, rt: Runtime, action: Action) -> Violation | None:
    assert rt.picker is not None
    if isinstance(action, Done):
        return None
    if isinstance(action, UseAction):
        return abilities.check_use(battle, rt, action, rt.phase, rt.picker)
    if isinstance(action, CommandAction) and rt.picker == rt.active:
        return commands.check(battle, rt, action, rt.phase)
    return Violation(f"now: use UNIT ABILITY [TARGET] or done ({rt.phase} phase)", "AOS-5.2")


def mortal_step(
    rt: Runtime, target: str, mortal: fx.MortalWounds | None, source: Came
) -> tuple[Runtime, int | None]:
    """A use's mortal wounds (AOS-12.4): a fixed amount to inflict now (returned), or the
    ``bolt-roll`` chance node for a dice amount; ``source`` says where to come back."""
    if mortal is None:
        return rt, None
    if mortal.amount.is_fixed:
        return rt, mortal.amount.minimum
    spell = {"caster": "", "spell": "", "target": target, "amount": str(mortal.amount)}
    return replace(rt, spell={**spell, "from": source}, step="bolt-roll"), None


def use(
    battle: Battle, rt: Runtime, action: UseAction | CommandAction, came: Came
) -> tuple[Runtime, list[Event]]:
    """An activated ability or command ability used (in the window, or among the hero phase's
    free choices), its mortal wounds inflicted or rolled, then on (:func:`mortal_done`)."""
    if isinstance(action, CommandAction):
        rt, events, mortal = commands.use(battle, rt, action)
    else:
        rt, events, mortal = abilities.use(battle, rt, action)
    target = action.target or action.unit
    rt, fixed = mortal_step(rt, target, mortal, came)
    if rt.step == "bolt-roll":
        return rt, events
    if fixed is None:
        return on_from(battle, rt, came), events
    rt, more = inflict_mortal(battle, rt, target, fixed, came)
    return rt, events + more


def inflict_mortal(
    battle: Battle, rt: Runtime, target: str, wounds: int, came: Came
) -> tuple[Runtime, list[Event]]:
    """AOS-12.4: a use's mortal wounds allocated as an attack's damage is (AOS-12.2, D-17): the
    owner's decision (step ``allocate``, then :func:`mortal_done`) where it matters with
    ``[options] allocation = "ask"``, else at once by the policy (:mod:`.allocation`)."""
    rt, slain = wound(battle, rt, target, wounds, "ability", came=came)
    if slain is None:
        return rt, []
    return mortal_done(battle, rt, target, wounds, slain, came)


def mortal_done(
    battle: Battle, rt: Runtime, target: str, wounds: int, slain: list[str], came: Came
) -> tuple[Runtime, list[Event]]:
    """The use's mortal wounds allocated: removal (AOS-15.1), then on from where it was made."""
    from bitva.games.age_of_sigmar.battle.sequence import after_removal  # no import cycle

    event = Event("mortal-wounds", {"unit": target, "wounds": wounds, "slain": slain})
    rt = after_removal(rt)
    return (rt if rt.outcome is not None else on_from(battle, rt, came)), [event]


def on_from(battle: Battle, rt: Runtime, came: Came) -> Runtime:
    """After a use: the window goes on, or the hero phase's free choices."""
    from bitva.games.age_of_sigmar.battle.sequence import hero_or_movement  # no import cycle

    return go_on(battle, rt, False) if came == "window" else hero_or_movement(battle, rt)


def play(battle: Battle, rt: Runtime, action: Action) -> tuple[Runtime, list[Event]]:
    """A use in the window, or the picker's ``done``."""
    if isinstance(action, Done):
        event = Event("abilities-done", {"phase": rt.phase, "side": rt.picker})
        return go_on(battle, rt, True), [event]
    assert isinstance(action, UseAction | CommandAction)
    return use(battle, rt, action, "window")
