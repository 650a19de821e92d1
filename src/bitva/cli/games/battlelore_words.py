"""BattleLore in plain words for the terminal: the question of each decision point, how each
legal action reads in the numbered list, log lines for events and the end of the game.

The decision names and action texts are the engine's (docs/battlelore.md, "Decision points");
rule numbers go last, in brackets, where the generic adapter puts them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bitva.cli.games.battlelore_board import FACE_WORDS, SIDE_NAMES, odds_words, unit_words
from bitva.cli.games.battlelore_lore import lore_label
from bitva.cli.games.battlelore_names import card_name, command_title, unit_name
from bitva.core.outcome import Outcome
from bitva.games.battlelore.lore.economy import REFILL_CHOICES

# the question each decision point asks (docs/battlelore.md), with the rule behind it
QUESTIONS: dict[str, tuple[str, str]] = {
    "council": ("Seat your War Council: the other side sees it once both have chosen", "BL-14.6"),
    "keep-lore": ("Choose the Lore cards you keep to start with", "BL-14.3"),
    "command": ("Play a Command card (or a Lore card that replaces it)", "BL-2.1"),
    "react": ("Your opponent acts: play a Lore card in reply, or let it pass", "BL-13.3"),
    "lore-units": ("{card} for {chosen}: add one more of your units, or 'done'", "BL-13.4"),
    "order": ("Order your units with {command}, then 'done'", "BL-2.2"),
    "move": ("Move your ordered units one at a time, then 'done'", "BL-3"),
    "battle": ("Battle with your ordered units one at a time, then 'done'", "BL-4"),
    "spider": ("The Giant Spider's roll: use an ability, store Lore, or pass", "BL-11.6"),
    "flags": ("Flags were rolled against {target}: how many to ignore", "BL-6.3"),
    "retreat": ("Retreat {target}: choose the hex of the next step", "BL-6.5"),
    "battle-back": ("{target} survived: battle back against {attacker}?", "BL-7.1"),
    "take-ground": ("The target is gone: take ground with {attacker}?", "BL-7.2"),
    "pursue": ("Pursue with {attacker}?", "BL-7.3"),
    "bonus": ("{attacker} may make a bonus attack", "BL-7.4"),
    "draw-keep": ("Discard one of the two Command cards you drew", "BL-15.1"),
    "refill": ("Lore refill: choose what you take", "BL-15.2"),
    "lore-keep": ("Discard one of the two Lore cards you drew", "BL-15.2"),
    "discard": ("You hold too many Lore cards: discard one", "BL-14.5"),
    "landmark": ("Place your Lore master's landmark on an empty plain hex of your half", "BL-9.3"),
    "store": ("How much of the Lore rolled the Giant Spider stores", "BL-11.7"),
}
# the refill options as the engine's table words them (issue 21.1): "draw 2 Lore cards, keep 1"
REFILL_WORDS: dict[str, str] = {
    key: choice.label[0].lower() + choice.label[1:] for key, choice in REFILL_CHOICES.items()
}


# what a reaction window answers (D-43, the view's `window`): one's own step or the other's
REACTIONS = {
    "CMD_REACT": "Your opponent played a Command card: answer with a Lore card, or let it pass",
    "ORD_OWN": "Before your orders: you may play a Lore card, or go on",
    "ORD_REACT": "Your opponent has ordered its units: answer with a Lore card, or let it pass",
    "MOV_OWN": "Before your units move: you may play a Lore card, or go on",
    "MOV_REACT": "An enemy unit is moving: answer with a Lore card, or let it pass",
    "BAT_MELEE": "Your unit attacks: you may play a Lore card for this battle, or go on",
    "BAT_RANGED": "Your unit shoots: you may play a Lore card for this battle, or go on",
    "ROLL_BEFORE": "Your unit is attacked: answer before the dice are rolled, or let it pass",
    "ROLL_AFTER": "The dice against your unit are rolled: answer before they count, or let it pass",
    "LORE_REACT": "Your opponent plays a Lore card: answer it with one of yours, or let it pass",
}


OWN_WINDOWS = ("ORD_OWN", "MOV_OWN", "BAT_MELEE", "BAT_RANGED")  # the active side's own steps


def question(view: Mapping[str, Any]) -> str:
    """The decision's question in plain words, the rule last: "Move your ordered units ...
    (BL-3)"."""
    decision = str(view.get("decision", ""))
    if decision not in QUESTIONS:
        return decision.replace("-", " ").capitalize()
    text, rule = QUESTIONS[decision]
    if decision == "react":
        text = REACTIONS.get(str(view.get("window")), text)
    units = {unit["hex"]: unit for unit in view.get("units", [])}
    battle = view.get("battle") or {}
    attacker, target = str(battle.get("attacker", "")), str(battle.get("target", ""))
    played = (view.get("played") or {}).get("command")
    choosing = view.get("choosing") or {}  # a Lore card's units chosen so far (BL-13.4)
    chosen = [str(h) for h in choosing.get("hexes", [])]
    words = {
        "command": command_title(str(played)) if played else "your Command card",
        "attacker": unit_words(units.get(attacker), attacker) if attacker else "your unit",
        "target": unit_words(units.get(target), target) if target else "the unit",
        "card": card_name(str(choosing["card"])) if choosing else "The Lore card",
        "chosen": ", ".join(unit_words(units.get(h), h) for h in chosen) or "no unit yet",
    }
    return f"{text.format(**words)} ({rule})"


def action_label(
    view: Mapping[str, Any],
    text: str,
    odds: Mapping[tuple[str, str], Mapping[str, Any]] | None = None,
) -> str:
    """How one legal action (its engine text) reads in the numbered list."""
    words = text.split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    units = {unit["hex"]: unit for unit in view.get("units", [])}
    if verb == "play" and rest:
        return f"play {command_title(rest[0])}"
    if verb == "lore" and rest:
        return lore_label(view, rest)
    if verb in ("order", "free") and rest:
        label = f"order {unit_words(units.get(rest[0]), rest[0])}"
        if verb == "free":
            return label + ", freeing it from the web (1 Lore)"
        return label + (" (3 Lore: a creature out of its section)" if "pay" in rest[1:] else "")
    if verb == "move" and len(rest) == 2:
        unit = units.get(rest[0])
        return f"{unit_name(str(unit['type'])) if unit else ''} {rest[0]} → {rest[1]}".strip()
    if verb == "rush" and len(rest) >= 2:
        return f"{rest[0]} rushes to {rest[1]}" + (f" at {rest[-1]}" if "at" in rest else "")
    if verb == "battle" and len(rest) == 2:
        return battle_label(units, rest[0], rest[1], odds)
    if verb == "retreat" and rest:
        return f"retreat to {rest[0]}"
    if verb == "add" and rest:  # one more unit for Forced March or Stealth (BL-13.4)
        return f"add {unit_words(units.get(rest[0]), rest[0])}"
    if verb == "done" and view.get("decision") == "lore-units":
        return "done: play the card on these units"
    if verb == "ignore" and rest:
        count = int(rest[0]) if rest[0].isdigit() else rest[0]
        return f"ignore {count} flag{'s' if count != 1 else ''}"
    if verb in ("pursue",) and rest:
        return f"pursue into {rest[0]}"
    if verb == "keep" and rest:
        return "keep " + ", ".join(card_name(card) for card in rest)
    if verb == "refill" and rest:
        return REFILL_WORDS.get(rest[0], text)
    if verb in ("discard", "discard-lore") and rest:
        return f"discard {command_title(rest[0]) if verb == 'discard' else card_name(rest[0])}"
    if verb == "place" and rest:
        return f"place the landmark on {rest[0]}"
    if verb == "store" and rest:
        return f"store {rest[0]} Lore beside the spider"
    if verb == "ability" and rest:
        return f"use the spider's {rest[0]}"
    if verb == "council":
        return "council: " + ", ".join(part.replace("=", " ") for part in rest)
    if verb == "store":
        return "store the Lore rolled beside the spider"
    if verb == "battle-back":  # the defender's attack, its odds before the roll (BL-7.1)
        battle = view.get("battle") or {}
        entry = (odds or {}).get((str(battle.get("target")), str(battle.get("attacker"))))
        return f"battle back: {odds_words(entry)}" if entry else "battle back"
    if verb == "pass" and view.get("decision") == "react" and view.get("window") in OWN_WINDOWS:
        return "go on"  # a Lore window of one's own step (D-43)
    return {"done": "done", "pass": "pass"}.get(verb, text.replace("-", " "))


def battle_label(
    units: Mapping[str, Mapping[str, Any]],
    attacker: str,
    target: str,
    odds: Mapping[tuple[str, str], Mapping[str, Any]] | None,
) -> str:
    """ "Footmen F4 → G5: 3 dice · a die hits 33% · eliminates 70%" (a ranged attack: "→ G5
    (ranged)"), as a move reads "Footmen F4 → F6": no verb after the unit's name, so that a
    plural name ("Footmen") and a creature's ("Giant Spider") both read right, in 80 columns."""
    unit = units.get(attacker)
    entry = (odds or {}).get((attacker, target))
    name = unit_name(str(unit["type"])) if unit else ""
    ranged = " (ranged)" if entry and entry.get("kind") == "ranged" else ""
    label = f"{name} {attacker} → {target}{ranged}".strip()
    return f"{label}: {odds_words(entry)}" if entry else label


def odds_table(result: Mapping[str, Any] | None) -> dict[tuple[str, str], Mapping[str, Any]]:
    """The analysis' battles by (attacker, target)."""
    battles = (result or {}).get("battles") or []
    return {(str(b["attacker"]), str(b["target"])): b for b in battles}


def _side(event: Mapping[str, Any]) -> str:
    seat = event.get("player", event.get("side"))
    return SIDE_NAMES.get(int(seat), f"player {seat}") if isinstance(seat, int) else ""


def _figures(count: int) -> str:
    return f"{count} figure{'s' if count != 1 else ''}"


def _tokens(count: int) -> str:
    """ "no Lore token", "1 Lore token", "2 Lore tokens" (BL-11.7)."""
    return "no Lore token" if count == 0 else f"{count} Lore token{'s' if count != 1 else ''}"


def describe_event(event: Mapping[str, Any]) -> str | None:
    """A log line for one of BattleLore's events (the engine's kinds and data), "" for one the
    log leaves out, or None for one the generic words tell (the adapter falls back to them)."""
    kind = str(event.get("kind"))
    side = _side(event)
    text = _EVENT_WORDS.get(kind)
    if text is None:
        return None
    line = text(event, side)  # a line of the log starts as a sentence does ("The spider …")
    return line[:1].upper() + line[1:]


def _drew(event: Mapping[str, Any], side: str) -> str:
    card = event.get("card")
    return f"{side} draws {command_title(str(card))}" if card else f"{side} draws a card"


def _attack(event: Mapping[str, Any], side: str) -> str:
    dice = int(event.get("dice", 0))
    how = "battles back against" if event.get("back") else "attacks"
    extra = " (a bonus attack)" if event.get("bonus") else ""
    kind = "at range" if event.get("kind") == "ranged" else "in melee"
    return (
        f"{side}: {event.get('attacker')} {how} {event.get('target')} {kind} with "
        f"{dice} {'die' if dice == 1 else 'dice'}{extra}"
    )


def _lore(event: Mapping[str, Any], side: str) -> str:
    if event.get("card"):
        return f"{side} plays the Lore card {card_name(str(event['card']))}"
    tokens = int(event.get("tokens", 0))
    return f"{side} takes {tokens} Lore token{'s' if tokens != 1 else ''}"


def _lore_card(event: Mapping[str, Any]) -> str:
    """The Lore card by name where the viewer may see it, else "a Lore card"."""
    return card_name(str(event["card"])) if event.get("card") else "a Lore card"


def _council(council: Any) -> str:
    if not isinstance(council, Mapping):
        return "?"
    return ", ".join(f"{seat} {level}" for seat, level in council.items() if level)


def _rolled(event: Mapping[str, Any], side: str) -> str:
    faces = ", ".join(FACE_WORDS.get(f, str(f)) for f in event.get("faces") or [])
    return f"{side} rolls {faces}" + (" — the goblins panic" if event.get("panic") else "")


Words = Callable[[Mapping[str, Any], str], str]
_EVENT_WORDS: dict[str, Words] = {
    "turn": lambda e, side: f"Turn {e.get('turn')}: {side}",
    "drew": _drew,
    "played": lambda e, side: f"{side} plays {command_title(str(e.get('card')))}",
    "lore": _lore,
    "lore-played": _lore,
    "lore-roll": lambda e, side: (
        f"{side} rolls {e.get('dice')} Lore dice against {e.get('target')}"
    ),
    "lore-fizzled": lambda e, side: f"{side}'s {_lore_card(e)} has no target left",
    "dice-cancelled": lambda e, side: (
        f"{side} cancels dice: the roll now reads "
        + (", ".join(FACE_WORDS.get(f, str(f)) for f in e.get("kept") or []) or "nothing")
    ),
    "council": lambda e, side: f"{side} seats its War Council in secret",
    "councils": lambda e, side: (
        f"War Councils: South {_council(e.get('south'))}; North {_council(e.get('north'))}"
    ),
    "drew-lore": lambda e, side: (
        f"{side} draws {card_name(str(e['card']))}"
        if e.get("card")
        else f"{side} draws a Lore card"
    ),
    "kept-lore": lambda e, side: (
        f"{side} keeps {card_name(str(e['card']))}"
        if e.get("card")
        else f"{side} keeps a Lore card"
    ),
    "discarded-lore": lambda e, side: f"{side} discards {card_name(str(e.get('card')))}",
    "landmark": lambda e, side: (
        f"{side} places the {str(e.get('landmark', '')).replace('_', ' ')} on {e.get('hex')}"
    ),
    "refill": lambda e, side: f"{side} refills: {REFILL_WORDS.get(str(e.get('option')), '')}",
    "ability": lambda e, side: f"{side}: the Giant Spider uses its {e.get('ability')}",
    "stored": lambda e, side: (
        f"the spider on {e.get('beside')} stores {_tokens(int(e.get('count', 0)))}"
    ),
    "critical": lambda e, side: f"critical hit: the creature on {e.get('hex')} falls",
    "trampled": lambda e, side: f"the unit on {e.get('hex')} is trampled",
    "freed": lambda e, side: f"{side} frees the unit on {e.get('hex')} from the web",
    "ordered": lambda e, side: f"{side} orders the unit on {e.get('hex')}",
    "moved": lambda e, side: f"{side} moves {e.get('from')} → {e.get('to')}",
    "melee": _attack,
    "ranged": _attack,
    "rolled": _rolled,
    "missed": lambda e, side: f"the attack on {e.get('target')} hits nothing",
    "losses": lambda e, side: f"{e.get('hex')} loses {_figures(int(e.get('figures', 0)))}",
    "eliminated": lambda e, side: (  # "loses": a plural unit name is no subject of "is"
        f"{side} loses the {unit_name(str(e.get('type')))} on {e.get('hex')}"
    ),
    "banner": lambda e, side: f"{side} gains a victory banner ({e.get('banners')} now)",
    "retreated": lambda e, side: f"{side} retreats {e.get('from')} → {e.get('to')}",
    "pursued": lambda e, side: f"{side} pursues {e.get('from')} → {e.get('to')}",
    "panic": lambda e, side: f"{e.get('hex')} panics: {_figures(int(e.get('figures', 0)))} lost",
    "blocked": lambda e, side: f"{e.get('hex')} cannot retreat",
    "ignored": lambda e, side: (
        f"{side} ignores {e.get('flags')} flag{'s' if e.get('flags') != 1 else ''}"
    ),
    "discarded": lambda e, side: f"{side} discards {card_name(str(e.get('card')))}",
    "reshuffled": lambda e, side: f"the Command deck is reshuffled ({e.get('deck')} cards)",
    "took-ground": lambda e, side: f"{side} takes ground {e.get('from')} → {e.get('to')}",
    "rushed": lambda e, side: (
        f"{side}'s goblins rush {e.get('from')} → {e.get('to')} at {e.get('target')}"
    ),
    "web": lambda e, side: f"the unit on {e.get('hex')} is caught in a web",
    "window": lambda e, side: "",  # a chance to answer with a Lore card: the prompt asks it
    "first-strike": lambda e, side: (
        f"{side} strikes first: {e.get('hex')} battles its attacker on {e.get('attacker')} "
        "before the attack is rolled"
    ),
    "attack-cancelled": lambda e, side: (
        f"the attack from {e.get('attacker')} on {e.get('target')} is cancelled: the attacker "
        + ("is eliminated" if e.get("why") == "eliminated" else "was driven back")
    ),
    "sidestepped": lambda e, side: (
        f"{side} steps aside {e.get('from')} → {e.get('to')}: the attack on it is cancelled"
    ),
}


def describe_outcome(outcome: Outcome) -> str:
    """ "South wins: 4 banners (BL-16)", from the outcome's codes."""
    winner = outcome.winner
    if outcome.result != "win" or winner is None:
        return "a draw" + (f" ({outcome.rule})" if outcome.rule else "")
    banners = outcome.params.get("banners")
    reason = f": {banners} banners" if banners is not None else ""
    return f"{SIDE_NAMES.get(winner, f'player {winner}')} wins{reason} ({outcome.rule or 'BL-16'})"


def outcome_reason(outcome: Outcome, viewer: int | None) -> str:
    """Why the game ended, for the player at the screen: whose banners (BL-16)."""
    winner = outcome.winner
    banners = outcome.params.get("banners")
    if winner is None or banners is None:
        return describe_outcome(outcome)
    rule = outcome.rule or "BL-16"
    if viewer == winner:
        return f"you gained {banners} victory banners ({rule})"
    who = SIDE_NAMES.get(winner, f"player {winner}")  # the end line has said "You lose"
    return f"{who} gained {banners} victory banners ({rule})"
