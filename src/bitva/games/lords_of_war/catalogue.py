"""Card content as TOML data, validated at load (invariant 6).

Army files (`content/armies/*.toml`) hold the core decks; deck files (LW-10.3, LW-10.4) list the 36
cards of a custom or mercenary deck by reference. Every problem is a ContentError naming the file,
the field and the reason.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from bitva.core.errors import ContentError
from bitva.games.lords_of_war.cards import (
    COMPOSITION,
    DECK_SIZE,
    DIRECTIONS,
    RANKS,
    Card,
    Rank,
    UnitClass,
)

ARMIES_PACKAGE = "bitva.games.lords_of_war.content.armies"


class RangedData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    value: int = Field(ge=1, le=9)
    targets: list[tuple[int, int]] = Field(min_length=1)


class CardData(BaseModel):
    """A card as written in TOML (army files and inline cards of position files)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    name: str | None = None
    rank: Rank
    unit_class: UnitClass = Field(alias="class")
    defence: int = Field(ge=0, le=20)
    arrows: dict[str, int] = Field(default_factory=dict)
    ranged: RangedData | None = None
    quantity: int = Field(default=1, ge=1, le=36)

    @field_validator("arrows")
    @classmethod
    def _known_directions(cls, arrows: dict[str, int]) -> dict[str, int]:
        for direction, value in arrows.items():
            if direction not in DIRECTIONS:
                raise ValueError(f"unknown arrow direction {direction!r} (LW-1.3: {DIRECTIONS})")
            if not 0 <= value <= 9:
                raise ValueError(f"arrow {direction} = {value}: values are 1..9 (LW-1.3)")
        return arrows

    def to_card(self, ref: str, name: str, army: str, source: str) -> Card:
        if (self.unit_class == "ranged") != (self.ranged is not None):
            reason = (
                "a ranged unit needs `ranged = { value, targets }`"
                if self.unit_class == "ranged"
                else f"only ranged units shoot, this one is {self.unit_class} (LW-1.4)"
            )
            raise ContentError(source, f"{ref}.ranged", reason)
        arrows = tuple(self.arrows.get(d, 0) for d in DIRECTIONS)
        ranged = self.ranged
        return Card(
            ref=ref,
            name=name,
            army=army,
            rank=self.rank,
            unit_class=self.unit_class,
            defence=self.defence,
            arrows=arrows,  # type: ignore[arg-type]
            ranged=ranged.value if ranged else 0,
            targets=tuple(tuple(t) for t in ranged.targets) if ranged else (),  # type: ignore[misc]
        )

    def to_toml(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.name is not None:
            data["name"] = self.name
        data["rank"] = self.rank
        data["class"] = self.unit_class
        data["defence"] = self.defence
        data["arrows"] = {d: v for d, v in self.arrows.items() if v}
        if self.ranged is not None:
            data["ranged"] = {
                "value": self.ranged.value,
                "targets": [list(t) for t in self.ranged.targets],
            }
        if self.quantity != 1:
            data["quantity"] = self.quantity
        return data


def card_to_data(card: Card, with_name: bool = True) -> CardData:
    ranged = RangedData(value=card.ranged, targets=list(card.targets)) if card.is_ranged else None
    return CardData(
        name=card.name if with_name else None,
        rank=card.rank,
        unit_class=card.unit_class,
        defence=card.defence,
        arrows=card.arrow_table(),
        ranged=ranged,
    )


class ArmyFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    army: str
    title: str
    source: str = ""
    cards: list[CardData] = Field(min_length=1)


@dataclass(frozen=True)
class Army:
    """A core deck: its distinct cards in data order and how many copies of each."""

    name: str
    title: str
    cards: tuple[Card, ...]
    quantities: tuple[int, ...]

    def deck(self) -> list[Card]:
        """The 36 physical cards, in data order."""
        return [
            card
            for card, count in zip(self.cards, self.quantities, strict=True)
            for _ in range(count)
        ]

    def general(self) -> Card:
        return next(card for card in self.cards if card.rank == "general")


def _first_error(exc: ValidationError) -> tuple[str, str]:
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first["loc"])
    return field, str(first["msg"])


def _read_toml(path: str, text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, "", f"not valid TOML: {exc}") from exc


def _references(entries: list[tuple[str, CardData]]) -> list[str]:
    """Card references: the name, with #n where a name has several entries (section 14)."""
    totals = Counter(name for name, _ in entries)
    seen: Counter[str] = Counter()
    refs = []
    for name, _ in entries:
        seen[name] += 1
        refs.append(f"{name}#{seen[name]}" if totals[name] > 1 else name)
    return refs


def parse_army(text: str, source: str) -> Army:
    raw = _read_toml(source, text)
    try:
        data = ArmyFile.model_validate(raw)
    except ValidationError as exc:
        field, reason = _first_error(exc)
        raise ContentError(source, field, reason) from exc
    entries = []
    for index, card in enumerate(data.cards):
        if not card.name:
            raise ContentError(source, f"cards.{index}.name", "every army card needs a name")
        entries.append((card.name, card))
    refs = _references(entries)
    cards = tuple(
        entry.to_card(ref, name, data.army, source)
        for ref, (name, entry) in zip(refs, entries, strict=True)
    )
    quantities = tuple(entry.quantity for _, entry in entries)
    check_composition([c for c, q in zip(cards, quantities, strict=True) for _ in range(q)], source)
    return Army(data.army, data.title, cards, quantities)


def check_composition(deck: list[Card], source: str, field: str = "cards") -> None:
    """LW-1.1 / LW-10.3: 36 cards with the core number of each rank (so exactly one General)."""
    if len(deck) != DECK_SIZE:
        raise ContentError(
            source, field, f"a deck holds {DECK_SIZE} cards, this one {len(deck)} (LW-1.1)"
        )
    counts = Counter(card.rank for card in deck)
    for rank in RANKS:
        if counts[rank] != COMPOSITION[rank]:
            raise ContentError(
                source,
                field,
                f"a deck holds {COMPOSITION[rank]} {rank} card(s), this one {counts[rank]} "
                "(LW-1.1)",
            )


@cache
def army_names() -> tuple[str, ...]:
    files = resources.files(ARMIES_PACKAGE)
    return tuple(sorted(p.name[:-5] for p in files.iterdir() if p.name.endswith(".toml")))


@cache
def load_army(name: str) -> Army:
    key = name.strip().lower()
    if key not in army_names():
        raise ContentError("armies", name, f"unknown army (known: {', '.join(army_names())})")
    resource = resources.files(ARMIES_PACKAGE) / f"{key}.toml"
    return parse_army(resource.read_text(encoding="utf-8"), f"{key}.toml")


@cache
def card_index() -> dict[str, Card]:
    """Every card of every shipped army by reference (card names are unique across armies)."""
    index: dict[str, Card] = {}
    for army in army_names():
        for card in load_army(army).cards:
            index[card.ref] = card
    return index


def find_card(ref: str, source: str = "card", field: str = "card") -> Card:
    """The shipped card a reference names, or a ContentError saying why not."""
    index = card_index()
    if ref in index:
        return index[ref]
    variants = [r for r in index if r.startswith(ref + "#")]
    if variants:
        raise ContentError(source, field, f"{ref!r} is ambiguous: write one of {variants}")
    raise ContentError(source, field, f"unknown card {ref!r}")


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card: str
    count: int = Field(default=1, ge=1, le=36)


class DeckFile(BaseModel):
    """A custom (LW-10.3) or mercenary (LW-10.4) deck."""

    model_config = ConfigDict(extra="forbid")
    name: str
    kind: Literal["custom", "mercenary"] = "custom"
    army: str | None = Field(default=None, description="custom decks: the army (race)")
    cards: list[DeckEntry] = Field(min_length=1)


@dataclass(frozen=True)
class Deck:
    name: str
    army: str
    cards: tuple[Card, ...]  # the 36 physical cards


def parse_deck(text: str, source: str) -> Deck:
    """Read and check a deck file: 36 cards, the core rank composition (LW-1.1), one General;
    a custom deck takes every card from one army (LW-10.3), a mercenary deck from any (LW-10.4)."""
    raw = _read_toml(source, text)
    try:
        data = DeckFile.model_validate(raw)
    except ValidationError as exc:
        field, reason = _first_error(exc)
        raise ContentError(source, field, reason) from exc
    cards: list[Card] = []
    for index, entry in enumerate(data.cards):
        card = find_card(entry.card, source, f"cards.{index}.card")
        cards.extend([card] * entry.count)
    if data.kind == "custom":
        army = data.army or (cards[0].army if cards else "")
        if army not in army_names():
            raise ContentError(source, "army", f"unknown army {army!r}")
        for index, entry in enumerate(data.cards):
            card = find_card(entry.card)
            if card.army != army:
                raise ContentError(
                    source,
                    f"cards.{index}.card",
                    f"{card.ref} is of the {card.army}; a custom {army} deck takes cards of its "
                    "own "
                    'army only (LW-10.3; use kind = "mercenary" for LW-10.4)',
                )
    else:
        army = "mercenaries"
    check_composition(cards, source)
    return Deck(data.name, army, tuple(cards))


def load_deck(spec: str) -> Deck:
    """An army name (its core deck) or the path of a deck file."""
    if spec.strip().lower() in army_names():
        army = load_army(spec)
        return Deck(army.title, army.name, tuple(army.deck()))
    path = Path(spec)
    if not path.exists():
        raise ContentError(
            spec, "", f"neither an army ({', '.join(army_names())}) nor a deck file that exists"
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(spec, "", f"cannot read: {exc}") from exc
    return parse_deck(text, spec)
