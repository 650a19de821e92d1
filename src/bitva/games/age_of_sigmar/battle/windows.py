"""The windows in which players use activated abilities and command abilities outside the hero
phase's free choices (section 3.2 ``activated``: ``phase``, ``whose``; AOS-5.1, AOS-5.2, AOS-5.3).

Step ``ability``, decided by ``Runtime.picker``:

- in the hero phase, after the active player's ``done``, the other player uses the hero-phase
  abilities its units have in the enemy's turn (``whose = "enemy"`` or ``"any"``, AOS-5.1);
- as any other phase starts, the active player uses the abilities of that phase (and a command
  ability of that phase, AOS-5.3), then the other player.

A player with nothing to use is passed over; ``done`` ends that player's part. A use with dice
(mortal wounds of a dice amount) goes through the ``bolt-roll`` chance node and comes back here.
"""

from __future__ import annotations

from dataclasses import replace

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.age_of_sigmar import effects as fx
from bitva.games.age_of_sigmar.battle import abilities, commands
from bitva.games.age_of_sigmar.battle.actions import Action, CommandAction, Done, UseAction
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime, other
from bitva.games.age_of_sigmar.battle.schema import Side


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
    rt: Runtime, target: str, mortal: fx.MortalWounds | None, source: str
) -> tuple[Runtime, int | None]:
    """A use's mortal wounds (AOS-12.4): a fixed amount to inflict now (returned), or the
    ``bolt-roll`` chance node for a dice amount; ``source`` says where to come back."""
    if mortal is None:
        return rt, None
    if mortal.amount.is_fixed:
        return rt, mortal.amount.minimum
    spell = {"caster": "", "spell": "", "target": target, "amount": str(mortal.amount)}
    return replace(rt, spell={**spell, "from": source}, step="bolt-roll"), None


def play(battle: Battle, rt: Runtime, action: Action) -> tuple[Runtime, list[Event]]:
    """A use in the window, or the picker's ``done``."""
    from bitva.games.age_of_sigmar.battle.wizards import mortal_wounds  # no import cycle

    if isinstance(action, Done):
        event = Event("abilities-done", {"phase": rt.phase, "side": rt.picker})
        return go_on(battle, rt, True), [event]
    if isinstance(action, CommandAction):
        rt, events, mortal = commands.use(battle, rt, action)
    else:
        assert isinstance(action, UseAction)
        rt, events, mortal = abilities.use(battle, rt, action)
    target = action.target or action.unit
    rt, fixed = mortal_step(rt, target, mortal, "window")
    if rt.step == "bolt-roll":
        return rt, events
    if fixed is not None:
        rt, more = mortal_wounds(battle, rt, target, fixed)
        events += more
        if rt.outcome is not None:
            return rt, events
    return go_on(battle, rt, False), events
