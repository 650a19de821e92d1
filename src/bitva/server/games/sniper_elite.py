"""The server adapter of Sniper Elite (solo): the options a client may choose (an officer
challenge and single modifiers, SE-10.1: the game's own options model, which names no file), the
challenges for the lobby with their names and what each changes in English and Czech, and the
static map a replay sends once (`shared_view_keys`), and every order and equipment card's name
and text in both languages (content, 11.3, 11.6), which the browser shows on the order board and
in the hand.

The hit odds the browser shows before a shot are in the view itself (`in_sight`: the exact chance
to hit for each number of tokens drawn), so they arrive with the position.
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import BaseModel

from bitva.core.registry import get_game
from bitva.games.sniper_elite.catalogue import Words, card_names, shipped_content
from bitva.games.sniper_elite.options import CHALLENGES, SniperEliteOptions
from bitva.server.games import GameAdapter

# SE-10.1: each challenge's name and level, and what its three modifiers do, in both languages
CHALLENGE_WORDS: dict[str, dict[str, str]] = {
    "medic": {
        "name": "Medic",
        "name_cs": "Zdravotník",
        "level": "easy",
        "description": "You start with 3 equipment cards; 1 more noise in the bag; a defender"
        " returns at the start of the defenders' turn.",
        "description_cs": "Začínáte se 3 kartami vybavení; v pytlíku je o 1 žeton hluku víc;"
        " obránce se vrací na začátku tahu obránců.",
    },
    "radio": {
        "name": "Radio Operator",
        "name_cs": "Radista",
        "level": "easy",
        "description": "Your noise in health becomes suppressors; no recoil reward; a misfire"
        " already at 4.",
        "description_cs": "V komínku zdraví máte žetony tlumičů místo žetonů hluku; odměnou"
        " za zásah nejsou žetony zpětného rázu; zbraň selže už při součtu 4.",
    },
    "scout": {
        "name": "Scout",
        "name_cs": "Zvěd",
        "level": "medium",
        "description": "A wound rebuilds health from 1 recoil and 2 noise; a defender moving next"
        " to you hits you; objectives 1 and 9 are out.",
        "description_cs": "Po zranění vytvoříte komínek zdraví z 1 žetonu zpětného rázu"
        " a 2 žetonů hluku; obránce, který se k vám v tahu přiblíží, vás zasáhne; úkoly 1 a 9"
        " jsou mimo hru.",
    },
    "dog": {
        "name": "Dog Handler",
        "name_cs": "Psovod",
        "level": "medium",
        "description": "No defenders summoned by your first objective; 1 equipment card only;"
        " an order deck of 7.",
        "description_cs": "Po prvním splněném úkolu nejsou povoláni žádní obránci; jen 1 karta"
        " vybavení; balíček rozkazů má 7 karet.",
    },
    "marksman": {
        "name": "Marksman",
        "name_cs": "Střelec",
        "level": "hard",
        "description": "1 more accuracy in the bag; a defender next to you at the end of your"
        " turn hits twice; up to 5 hits a turn.",
        "description_cs": "V pytlíku je o 1 žeton přesnosti víc; obránce vedle vás na konci"
        " vašeho tahu zasáhne dvakrát; až 5 zásahů za tah.",
    },
    "sniper": {
        "name": "Sniper",
        "name_cs": "Odstřelovač",
        "level": "hard",
        "description": "A 2-step move into the last known area is safe; a 3-step move always"
        " hits you; defenders look out to range 3.",
        "description_cs": "Pohyb o 2 pole do poslední známé oblasti je bezpečný; pohyb o 3 pole"
        " vám vždy způsobí zásah; průzkum obránců sahá do vzdálenosti 3 polí.",
    },
}


def challenges() -> list[dict[str, Any]]:
    """The officer challenges for the lobby, easiest first: id, level, modifiers, names and
    descriptions in English and Czech."""
    return [
        {"id": ident, "modifiers": list(CHALLENGES[ident]), **CHALLENGE_WORDS[ident]}
        for ident in CHALLENGES
    ]


def _words(name: str, name_cs: str, text: Words) -> dict[str, str]:
    return {"name": name, "name_cs": name_cs, "text": text.en, "text_cs": text.cs}


def cards() -> dict[str, dict[str, Any]]:
    """Every order and equipment card by id: its kind, names and text in English and Czech, an
    equipment card's few words for the hand and its timing, an order card's steps (SE-8.13: the
    narration of the defenders' turn says each in words), the rule behind it."""
    content = shipped_content()
    out: dict[str, dict[str, Any]] = {}
    for order in content.orders:
        out[order.id] = {"kind": "order", "urgent": order.urgent, "rule": "SE-8, 11.3"}
        out[order.id]["steps"] = [step.model_dump(exclude_defaults=True) for step in order.steps]
        out[order.id].update(_words(order.name, order.name_cs, order.text))
    for card in content.equipment:
        out[card.id] = {"kind": "equipment", "timing": card.timing, "rule": "SE-6.8, 11.5, 11.6"}
        out[card.id].update(_words(card.name, card.name_cs, card.text))
        out[card.id].update(short=card.short.en, short_cs=card.short.cs)
    return out


# a card's id in an engine message ("THROWN_STONE"): capitals joined by underscores
CARD_ID = re.compile(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z]{3,}\b")


def in_player_words(message: str) -> str:
    """An engine message with each card id said by its printed name (issue 21: no id reaches
    a player; a defender's label such as "R1" is what the map shows, and stays).

    >>> in_player_words("GRAPNEL is not among your equipment")
    'Grapnel is not among your equipment'
    """
    names = card_names()
    return CARD_ID.sub(lambda m: names.get(m.group(0), m.group(0)), message)


class SniperEliteAdapter(GameAdapter):
    # the map never changes during a game: a replay sends it once
    shared_view_keys = ("map",)

    def player_words(self, message: str) -> str:
        return in_player_words(message)

    @property
    def options_model(self) -> type[BaseModel]:
        return SniperEliteOptions

    def lobby(self) -> dict[str, Any]:
        return {"challenges": challenges(), "cards": cards()}


ADAPTER = SniperEliteAdapter(get_game("sniper-elite"))
