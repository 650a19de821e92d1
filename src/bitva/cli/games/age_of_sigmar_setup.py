"""Age of Sigmar's terminal before the battle (AOS-2.3, AOS-2.5, AOS-3.1 to AOS-3.7): the typed
set-up command, the question of each set-up step and the log lines of its events.

    A1 at 24 9 | deploy A1 at 24,9   set A1 up in formation centred at (24, 9), facing the enemy
                                     (``battle.deployment.formation``); ``done`` ends the set-up
    territory low | general A2.1 | objective blunt | name B1 | landscape F1 arcane | scenery 2
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bitva.games.age_of_sigmar.battle.actions import Action
from bitva.games.age_of_sigmar.battle.deployment import formation, territory_of, unplaced
from bitva.games.age_of_sigmar.battle.pre_battle import objectives, open_landscapes
from bitva.games.age_of_sigmar.battle.runtime import Runtime, other

_NUM = r"-?\d+(?:\.\d+)?"
AT_POINT = re.compile(
    rf"^(?:deploy\s+|set\s+up\s+)?([a-z][a-z0-9_-]*)\s+at\s+\(?\s*({_NUM})\s*[,\s]\s*({_NUM})\s*\)?$"
)
SET_UP_EVENT_KINDS = (
    "scenery-roll",
    "scenery-choice",
    "landscape",
    "territory",
    "deployed",
    "set-up-done",
    "general",
    "objective",
    "named",
    "triumph",
)
OBJECTIVES = {
    "assassinate": "Assassinate",
    "blunt": "Blunt",
    "endure": "Endure",
    "seize_ground": "Seize Ground",
    "none": "no objective",
}
ROLL_OFF_FOR = {
    "territory": "the territory",
    "landscapes": "the mysterious landscapes",
    "scenery": "the scenery count on 11-12",
}


def set_up_at(state: Any, unit_id: str, centre: tuple[float, float]) -> Action | str:
    """ "Set up the unit in formation centred at the point" (AOS-3.2): the deploy action, or
    why the engine refuses it (its sentence and rule)."""
    rt: Runtime = state.rt
    if not rt.has_unit(unit_id):
        return f"there is no unit {unit_id} (AOS-1.2)"
    unit = rt.unit_by_id(unit_id)
    enemy = territory_of(state.battle, rt, other(unit.side))
    towards = (sum(p[0] for p in enemy) / len(enemy), sum(p[1] for p in enemy) / len(enemy))
    action = formation(unit, centre, towards)
    violation = state.check(action)
    return action if violation is None else str(violation)


def set_up_question(state: Any) -> str | None:
    """The question of a set-up step, None at any other step."""
    rt: Runtime = state.rt
    who, step = rt.chooser, rt.step
    if step == "scenery":
        su = rt.set_up
        cell = 1 if su is None else len(su.scenery) + 1
        rolled = "" if su is None else f" (rolled {su.scenery_roll})"
        return (
            f"{who} chooses how many features cell {cell} gets{rolled}: "
            "'scenery 0' to 'scenery 3' (AOS-2.3)"
        )
    if step == "landscape":
        feature = open_landscapes(state.battle, rt)[0]
        return f"{who} chooses {feature}'s rule: 'landscape {feature} arcane' (damned, arcane, ...)"
    if step == "territory":
        return f"{who} picks a territory: 'territory low' (the y = 0 side) or 'territory high'"
    if step == "deploy":
        left = [u.id for u in unplaced(rt, who)]
        one = left[0] if left else "A1"
        return f"{who} sets up a unit: '{one} at X Y' (in formation), or 'done' ({', '.join(left)})"
    if step == "general":
        return f"{who} names a general: 'general MODEL' (e.g. general {_a_model(rt)})"
    if step == "objective":
        offered = ", ".join(f"'{o}'" for o in objectives(state.battle, rt, who))
        return f"{who} is outnumbered and may choose an objective: {offered}"
    if step == "name":
        return f"{who} names the unit for the objective: 'name UNIT'"
    return None


def _a_model(rt: Runtime) -> str:
    for unit in rt.army(rt.chooser):
        for model in unit.alive:
            return model.id
    return "A1.1"


def set_up_words(event: Mapping[str, Any], who: str) -> str | None:
    """A set-up event in words, None for any other."""
    kind = event.get("kind")
    if kind == "roll-off" and "for" in event:
        a, b = event["a"], event["b"]
        what = ROLL_OFF_FOR.get(str(event["for"]), str(event["for"]))
        line = f"Roll-off for {what}: A rolls {a}, B rolls {b}"
        return line + (": a tie, roll again (AOS-1.7)." if a == b else " (AOS-1.7).")
    if kind in ("scenery-roll", "scenery-choice"):
        return _scenery_words(event)
    if kind == "landscape":
        die = f" (rolled {event['die']})" if "die" in event else ""
        return f"{event['feature']} is {event['rule']}{die} (AOS-2.5)."
    if kind == "territory":
        return f"{event['side']} takes the {event['half']} half of the table (AOS-3.1)."
    if kind == "deployed":
        return f"{event['side']} sets up {who} (AOS-3.2)."
    if kind == "set-up-done":
        return f"{event['side']} is done setting up (AOS-3.3)."
    if kind == "general":
        return f"{event['side']} names {event['model']} general (AOS-3.5)."
    if kind == "objective":
        name = OBJECTIVES.get(str(event["objective"]), str(event["objective"]))
        where = f" at {event['feature']}" if "feature" in event else ""
        return f"{event['side']} chooses {name}{where} (AOS-3.6)."
    if kind == "named":
        return f"{who} is named for {OBJECTIVES.get(str(event['objective']), '')} (AOS-3.6)."
    if kind == "triumph":
        return f"{event['side']} rolls {event['die']} for a triumph: {event['triumph']} (AOS-3.7)."
    return None


def _scenery_words(event: Mapping[str, Any]) -> str:
    """AOS-2.3, D-35: a cell's roll or chosen count, and the features it placed."""
    cell = f"Scenery, cell {event['cell']} of {event['cells']}"
    if "count" not in event:
        return (
            f"{cell}: 2D6 rolled {event['dice']}, the roll-off's winner chooses 0 to 3 (AOS-2.3)."
        )
    count = int(event["count"])
    placed = f" ({', '.join(event['features'])})" if event.get("features") else ""
    features = f"{count} feature{'' if count == 1 else 's'}{placed}"
    if "dice" in event:
        return f"{cell}: 2D6 rolled {event['dice']}: {features} (AOS-2.3)."
    return f"{cell}: {event['side']} chooses {features} (AOS-2.3)."
