"""BattleLore content as validated data (rules sections 2.3, 2.4, 3 and 5): the public API.

The TOML files under `content/` hold the unit roster and weapon table (`units.toml`), the Giant
Spider (`creatures.toml`), the 40 Command cards (`commands.toml`), the 60 Lore cards
(`lore.toml`), the landmarks (`landmarks.toml`) and the shipped adventures (`adventures/`).
Pydantic checks their shape (an unknown key is an error); the checks that need the rules follow.
Every problem is a `ContentError` naming the file, the field as a dotted path and the reason:
`A05.toml: sides.north.units[2]: 'h_bf_swrd' is not a unit type (known: ...)`.

The schemas live in `catalogue/units.py` (units, weapons, creatures), `catalogue/cards.py`
(Command, Lore and landmark cards) and `catalogue/adventures.py` (adventure files); this module
loads the shipped files once (`load_catalogue`) and reads adventure files (`load_adventure`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from bitva.core.errors import ContentError
from bitva.games.battlelore.catalogue.adventures import (
    SIDES,
    Adventure,
    SideSetup,
    UnitSetup,
    build_adventure,
)
from bitva.games.battlelore.catalogue.base import (
    CONTENT_PACKAGE,
    LANDMARKS,
    Label,
    Scaled,
    half_up,
    read_content,
    read_toml,
    scaled,
    validate,
)
from bitva.games.battlelore.catalogue.cards import (
    CommandCard,
    CommandsFile,
    LandmarkCard,
    LandmarksFile,
    LoreCard,
    LoreFile,
)
from bitva.games.battlelore.catalogue.units import build_roster
from bitva.games.battlelore.field.model import UnitType, Weapon
from bitva.games.battlelore.lore.council import SCHOOLS

__all__ = [
    "SIDES",
    "Adventure",
    "Catalogue",
    "CommandCard",
    "ContentError",
    "Label",
    "LandmarkCard",
    "LoreCard",
    "Scaled",
    "SideSetup",
    "UnitSetup",
    "adventure_ids",
    "half_up",
    "load_adventure",
    "load_catalogue",
    "parse_adventure",
    "scaled",
]
COMMAND_DECK_SIZE = 40  # 5.1
LORE_PER_SCHOOL = 15  # 5.2, BL-14.3


@dataclass(frozen=True)
class Catalogue:
    """Everything shipped, by id. `units` holds the roster and the creatures (`c_giant_spider`);
    `labels` the English and Czech words for weapons (`weapon:sword`), traits
    (`trait:iron_morale`), creature abilities (`ability:web`) and units (`unit:h_bf_sword`)."""

    units: dict[str, UnitType]
    weapons: dict[str, Weapon]
    commands: dict[str, CommandCard]
    lore: dict[str, LoreCard]
    landmarks: dict[str, LandmarkCard]
    adventures: dict[str, Adventure]
    labels: dict[str, Label]

    def command_deck(self) -> list[str]:
        """The 40 Command cards as ids, one entry per copy, in file order (5.1)."""
        return [card.id for card in self.commands.values() for _ in range(card.count)]

    def unit_name(self, unit_id: str, language: str = "en") -> str:
        label = self.labels[f"unit:{unit_id}"]
        return label.name_cs if language == "cs" else label.name


def _cards(raw: dict[str, dict[str, Any]], model: type[Any], source: str) -> dict[str, Any]:
    """Each `[cards.ID]` table validated as `model`, its id taken from the key."""
    cards = {}
    for ident, body in raw.items():
        if "id" in body:
            raise ContentError(source, f"cards.{ident}.id", "the table's key is the card's id")
        cards[ident] = validate(model, {"id": ident, **body}, source, f"cards.{ident}")
    return cards


def build_commands(raw: dict[str, Any], source: str = "commands.toml") -> dict[str, CommandCard]:
    """The Command deck (5.1): 40 cards."""
    data: CommandsFile = validate(CommandsFile, raw, source)
    cards: dict[str, CommandCard] = _cards(data.cards, CommandCard, source)
    total = sum(card.count for card in cards.values())
    if total != COMMAND_DECK_SIZE:
        raise ContentError(
            source, "cards", f"the Command deck holds {COMMAND_DECK_SIZE} cards, not {total} (5.1)"
        )
    return cards


def build_lore(raw: dict[str, Any], source: str = "lore.toml") -> dict[str, LoreCard]:
    """The Lore deck (5.2): 15 cards of each school, by a card's first school (BL-14.3)."""
    data: LoreFile = validate(LoreFile, raw, source)
    cards: dict[str, LoreCard] = _cards(data.cards, LoreCard, source)
    per_school: Counter[str] = Counter()
    for card in cards.values():
        per_school[card.schools[0]] += card.count
    for school in SCHOOLS:
        if per_school[school] != LORE_PER_SCHOOL:
            raise ContentError(
                source,
                "cards",
                f"the {school} pile holds {LORE_PER_SCHOOL} cards, not {per_school[school]} "
                "(5.2, BL-14.3)",
            )
    return cards


def build_landmarks(raw: dict[str, Any], source: str = "landmarks.toml") -> dict[str, LandmarkCard]:
    """The Fortification and the four Lore masters' landmarks (BL-9, 5.4)."""
    data: LandmarksFile = validate(LandmarksFile, raw, source)
    cards: dict[str, LandmarkCard] = {}
    for ident, body in data.landmarks.items():
        cards[ident] = validate(LandmarkCard, {"id": ident, **body}, source, f"landmarks.{ident}")
    for ident in LANDMARKS:
        if ident not in cards:
            raise ContentError(source, f"landmarks.{ident}", "missing (BL-9, 5.4)")
    return cards


def adventure_ids() -> tuple[str, ...]:
    """The shipped adventures' ids (A01, A02, ...), sorted."""
    folder = resources.files(CONTENT_PACKAGE).joinpath("adventures")
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


@cache
def load_catalogue() -> Catalogue:
    """The shipped content, validated once (sections 2.3, 5)."""
    roster = build_roster(read_content("units.toml"), read_content("creatures.toml"))
    commands = build_commands(read_content("commands.toml"))
    lore = build_lore(read_content("lore.toml"))
    landmarks = build_landmarks(read_content("landmarks.toml"))
    adventures: dict[str, Adventure] = {}
    for ident in adventure_ids():
        source = f"adventures/{ident}.toml"
        adventure = build_adventure(read_content(source), f"{ident}.toml", roster.units)
        if adventure.id != ident:
            raise ContentError(
                f"{ident}.toml", "adventure.id", f"{adventure.id!r} differs from the file name"
            )
        adventures[ident] = adventure
    return Catalogue(
        roster.units, roster.weapons, commands, lore, landmarks, adventures, roster.labels
    )


def parse_adventure(
    data: dict[str, Any], source: str, *, allow: frozenset[str] = frozenset()
) -> Adventure:
    """Check and build an adventure from parsed TOML (section 3); tables named in `allow`
    (a position file's `position`) are left to the caller."""
    return build_adventure(data, source, load_catalogue().units, allow)


def load_adventure(source: str | Path) -> Adventure:
    """A shipped adventure by id (`A01`, `a01`) or an adventure file by path."""
    text = str(source).strip()
    shipped = load_catalogue().adventures
    if text.upper() in shipped and not Path(text).is_file():
        return shipped[text.upper()]
    path = Path(text)
    if not path.is_file():
        known = ", ".join(shipped)
        raise ContentError(text, "", f"neither a shipped adventure ({known}) nor a file")
    try:
        content = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(text, "", f"cannot read: {exc}") from exc
    return parse_adventure(read_toml(content, path.name), path.name)
