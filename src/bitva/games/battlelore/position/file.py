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

A whole game state adds, per unit, `id` (its number for the whole game: the order of the unit
lists unless given), `battled` (BL-4.1), `rush_target` (the hex of the enemy a rushing goblin
must battle, BL-10.4) and `move_stopped` / `entered_stop` / `entered_landmark` where they differ
from what `moved` implies (a Snare, RG07); the rest of the state lies in `[position]` beyond
`active` and `step` and in its side tables (`position/tables.py`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import tomli_w

from bitva.core.errors import ContentError, PositionError
from bitva.games.battlelore.analysis.report import Step
from bitva.games.battlelore.catalogue.base import read_toml
from bitva.games.battlelore.catalogue.load import (
    SIDES,
    Adventure,
    load_catalogue,
    parse_adventure,
)
from bitva.games.battlelore.field.board import HEX_COUNT, NORTH, SOUTH, HexError, hex_of, name
from bitva.games.battlelore.field.model import Field, Landmark, Terrain, Unit, UnitType
from bitva.games.battlelore.position.battle import BATTLE_DECISIONS, BATTLE_KEY_NAMES
from bitva.games.battlelore.position.tables import (
    DECISIONS,
    TABLE_KEYS,
    Bad,
    extra_hexes,
    read_placed,
)

SEAT_OF = {"south": SOUTH, "north": NORTH}
STEPS: tuple[Step, ...] = ("move", "battle")
_FLAGS = ("webbed", "poisoned", "battled", "move_stopped", "entered_stop", "entered_landmark")
# unit keys read here, not by the catalogue
_STATE_KEYS = ("webbed", "poisoned", "stored_lore", "id", "battled", "rush_target", *_FLAGS[3:])
_COUNTS = ("stored_lore", "id")
_MOVING = ("command", "order", "move")  # the analysis answers these with the moves
MARCH_HEXES = 1  # Forward March / Forced March: one hex beyond move_max (5.1, 5.2)


@dataclass(frozen=True)
class Position:
    """A position: the adventure it is played in, the battlefield with each unit's state, the
    seat to act (1 South, 2 North) and the step ("move" or "battle", what the analysis answers
    for). `decision` is the decision point of a whole state (`step` when empty) and `tables` the
    rest of the `[position]` table, read into the state by `position/state.py`."""

    adventure: Adventure
    field: Field
    active: int
    step: Step
    decision: str = ""
    tables: Mapping[str, Any] = dataclasses.field(default_factory=dict)


def _fail(source: str, key: str, reason: str, rule: str | None = None) -> PositionError:
    return PositionError(f"{source}: {key}", reason, rule)


def _check_state_key(key: str, value: Any, where: str, source: str) -> None:
    if key in _FLAGS and not isinstance(value, bool):
        raise _fail(source, f"{where}.{key}", "must be true or false")
    if key in _COUNTS and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
        raise _fail(source, f"{where}.{key}", "must be 0 or more")
    if key == "rush_target" and not (isinstance(value, int) and not isinstance(value, bool)):
        try:
            hex_of(value if isinstance(value, str) else "")
        except HexError:
            reason = f"{value!r}: must be a hex such as G5 (or the id of a unit gone)"
            raise _fail(source, f"{where}.{key}", reason) from None


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
            for key, value in state.items():
                _check_state_key(key, value, f"sides.{side}.units[{i}]", source)
            states[(side, i)] = state
    return states


def _position_table(raw: dict[str, Any], source: str) -> tuple[int, str, dict[str, Any]]:
    table = raw.get("position")
    if not isinstance(table, dict):
        raise _fail(source, "position", "missing: a [position] table with active and step")
    for key in table:
        if key not in ("active", "step", "unit_count", *TABLE_KEYS, *BATTLE_KEY_NAMES):
            raise _fail(source, f"position.{key}", "unknown key (see docs/battlelore.md)")
    active = table.get("active")
    if active not in SEAT_OF:
        raise _fail(source, "position.active", f'{active!r}: must be "south" or "north"')
    step = table.get("step")
    if step not in (*DECISIONS, *BATTLE_DECISIONS):
        others = ", ".join(d for d in (*DECISIONS, *BATTLE_DECISIONS) if d not in STEPS)
        reason = f'{step!r}: must be "move" or "battle" (or, for a whole state, one of {others})'
        raise _fail(source, "position.step", reason)
    rest = {k: v for k, v in table.items() if k not in ("active", "step")}
    return SEAT_OF[active], str(step), rest


def _check_unit(
    kind: UnitType, state: Mapping[str, Any], seat: int, active: int, lore: bool,
    setup: Any, extra: int, moving: bool, where: str, source: str,
) -> None:  # fmt: skip
    """The per-unit facts a real game could not reach (`extra`: hexes a Lore card adds;
    `moving`: the position stands before the turn's battles)."""
    if setup.ordered and seat != active:
        raise _fail(source, where, "only the side to act has ordered units", "BL-2.4")
    if setup.moved > kind.move_max + MARCH_HEXES + extra:
        raise _fail(
            source, where, f"moved {setup.moved} hexes, but {kind.name} may move at most "
            f"{kind.move_max} (one more with a march card)", "BL-3.2",
        )  # fmt: skip
    if (state.get("webbed") or state.get("poisoned")) and not lore:
        raise _fail(source, where, "webs and poison come from the spider, in Lore adventures only",
                    "D-27")  # fmt: skip
    if state.get("webbed") and setup.moved and moving:  # a battle may web it after its move
        raise _fail(source, where, "a webbed unit cannot move", "BL-11.8")
    stored = state.get("stored_lore", 0)
    if stored and not kind.is_creature:
        raise _fail(source, where, "only a creature stores Lore tokens", "BL-11.7")
    if stored > kind.max_stored_lore:
        raise _fail(source, where, f"{kind.name} may store at most {kind.max_stored_lore} tokens",
                    "BL-11.7")  # fmt: skip
    if state.get("battled") and seat != active:
        raise _fail(source, where, "only the side to act has units that battled", "BL-4.1")


def _uids(adventure: Adventure, states: Mapping[tuple[str, int], Mapping[str, Any]]) -> list[int]:
    """Each unit's number, in the order of the unit lists (South first): its `id`, else its
    place in the lists."""
    out: list[int] = []
    for side in SIDES:
        for i in range(len(adventure.sides[side].units)):
            out.append(int(states.get((side, i), {}).get("id", len(out))))
    return out


def build_field(adventure: Adventure, states: Mapping[tuple[str, int], Mapping[str, Any]]) -> Field:
    """The battlefield of an adventure or a position: units numbered in the order of the unit
    lists, South first (uids) unless they say their `id`, at the figures, orders and moves the
    file gives; `states` adds the rest of a unit's state by (side, index). Entering a landmark,
    forest or ford this turn is read from `moved` > 0 (BL-3.4, BL-9.1) unless said."""
    units = load_catalogue().units
    terrain: list[Terrain] = ["plain"] * HEX_COUNT
    for hex_, ground in adventure.terrain.items():
        terrain[hex_] = ground
    landmarks: list[Landmark | None] = [None] * HEX_COUNT
    for hex_, mark in adventure.landmarks.items():
        landmarks[hex_] = mark
    uids = iter(_uids(adventure, states))
    placed: list[Unit] = []
    for side in SIDES:
        for i, setup in enumerate(adventure.sides[side].units):
            kind = units[setup.type]
            state = states.get((side, i), {})
            unit = Unit(
                next(uids), kind, SEAT_OF[side], setup.hex,
                setup.figures if setup.figures is not None else kind.figures,
                ordered=setup.ordered, moved=setup.moved,
                webbed=bool(state.get("webbed", False)),
                poisoned=bool(state.get("poisoned", False)),
                stored_lore=int(state.get("stored_lore", 0)),
                battled=bool(state.get("battled", False)),
            )  # fmt: skip
            for key, value in _implied_flags(unit, terrain, landmarks).items():
                setattr(unit, key, bool(state.get(key, value)))
            placed.append(unit)
    by_uid: list[Unit | None] = [None] * (max((u.uid for u in placed), default=-1) + 1)
    for unit in placed:
        by_uid[unit.uid] = unit
    built = Field(tuple(terrain), tuple(landmarks), adventure.lore, by_uid)
    for unit, where in zip(placed, _keys(adventure), strict=True):
        target = states.get(where, {}).get("rush_target")
        if isinstance(target, int):  # the id of a unit eliminated since
            unit.rush_target = target
        elif target is not None:
            enemy = built.unit_at(hex_of(target))
            unit.rush_target = enemy.uid if enemy is not None else -1
    return built


def _keys(adventure: Adventure) -> list[tuple[str, int]]:
    return [(side, i) for side in SIDES for i in range(len(adventure.sides[side].units))]


def _implied_flags(
    unit: Unit, terrain: list[Terrain] | tuple[Terrain, ...],
    landmarks: list[Landmark | None] | tuple[Landmark | None, ...],
) -> dict[str, bool]:  # fmt: skip
    """What `moved` > 0 says of a unit's stop flags: it entered its hex this turn (BL-3.4,
    BL-9.1), so a landmark or a forest ended its move, as does a ford (BL-3.3)."""
    if unit.moved <= 0:
        return {"entered_landmark": False, "entered_stop": False, "move_stopped": False}
    on_landmark = landmarks[unit.hex] is not None
    stop = on_landmark or terrain[unit.hex] == "forest"
    return {
        "entered_landmark": on_landmark,
        "entered_stop": stop,
        "move_stopped": stop or terrain[unit.hex] == "ford",
    }


def _check_ids(
    adventure: Adventure, states: Mapping[tuple[str, int], Mapping[str, Any]], source: str
) -> None:
    seen: dict[int, str] = {}
    for uid, (side, i) in zip(_uids(adventure, states), _keys(adventure), strict=True):
        where = f"sides.{side}.units[{i}]"
        if uid in seen:
            raise _fail(source, f"{where}.id", f"{uid} is already the id of {seen[uid]}")
        seen[uid] = where


def _check_rush(
    field: Field, adventure: Adventure, states: Mapping[tuple[str, int], Mapping[str, Any]],
    source: str,
) -> None:  # fmt: skip
    """A rushing goblin's target is an enemy unit, or a unit eliminated since (an id)."""
    for uid, (side, i) in zip(_uids(adventure, states), _keys(adventure), strict=True):
        unit = field.units[uid]
        if unit is None or unit.rush_target is None:
            continue
        if "rush" not in unit.type.traits:
            raise _fail(source, f"sides.{side}.units[{i}].rush_target",
                        f"{unit.type.name} may not rush: only goblins rush", "BL-10.4")  # fmt: skip
        target = unit.rush_target
        enemy = field.units[target] if 0 <= target < len(field.units) else None
        said_hex = isinstance(states.get((side, i), {}).get("rush_target"), str)
        if (enemy is None and said_hex) or (enemy is not None and enemy.side == unit.side):
            raise _fail(source, f"sides.{side}.units[{i}].rush_target",
                        "must be the hex of an enemy unit", "BL-10.4")  # fmt: skip


def _with_placed(adventure: Adventure, value: Any, source: str) -> Adventure:
    """The adventure with the Lore masters' landmarks placed at set-up (BL-9.3) on its board:
    the file's `[landmarks]` are the adventure's, `landmarks_placed` those placed since."""
    key = "position.landmarks_placed"
    try:
        placed = read_placed(value)
    except Bad as exc:
        raise _fail(source, key, exc.reason) from None
    for hex_ in placed:
        if hex_ in adventure.landmarks or adventure.terrain.get(hex_) == "river":
            raise _fail(source, key, f"{name(hex_)} holds a landmark or is a river", "BL-9.3")
    landmarks = {**adventure.landmarks, **placed}
    return dataclasses.replace(adventure, landmarks=landmarks)  # type: ignore[arg-type]


def read_position(text: str, source: str) -> Position:
    """Read a position file's text (`source` names it in errors)."""
    try:
        raw = read_toml(text, source)
        states = _split_state(raw, source)
        active, decision, rest = _position_table(raw, source)
        adventure = parse_adventure(raw, source, allow=frozenset({"position"}))
    except ContentError as exc:
        key = f"{exc.source}: {exc.field}" if exc.field else exc.source
        raise PositionError(key, exc.reason) from exc
    _check_ids(adventure, states, source)
    on_board = _with_placed(adventure, rest.get("landmarks_placed", {}), source)
    units = load_catalogue().units
    for uid, (side, i) in zip(_uids(adventure, states), _keys(adventure), strict=True):
        setup = adventure.sides[side].units[i]
        state = states.get((side, i), {})
        extra = extra_hexes(rest.get("effects"), uid)
        _check_unit(units[setup.type], state, SEAT_OF[side], active, adventure.lore,
                    setup, extra, decision in _MOVING, f"sides.{side}.units[{i}]",
                    source)  # fmt: skip
    built = build_field(on_board, states)
    _check_rush(built, adventure, states, source)
    step: Step = "move" if decision in _MOVING else "battle"
    return Position(adventure, built, active, step, decision, rest)


# -- writing -------------------------------------------------------------------------------------
def _unit_table(unit: Unit, index: int, field: Field) -> dict[str, Any]:
    """A unit as an inline table, its default values left out (full strength, not ordered,
    unmoved, no markers, numbered by its place, stop flags as `moved` implies), so that a
    written file reads back to the same adventure."""
    table: dict[str, Any] = {"type": unit.type.id, "hex": name(unit.hex)}
    if unit.uid != index:
        table["id"] = unit.uid
    if unit.figures != unit.type.figures:
        table["figures"] = unit.figures
    if unit.ordered:
        table["ordered"] = True
    if unit.moved:
        table["moved"] = unit.moved
    for key in ("webbed", "poisoned", "stored_lore", "battled"):
        value = getattr(unit, key)
        if value:
            table[key] = value
    if unit.rush_target is not None:
        target = field.units[unit.rush_target] if unit.rush_target < len(field.units) else None
        table["rush_target"] = name(target.hex) if target is not None else unit.rush_target
    for key, value in _implied_flags(unit, field.terrain, field.landmarks).items():
        if getattr(unit, key) != value:
            table[key] = getattr(unit, key)
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
    index = 0
    for side in SIDES:
        setup = adventure.sides[side]
        table: dict[str, Any] = {}
        if setup.command_cards is not None:
            table["command_cards"] = setup.command_cards
        if setup.war_council:
            table["war_council"] = dict(setup.war_council)
        if setup.lore_token_adjust:
            table["lore_token_adjust"] = setup.lore_token_adjust
        table["units"] = []
        for unit in position.field.alive(SEAT_OF[side]):
            table["units"].append(_unit_table(unit, index, position.field))
            index += 1
        doc["sides"][side] = table
    for title, by_hex in (("terrain", adventure.terrain), ("landmarks", adventure.landmarks)):
        grouped: dict[str, list[str]] = {}
        for hex_ in sorted(by_hex):
            grouped.setdefault(by_hex[hex_], []).append(name(hex_))
        if grouped:
            doc[title] = grouped
    active = "south" if position.active == SOUTH else "north"
    doc["position"] = {"active": active, "step": position.decision or position.step}
    doc["position"].update(position.tables)
    return tomli_w.dumps(doc)
