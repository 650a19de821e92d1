"""What the terminal's question offers at a charge or combat decision (issue 22 point 4: "the
calculator's exact odds shown before every attack and charge"): the units that may charge with
the exact chance to reach their likeliest target (the reach analysis, AOS-8.1 to 8.3, GEO-9), and
the units that may fight (AOS-9.1, AOS-9.2), each as the command that picks it.

A charge's odds cost up to a second on Setup 2 (every unit against every enemy unit); they are
worked out once a position: the last answer is kept for the runtime it was asked of.
"""

from __future__ import annotations

from typing import Any

from bitva.games.age_of_sigmar.analysis import charge_chance
from bitva.games.age_of_sigmar.battle.actions import UnitAction
from bitva.games.age_of_sigmar.battle.runtime import Runtime
from bitva.games.age_of_sigmar.geometry.measure import unit_to_unit, within
from bitva.games.age_of_sigmar.geometry.paths import CHARGE_RANGE

ChargeOdds = tuple[str, str | None, float]
"""A unit that may charge, its likeliest target (None: none it can reach) and the chance."""

_last: dict[str, tuple[Runtime, list[ChargeOdds]]] = {}


def charge_odds(state: Any) -> list[ChargeOdds]:
    """AOS-8.1 to 8.3: for each unit of the active side that may declare a charge now (its
    ``charge`` passes the engine's check), the enemy unit within 12" it is likeliest to reach
    and the exact chance (a 2D6 at least the distance its models must cover), in unit order."""
    rt: Runtime = state.rt
    kept = _last.get("charge")
    if kept is not None and kept[0] is rt:
        return kept[1]
    snapshot = state.snapshot()
    out: list[ChargeOdds] = []
    for unit in rt.army(rt.active):
        if not unit.alive or state.check(UnitAction("charge", unit.id)) is not None:
            continue
        mine = snapshot.unit(unit.id)
        best: tuple[str | None, float] = (None, 0.0)
        for target in rt.units:
            if target.side == unit.side or not target.alive:
                continue
            if not within(unit_to_unit(unit.circles(), target.circles()), CHARGE_RANGE):
                continue
            p = float(charge_chance(snapshot, mine, snapshot.unit(target.id)))
            if p > best[1]:
                best = (target.id, p)
        out.append((unit.id, best[0], best[1]))
    _last["charge"] = (rt, out)
    return out


def percent(p: float) -> str:
    """A chance as players read it: a whole percent, '<1%' or '>99%' near the ends."""
    if 0 < p < 0.01:
        return "<1%"
    if 0.99 < p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def charge_words(state: Any) -> str:
    """The charge decision's commands with their odds: ``'charge A1' (58% to reach B1)``."""
    found = charge_odds(state)
    if not found:
        return "no unit can charge now: 'done'"
    parts = []
    for unit, target, p in found:
        odds = f"{percent(p)} to reach {target}" if target else "cannot reach"
        parts.append(f"'charge {unit}' ({odds})")
    return ", ".join(parts) + " or 'done'"


def fighters(state: Any) -> list[str]:
    """AOS-9.1, AOS-9.2: the units the picking player may pick to fight now."""
    rt: Runtime = state.rt
    if rt.picker is None:
        return []
    return [
        unit.id
        for unit in rt.army(rt.picker)
        if unit.alive and state.check(UnitAction("fight", unit.id)) is None
    ]


__all__ = ["charge_odds", "charge_words", "fighters", "percent"]
