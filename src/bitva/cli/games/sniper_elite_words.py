"""Sniper Elite in plain words for the terminal: card names, the order cards' steps, the question
of each decision point, how each legal action reads, log lines narrating the sniper's and the
defenders' turns, and the end of the game.

The decision names, action texts and events are the engine's (docs/sniper-elite.md); rule
numbers go last, in brackets, so the words come first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bitva.cli.games.sniper_elite_events import MOVE_NOTICED, NOISE
from bitva.core.outcome import Outcome
from bitva.games.sniper_elite.board import depot
from bitva.games.sniper_elite.catalogue import StepData, card_names, shipped_content
from bitva.games.sniper_elite.model import MISFIRE_VALUE, TOKENS
from bitva.games.sniper_elite.options import CHALLENGES
from bitva.games.sniper_elite.orders import recon_range
from bitva.games.sniper_elite.sniper_turn import misfire_threshold, misfires

Rules = frozenset[str]  # the modifiers in force (SE-10), as the state keeps them
NO_RULES: Rules = frozenset()

TOKEN_WORDS = {"A": "accuracy", "N": "noise", "R": "recoil", "S": "suppressor"}
AREA_WORDS = {"red": "red", "black": "black", "yellow": "yellow", "white": "white"}
# the question each decision point asks (docs/sniper-elite.md), with the rule behind it
QUESTIONS: dict[str, tuple[str, str]] = {
    "bottom": ("Both objectives are of one colour: which card goes to the bottom?", "SE-4.9"),
    "entry": ("Where does the sniper come in?", "SE-4.10"),
    "turn": ("Your turn: move, shoot, loot, complete, use equipment, or end it", "SE-6.1"),
    "reward": ("A hit! Choose your reward", "SE-6.5"),
    "keep": ("Loot: which card do you keep?", "SE-6.6"),
    "place": ("A defender returns beside its occupied cross: choose its space", "SE-7.8"),
}
FIRST_TURN = "Your first turn: step in from the entry point and move"
SELECTORS = {
    "all": "every defender",
    "in_lka": "the defenders in the last known area",
    "not_in_lka": "the defenders outside the last known area",
    "entered_lka": "the defenders who just entered the last known area",
    "on_elevated": "the defenders on high ground",
    "nearest_to_sniper": "the defender nearest to you",
}
TARGETS = {
    "lka": "the last known area",
    "sniper": "you",
    "po": "each probable objective",
}


def _names() -> dict[str, str]:
    return card_names()


def card_name(card_id: str) -> str:
    """ "Suppressive Fire" for SUPPRESSIVE_FIRE (an unknown id reads as its words)."""
    return _names().get(card_id) or card_id.replace("_", " ").title()


@cache
def _texts() -> dict[str, str]:
    content = shipped_content()
    texts = {card.id: card.text.en for card in content.orders}
    texts.update({card.id: card.text.en for card in content.equipment})
    return texts


def card_text(card_id: str) -> str | None:
    """What an order or equipment card does, and when, in plain words (content, 11.3, 11.6)."""
    return _texts().get(card_id)


def card_short(card_id: str) -> str:
    """An equipment card's few words for the hand ("climb without a ladder")."""
    for card in shipped_content().equipment:
        if card.id == card_id:
            return card.short.en
    return ""


def find_card(typed: str) -> str | None:
    """The card a player names by id or name, in any case ("grapnel", "Thrown Stone")."""
    wanted = typed.strip().replace(" ", "_").upper()
    for card_id, name in _names().items():
        if wanted in (card_id, name.replace(" ", "_").upper()):
            return card_id
    return None


def with_card_ids(typed: str) -> str:
    """An action typed with a card's name ("use Thrown Stone e5") as the engine reads it, with
    the card's id ("use THROWN_STONE e5")."""
    for card_id, name in sorted(_names().items(), key=lambda item: -len(item[1])):
        typed = re.sub(rf"\b{re.escape(name)}\b", card_id, typed, flags=re.IGNORECASE)
    return typed


def card_help(typed: str, rules: Rules = NO_RULES) -> str:
    """ "Grapnel (equipment, SE-6.8): ..." for `? grapnel`; an order card's text is followed by
    its steps as they play in this game (`rules`: a recon's real reach, SE-8.6); the choices
    when nothing matches."""
    card_id = find_card(typed)
    if card_id is None:
        known = ", ".join(sorted(_names().values()))
        return f"No card is called {typed.strip()!r}. The cards: {known}."
    content = shipped_content()
    if any(card.id == card_id for card in content.equipment):
        return f"{card_name(card_id)}, equipment (SE-6.8, 11.6): {card_text(card_id)}"
    steps = [f"{n}. {words}" for n, words in enumerate(card_steps(card_id, rules), start=1)]
    told = f"{card_name(card_id)}, an order card (SE-8): {card_text(card_id)}"
    return "\n".join([told, "Step by step, in this game:", *steps])


def entry_edge(space: str, width: int, height: int) -> str:
    """The board edge an entry point's target space lies on (SE-2.10): north, south, west, east."""
    col, row = ord(space[0]) - ord("a"), int(space[1:]) - 1
    if col == 0:
        return "west"
    if col == width - 1:
        return "east"
    return "north" if row == 0 else "south"


@cache
def _entries() -> dict[str, tuple[str, str, str]]:
    """Entry id -> (area, target space, edge) on the shipped map."""
    geo = depot()
    out = {}
    for entry, (area, space) in geo.entries.items():
        name = geo.name_of(space)
        out[entry] = (area, name, entry_edge(name, geo.width, geo.height))
    return out


def entry_words(entry: str) -> str:
    """ "the black entry point (north edge)" for EK, as a player reads the map (SE-2.10)."""
    if entry not in _entries():
        return entry
    area, _, edge = _entries()[entry]
    return f"the {area} entry point ({edge} edge)"


def place_words(place: object) -> str:
    """A space as printed, or an entry point in words."""
    text = str(place)
    return entry_words(text) if text in _entries() else text


def target_words(target: str | None) -> str:
    if not target:
        return "?"
    if target.startswith("po_access:"):
        kind = target.split(":", 1)[1]
        return "each probable objective's " + ("" if kind == "any" else f"{kind} ") + "access space"
    return TARGETS.get(target, target)


def step_words(step: StepData, rules: Rules = NO_RULES) -> str:
    """One step of an order card in plain words: "every defender moves 2 toward the last known
    area", "the defenders in the last known area search" (SE-8); a recon with the reach it has
    in a game of `rules` (SE-8.6: 2 unless the card says otherwise, one more under
    `sniper-recon`, SE-10.1)."""
    who = SELECTORS.get(step.who or "all", str(step.who))
    if step.los_within is not None:
        who += f" that can see you within {step.los_within}"
    if step.per_po:
        who = "for each " + ("unguarded " if step.unguarded else "") + "probable objective,"
        who += " the nearest defender"
    to = target_words(step.to)
    if step.per_po and step.to == "po":
        to = "it"
    elif step.per_po:  # "for each probable objective, ... toward its access"
        to = to.replace("each probable objective's", "its")
    if step.op == "search":
        return f"{who}: search next to them"
    if step.op == "recon":
        return f"{who}: look out for you within {recon_range(step, rules)} spaces"
    if step.op == "attack":
        return f"{who}: fire at your space (2 hits each if you are there)"
    if step.op == "move":
        return f"{who}: move {step.n} toward {to}"
    if step.op == "summon":
        return f"{who}: summoned to {to}"
    if step.op == "update_lka":
        return "the last known area becomes your area"
    if step.op == "regroup":
        return "the defenders regroup onto the card's marks"
    return step.op


def card_steps(card_id: str, rules: Rules = NO_RULES) -> list[str]:
    """Every step of an order card in plain words, in order, as it plays under `rules`."""
    try:
        card = shipped_content().order(card_id)
    except (KeyError, ValueError):
        return []
    return [step_words(step, rules) for step in card.steps]


def tokens_text(tokens: Mapping[str, int]) -> str:
    """ "3 accuracy, 1 noise" (kinds with none left out)."""
    parts = [f"{tokens[k]} {TOKEN_WORDS[k]}" for k in "ANRS" if tokens.get(k)]
    return ", ".join(parts) or "nothing"


def percent(p: float) -> str:
    """ "69%"; a chance above zero that rounds to 0 reads "<1%" (it is not none)."""
    if 0 < p < 0.005:
        return "<1%"
    return f"{round(p * 100)}%"


TURN_VERBS = {"move": "move", "shoot": "shoot", "loot": "loot", "complete": "complete your"
              " objective", "use": "use equipment"}  # fmt: skip


def question(view: Mapping[str, Any], verbs: Sequence[str] = ()) -> str:
    """The decision's question in plain words, the rule last; for the sniper's turn, only what
    he may still do (`verbs`: the legal actions' verbs; all when not given)."""
    decision = str(view.get("decision", ""))
    entries = (view.get("map") or {}).get("entries") or {}
    if decision == "turn" and view.get("sniper") in entries:
        return f"{FIRST_TURN} (SE-4.12)"
    if decision == "turn" and verbs:
        may = [words for verb, words in TURN_VERBS.items() if verb in verbs]
        if not may:
            return "Your turn: nothing more to do but end it (SE-6.1)"
        return f"Your turn: {', '.join(may)}, or end it (SE-6.1)"
    if decision == "place":
        return place_question(view)
    if decision not in QUESTIONS:
        return decision.replace("-", " ").capitalize()
    text, rule = QUESTIONS[decision]
    return f"{text} ({rule})"


SQUAD_AREAS = {"R": "red", "K": "black", "Y": "yellow"}


def place_question(view: Mapping[str, Any]) -> str:
    """SE-7.8: which defender comes back, the iron cross a figure stands on, and the choice."""
    defender = str((view.get("pending") or {}).get("defender") or "")
    crosses = (view.get("map") or {}).get("crosses") or {}
    cross = crosses.get(SQUAD_AREAS.get(defender[:1], ""))
    if not defender or not cross:
        text, rule = QUESTIONS["place"]
        return f"{text} ({rule})"
    return (
        f"{defender} comes back, but a figure stands on its iron cross {cross}: choose the"
        f" space next to the cross for {defender} (SE-7.8)"
    )


def reward_words(reward: str) -> str:
    """A reward (SE-6.5(4)) as the player reads it: "take 2 recoil from the bag into your
    health"."""
    words = reward.split()
    if not words:
        return reward
    return {
        "noise": "take a noise token from the bag into your health",
        "accuracy": "add an accuracy token to the bag",
    }.get(words[0], f"take {words[-1]} recoil from the bag into your health")


def reward_told(reward: str) -> str:
    """A reward (SE-6.5(4)) as the log tells it, a sentence of what you did: "you take 2
    recoil tokens from the bag into your health" (the menu's words are a choice's, not this)."""
    words = reward.split()
    if words[:1] == ["recoil"] and len(words) == 2 and words[1].isdigit():
        n = int(words[1])
        return f"you take {n} recoil token{'s' if n != 1 else ''} from the bag into your health"
    return {
        "noise": "you take a noise token from the bag into your health",
        "accuracy": "you add an accuracy token to the bag",
    }.get(reward, reward)


def in_sight(view: Mapping[str, Any], defender: str) -> Mapping[str, Any] | None:
    for entry in view.get("in_sight") or []:
        if entry.get("defender") == defender:
            return dict(entry)
    return None


def action_label(view: Mapping[str, Any], text: str) -> str:
    """How one legal action (its engine text) reads in the numbered list."""
    words = text.split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    if verb == "move" and len(rest) == 2:
        steps = int(rest[1])
        return f"move to {rest[0]} ({steps} step{'s' if steps != 1 else ''})"
    if verb == "shoot" and len(rest) == 2:
        k = int(rest[1])
        entry = in_sight(view, rest[0])
        odds = ""
        if entry and 0 < k <= len(entry.get("hit", [])):
            odds = f": {percent(float(entry['hit'][k - 1]))} to hit"
        return f"shoot {rest[0]} drawing {k} token{'s' if k != 1 else ''}{odds}"
    if verb == "enter" and rest:
        entries = (view.get("map") or {}).get("entries") or {}
        _, space = entries.get(rest[0], ("?", "?"))
        return f"come in at {entry_words(rest[0])}, onto {space}"
    if verb == "bottom" and rest:
        space = ((view.get("map") or {}).get("objectives") or {}).get(rest[0])
        return f"put objective {rest[0]}{f' ({space})' if space else ''} at the bottom"
    if verb == "reward" and rest:
        return reward_words(" ".join(rest))
    if verb == "keep" and rest:
        return f"keep {card_name(rest[0])} ({card_short(rest[0])})"
    if verb == "place" and rest:
        return f"place it on {rest[0]}"
    if verb == "use" and rest:
        return f"use {card_name(rest[0])}" + (f" {use_words(rest[0], rest[1])}" if rest[1:] else "")
    return {
        "loot": "loot this objective space (draw equipment)",
        "complete": "complete the objective here",
        "end": "end your turn",
    }.get(verb, text)


def use_words(card: str, param: str) -> str:
    """What an equipment card's choice does (SE-11.6): "on e5" (a space), "to take 2 recoil
    from the bag into your health" (Field Dressing), "to move the last known area to red"."""
    if param.isdigit():
        n = int(param)
        if card == "FIELD_DRESSING":
            return f"to take {n} recoil from the bag into your health"
        return f"with {n}"
    if param in AREA_WORDS:
        return f"to move the last known area to {AREA_WORDS[param]}"
    return f"on {param}"


def why_missed(drawn: Mapping[str, Any], rules: Rules) -> str:
    """SE-6.5(3): "missed: a misfire (noise and recoil add up to 6; 5 or more misfires)" or
    "missed: 2 accuracy, 3 needed at range 3" (the range as `ranged_draws` adds it)."""
    tokens = drawn.get("tokens") or {}
    counts = (tokens.get("A", 0), tokens.get("N", 0), tokens.get("R", 0), tokens.get("S", 0))
    if misfires(counts, rules):
        worth = sum(n * MISFIRE_VALUE[t] for t, n in zip(TOKENS, counts, strict=True))
        limit = misfire_threshold(rules)
        return f"missed: a misfire (noise and recoil add up to {worth}; {limit} or more misfires)"
    if "range" in drawn:
        return f"missed: {counts[0]} accuracy, {drawn['range']} needed at range {drawn['range']}"
    return "missed"


def _defender_step(data: Mapping[str, Any]) -> str:
    who = str(data.get("defender", "?"))
    if "from" in data and "to" in data and data.get("summoned"):
        return f"{who} is summoned {data['from']} → {data['to']}"
    if "from" in data and "to" in data and data.get("rule") == NOISE:
        return f"{who} hears the shot and moves {data['from']} → {data['to']}"
    if "from" in data and "to" in data:
        return f"{who} moves {data['from']} → {data['to']}"
    if "to" in data:
        return f"{who} comes back on {data['to']}"
    return f"{who} leaves the board (from {data.get('from', '?')})"


def describe_event(event: Mapping[str, Any], rules: Rules = NO_RULES) -> str | None:
    """One log line for an event in a game of `rules`, the rule last; None for the generic
    words."""
    kind = str(event.get("kind", ""))
    data = {key: value for key, value in event.items() if key != "kind"}
    rule = data.get("rule")
    text = _event_words(kind, data, rules)
    if text is None:
        return None
    if not text:
        return ""
    return f"{text} ({rule})" if rule else text


def _event_words(kind: str, d: Mapping[str, Any], rules: Rules) -> str | None:
    if kind == "sniper-moved":
        steps = int(d.get("steps", 0))
        walked = f"{steps} step{'s' if steps != 1 else ''}"
        if str(d.get("from")) in _entries():
            return f"You step in from {entry_words(str(d['from']))} to {d.get('to')} ({walked})"
        return f"You move {d.get('from')} → {d.get('to')} ({walked})"
    if kind == "entered":
        return f"You wait at {entry_words(str(d.get('entry')))}"
    if kind == "shot":
        k = int(d.get("tokens", 0))
        return (
            f"You shoot at {d.get('target')} (range {d.get('range')}), drawing {k} "
            f"token{'s' if k != 1 else ''}"
        )
    if kind == "tokens-drawn":
        drawn = d.get("tokens") or {}
        return f"Drawn: {tokens_text(drawn)}: {'hit!' if d.get('hit') else why_missed(d, rules)}"
    if kind == "reward":
        return f"Reward: {reward_told(str(d.get('reward')))}"
    if kind == "loot":
        return f"You loot: {d.get('cards')} equipment cards drawn"
    if kind == "loot-drawn":
        return f"Loot drawn: {card_name(str(d.get('card')))}"
    if kind == "equipment-drawn":
        return f"Equipment: {card_name(str(d.get('card')))}"
    if kind == "equipment-kept":
        return f"You keep {card_name(str(d.get('card')))}"
    if kind == "equipment-duplicate":
        return f"A second {card_name(str(d.get('card')))} goes back under the deck"
    if kind == "equipment-used":
        card, param = str(d.get("card")), " ".join(map(str, d.get("param") or []))
        return f"You use {card_name(card)}" + (f" {use_words(card, param)}" if param else "")
    if kind == "objective-completed":
        return f"Objective {d.get('objective')} completed ({d.get('count')} of 2)"
    if kind == "objective-bottomed":
        return "An objective card goes to the bottom"
    if kind == "objective-drawn":
        return "You draw an objective card"
    if kind == "sniper-turn-end":
        return "You end your turn"
    if kind == "defenders-turn":
        return "— The defenders' turn —"
    if kind == "sniper-turn":
        return f"— Round {(int(d.get('turn') or 0) + 1) // 2}: your turn —"
    if kind == "order-die":
        slot = {1: "left", 2: "middle", 3: "right"}.get(int(d.get("chevrons", 0)), "?")
        return f"The order die shows {d.get('chevrons')}: the {slot} card"
    if kind == "order-flipped":
        return f"The card turns face up: {card_name(str(d.get('card')))}"
    if kind == "order-resolved":
        return f"Order: {d.get('name') or card_name(str(d.get('card')))}"
    if kind == "order-step":
        described = card_steps(str(d.get("card")), rules)
        index = int(d.get("step", 0))
        words = described[index] if index < len(described) else str(d.get("op"))
        return f"  step {index + 1}: {words}"
    if kind == "found":
        how = "searching" if d.get("how") == "search" else "looking out"
        return f"{d.get('defender')} finds you, {how}"
    if kind == "attack":
        return f"{d.get('defender')} fires at your space"
    if kind in ("defender-moved", "defender-placed", "defender-removed"):
        return _defender_step(d)
    if kind == "defender-returns":  # SE-7.8: beside its occupied cross, where the player says
        cross = f" {d['cross']}" if d.get("cross") else ""
        return f"{d.get('defender')} comes back, but a figure stands on its iron cross{cross}"
    if kind == "lka":
        return f"Last known area: {d.get('area')}"
    if kind == "hit":
        count = int(d.get("count", 0))
        health = str(d.get("health", ""))
        left = "your health runs out" if d.get("wounding") else f"health {health or 'empty'}"
        taken = f"you take {count} hit{'s' if count != 1 else ''}: {left}"
        if d.get("closing"):  # D-34: told with the defender that came close
            return f"{d['closing']} comes on or beside you (Scout challenge): {taken}"
        if d.get("rule") == MOVE_NOTICED and d.get("loud"):  # `sniper-loud` (SE-10.1)
            return f"Heard: a 3-step move (Sniper challenge): {taken}"
        if d.get("rule") == MOVE_NOTICED:
            return f"Seen moving in the last known area: {taken}"
        if d.get("rule") == "SE-6.9":  # the end of the sniper's turn; D-33: 2 under Marksman
            double = " (Marksman challenge: 2 hits)" if "marksman-double" in rules else ""
            return f"A defender on or beside you as your turn ends{double}: {taken}"
        return taken[0].upper() + taken[1:]
    if kind == "wounded":
        return f"You are wounded! Health rebuilt: {d.get('health')}"
    if kind == "ruled-out":
        return f"Objective {d.get('objective')} is no longer a probable objective"
    if kind == "order-discarded":
        return f"{card_name(str(d.get('card')))} is discarded"
    if kind == "order-drawn":
        if d.get("face") == "down":
            return "An order card comes onto the board face down"
        return f"{card_name(str(d.get('card')))} comes onto the order board face up"
    if kind == "order-deck-shuffled":
        return f"The discarded orders go back into the deck ({d.get('cards')} cards)"
    if kind == "order-deck":
        return f"The order deck holds {d.get('cards')} cards"
    if kind == "order-boxed":
        return ""  # set-up: a card put away unseen says nothing to the player
    if kind == "tie":
        return "Equally bad for you: chance picks one way"
    if kind == "game-over":
        return None
    return None


REASONS = {
    "objectives": ("You completed both objectives", "SE-9.1"),
    "killed": ("You were wounded a second time", "SE-5.3"),
    "deck-empty": ("The order deck ran out", "SE-7.1"),
}


# the same, said of an agent that a person watches play the sniper
WATCHED = {
    "objectives": "The sniper completed both objectives",
    "killed": "The sniper was wounded a second time",
}


def outcome_reason(outcome: Outcome, watched: bool = False) -> str:
    """Why the game ended, for the player (`watched`: for a person watching an agent play)."""
    text, rule = REASONS.get(outcome.reason, (outcome.reason.replace("-", " "), outcome.rule))
    if watched:
        text = WATCHED.get(outcome.reason, text)
    turn = (outcome.params or {}).get("turn")
    if isinstance(turn, int) and turn > 0:
        text += f" in round {(turn + 1) // 2}"
    done = outcome.scores.get(1) if outcome.scores else None
    if outcome.reason != "objectives" and done is not None:
        text += f"; objectives completed: {done:g}"
    return f"{text} ({outcome.rule or rule})"


def describe_outcome(outcome: Outcome) -> str:
    head = "You win" if outcome.result == "win" else "You lose"
    return f"{head} — {outcome_reason(outcome)}"


# SE-10.1: the officer challenges by their names, and what each modifier changes
CHALLENGE_NAMES = {"medic": "Medic", "radio": "Radio Operator", "scout": "Scout",
                   "dog": "Dog Handler", "marksman": "Marksman", "sniper": "Sniper"}  # fmt: skip
MODIFIER_WORDS = {
    "medic+": "you start with 3 equipment cards",
    "medic-noise": "1 more noise token in the bag",
    "medic-early": "a defender off the board comes back at the start of the defenders' turn,"
    " before the order",
    "radio+": "your health holds 2 suppressor tokens (as recoil) instead of its 2 noise tokens",
    "radio-reward": "a hit never rewards you with recoil",
    "radio-misfire": "a shot misfires when its noise, recoil and suppressors total 4",
    "scout+": "a wound rebuilds your health from 1 recoil and 2 noise",
    "scout-close": "a defender an order moves onto you or next to you (same type) hits you",
    "scout-1-9": "objectives 1 and 9 are out of the game",
    "dog+": "completing your first objective summons nobody",
    "dog-equip": "you start with 1 equipment card",
    "dog-deck": "the order deck holds 7 cards, not 9",
    "marksman+": "1 more accuracy token in the bag",
    "marksman-double": "a defender on or next to you at the end of your turn hits you twice",
    "marksman-cap": "up to 5 hits a turn, and a wound does not stop the later ones",
    "sniper+": "a move of exactly 2 steps into the last known area costs no hit",
    "sniper-loud": "a 3-step move costs a hit even outside the last known area",
    "sniper-recon": "the defenders look out for you within 3 spaces, not 2",
}


def challenge_of(modifiers: Rules) -> str | None:
    """The officer challenge whose three modifiers are all in force (SE-10.1)."""
    for challenge, trio in CHALLENGES.items():
        if set(trio) <= modifiers:
            return challenge
    return None


def challenge_title(modifiers: Rules) -> str:
    """ "Medic challenge", "Medic challenge and 1 more modifier", "2 modifiers", or ""."""
    challenge = challenge_of(modifiers)
    rest = len(modifiers) - (3 if challenge else 0)
    more = f"{rest} modifier{'s' if rest != 1 else ''}"
    if challenge is None:
        return more if rest else ""
    title = f"{CHALLENGE_NAMES[challenge]} challenge"
    return f"{title} and {rest} more modifier{'s' if rest != 1 else ''}" if rest else title


def challenge_help(modifiers: Rules) -> str:
    """`? challenge`: what each modifier in force changes, its id last (SE-10.1)."""
    if not modifiers:
        return "The standard game: no officer challenge, no modifier (SE-10.1)."
    title = challenge_title(modifiers)
    article = "the " if challenge_of(modifiers) else ""
    lines = [f"This game: {article}{title} (SE-10.1):"]
    known = [m for trio in CHALLENGES.values() for m in trio]  # the advantage first
    ordered = sorted(modifiers, key=lambda m: (known.index(m) if m in known else len(known), m))
    lines += [f"- {MODIFIER_WORDS.get(m, m)} ({m})" for m in ordered]
    return "\n".join(lines)
