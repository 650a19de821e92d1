"""The position notation (issue 22): a battle file of section 3.4 with the runtime in
``[position]``, read back exactly (``read(write(s))`` writes the same text).

The armies are written as battle files write them, models at their current (quantized)
positions; what only a battle in progress has goes under ``[position]``::

    [position]
    active = "B"                 # whose turn (the loader's own key)
    round = 2
    first = "A"                  # who took this round's first turn
    phase = "movement"
    step = "movement"            # the decision point (sequence.py); never a roll
    chooser = "A"                # who chooses the first turn (step first-turn)
    army_size = [6, 11]          # AOS-3.3, AOS-15
    casualties = [0, 3]
    generals = ["A2.1", "B2.1"]  # AOS-3.5 (a slain general stays named)
    empowered = ["B"]            # AOS-3.7
    [position.sudden_death]      # AOS-3.6 (here, not in [sudden_death]: the loader checks the
    chooser = "A"                #  numbers of the set-up, which casualties change)
    objective = "blunt"
    named_unit = "B1"
    [position.units.B1]          # flags, rolls, effects, wounds, removed models
    flags = ["moved", "charged"]
    slain_this_turn = 2
    wounds_taken = { m3 = 1 }
    removed = [{ model = 4, status = "slain", loadout = "reaver_blades" }]

A unit whose every model is removed is listed with those models (without ``at``) and
``gone = true``. Positions stand at decisions only: during a roll (a chance node, a pending attack)
or once the battle is decided there is nothing to write (PositionError).
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from bitva.core.errors import ContentError, PositionError
from bitva.core.rng import Rng
from bitva.games.age_of_sigmar.battle.loader import Battle, parse_battle
from bitva.games.age_of_sigmar.battle.runtime import (
    PHASES,
    ActiveEffect,
    ModelState,
    Runtime,
    SetUp,
    UnitState,
)
from bitva.games.age_of_sigmar.battle.scenery import counts_problem
from bitva.games.age_of_sigmar.battle.schema import SIDES, PieceEntry, Side, SuddenDeath
from bitva.games.age_of_sigmar.battle.sequence import CHANCE_STEPS
from bitva.games.age_of_sigmar.battle.wizards import known
from bitva.games.age_of_sigmar.geometry.measure import base_radius, format_coord
from bitva.games.age_of_sigmar.loader import builtin_warscrolls
from bitva.games.age_of_sigmar.options import AgeOfSigmarOptions

if TYPE_CHECKING:
    from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState
    from bitva.games.age_of_sigmar.game import AgeOfSigmar

FLAGS = ("moved", "ran", "retreated", "charged", "shot", "fought", "tested")
DECISION_STEPS = (
    "first-turn",
    "hero",
    "movement",
    "run-move",
    "shooting",
    "charge",
    "charge-move",
    "combat",
    "pile-in",
    "attack",
    "unbind",
    "spell-target",
    "scenery",
    "landscape",
    "territory",
    "deploy",
    "general",
    "objective",
    "name",
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RemovedEntry(_Strict):
    model: int = Field(ge=1)
    status: Literal["slain", "fled"]
    loadout: str
    champion: bool = False
    tags: tuple[str, ...] = ()


class UnitEntry(_Strict):
    flags: tuple[
        Literal["moved", "ran", "retreated", "charged", "shot", "fought", "tested"], ...
    ] = ()
    slain_this_turn: int = Field(default=0, ge=0)
    run_roll: int | None = Field(default=None, ge=1)
    charge_roll: int | None = Field(default=None, ge=2)
    effects: tuple[tuple[str, str, str], ...] = ()
    wounds_taken: dict[str, int] = Field(default_factory=dict)
    removed: tuple[RemovedEntry, ...] = ()
    gone: bool = False
    casts: int = Field(default=0, ge=0)
    unbinds: int = Field(default=0, ge=0)
    spells_tried: tuple[str, ...] = ()


class SpellEntry(_Strict):
    """AOS-14: the spell being cast: its caster, its casting total, the unbinding wizard."""

    caster: str
    spell: str = Field(pattern=r"^[a-z0-9-]+$")  # AOS-14.2: one the caster knows (checked)
    total: int | None = None
    unbinder: str | None = None
    target: str | None = None


class SetUpEntry(_Strict):
    """Before the battle (:mod:`.pre_battle`): the territory roll-off's winner, the half A
    took, who is done setting up (in order), the landscape rules' chooser, the objective
    waiting for its unit, the triumph dice rolled; the scenery roll's counts per cell so far
    (AOS-2.3, D-35: the features are placed again from them), a total of 11-12 waiting for
    its count and who chooses it."""

    territory_winner: Side | None = None
    territory_a: Literal["low", "high"] | None = None
    done: tuple[Side, ...] = ()
    landscapes: tuple[tuple[str, str], ...] = ()
    landscape_chooser: Side | None = None
    objective: Literal["assassinate", "blunt"] | None = None
    triumph_dice: dict[Side, int] = Field(default_factory=dict)
    scenery: tuple[Annotated[int, Field(ge=0, le=3)], ...] = ()
    scenery_roll: Literal[11, 12] | None = None
    scenery_chooser: Side | None = None


class PositionEntry(_Strict):
    active: Side = "A"
    round: int = Field(default=1, ge=1)
    first: Side = "A"
    phase: Literal["set-up", "priority", *PHASES] = "set-up"  # type: ignore[valid-type]
    step: Literal[DECISION_STEPS] = "first-turn"  # type: ignore[valid-type]
    chooser: Side = "A"
    unit: str | None = None
    picker: Side | None = None
    command_used: bool = False
    army_size: tuple[int, int]
    casualties: tuple[int, int] = (0, 0)
    generals: tuple[str, ...] = ()
    empowered: tuple[Side, ...] = ()
    sudden_death: SuddenDeath | None = None
    spell: SpellEntry | None = None
    damned_used: tuple[str, ...] = ()
    inspired: tuple[Side, ...] = ()
    blessed_used: tuple[Side, ...] = ()  # AOS-3.7: the sides that used Blessed
    set_up: SetUpEntry | None = None
    units: dict[str, UnitEntry] = Field(default_factory=dict)


# -- writing -------------------------------------------------------------------------------------
def _value(value: Any) -> str:
    """A TOML value: numbers as written in a battle file, strings and lists as JSON does."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value)) if value == int(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    assert isinstance(value, dict), value
    return "{ " + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + " }"


def _table(name: str, items: dict[str, Any]) -> list[str]:
    lines = [f"[{name}]"]
    lines += [f"{k} = {_value(v)}" for k, v in items.items() if v is not None]
    return [*lines, ""]


def _model_entry(model: ModelState, loadout_tags: set[str], at: bool) -> dict[str, Any]:
    entry: dict[str, Any] = {"loadout": model.loadout}
    if model.champion:
        entry["champion"] = True
    own = [t for t in model.tags if t not in loadout_tags]
    if own:
        entry["tags"] = own
    if at and model.pos is not None:
        entry["at"] = _Raw(f"[{format_coord(model.pos[0])}, {format_coord(model.pos[1])}]")
    return entry


class _Raw(str):
    """Text written as it is (coordinates with their three decimals)."""


def _dump(value: Any) -> str:
    if isinstance(value, _Raw):
        return str(value)
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_dump(v)}" for k, v in value.items()) + " }"
    return _value(value)


def _unit_runtime(battle: Battle, unit: UnitState) -> dict[str, Any]:
    scroll = battle.warscrolls[unit.warscroll]
    entry: dict[str, Any] = {}
    flags = [f for f in FLAGS if getattr(unit, f)]
    if flags:
        entry["flags"] = flags
    if unit.slain_this_turn:
        entry["slain_this_turn"] = unit.slain_this_turn
    if unit.run_roll is not None:
        entry["run_roll"] = unit.run_roll
    if unit.charge_roll is not None:
        entry["charge_roll"] = unit.charge_roll
    if unit.effects:
        entry["effects"] = [e.to_json() for e in unit.effects]
    if unit.casts:
        entry["casts"] = unit.casts
    if unit.unbinds:
        entry["unbinds"] = unit.unbinds
    if unit.spells_tried:
        entry["spells_tried"] = list(unit.spells_tried)
    wounds = {
        f"m{i + 1}": m.wounds_taken
        for i, m in enumerate(unit.models)
        if m.wounds_taken and m.status in ("table", "reserve")
    }
    if wounds:
        entry["wounds_taken"] = wounds
    removed = []
    for i, m in enumerate(unit.models):
        if m.status in ("slain", "fled"):
            item = {"model": i + 1, "status": m.status}
            item.update(_model_entry(m, set(scroll.loadout(m.loadout).tags), at=False))
            removed.append(item)
    if removed:
        entry["removed"] = removed
    if not any(m.status in ("table", "reserve") for m in unit.models):
        entry["gone"] = True
    return entry


def _scenery(choose: int | None, pieces: tuple[PieceEntry, ...]) -> list[str]:
    """``[scenery]`` as the file wrote it (the generated features are not written: the
    counts in ``[position.set_up]`` place them again, D-35)."""
    lines = ["[scenery]", "roll = true"]
    if choose is not None:
        lines.append(f"choose = {choose}")
    lines.append("pieces = [")
    for piece in pieces:
        item = piece.model_dump()
        item["size"] = list(piece.size)
        lines.append(f"  {_value(item)},")
    return [*lines, "]", ""]


def write_position(state: AgeOfSigmarState) -> str:
    """The position of ``state`` as text (module docstring)."""
    rt, battle = state.rt, state.battle
    if rt.outcome is not None:
        raise PositionError("position", "the battle is decided: no position to write", "AOS-15")
    if rt.step in CHANCE_STEPS or rt.attack is not None:
        raise PositionError("position.step", "a position stands at a decision, not a roll", "D-38")
    if rt.allocation is not None or rt.blessing is not None:
        raise PositionError(
            "position.step", "a position stands before or after casualties, not during", "AOS-12.2"
        )
    known = builtin_warscrolls()
    for unit in rt.units:
        if known.get(unit.warscroll) != battle.warscrolls[unit.warscroll]:
            raise PositionError(
                f"army.{unit.side}", f"{unit.warscroll} is not a shipped warscroll", "AOS-1.2"
            )
    data = battle.data
    lines = [
        f"name = {_value(data.name)}",
        f"realm = {_value(data.realm)}",
        f"mysterious = {_value(data.mysterious)}",
    ]
    if data.feature:
        lines.append("feature = [")
        for f in data.feature:
            item = f.model_dump(exclude_none=True)
            item["polygon"] = [list(p) for p in f.polygon]
            lines.append(f"  {_value(item)},")
        lines.append("]")
    lines.append("")
    lines += _table("table", data.table.model_dump())
    if data.scenery.roll:  # AOS-2.3, D-35: the pieces; the counts are in [position.set_up]
        lines += _scenery(data.scenery.choose, data.scenery.pieces)
    lines += _table("options", data.options.model_dump())
    offs = data.roll_offs
    if offs.territory or offs.scenery or offs.after_set_up or offs.priority:
        items: dict[str, Any] = {
            "territory": offs.territory,
            "scenery": offs.scenery,
            "after_set_up": offs.after_set_up,
        }
        if offs.priority:
            items["priority"] = {str(k): v for k, v in sorted(offs.priority.items())}
        lines += _table("roll_offs", items)
    if data.deployment.order or data.deployment.first_turn or battle.players_set_up:
        lines += _table(
            "deployment",
            {
                "mode": "players" if battle.players_set_up else None,
                "order": list(data.deployment.order) or None,
                "first_turn": data.deployment.first_turn,
            },
        )
    if data.triumphs:
        lines += _table(
            "triumphs",
            {
                s: {"die": t.die} if t.die is not None else {"won": t.won}
                for s, t in sorted(data.triumphs.items())
            },
        )
    generals = [m.id for u in rt.units for m in u.models if m.is_general]
    lines += _table(
        "position",
        {
            "active": rt.active,
            "round": rt.round,
            "first": rt.first,
            "phase": rt.phase,
            "step": rt.step,
            "chooser": rt.chooser,
            "unit": rt.unit,
            "picker": rt.picker,
            "command_used": rt.command_used,
            "army_size": list(rt.army_size),
            "casualties": list(rt.casualties),
            "generals": generals,
            "empowered": list(rt.empowered),
            "damned_used": list(rt.damned_used),
            "inspired": list(rt.inspired),
            "blessed_used": list(rt.blessed_used) or None,
        },
    )
    if rt.sudden_death is not None:
        lines += _table("position.sudden_death", rt.sudden_death.model_dump(exclude_none=True))
    if rt.spell is not None:
        lines += _table("position.spell", dict(rt.spell))
    if rt.set_up is not None:  # AOS-2.5, AOS-3.1 to 3.7 (pre_battle.py)
        su = rt.set_up
        items = {
            "territory_winner": su.territory_winner,
            "territory_a": su.territory_a,
            "done": list(su.done) or None,
            "landscapes": [list(p) for p in su.landscapes] or None,
            "landscape_chooser": su.landscape_chooser,
            "objective": su.objective,
            "triumph_dice": dict(su.triumph_dice) or None,
            "scenery": list(su.scenery) or None,
            "scenery_roll": su.scenery_roll,
            "scenery_chooser": su.scenery_chooser,
        }
        lines += _table("position.set_up", items)
    for unit in rt.units:
        entry = _unit_runtime(battle, unit)
        if entry:
            lines += _table(f"position.units.{unit.id}", entry)
    for side in SIDES:
        lines += [f"[army.{side}]", f"name = {_value(data.army[side].name)}", ""]
        for unit in rt.army(side):
            scroll = battle.warscrolls[unit.warscroll]
            gone = not any(m.status in ("table", "reserve") for m in unit.models)
            models = [
                _model_entry(m, set(scroll.loadout(m.loadout).tags), at=True)
                for m in unit.models
                if gone or m.status in ("table", "reserve")
            ]
            lines += [
                f"[[army.{side}.unit]]",
                f"id = {_value(unit.id)}",
                f"warscroll = {_value(unit.warscroll)}",
                "models = [",
            ]
            lines += [f"  {_dump(m)}," for m in models]
            lines += ["]", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


# -- reading -------------------------------------------------------------------------------------
def read_position(game: AgeOfSigmar, text: str, source: str = "(position)") -> AgeOfSigmarState:
    """A state from the position notation; a bad file is a PositionError naming the field."""
    from bitva.games.age_of_sigmar.battle.state import AgeOfSigmarState

    battle, rt = _read(text, source)
    return AgeOfSigmarState(AgeOfSigmarOptions(), battle, rt, Rng(0), text)


@lru_cache(maxsize=64)
def _read(text: str, source: str) -> tuple[Battle, Runtime]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PositionError("(file)", f"{source}: not valid TOML: {exc}") from None
    raw = data.get("position")
    if not isinstance(raw, dict) or set(raw) <= {"active"}:
        return _battle_file(data, source)
    if "army_size" not in raw:
        raise PositionError(
            "position.army_size", f"{source}: a battle under way needs [position] army_size"
        )
    data.pop("position")
    try:
        entry = PositionEntry.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        key = ".".join(str(p) for p in ("position", *first["loc"]))
        raise PositionError(key, f"{source}: {first['msg']}") from None
    army = data.get("army")
    if isinstance(army, dict):
        for side in SIDES:
            units = army.get(side, {}).get("unit", []) if isinstance(army.get(side), dict) else []
            for unit in units if isinstance(units, list) else []:
                if (
                    isinstance(unit, dict)
                    and entry.units.get(str(unit.get("id")), UnitEntry()).gone
                ):
                    unit["models"] = [
                        {k: v for k, v in m.items() if k != "at"} for m in unit.get("models", [])
                    ]
    data["position"] = {"active": entry.active}
    try:
        battle = parse_battle(data, source)
    except ContentError as exc:
        raise PositionError(exc.field or "(file)", f"{source}: {exc.reason}") from None
    return battle, _runtime(battle, entry, source)


def _battle_file(data: dict[str, Any], source: str) -> tuple[Battle, Runtime]:
    """A battle file (rules 3.4, 6.2) read as a position: the battle before its first turn.
    Its ``[position] active`` (default "A") is whose turn the analyses answer for (issue 22:
    `bitva analyse age-of-sigmar BATTLE.toml`); a battle under way needs ``army_size`` and
    the rest of ``[position]`` (above)."""
    from bitva.games.age_of_sigmar.battle.setup import initial_runtime

    try:
        battle = parse_battle(data, source)
    except ContentError as exc:
        raise PositionError(exc.field or "(file)", f"{source}: {exc.reason}") from None
    rt = initial_runtime(battle)
    active = battle.data.position.active
    if rt.phase == "set-up" and rt.active != active:
        rt = replace(rt, active=active)
    return battle, rt


def _runtime(battle: Battle, entry: PositionEntry, source: str) -> Runtime:
    units = []
    generals = set(entry.generals)
    for unit in battle.units:
        extra = entry.units.get(unit.id, UnitEntry())
        present = [] if extra.gone else list(range(len(unit.positions)))
        total = len(present) + len(extra.removed)
        removed = {r.model - 1: r for r in extra.removed}
        if any(not 0 <= i < total for i in removed):
            raise PositionError(f"position.units.{unit.id}.removed", "no such model number")
        radius = base_radius(unit.spec.warscroll.stats.base_mm)
        scroll = unit.spec.warscroll
        models: list[ModelState] = []
        listed = iter(present)
        for index in range(total):
            model_id = f"{unit.id}.{index + 1}"
            gone = removed.get(index)
            if gone is not None:
                tags = set(gone.tags) | set(scroll.loadout(gone.loadout).tags)
                models.append(
                    ModelState(
                        model_id,
                        gone.loadout,
                        radius,
                        None,
                        0,
                        tuple(sorted(tags)),
                        gone.champion,
                        model_id in generals,
                        gone.status,
                    )
                )
                continue
            i = next(listed)
            spec = unit.spec.models[i]
            pos = unit.positions[i]
            taken = extra.wounds_taken.get(f"m{index + 1}", 0)
            models.append(
                ModelState(
                    model_id,
                    spec.loadout,
                    radius,
                    pos,
                    taken,
                    tuple(sorted(unit.spec.tags_of(spec))),
                    spec.champion,
                    model_id in generals,
                    "table" if pos is not None else "reserve",
                )
            )
        flags = {f: f in extra.flags for f in FLAGS}
        units.append(
            UnitState(
                unit.id,
                unit.side,
                scroll.id,
                tuple(models),
                slain_this_turn=extra.slain_this_turn,
                run_roll=extra.run_roll,
                charge_roll=extra.charge_roll,
                effects=tuple(ActiveEffect(*e) for e in extra.effects),
                casts=extra.casts,
                unbinds=extra.unbinds,
                spells_tried=extra.spells_tried,
                **flags,
            )
        )
    ids = {u.id for u in units}
    for key in entry.units:
        if key not in ids:
            raise PositionError(f"position.units.{key}", f"{source}: no unit {key!r}")
    if entry.unit is not None and entry.unit not in ids:
        raise PositionError("position.unit", f"{source}: no unit {entry.unit!r}")
    if entry.step in ("run-move", "charge-move", "pile-in", "attack") and entry.unit is None:
        raise PositionError("position.unit", f"{source}: step {entry.step} names its unit")
    if entry.step in ("unbind", "spell-target") and (
        entry.spell is None or entry.spell.caster not in ids or entry.spell.total is None
    ):
        raise PositionError("position.spell", f"{source}: step {entry.step} needs the spell cast")
    if entry.spell is not None and entry.spell.caster in ids:
        caster = next(u for u in units if u.id == entry.spell.caster)
        spells = known(battle, caster)
        if entry.spell.spell not in spells:
            raise PositionError(
                "position.spell.spell",
                f"{source}: {caster.id} does not know {entry.spell.spell!r} "
                f"(AOS-14.2: {', '.join(spells) or 'no spell'})",
            )
    if entry.step == "combat" and entry.picker is None:
        raise PositionError("position.picker", f"{source}: whose pick it is (AOS-9.2)")
    su = entry.set_up or SetUpEntry()  # AOS-2.3, D-35: counts the battle's cells can have
    wrong = counts_problem(battle, su.scenery, su.scenery_roll, entry.step)
    if wrong is not None:
        raise PositionError(f"position.set_up.{wrong[0]}", f"{source}: {wrong[1]}")
    sd = entry.sudden_death
    if sd is not None and sd.named_unit is not None and sd.named_unit not in ids:
        raise PositionError("position.sudden_death.named_unit", f"{source}: no such unit")
    return Runtime(
        units=tuple(units),
        round=entry.round,
        first=entry.first,
        active=entry.active,
        phase=entry.phase,
        step=entry.step,
        army_size=entry.army_size,
        casualties=entry.casualties,
        sudden_death=entry.sudden_death,
        empowered=entry.empowered,
        chooser=entry.chooser,
        unit=entry.unit,
        picker=entry.picker,
        command_used=entry.command_used,
        damned_used=entry.damned_used,
        inspired=entry.inspired,
        blessed_used=entry.blessed_used,
        spell=None if entry.spell is None else entry.spell.model_dump(exclude_none=True),
        set_up=None if entry.set_up is None else _set_up(entry.set_up),
    )


def _set_up(entry: SetUpEntry) -> SetUp:
    """The set-up's runtime (the features carry the rules decided in play in the file too)."""
    return SetUp(
        territory_winner=entry.territory_winner,
        territory_a=entry.territory_a,
        done=entry.done,
        landscapes=entry.landscapes,
        landscape_chooser=entry.landscape_chooser,
        objective=entry.objective,
        triumph_dice=tuple(sorted(entry.triumph_dice.items())),
        scenery=entry.scenery,
        scenery_roll=entry.scenery_roll,
        scenery_chooser=entry.scenery_chooser,
    )
