"""Age of Sigmar's log in plain English: one line for each thing that happened, from the
engine's events (`battle.engine`, `battle.resolution`; their kinds are listed in
`EVENT_KINDS`), and the end of the battle from the outcome's codes (AOS-15).

Units are named by id and warscroll ("A1 Liberators") when the adapter knows the battle's
roster; the dice of one attack are gathered into one line ("dice: hit 4/6, wound 2/4") before
the line that says what they did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bitva.cli.games.age_of_sigmar_setup import SET_UP_EVENT_KINDS, set_up_words
from bitva.core.outcome import Outcome

Roster = Mapping[str, str]
"""Unit id to warscroll name ("A1" → "Liberators")."""

EVENT_KINDS = (
    "first-turn",
    "roll-off",
    "phase-done",
    "inspired",
    "run",
    "run-roll",
    "held",
    "moved",
    "charge",
    "charge-roll",
    "charge-failed",
    "shoot",
    "attack",
    "fight",
    "attack-roll",
    "damage",
    "retaliation",
    "no-target",
    "battleshock",
    "cast",
    "cast-roll",
    "unbind",
    "unbind-roll",
    "no-unbind",
    "spell-target",
    "mortal-wounds",
    "ability",
    "command",
    "abilities-done",
    "no-respite",
    "deadly",
    "mystical",
    "sacrifice",
    "healed",
    *SET_UP_EVENT_KINDS,
)

PHASES = {
    "hero": "hero phase",
    "movement": "movement phase",
    "shooting": "shooting phase",
    "charge": "charge phase",
    "combat": "combat phase",
    "battleshock": "battleshock phase",
}


def plural(count: int, word: str, many: str | None = None) -> str:
    """ "1 model", "3 models".

    >>> plural(1, "model"), plural(3, "model"), plural(2, "die", "dice")
    ('1 model', '3 models', '2 dice')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


def possessive(name: str) -> str:
    """ "A1 Liberators'", "A2 Lord-Celestant's".

    >>> possessive("B1 Bloodreavers"), possessive("A2 Lord-Celestant")
    ("B1 Bloodreavers'", "A2 Lord-Celestant's")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def called(unit: str, roster: Roster) -> str:
    """ "A1 Liberators" (just "A1" when the roster does not know it)."""
    name = roster.get(unit)
    return f"{unit} {name}" if name else unit


def _dice_line(rolls: Sequence[Mapping[str, Any]]) -> str:
    parts = [f"{r['step']} " + "/".join(str(c) for c in r["counts"]) for r in rolls]
    return "  dice (as recorded): " + ", ".join(parts)


def describe_events(events: Sequence[Mapping[str, Any]], roster: Roster) -> list[str]:
    """The log lines of one move's events: an attack's dice gathered into one line."""
    lines: list[str] = []
    rolls: list[Mapping[str, Any]] = []
    for event in events:
        if event.get("kind") == "attack-roll":
            rolls.append(event)
            continue
        if rolls:
            lines.append(_dice_line(rolls))
            rolls = []
        line = describe_event(event, roster)
        if line:
            lines.append(line)
    if rolls:
        lines.append(_dice_line(rolls))
    return lines


def describe_event(event: Mapping[str, Any], roster: Roster) -> str | None:
    """One event in words; None for an event kind this module does not know (the generic
    adapter then describes it from its data)."""
    kind = event.get("kind")
    unit = str(event.get("unit", ""))
    who = called(unit, roster)
    set_up = set_up_words(event, who)  # AOS-2.5, AOS-3.1 to 3.7
    if set_up is not None:
        return set_up
    if kind == "first-turn":
        return f"Round {event['round']}: {event['side']} takes the first turn (AOS-4.1)."
    if kind == "roll-off":
        a, b = event["a"], event["b"]
        line = f"Priority roll-off for round {event['round']}: A rolls {a}, B rolls {b}"
        return line + (": a tie, roll again (AOS-1.7)." if a == b else " (AOS-4.1).")
    if kind == "phase-done":
        return f"{event['side']} ends the {PHASES.get(str(event['phase']), event['phase'])}."
    if kind == "inspired":
        return f"{who} is inspired by its general (Inspiring Presence, AOS-5.3)."
    if kind == "run":
        return f"{who} runs (AOS-6.5)."
    if kind == "run-roll":
        return f'  run roll: D6 {event["die"]} → {event["total"]}" more to its Move.'
    if kind == "held":
        return f"{who} stays where it is."
    if kind == "moved":  # its "verb": move, retreat, charge or pile-in
        return _moved(event, who)
    if kind == "charge":
        return f"{who} declares a charge (AOS-8.1)."
    if kind == "charge-roll":
        dice, total = event["dice"], event["total"]
        modified = "" if dice == total else f" ({dice} modified)"
        return f'  charge roll: 2D6 = {total}"{modified} (AOS-8.2).'
    if kind == "charge-failed":
        return f"{possessive(who)} charge fails: it does not move (AOS-8.3, D-13)."
    if kind in ("shoot", "attack"):
        verb, rule = ("shoots at", "AOS-7") if kind == "shoot" else ("attacks", "AOS-9.3")
        splits = [  # AOS-11.3: model n (its weapon w) at another target
            f"model {n}{' (' + str(w).replace('_', ' ') + ')' if w else ''} at {called(t, roster)}"
            for n, w, t in event.get("splits") or ()
        ]
        rest = f", {', '.join(splits)} (AOS-11.3)" if splits else ""
        return f"{who} {verb} {called(str(event['target']), roster)}{rest} ({rule})."
    if kind == "blessed":
        roll, now = event["roll"], event["now"]
        return f"{event['side']} uses the Blessed triumph: {roll} becomes {now} (AOS-3.7)."
    if kind == "fight":
        if event.get("triumph"):
            return f"{who} fights, declaring the {event['triumph']} triumph (AOS-9.2, AOS-3.7)."
        return f"{who} fights (AOS-9.2)."
    if kind == "damage":
        return _damage(event, roster)
    if kind == "retaliation":
        slain = list(event.get("slain") or ())
        line = f"  {who} suffers {plural(int(event['wounds']), 'mortal wound')} back"
        return line + (f": {_slain(slain)}." if slain else ".")
    if kind == "no-target":
        if not unit:
            return "The spell is cast at no target (D-24)."
        return f"{who} has no enemy within reach to attack (D-15)."
    if kind == "battleshock":
        fled = list(event.get("fled") or ())
        head = f"{who} takes a battleshock test: D6 {event['die']}"
        if not fled:
            return f"{head}, nobody flees (AOS-10)."
        return f"{head}, {plural(len(fled), 'model')} flee{'s' if len(fled) == 1 else ''} (AOS-10)."
    return _magic_and_terrain(event, who, roster)


def unit_of(event: Mapping[str, Any]) -> str:
    return str(event.get("unit", ""))


def _magic_and_terrain(event: Mapping[str, Any], who: str, roster: Roster) -> str | None:
    """Spells (AOS-14), abilities (section 3.2) and scenery's rules (AOS-2.5) in words."""
    kind = event.get("kind")
    spell = str(event.get("spell", "")).replace("-", " ")
    if kind == "cast":
        return f"{who} attempts to cast {spell} (AOS-14.2)."
    if kind in ("cast-roll", "unbind-roll"):
        dice, total = event["dice"], event["total"]
        what = "casting" if kind == "cast-roll" else "unbinding"
        modified = "" if dice == total else f" ({dice} modified)"
        return f"  {what} roll: 2D6 = {total}{modified} (AOS-14)."
    if kind == "unbind":
        return f"{who} tries to unbind the spell (AOS-14.3)."
    if kind == "no-unbind":
        return "Nobody tries to unbind the spell."
    if kind == "spell-target":
        return f"The {spell} targets {who} (AOS-14.4)."
    if kind == "mortal-wounds":
        slain = list(event.get("slain") or ())
        line = f"  {who} suffers {plural(int(event['wounds']), 'mortal wound')}"
        return line + (f": {_slain(slain)}." if slain else ".")
    if kind in ("ability", "command"):
        name = str(event["ability"]).replace("-", " ")
        target = str(event.get("target") or unit_of(event))
        on = "" if target == unit_of(event) else f" on {called(target, roster)}"
        rule = "section 3.2" if kind == "ability" else "command ability, AOS-5.3"
        return f"{who} uses {name}{on} ({rule})."
    if kind == "abilities-done":
        phase = PHASES.get(str(event["phase"]), event["phase"])
        return f"{event['side']} uses no more abilities in this {phase}."
    if kind == "no-respite":
        models = plural(len(event.get("models") or ()), "slain model")
        target = called(str(event["target"]), roster)
        return f"No Respite: {possessive(who)} {models} strike back at {target} before removal."
    if kind == "deadly":
        return f"{event['model']} rolls {event['die']} for the deadly {event['feature']} (AOS-2.5)."
    if kind == "mystical":
        return f"{who} rolls {event['die']} for the scenery's mysterious rule (AOS-2.5)."
    if kind == "sacrifice":
        return f"{who} makes a sacrifice at {event['feature']} (AOS-2.5)."
    if kind == "healed":
        rolled = f" (rolled {event['die']})" if "die" in event else ""
        return f"  {who} heals {plural(int(event['wounds']), 'wound')}{rolled} (AOS-12.5)."
    return None


MOVE_VERBS = ("move", "retreat", "pile-in")


def _moved(event: Mapping[str, Any], who: str) -> str:
    count = len(event.get("models") or ())
    models = plural(count, "model")
    verb = event.get("verb")
    if verb == "charge":
        return f"{who} charges in ({models}, AOS-8.3)."
    if verb == "pile-in":
        return f"{who} piles in ({models}, GEO-11)." if count else f"{who} does not pile in."
    if verb == "retreat":
        return f"{who} retreats ({models}, AOS-6.4)."
    return f"{who} moves ({models})."


def _slain(slain: Sequence[str]) -> str:
    """ "B1.3 slain", "B1.2, B1.3 and B1.4 slain"."""
    names = list(slain)
    if len(names) == 1:
        return f"{names[0]} slain"
    return ", ".join(names[:-1]) + f" and {names[-1]} slain"


def _damage(event: Mapping[str, Any], roster: Roster) -> str:
    """ "  → 6 hits, 4 wound, 3 unsaved: 3 damage to B1; B1.1 and B1.2 slain." """
    target = str(event["target"])
    parts = [
        plural(int(event["hits"]), "hit"),
        plural(int(event["wounds"]), "wound"),
        f"{event['unsaved']} unsaved",
    ]
    if event.get("mortal_wounds"):
        parts.append(plural(int(event["mortal_wounds"]), "mortal wound"))
    pool = int(event["pool"])
    slain = list(event.get("slain") or ())
    line = f"  → {', '.join(parts)}: {pool} damage to {target}"
    if slain:
        line += f"; {_slain(slain)}"
    return line + " (AOS-12)."


def outcome_words(outcome: Outcome) -> str:
    """Why the battle ended, from the outcome's reason and params (AOS-15, D-31)."""
    params = outcome.params
    if outcome.reason == "major":
        return f"major victory: no model of side {params.get('wiped_out')} is left (AOS-15.1)"
    if outcome.reason == "both-wiped-out":
        return "both armies were wiped out at once: a draw (D-31)"
    if outcome.reason == "sudden-death":
        objective = str(params.get("objective", "")).replace("_", " ")
        return f"sudden death: the {objective} objective was met (AOS-15.4)"
    if outcome.reason in ("minor", "minor-draw"):
        lost = list(params.get("lost") or (0, 0))
        size = list(params.get("army_size") or (1, 1))
        shares = ", ".join(
            f"{side} lost {lost[i]} of {size[i]} ({100 * lost[i] / max(size[i], 1):.0f}%)"
            for i, side in enumerate("AB")
        )
        kind = "minor victory" if outcome.reason == "minor" else "a draw"
        return f"{kind} after the last round: {shares} (AOS-15.2)"
    return outcome.reason.replace("-", " ") + (f" ({outcome.rule})" if outcome.rule else "")


def describe_outcome(outcome: Outcome) -> str:
    """One line: who won and why."""
    if outcome.result == "win":
        side = "A" if 1 in outcome.winners else "B"
        return f"Side {side} wins — {outcome_words(outcome)}"
    return f"Draw — {outcome_words(outcome)}"


__all__ = [
    "EVENT_KINDS",
    "MOVE_VERBS",
    "PHASES",
    "Roster",
    "called",
    "describe_event",
    "describe_events",
    "describe_outcome",
    "outcome_words",
    "plural",
    "possessive",
]
