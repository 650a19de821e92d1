"""BattleLore's Lore cards in the terminal's words (issue 21 points 5 and 7): a card in the
menu with what it really costs this seat (BL-13.5; 3 more for a school its War Council lacks,
BL-14.4) and its targets by name, never by id ("Dispel on Fire Bolt", not "on WZ01"); the card's
text on `? CARD`, as the browser shows it (the catalogue's words, section 5.2); and how many
starting cards the opening choice keeps (BL-14.3: 2 in A02, 3 in A04).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bitva.cli.games.battlelore_names import card_name, command_title
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.lore.council import lore_start
from bitva.games.battlelore.lore.economy import casting

# the War Council's seats as the players say them (BL-14.2)
SCHOOL_WORDS = {
    "cleric": "Cleric",
    "wizard": "Wizard",
    "rogue": "Rogue",
    "warrior": "Warrior",
    "commander": "Commander",
}


def is_card(word: str) -> bool:
    """Whether `word` is a Command or Lore card's id (the catalogue knows it)."""
    catalogue = load_catalogue()
    return word in catalogue.lore or word in catalogue.commands


def card_words(word: str) -> str:
    """A card id said by its printed name; any other word (a hex) as it is."""
    catalogue = load_catalogue()
    if word in catalogue.commands:
        return command_title(word)
    return card_name(word) if word in catalogue.lore else word


def own_council(view: Mapping[str, Any]) -> Mapping[str, int] | None:
    """The War Council of the seat the view is for (the side whose hand the view shows)."""
    for side in (view.get("sides") or {}).values():
        if isinstance(side.get("lore_hand"), list):
            council = side.get("council")
            return council if isinstance(council, Mapping) else {}
    return None


def lore_cost(
    view: Mapping[str, Any], card_id: str, args: Sequence[str] = (), *, short: bool = False
) -> str:
    """What playing `card_id` costs this seat, in words: "4 Lore" or "5 Lore (3 more: no
    Wizard in your council)" (BL-13.5, BL-14.4); `short` for a menu line: "5 Lore (+3: no
    Wizard)". Dispel's "?" is what the cancelled card's owner paid for it (its target among
    `args`)."""
    card = load_catalogue().lore.get(card_id)
    council = own_council(view)
    if card is None or council is None:
        return ""
    paid = 0
    for played in (view.get("played") or {}).get("lore") or []:
        if played.get("card") in args:
            paid = int(played.get("paid", 0))
    cast = casting(card, council, paid)
    if cast.master is not None:
        return f"{cast.cost} Lore"
    schools = " or ".join(SCHOOL_WORDS.get(s, s) for s in card.schools)
    if short:
        return f"{cast.cost} Lore (+3: no {schools})"
    return f"{cast.cost} Lore (3 more: no {schools} in your council)"


def lore_label(view: Mapping[str, Any], rest: Sequence[str]) -> str:
    """ "Fire Bolt on F5 — 4 Lore": a Lore card played, its targets by name, its real cost."""
    card_id, args = rest[0], list(rest[1:])
    targets = " ".join(card_words(arg) for arg in args)
    label = f"play the Lore card {card_name(card_id)}" + (f" on {targets}" if targets else "")
    cost = lore_cost(view, card_id, args, short=True)
    return f"{label} — {cost}" if cost else label


def find_card(asked: str, view: Mapping[str, Any]) -> str | None:
    """The card a player asks about: by id ("wz01") or name ("fire bolt"), a Lore or Command
    card; a name first among the cards this seat holds."""
    catalogue = load_catalogue()
    wanted = " ".join(asked.split()).casefold()
    cards: dict[str, str] = {ident: card.name for ident, card in catalogue.lore.items()}
    cards.update({ident: command_title(ident) for ident in catalogue.commands})
    for ident, name in cards.items():
        if wanted in (ident.casefold(), name.casefold(), card_name(ident).casefold()):
            return ident
    held = [card for side in (view.get("sides") or {}).values() for card in _held(side)]
    matches = [ident for ident, name in cards.items() if wanted in name.casefold()]
    matches.sort(key=lambda ident: ident not in held)
    return matches[0] if matches and wanted else None


def cards_named(asked: str, view: Mapping[str, Any]) -> list[str]:
    """The cards a typed name may mean, in any case: the one it names whole (an id or a
    printed name), else those whose name starts with it, else those whose name holds it; the
    ones this seat's view shows held, when any of them are (issue 21: "mass def", "patrol")."""
    catalogue = load_catalogue()
    wanted = " ".join(asked.split()).casefold()
    if not wanted:
        return []
    cards: dict[str, str] = {ident: card.name for ident, card in catalogue.lore.items()}
    cards.update({ident: command_title(ident) for ident in catalogue.commands})
    for ident, name in cards.items():
        if wanted in (ident.casefold(), name.casefold(), card_name(ident).casefold()):
            return [ident]
    found = [ident for ident, name in cards.items() if name.casefold().startswith(wanted)]
    found = found or [ident for ident, name in cards.items() if wanted in name.casefold()]
    held = {card for side in (view.get("sides") or {}).values() for card in _held(side)}
    return [ident for ident in found if ident in held] or found


def is_lore_card(ident: str) -> bool:
    """Whether `ident` is a Lore card's id (played as `lore CARD`, BL-13)."""
    return ident in load_catalogue().lore


def _held(side: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("command_hand", "lore_hand", "drawn", "lore_drawn"):
        cards = side.get(key)
        if isinstance(cards, list):
            out += [str(card) for card in cards]
    return out


def card_help(view: Mapping[str, Any], asked: str) -> str:
    """`? CARD`: the card's name, its text and, for a Lore card, its schools and its real cost
    for this seat (the browser's card text, section 5.2)."""
    ident = find_card(asked, view)
    if ident is None:
        return (
            f"No card is called {asked.strip()!r}: type '? ' and a card's name as the menu"
            " or the hand shows it, such as '? Fire Bolt'"
        )
    catalogue = load_catalogue()
    lore = catalogue.lore.get(ident)
    if lore is None:
        return f"{command_title(ident)} (Command card): {catalogue.commands[ident].text}"
    schools = ", ".join(SCHOOL_WORDS.get(s, s) for s in lore.schools)
    cost = lore_cost(view, ident)
    printed = "?" if lore.cost is None else str(lore.cost)
    costs = f"costs {cost}" if cost else f"costs {printed} Lore"
    if lore.cost is None:
        costs = "costs what the cancelled card's owner paid for it"
        if own_council(view) is not None and "3 more" in lore_cost(view, ident):
            costs += ", 3 more without its master in your council"
    return f"{lore.name} (Lore card: {schools}; {costs}): {lore.text}"


def keep_words(state: Any, seat: int) -> str:
    """The opening Lore choice's question (BL-14.3 step 4): how many of the cards dealt this
    seat keeps (its council's top level, 2.4: 2 in A02, 3 in A04) and how many are still to
    choose; the others go back into the deck."""
    keep = lore_start(state.councils[seat - 1] or None).cards
    left = int(state.keep_left[seat])
    dealt = len(state.lore_drawn[seat]) + keep - left
    cards = "card" if keep == 1 else "cards"
    more = f": {left} more to choose" if left != keep else ""
    return f"Keep {keep} of the {dealt} Lore {cards} dealt to you, one at a time{more}"


# recorded steps whose verb reads better in words (`bitva replay`)
_STEP_VERBS = {
    "lore-deal": "deal the Lore card",
    "box": "box the Lore card",
    "discard-lore": "discard the Lore card",
}


def step_words(text: str) -> str:
    """A recorded step as `bitva replay` prints it: cards by name, never by id ("deal Patrol
    Right Flank", "play the Lore card Dispel on Fire Bolt"; issue 21.7)."""
    words = text.split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    if verb == "lore" and rest:
        targets = " ".join(card_words(arg) for arg in rest[1:])
        return f"play the Lore card {card_name(rest[0])}" + (f" on {targets}" if targets else "")
    return " ".join([_STEP_VERBS.get(verb, verb), *(card_words(word) for word in rest)])
