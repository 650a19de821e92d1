"""Content as validated TOML (SE-1.3, section 11): the map, objective cards, order cards,
regroup marks and equipment. Every problem is a ContentError naming the file, the field and the
reason; a map is load-checked by `board.Geometry` (connected, doors and ladders, access targets).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bitva.core.errors import ContentError

M = TypeVar("M", bound=BaseModel)
CONTENT_PACKAGE = "bitva.games.sniper_elite.content"
AREAS = ("red", "black", "yellow", "white")
SQUAD_AREAS = ("red", "black", "yellow")
Area = Literal["red", "black", "yellow", "white"]
Timing = Literal["before_move", "before_shot", "any"]
Selector = Literal["all", "in_lka", "not_in_lka", "entered_lka", "on_elevated", "nearest_to_sniper"]


class MapData(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    grid: str = Field(min_length=1)
    doors: list[tuple[str, str]] = Field(default_factory=list)
    ladders: list[tuple[str, str]] = Field(default_factory=list)
    entries: dict[str, tuple[Area, str]] = Field(min_length=1)


class RegroupData(BaseModel):
    """A regroup card's marks (11.4): six per coloured area, white marks with a colour."""

    model_config = ConfigDict(extra="forbid")
    red: list[str] = Field(min_length=1)
    black: list[str] = Field(min_length=1)
    yellow: list[str] = Field(min_length=1)
    white: list[tuple[str, Literal["red", "black", "yellow"]]] = Field(min_length=1)


class MapFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    map: MapData
    objectives: dict[str, Area] = Field(min_length=2)
    regroup: dict[str, RegroupData] = Field(default_factory=dict)


class StepData(BaseModel):
    """One step of an order card (SE-8.13): `op key=value ...`."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["search", "recon", "attack", "move", "summon", "update_lka", "regroup"]
    who: Selector | None = None
    n: int | None = Field(default=None, ge=1, le=9)
    to: str | None = None
    per_po: bool = False
    unguarded: bool = False
    los_within: int | None = Field(default=None, ge=0, le=30)
    range: int | None = Field(default=None, ge=0, le=30)
    target: Literal["sniper"] | None = None
    marks: str | None = None

    @model_validator(mode="after")
    def _complete(self) -> StepData:
        if self.op in ("move", "summon"):
            if self.to is None:
                raise ValueError(f"a {self.op} step needs `to`")
            if self.to not in ("lka", "sniper", "po") and not self.to.startswith("po_access:"):
                raise ValueError(f"unknown target {self.to!r}")
            if self.to.startswith("po_access:") and self.to.split(":", 1)[1] not in (
                "outdoor",
                "elevated",
                "enclosed",
                "any",
            ):
                raise ValueError(f"unknown access kind in {self.to!r}")
            if self.op == "move" and self.n is None:
                raise ValueError("a move step needs `n`")
        if (
            self.op in ("search", "recon", "attack", "move")
            and not self.per_po
            and self.who is None
        ):
            raise ValueError(f"a {self.op} step needs `who` or `per_po`")
        if self.per_po and self.to is None:
            raise ValueError("a per_po step needs `to`")
        if self.op == "regroup" and not self.marks:
            raise ValueError("a regroup step needs `marks`")
        return self


class Words(BaseModel):
    """A card's words for the player in English and Czech: neither may be missing or blank."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    en: str = Field(min_length=1, pattern=r"\S")
    cs: str = Field(min_length=1, pattern=r"\S")


class OrderData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[A-Z][A-Z_]*$")
    name: str = Field(min_length=1)
    name_cs: str = Field(min_length=1)
    text: Words  # what the card does, in plain words (SE-8, 11.3)
    urgent: bool = False
    map: str = "any"
    regroup: bool = False
    steps: tuple[StepData, ...] = Field(min_length=1)


class OrdersFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    order: list[OrderData] = Field(min_length=1)


class EquipmentData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[A-Z][A-Z_]*$")
    name: str = Field(min_length=1)
    name_cs: str = Field(min_length=1)
    copies: int = Field(default=1, ge=1, le=9)
    timing: Timing
    short: Words  # a few words for the hand
    text: Words  # what the card does and when it may be used (SE-6.8, 11.5, 11.6)


class EquipmentFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    equipment: list[EquipmentData] = Field(min_length=1)


KNOWN_EQUIPMENT = frozenset(
    {
        "NOISE_MASKING",
        "SILENT_ROUNDS",
        "THROWN_STONE",
        "FIELD_DRESSING",
        "BINOCULARS",
        "SMOKE_GRENADE",
        "SCOPE_ADJUSTMENT",
        "GRAPNEL",
        "ENEMY_UNIFORM",
        "FALSE_REPORT",
    }
)


def parse_toml(text: str, source: str, model: type[M]) -> M:
    """`text` validated as `model`; a ContentError names the file, the field and the reason."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(source, "", f"not valid TOML: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(file)"
        raise ContentError(source, field, str(first["msg"])) from None


def _shipped(name: str) -> str:
    return resources.files(CONTENT_PACKAGE).joinpath(name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Content:
    """Everything a game needs besides the map geometry: the order cards of the whole set, the
    equipment deck and the map file (its objectives and regroup marks)."""

    orders: tuple[OrderData, ...]
    equipment: tuple[EquipmentData, ...]
    map_file: MapFile

    def order(self, card_id: str) -> OrderData:
        for card in self.orders:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def equipment_card(self, card_id: str) -> EquipmentData:
        for card in self.equipment:
            if card.id == card_id:
                return card
        raise KeyError(card_id)


def check_orders(orders: OrdersFile, source: str, regroups: dict[str, Any]) -> None:
    seen: set[str] = set()
    for i, card in enumerate(orders.order):
        if card.id in seen:
            raise ContentError(source, f"order.{i}.id", f"{card.id} appears twice")
        seen.add(card.id)
        for j, step in enumerate(card.steps):
            if step.op == "regroup" and card.map != "any" and step.marks not in regroups:
                raise ContentError(source, f"order.{i}.steps.{j}.marks", "no such regroup marks")


def check_equipment(equipment: EquipmentFile, source: str) -> None:
    for i, card in enumerate(equipment.equipment):
        if card.id not in KNOWN_EQUIPMENT:
            raise ContentError(source, f"equipment.{i}.id", f"no effect known for {card.id}")


@cache
def shipped_content() -> Content:
    map_file = parse_toml(_shipped("depot.toml"), "depot.toml", MapFile)
    orders = parse_toml(_shipped("orders.toml"), "orders.toml", OrdersFile)
    check_orders(orders, "orders.toml", map_file.regroup)
    equipment = parse_toml(_shipped("equipment.toml"), "equipment.toml", EquipmentFile)
    check_equipment(equipment, "equipment.toml")
    return Content(tuple(orders.order), tuple(equipment.equipment), map_file)


@cache
def card_names() -> dict[str, str]:
    """Each order and equipment card's id and printed English name (SE-8, SE-6.8)."""
    content = shipped_content()
    names = {card.id: card.name for card in content.orders}
    names.update({card.id: card.name for card in content.equipment})
    return names
