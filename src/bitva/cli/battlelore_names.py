"""The printed names of BattleLore's units and cards for the terminal, read from the game's
catalogue (`bitva.games.battlelore.catalogue`, rules sections 2.3, 5.1, 5.2).

An id the catalogue does not know (or a catalogue not built yet) reads as the id itself, so that
a screen never breaks on a name.
"""

from __future__ import annotations

import functools
import importlib
from typing import Any

# section cards name the flank they order (section 5.1): seen from the player who plays them
FLANK_WORDS = {"L": "left flank", "C": "centre", "R": "right flank"}


@functools.cache
def _catalogue() -> Any | None:
    try:
        return importlib.import_module("bitva.games.battlelore.catalogue")
    except ImportError:
        return None


@functools.cache
def _names() -> dict[str, str]:
    """Every unit type's and card's English name by id, as the catalogue has them."""
    catalogue = _catalogue()
    loader = getattr(catalogue, "names", None) if catalogue is not None else None
    if loader is None:
        return {}
    found: dict[str, str] = dict(loader("en"))
    return found


def unit_name(type_id: str) -> str:
    """ "Footmen" for "h_bf_sword"."""
    return _names().get(type_id, type_id)


def card_name(card_id: str) -> str:
    """A Command or Lore card's printed name: "Fire Bolt" for "WZ01"."""
    return _names().get(card_id, card_id)


def command_title(card_id: str) -> str:
    """A Command card with the flank it orders: "Patrol (centre)" for "PATROL_C"."""
    name = card_name(card_id)
    base, _, flank = card_id.rpartition("_")
    if base and flank in FLANK_WORDS:
        name = card_name(card_id) if name != card_id else base.replace("_", " ").title()
        return f"{name} ({FLANK_WORDS[flank]})"
    return name
