"""What a BattleLore player types in the terminal besides a number (issue 21 points 4, 5, 7):
'l' shows the log on a page of its own, '? CARD' a card's text and real cost, a bare hex
names the one action it can mean ("F4" at the orders is "order F4") or says in one reason why
it cannot be used ("F4 has already moved"), and a refused action is told in the player's words:
cards by name, never by id ("Patrol Centre", not "PATROL_C").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.text import Text

from bitva.cli.games.battlelore_lore import (
    card_help,
    card_words,
    cards_named,
    is_card,
    is_lore_card,
)
from bitva.cli.games.battlelore_names import unit_name
from bitva.cli.games.sniper_elite_pages import log_page
from bitva.games.battlelore.field.board import HexError, hex_of

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn

# an id in an engine message: a Lore card ("WZ01") or a Command card ("PATROL_C", "SCOUT_L")
_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b")
# what the player may type, in the player's words (the engine's grammar names cards by id)
TYPING = (
    "type the number of a choice, or a hex ('F4'), or an action such as 'order F4',"
    " 'move F4 F6', 'battle F4 G5', 'pass' or 'done'"
)


def in_player_words(message: str) -> str:
    """An engine message with each card id said by its printed name ("Scout Left is not in
    your hand"); the engine's own example grammar ("write e.g. play PATROL_C, ...") becomes
    what the terminal takes."""
    head, sep, _ = message.partition(": write e.g. ")
    if sep:
        return f"{head}: {TYPING}"
    return _ID.sub(lambda m: card_words(m.group(0)) if is_card(m.group(0)) else m.group(0), message)


def aside(turn: HumanTurn, answer: str) -> bool:
    """'l' (the log, the latest last, on a page of its own: the screen beside the board keeps
    only a few lines) and '? CARD' (a card's text and cost); True where it answered."""
    lowered = answer.strip().lower()
    if lowered in ("l", "log"):
        width, height = turn.game.console.size
        turn.show(Text(log_page(turn.game.log(turn.seat), width, height)))
        return True
    for prefix in ("?", "help ", "h "):
        asked = answer.strip()[len(prefix) :].strip()
        if lowered.startswith(prefix) and asked:
            turn.show(Text(card_help(turn.state.view(turn.seat), asked)))
            return True
    return False


def typed(turn: HumanTurn, answer: str) -> Any | None:
    """The action the player typed, or None after saying in his words why it cannot be
    played: a bare hex is the one action it names, or one reason."""
    if aside(turn, answer):
        return None
    state = turn.state
    if is_hex(answer):
        action, reason = hex_answer(state, turn.seat, answer.strip().upper())
        if reason is not None:
            turn.error(reason)
        return action
    text, ambiguous = card_answer(state.view(turn.seat), answer)
    if ambiguous is not None:
        turn.error(ambiguous)
        return None
    action = the_one_action(state, text) or turn.parsed(text)
    if action is None and turn.message:
        turn.error(in_player_words(turn.message))
    return action


# the verbs whose first word is a card: what a player may name by its printed name
CARD_VERBS = ("play", "lore", "keep", "discard")


def card_answer(view: Mapping[str, Any], answer: str) -> tuple[str, str | None]:
    """`answer` with a card named by its printed name, in any case or by a prefix that fits
    one card, written as the engine's action ("play Patrol Centre" is "play PATROL_C", "play
    mass defense" is "lore CL03": a Lore card is played with `lore`, BL-13); the longest run of
    words after the verb that names a card. Any other answer as it is; a name that fits
    several cards is one line naming them (the error, second)."""
    words = answer.split()
    verb = words[0].casefold() if words else ""
    if len(words) < 2 or verb not in CARD_VERBS:
        return answer, None
    for end in range(len(words), 1, -1):
        asked = " ".join(words[1:end])
        idents = cards_named(asked, view)
        if len(idents) > 1:
            names = [card_words(ident) for ident in idents]
            listed = ", ".join(names[:-1]) + f" or {names[-1]}"
            return answer, f"'{asked}' could be {listed}: type more of the name"
        if idents:
            ident = idents[0]
            if verb in ("play", "lore"):
                verb = "lore" if is_lore_card(ident) else "play"
            return " ".join([verb, ident, *words[end:]]), None
    return answer, None


def the_one_action(state: Any, text: str) -> Any | None:
    """The legal action `text` begins, when it begins only one: a Lore card named without its
    target where it has one ("lore CL03" for "lore CL03 F5", BL-13.3), else None."""
    if not text.startswith("lore "):
        return None
    actions = [a for a in state.legal_actions() if state.action_text(a).startswith(text + " ")]
    return actions[0] if len(actions) == 1 else None


def with_card_ids(view: Mapping[str, Any], answer: str) -> str:
    """`answer` with its card written as the engine's id (`card_answer`, without its error).

    >>> with_card_ids({}, "play Scout Left"), with_card_ids({}, "move F4 F6")
    ('play SCOUT_L', 'move F4 F6')
    """
    return card_answer(view, answer)[0]


def is_hex(answer: str) -> bool:
    """Whether `answer` names a hex of the board ("F4")."""
    try:
        hex_of(answer)
    except HexError:
        return False
    return True


def hex_answer(state: Any, seat: int, where: str) -> tuple[Any | None, str | None]:
    """A bare hex: the one legal action whose unit or destination it is ("order F4",
    "retreat E6"), or None and one reason it cannot be used now."""
    actions = state.legal_actions()
    texts = [state.action_text(a) for a in actions]
    named = [a for a, t in zip(actions, texts, strict=True) if where in t.split()[1:2]]
    if len(named) == 1:
        return named[0], None
    if named:  # a unit with several moves or targets: the menu numbers them
        words = [t.split() for t in texts if where in t.split()[1:2]]
        ends = ", ".join(w[-1] for w in words)
        verb = "move to" if words[0][0] == "move" else "attack"
        return None, f"{where} may {verb} {ends}: type the whole action or its number"
    return None, why_not(state.view(seat), seat, str(state.decision), where)


def why_not(view: Mapping[str, Any], seat: int, decision: str, where: str) -> str:
    """One reason a hex cannot be used at this decision, from the seat's view."""
    units = {u["hex"]: u for u in view.get("units", [])}
    unit = units.get(where)
    steps = {"order": "ordered", "move": "moved", "battle": "battled"}
    if decision not in steps and decision not in ("retreat", "pursue", "landmark"):
        what = {"command": "choose a Command card"}.get(decision, "choose from the list")
        return f"{where} cannot be used now: {what} (type its number)"
    if decision in ("retreat", "pursue", "landmark"):
        return f"{where} is not one of the hexes offered: type a number from the list"
    if unit is None:
        return f"There is no unit on {where}"
    name = f"{unit_name(str(unit['type']))} {where}"
    if unit.get("side") != seat:
        return f"{name} is an enemy unit: choose one of yours"
    if decision == "order":
        if unit.get("ordered"):
            return f"{name} is already ordered"
        return f"{name} cannot be ordered: the Command card orders no more units there"
    if not unit.get("ordered"):
        return f"{name} was not ordered this turn"
    if decision == "move":
        if unit.get("moved"):
            return f"{name} has already moved"
        return f"{name} has no hex it can move to"
    if unit.get("battled"):
        return f"{name} has already battled"
    return f"{name} has no enemy in reach it may battle now"
