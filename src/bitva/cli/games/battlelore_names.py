"""The printed names of BattleLore's units and cards for the terminal, read from the game's
catalogue (`bitva.games.battlelore.catalogue.load`, rules sections 2.3, 5.1, 5.2).

An id the catalogue does not know (or a catalogue not built yet) reads as the id itself, so that
a screen never breaks on a name.
"""

from __future__ import annotations

import functools
import importlib

from bitva.core.errors import BitvaError

# section cards name the flank they order (section 5.1): seen from the player who plays them
FLANK_WORDS = {"L": "left flank", "C": "centre", "R": "right flank"}


@functools.cache
def _names() -> dict[str, str]:
    """Every unit type's and card's English name by id, as the catalogue has them (empty while
    the catalogue cannot be read: the ids then stand for the names)."""
    try:
        catalogue = importlib.import_module(
            "bitva.games.battlelore.catalogue.load"
        ).load_catalogue()
    except (ImportError, BitvaError):
        return {}
    names: dict[str, str] = {}
    for key, label in catalogue.labels.items():
        if key.startswith("unit:"):
            names[key[len("unit:") :]] = label.name
    for cards in (catalogue.commands, catalogue.lore):
        names.update({ident: card.name for ident, card in cards.items()})
    return names


def unit_name(type_id: str) -> str:
    """ "Footmen" for "h_bf_sword"."""
    return _names().get(type_id, type_id)


def card_name(card_id: str) -> str:
    """A Command or Lore card's printed name: "Fire Bolt" for "WZ01"."""
    return _names().get(card_id, card_id)


def command_title(card_id: str) -> str:
    """A Command card as printed, its flank included ("Patrol Centre" for "PATROL_C"); without
    the catalogue, the id's words and the flank: "Patrol (centre)"."""
    name = card_name(card_id)
    base, _, flank = card_id.rpartition("_")
    if name == card_id and base and flank in FLANK_WORDS:
        return f"{base.replace('_', ' ').title()} ({FLANK_WORDS[flank]})"
    return name
