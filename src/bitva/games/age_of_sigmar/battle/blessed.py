"""The Blessed triumph in play (AOS-3.7, D-33): once per battle its holder sets one die of any
roll, either player's, after re-rolls; that die is final.

While a side holds an unused Blessed, every roll it could change waits, once rolled, for its
decision (step ``blessed``): ``bless FROM TO`` or ``done``. A battle without Blessed pays
nothing: no roll waits and the 2D6 rolls keep their totals.

- A single die (run, battleshock, Deadly, Mystical, a D3 or D6 of mortal wounds): ``bless 6``
  sets it (a D3 to 1-3).
- A 2D6 total (charge, cast, unbind): with a holder the chance node records the dice, not only
  the sum (``dice charge 2+5``, the lower first); ``bless 2 6`` sets a die showing 2 to 6.
- A roll-off: ``bless A 6`` sets A's die (or B's).
- Grouped attack dice (``dice hit 4/6``, counts per class of :mod:`.attack_steps`): ``bless
  miss hit`` moves one die from one class to another. Attack rolls kept as sums (variable
  Attacks, Damage) are not offered: their dice are not recorded one by one.

When both sides hold it, A is asked first, then B (D-38's roll-off order). The roll is applied
as changed (or as rolled) once nobody uses it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from bitva.core.errors import Violation
from bitva.games.age_of_sigmar.battle.actions import (
    Action,
    AttackDice,
    BlessAction,
    Die,
    Done,
    RollOff,
    parse_action,
)
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime
from bitva.games.age_of_sigmar.battle.schema import SIDES, Side

PAIRS = {"charge-roll": "charge", "cast-roll": "cast", "unbind-roll": "unbind"}
"""The 2D6 rolls whose dice are recorded while a Blessed holder could set one (D-33)."""
SINGLE = frozenset({"run", "battleshock", "deadly", "mystical", "mortal"})
"""Die kinds that are one die (a D6, or a D3 of mortal wounds)."""


def holders(battle: Battle, rt: Runtime) -> list[Side]:
    """AOS-3.7: the sides whose triumph is Blessed (from the file, or its die rolled in play:
    1-2) and not used yet."""
    triumphs = battle.data.triumphs
    rolled = getattr(rt, "set_up", None)  # triumph dice rolled in play, before the battle
    dice = dict(getattr(rolled, "triumph_dice", ()) or ())
    return [
        side
        for side in SIDES
        if side not in rt.blessed_used
        and ((side in triumphs and triumphs[side].name == "blessed") or dice.get(side) in (1, 2))
    ]


def pair_outcomes(step: str) -> list[tuple[Action, Fraction]]:
    """The 2D6 as its two dice, the lower first (D-33: the chance node records the dice)."""
    kind = PAIRS[step]
    return [
        (Die(kind, a + b, (a, b)), Fraction(1 if a == b else 2, 36))  # type: ignore[arg-type]
        for a in range(1, 7)
        for b in range(a, 7)
    ]


def options(roll: Action, values: list[int], sizes: dict[str, int]) -> list[BlessAction]:
    """Every way of setting one die of ``roll``: ``values`` the faces a single die may show,
    ``sizes`` the dice per class of grouped attack dice."""
    out: list[BlessAction] = []
    if isinstance(roll, RollOff):
        for side, shown in (("A", roll.a), ("B", roll.b)):
            out += [BlessAction(side, str(f)) for f in range(1, 7) if f != shown]
    elif isinstance(roll, Die) and roll.faces:
        for shown in sorted(set(roll.faces)):
            out += [BlessAction(str(shown), str(f)) for f in range(1, 7) if f != shown]
    elif isinstance(roll, Die) and roll.kind in SINGLE:
        out += [BlessAction(str(f), "") for f in values if f != roll.value]
    elif isinstance(roll, AttackDice) and sizes:
        classes = list(sizes)
        for i, count in enumerate(roll.counts):
            if count:
                out += [BlessAction(classes[i], c) for c in classes if c != classes[i]]
    return out


def blessed_roll(roll: Action, action: BlessAction, classes: list[str]) -> Action:
    """The roll with one die set (its checked ``action``)."""
    if isinstance(roll, RollOff):
        face = int(action.to)
        return RollOff(face, roll.b) if action.what == "A" else RollOff(roll.a, face)
    if isinstance(roll, Die) and roll.faces:
        faces = list(roll.faces)
        faces[faces.index(int(action.what))] = int(action.to)
        low, high = sorted(faces)
        return Die(roll.kind, low + high, (low, high))
    if isinstance(roll, Die):
        return Die(roll.kind, int(action.what))
    assert isinstance(roll, AttackDice)
    counts = list(roll.counts)
    counts[classes.index(action.what)] -= 1
    counts[classes.index(action.to)] += 1
    return AttackDice(roll.step, tuple(counts))


def hold(rt: Runtime, roll: Action, ask: list[Side], context: dict[str, Any]) -> Runtime:
    """The roll waits for the Blessed holders (step ``blessed``); ``context`` keeps what the
    options need (the faces of a single die, the classes of attack dice)."""
    held = {"roll": str(roll), "step": rt.step, "ask": list(ask), **context}
    return replace(rt, blessing=held, step="blessed")


def pending(rt: Runtime) -> tuple[Action, list[int], dict[str, int]]:
    """The held roll, the faces a single die may show, the classes of attack dice."""
    held = rt.blessing
    assert held is not None
    sizes = {str(k): int(v) for k, v in held.get("classes", [])}
    return parse_action(held["roll"]), list(held.get("values", [])), sizes


def check(rt: Runtime, action: Action) -> Violation | None:
    """``done`` or one of the ways to set a die of the held roll (AOS-3.7)."""
    if isinstance(action, Done):
        return None
    roll, values, sizes = pending(rt)
    if not isinstance(action, BlessAction):
        return Violation(f"now: bless a die of {roll}, or done", "AOS-3.7")
    if action not in options(roll, values, sizes):
        return Violation(f"{action} sets no die of {roll}", "AOS-3.7")
    return None


def decide(rt: Runtime, action: Action) -> tuple[Runtime, Action | None, dict[str, Any] | None]:
    """The holder's answer: the runtime back at the roll's step with the roll to apply (None:
    the next holder is asked), and the log's words when a die was set."""
    held = rt.blessing
    assert held is not None
    roll, _, sizes = pending(rt)
    side: Side = held["ask"][0]
    if isinstance(action, BlessAction):
        changed = blessed_roll(roll, action, list(sizes))
        rt = replace(rt, blessed_used=(*rt.blessed_used, side), blessing=None, step=held["step"])
        said = {"side": side, "roll": str(roll), "now": str(changed)}
        return rt, changed, said
    rest = held["ask"][1:]
    if rest:
        return replace(rt, blessing={**held, "ask": rest}), None, None
    return replace(rt, blessing=None, step=held["step"]), roll, None
