"""Position files (issue 11): an adventure file (rules section 3) whose units carry their state
as inline tables, plus a `[position]` table saying who acts and at which step.

    [position]
    active = "south"          # or "north"
    step = "battle"           # or "move"
    [sides.south]
    units = [{ type = "h_bf_sword", hex = "F4", figures = 2, ordered = true, moved = 1 }]

Unit tables may also say `webbed`, `poisoned` (BL-11.8, BL-11.10) and `stored_lore` (a
creature's store, BL-11.7); the adventure reader (`catalogue.parse_adventure`) checks the rest.
A unit on a landmark, in a forest or on a ford with `moved` > 0 entered it this turn (BL-3.4,
BL-9.1). Bad files raise PositionError naming the file, the key and the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import tomli_w

from bitva.core.errors import ContentError, PositionError
from bitva.games.battlelore.analysis import Step
from bitva.games.battlelore.board import HEX_COUNT, NORTH, SOUTH, name
from bitva.games.battlelore.catalogue import (
    SIDES,
    Adventure,
    load_catalogue,
    parse_adventure,
)
from bitva.games.battlelore.catalogue_base import read_toml
from bitva.games.battlelore.model import Field, Landmark, Terrain, Unit, UnitType

SEAT_OF = {"south": SOUTH, "north": NORTH}
STEPS: tuple[Step, ...] = ("move", "battle")
_POSITION_KEYS = ("active", "step")
_STATE_KEYS = ("webbed", "poisoned", "stored_lore")  # unit keys read here, not by the catalogue
MARCH_HEXES = 1  # Forward March / Forced March: one hex beyond move_max (5.1, 5.2)


@dataclass(frozen=True)
class Position:
    """A position: the adventure it is played in, the battlefield with each unit's state, the
    seat to act (1 South, 2 North) and the step ("move" or "battle")."""

    adventure: Adventure
    field: Field
    active: int
    step: Step


def _fail(source: str, key: str, reason: str, rule: str | None = None) -> PositionError:
    return PositionError(f"{source}: {key}", reason, rule)


def _split_state(raw: dict[str, Any], source: str) -> dict[tuple[str, int], dict[str, Any]]:
    """Take the unit keys the adventure reader does not know out of the unit tables."""
    states: dict[tuple[str, int], dict[str, Any]] = {}
    sides = raw.get("sides")
    if not isinstance(sides, dict):
        return states
    for side, table in sides.items():
        units = table.get("units") if isinstance(table, dict) else None
        if not isinstance(units, list):
            continue
        for i, entry in enumerate(units):
            if not isinstance(entry, dict):
                continue
            state = {key: entry.pop(key) for key in _STATE_KEYS if key in entry}
            for key in ("webbed", "poisoned"):
                if key in state and not isinstance(state[key], bool):
                    raise _fail(source, f"sides.{side}.units[{i}].{key}", "must be true or false")
            lore = state.get("stored_lore", 0)
            if not isinstance(lore, int) or isinstance(lore, bool) or lore < 0:
                raise _fail(source, f"sides.{side}.units[{i}].stored_lore", "must be 0 or more")
            states[(side, i)] = state
    return states


def _position_table(raw: dict[str, Any], source: str) -> tuple[int, Step]:
    table = raw.get("position")
    if not isinstance(table, dict):
        raise _fail(source, "position", "missing: a [position] table with active and step")
    for key in table:
        if key not in _POSITION_KEYS:
            raise _fail(source, f"position.{key}", "unknown key (known: active, step)")
    active = table.get("active")
    if active not in SEAT_OF:
        raise _fail(source, "position.active", f'{active!r}: must be "south" or "north"')
    step = table.get("step")
    if step not in STEPS:
        raise _fail(source, "position.step", f'{step!r}: must be "move" or "battle"')
    return SEAT_OF[active], step


def _check_unit(
    kind: UnitType, state: Mapping[str, Any], seat: int, active: int, lore: bool,
    setup: Any, where: str, source: str,
) -> None:  # fmt: skip
    """The per-unit facts a real game could not reach."""
    if setup.ordered and seat != active:
        raise _fail(source, where, "only the side to act has ordered units", "BL-2.4")
    if setup.moved > kind.move_max + MARCH_HEXES:
        raise _fail(
            source, where, f"moved {setup.moved} hexes, but {kind.name} moves at most "
            f"{kind.move_max} (one more with a march card)", "BL-3.2",
        )  # fmt: skip
    if (state.get("webbed") or state.get("poisoned")) and not lore:
        raise _fail(source, where, "webs and poison come from the spider, in Lore adventures only",
                    "D-27")  # fmt: skip
    if state.get("webbed") and setup.moved:
        raise _fail(source, where, "a webbed unit cannot move", "BL-11.8")
    stored = state.get("stored_lore", 0)
    if stored and not kind.is_creature:
        raise _fail(source, where, "only a creature stores Lore tokens", "BL-11.7")
    if stored > kind.max_stored_lore:
        raise _fail(source, where, f"{kind.name} stores at most {kind.max_stored_lore} tokens",
                    "BL-11.7")  # fmt: skip


def build_field(adventure: Adventure, states: Mapping[tuple[str, int], Mapping[str, Any]]) -> Field:
    """The battlefield of an adventure or a position: units numbered in the order of the unit
    lists, South first (uids), at the figures, orders and moves the file gives; `states` adds
    web, poison and a creature's store by (side, index). Entering a landmark, forest or ford
    this turn is read from `moved` > 0 (BL-3.4, BL-9.1)."""
    units = load_catalogue().units
    terrain: list[Terrain] = ["plain"] * HEX_COUNT
    for hex_, ground in adventure.terrain.items():
        terrain[hex_] = ground
    landmarks: list[Landmark | None] = [None] * HEX_COUNT
    for hex_, mark in adventure.landmarks.items():
        landmarks[hex_] = mark
    placed: list[Unit | None] = []
    for side in SIDES:
        for i, setup in enumerate(adventure.sides[side].units):
            kind = units[setup.type]
            state = states.get((side, i), {})
            unit = Unit(
                len(placed), kind, SEAT_OF[side], setup.hex,
                setup.figures if setup.figures is not None else kind.figures,
                ordered=setup.ordered, moved=setup.moved,
                webbed=bool(state.get("webbed", False)),
                poisoned=bool(state.get("poisoned", False)),
                stored_lore=int(state.get("stored_lore", 0)),
            )  # fmt: skip
            if setup.moved > 0:
                on_landmark = landmarks[setup.hex] is not None
                unit.entered_landmark = on_landmark
                unit.entered_stop = on_landmark or terrain[setup.hex] == "forest"
                unit.move_stopped = unit.entered_stop or terrain[setup.hex] == "ford"
            placed.append(unit)
    return Field(tuple(terrain), tuple(landmarks), adventure.lore, placed)


def read_position(text: str, source: str) -> Position:
    """Read a position file's text (`source` names it in errors)."""
    try:
        raw = read_toml(text, source)
        states = _split_state(raw, source)
        active, step = _position_table(raw, source)
        adventure = parse_adventure(raw, source, allow=frozenset({"position"}))
    except ContentError as exc:
        key = f"{exc.source}: {exc.field}" if exc.field else exc.source
        raise PositionError(key, exc.reason) from exc
    units = load_catalogue().units
    for side in SIDES:
        for i, setup in enumerate(adventure.sides[side].units):
            where = f"sides.{side}.units[{i}]"
            state = states.get((side, i), {})
            _check_unit(units[setup.type], state, SEAT_OF[side], active, adventure.lore,
                        setup, where, source)  # fmt: skip
    return Position(adventure, build_field(adventure, states), active, step)


# -- writing -------------------------------------------------------------------------------------
def _unit_table(unit: Unit) -> dict[str, Any]:
    """A unit as an inline table, its default values left out (full strength, not ordered,
    unmoved, no markers), so that a written file reads back to the same adventure."""
    table: dict[str, Any] = {"type": unit.type.id, "hex": name(unit.hex)}
    if unit.figures != unit.type.figures:
        table["figures"] = unit.figures
    if unit.ordered:
        table["ordered"] = True
    if unit.moved:
        table["moved"] = unit.moved
    for key in _STATE_KEYS:
        value = getattr(unit, key)
        if value:
            table[key] = value
    return table


def write_position(position: Position) -> str:
    """The position as a position file; `read_position` reads it back to the same position."""
    adventure = position.adventure
    doc: dict[str, Any] = {
        "adventure": {
            "id": adventure.id,
            "name": adventure.name,
            "name_cs": adventure.name_cs,
            "description": adventure.description,
            "description_cs": adventure.description_cs,
            "lore": adventure.lore,
            "first_player": adventure.first_player,
            "victory_banners": adventure.victory_banners,
            "lore_master_landmarks": adventure.lore_master_landmarks,
            "lore_pool": adventure.lore_pool,
        },
        "sides": {},
    }
    for side in SIDES:
        setup = adventure.sides[side]
        table: dict[str, Any] = {}
        if setup.command_cards is not None:
            table["command_cards"] = setup.command_cards
        if setup.war_council:
            table["war_council"] = dict(setup.war_council)
        if setup.lore_token_adjust:
            table["lore_token_adjust"] = setup.lore_token_adjust
        table["units"] = [_unit_table(u) for u in position.field.alive(SEAT_OF[side])]
        doc["sides"][side] = table
    for title, by_hex in (("terrain", adventure.terrain), ("landmarks", adventure.landmarks)):
        grouped: dict[str, list[str]] = {}
        for hex_ in sorted(by_hex):
            grouped.setdefault(by_hex[hex_], []).append(name(hex_))
        if grouped:
            doc[title] = grouped
    active = "south" if position.active == SOUTH else "north"
    doc["position"] = {"active": active, "step": position.step}
    return tomli_w.dumps(doc)
