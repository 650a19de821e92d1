"""Loading battle files and army lists (rules section 3.4, 6.2) with errors naming file, field
and reason.

Beyond the schema (:mod:`.schema`) a battle file is checked against the warscrolls (shipped ones
of 6.1, or ``[[warscroll]]`` tables in the same file) and the table: every unit's warscroll,
loadouts, champion and wounds (AOS-1.2); every placed model wholly on the table (GEO-1, D-9), on
no other model (D-7), out of impassable scenery (GEO-9d) and not astride a climbable feature
(D-8); features simple, counter-clockwise and on the table (GEO-6); the general (AOS-3.5); the
sudden death objective (AOS-3.6, D-32); the set-up order (AOS-3.2); the scenery roll's pieces
(AOS-2.3, D-35: they fit the cells, the players set up); the ``custom`` hooks of the
file's own warscrolls, each registered (section 3.2). Coherency and territories are not load
errors (a position in mid-battle may have a split unit); the shipped setups are tested for them.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn, TypeVar

from pydantic import BaseModel, ValidationError

from bitva.core.errors import BitvaError, ContentError
from bitva.games.age_of_sigmar.battle.scenery import check_fit
from bitva.games.age_of_sigmar.battle.schema import (
    SIDES,
    ArmyEntry,
    ArmyListFile,
    BattleFile,
    Side,
    UnitEntry,
)
from bitva.games.age_of_sigmar.geometry.measure import EPS, Circle, Point, Table, base_radius
from bitva.games.age_of_sigmar.geometry.paths import Board
from bitva.games.age_of_sigmar.geometry.polygon import Polygon, contains
from bitva.games.age_of_sigmar.geometry.scenery import Feature, astride, overlaps
from bitva.games.age_of_sigmar.geometry.territory import territory
from bitva.games.age_of_sigmar.loader import (
    UnknownWarscroll,
    builtin_warscrolls,
    find_warscroll,
    format_loc,
    normalize_name,
    parse_warscrolls,
)
from bitva.games.age_of_sigmar.units import ModelSpec, UnitError, UnitSpec, default_loadout
from bitva.games.age_of_sigmar.warscroll import Warscroll

_M = TypeVar("_M", bound=BaseModel)

BATTLES_PACKAGE = "bitva.games.age_of_sigmar.content.battles"
SUDDEN_DEATH_HEROES = ("HERO", "WIZARD", "PRIEST", "MONSTER")
"""AOS-3.6 Assassinate: the named unit is one of these."""


class UnknownBattle(BitvaError):
    """No shipped battle setup of that name, and no such file."""


@dataclass(frozen=True)
class BattleUnit:
    """A unit of a battle: its side, its models (AOS-1.2) and where each stands (None: not on the
    table). Model ids are ``<unit>.<n>``, n from 1 in listing order (6.2)."""

    id: str
    side: Side
    spec: UnitSpec
    radius: float
    positions: tuple[Point | None, ...]

    def model_id(self, index: int) -> str:
        return f"{self.id}.{index + 1}"

    @property
    def on_table(self) -> tuple[int, ...]:
        """Indices of the models on the table."""
        return tuple(i for i, p in enumerate(self.positions) if p is not None)

    def circles(self) -> tuple[Circle, ...]:
        """GEO-2: the models on the table as circles, in listing order."""
        r = self.radius
        return tuple(Circle(p[0], p[1], r) for p in self.positions if p is not None)


@dataclass(frozen=True)
class Battle:
    """A loaded, checked battle file."""

    source: str
    data: BattleFile
    table: Table
    features: tuple[Feature, ...]
    units: tuple[BattleUnit, ...]
    warscrolls: Mapping[str, Warscroll] = field(repr=False)
    warnings: tuple[str, ...] = ()

    @property
    def board(self) -> Board:
        return Board(self.table, self.features)

    def unit(self, unit_id: str) -> BattleUnit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def army(self, side: Side) -> tuple[BattleUnit, ...]:
        return tuple(u for u in self.units if u.side == side)

    def territory(self, side: Side) -> Polygon:
        """GEO-12: the half of the table that ``side`` owns."""
        half_a = self.data.table.territory_a or "low"
        half = half_a if side == "A" else ("high" if half_a == "low" else "low")
        return territory(self.table, self.data.table.split, half)

    def circles(self, side: Side) -> tuple[Circle, ...]:
        """Every model of ``side`` on the table (GEO-2), units in listing order."""
        return tuple(c for u in self.army(side) for c in u.circles())

    def friends_of(self, unit_id: str) -> tuple[Circle, ...]:
        """The other friendly units' models on the table: with the unit's own models, the
        ``friends`` a move of this unit is checked against (GEO-9c, D-7)."""
        unit = self.unit(unit_id)
        return tuple(c for u in self.army(unit.side) if u.id != unit_id for c in u.circles())

    def enemies_of(self, unit_id: str) -> tuple[Circle, ...]:
        """The enemy models on the table (GEO-9f)."""
        side = self.unit(unit_id).side
        return self.circles("B" if side == "A" else "A")

    @property
    def players_set_up(self) -> bool:
        """AOS-3.2: the players set the armies up in play (``[deployment] mode``)."""
        return deployment_mode(self.data) == "players"

    def models_on_table(self, side: Side) -> int:
        return sum(len(u.on_table) for u in self.army(side))

    def general(self, side: Side) -> tuple[str, int] | None:
        """AOS-3.5: the general's unit id and model index, if named."""
        ref = self.data.army[side].general
        return None if ref is None else (ref.unit, ref.model - 1)


def _validation_error(
    file: str, exc: ValidationError, prefix: tuple[str | int, ...] = ()
) -> NoReturn:
    errors = exc.errors(include_url=False)
    err = errors[0]
    reason = str(err["msg"]).removeprefix("Value error, ")
    if err["type"] not in ("missing", "value_error") and "input" in err:
        shown = repr(err["input"])
        reason += f" (got {shown if len(shown) <= 60 else shown[:57] + '...'})"
    if len(errors) > 1:
        reason += f" (and {len(errors) - 1} more error{'s' if len(errors) > 2 else ''})"
    loc = tuple(part for part in err["loc"] if part != "[key]")  # a bad key names itself
    raise ContentError(file, format_loc((*prefix, *loc)), reason) from None


def _read_toml(path: str | Path) -> tuple[str, dict[str, Any]]:
    path = Path(path)
    file = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ContentError(file, "", f"cannot read file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise ContentError(file, "", "not UTF-8 text") from None
    return file, _parse_toml(text, file)


def _parse_toml(text: str, file: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file, "", f"invalid TOML: {exc}") from None


def _own_warscrolls(data: dict[str, Any], file: str) -> dict[str, Warscroll]:
    """``[[warscroll]]`` tables in the file itself (section 3.1), then the shipped ones; a
    ``custom`` hook that nothing registers is refused (section 3.2)."""
    own = data.pop("warscroll", None)
    known = dict(builtin_warscrolls())
    if own is not None:
        scrolls = parse_warscrolls({"warscroll": own}, file)
        _check_hooks(scrolls, file)
        for scroll in scrolls:
            known[scroll.id] = scroll
    return known


def _check_hooks(scrolls: list[Warscroll], file: str) -> None:
    """Section 3.2: every ``custom`` hook of the file's own warscrolls is registered
    (:func:`.hooks.unknown_hooks`; the shipped warscrolls' are tested)."""
    from bitva.games.age_of_sigmar.battle.hooks import HOOKS, hook_uses  # no import cycle

    for scroll, where, hook in hook_uses(scrolls):
        if hook not in HOOKS:
            index = scrolls.index(scroll)
            raise ContentError(
                file,
                format_loc((f"warscroll[{index}] ({scroll.id})", *where)),
                f"warscroll {scroll.name!r} names hook {hook!r}, which nothing registers "
                f"(registered: {', '.join(sorted(HOOKS))})",
            )


def _validate(model: type[_M], data: dict[str, Any], file: str) -> _M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        _validation_error(file, exc)


def _unit_spec(entry: UnitEntry, where: str, known: Mapping[str, Warscroll], file: str) -> UnitSpec:
    try:
        scroll = find_warscroll(entry.warscroll, known)
    except UnknownWarscroll as exc:
        raise ContentError(file, f"{where}.warscroll", str(exc)) from None
    specs = tuple(
        ModelSpec(m.loadout or default_loadout(scroll), m.champion, m.tags, m.wounds_taken)
        for m in entry.models
    )
    try:
        return UnitSpec(scroll, specs)
    except UnitError as exc:
        raise ContentError(file, f"{where}.models", str(exc)) from None


def _features(battle: BattleFile, table: Table, file: str) -> tuple[Feature, ...]:
    features: list[Feature] = []
    seen: set[str] = set()
    for i, entry in enumerate(battle.feature):
        where = f"feature[{i}]"
        if entry.id in seen:
            raise ContentError(file, f"{where}.id", f"feature id {entry.id!r} appears twice")
        seen.add(entry.id)
        try:
            feature = Feature(
                entry.id,
                entry.name,
                entry.polygon,
                entry.height,
                entry.movement,
                entry.blocks_sight,
                entry.cover,
                entry.mysterious,
            )
        except ValueError as exc:
            raise ContentError(file, f"{where}.polygon", str(exc)) from None
        for j, (x, y) in enumerate(entry.polygon):
            if not (-EPS <= x <= table.width + EPS and -EPS <= y <= table.depth + EPS):
                raise ContentError(
                    file, f"{where}.polygon[{j}]", f"({x:g}, {y:g}) is off the table (GEO-6)"
                )
        if battle.mysterious == "off" and entry.mysterious is not None:
            raise ContentError(
                file, f"{where}.mysterious", 'mysterious = "off": features have no rule (AOS-2.5)'
            )
        features.append(feature)
    return tuple(features)


def _place(
    unit: BattleUnit,
    where: str,
    table: Table,
    features: tuple[Feature, ...],
    placed: list[tuple[str, Circle]],
    file: str,
) -> None:
    """GEO-1, D-9, D-7, GEO-9d, D-8 for each placed model of ``unit``."""
    for index, point in enumerate(unit.positions):
        if point is None:
            continue
        field_name = f"{where}.models[{index}].at"
        circle = Circle(point[0], point[1], unit.radius)
        if not table.holds(circle):
            raise ContentError(
                file,
                field_name,
                f'{unit.model_id(index)} (base radius {unit.radius:.3f}") is not wholly on the '
                f"{table.width:g} x {table.depth:g} table (GEO-1, D-9)",
            )
        for other_id, other in placed:
            if math.hypot(circle.x - other.x, circle.y - other.y) < circle.r + other.r - EPS:
                raise ContentError(
                    file, field_name, f"{unit.model_id(index)} overlaps {other_id} (D-7)"
                )
        for f in features:
            if f.movement == "impassable" and overlaps(circle, f):
                raise ContentError(
                    file, field_name, f"{unit.model_id(index)} stands in impassable {f.name}"
                )
            if f.movement == "climb" and astride(circle, f):
                raise ContentError(
                    file,
                    field_name,
                    f"{unit.model_id(index)} stands astride {f.name}: wholly on it or off it (D-8)",
                )
        placed.append((unit.model_id(index), circle))


def _units(
    battle: BattleFile,
    table: Table,
    features: tuple[Feature, ...],
    known: Mapping[str, Warscroll],
    file: str,
) -> tuple[tuple[BattleUnit, ...], list[str]]:
    units: list[BattleUnit] = []
    warnings: list[str] = []
    seen: set[str] = set()
    placed: list[tuple[str, Circle]] = []
    for side in SIDES:
        for i, entry in enumerate(battle.army[side].unit):
            where = f"army.{side}.unit[{i}]"
            if entry.id in seen:
                raise ContentError(file, f"{where}.id", f"unit id {entry.id!r} appears twice")
            seen.add(entry.id)
            spec = _unit_spec(entry, where, known, file)
            warnings.extend(f"{entry.id}: {w}" for w in spec.warnings)
            located = [m.at is not None for m in entry.models]
            if any(located) and not all(located):
                missing = located.index(False)
                raise ContentError(
                    file,
                    f"{where}.models[{missing}].at",
                    "every model of a unit on the table has a position (or none: in reserve)",
                )
            unit = BattleUnit(
                entry.id,
                side,
                spec,
                base_radius(spec.warscroll.stats.base_mm),
                tuple(m.at for m in entry.models),
            )
            _place(unit, where, table, features, placed, file)
            units.append(unit)
    return tuple(units), warnings


def _check_general(battle: BattleFile, units: tuple[BattleUnit, ...], file: str) -> None:
    for side in SIDES:
        ref = battle.army[side].general
        if ref is None:
            continue
        own = {u.id: u for u in units if u.side == side}
        if ref.unit not in own:
            raise ContentError(
                file, f"army.{side}.general", f"{ref.unit!r} is not a unit of army {side}"
            )
        count = len(own[ref.unit].positions)
        if ref.model > count:
            raise ContentError(
                file,
                f"army.{side}.general.model",
                f"{ref.unit} has {count} model(s), not {ref.model}",
            )
        if own[ref.unit].positions[ref.model - 1] is None:
            raise ContentError(
                file, f"army.{side}.general", "the general is a model on the table (AOS-3.5)"
            )


def _check_sudden_death(battle: Battle, file: str) -> None:
    """AOS-3.6, D-32."""
    sd = battle.data.sudden_death
    if sd is None:
        return
    other: Side = "B" if sd.chooser == "A" else "A"
    small, large = battle.models_on_table(sd.chooser), battle.models_on_table(other)
    if 3 * large < 4 * small:
        raise ContentError(
            file,
            "sudden_death.chooser",
            f"{sd.chooser} has {small} models against {large}: not outnumbered by at least a "
            f"third (3 x {large} < 4 x {small}, D-32)",
        )
    if sd.named_unit is not None:
        units = {u.id: u for u in battle.army(other)}
        if sd.named_unit not in units:
            raise ContentError(
                file, "sudden_death.named_unit", f"{sd.named_unit!r} is not a unit of army {other}"
            )
        unit = units[sd.named_unit]
        if sd.objective == "assassinate" and not set(SUDDEN_DEATH_HEROES) & set(
            unit.spec.warscroll.keywords
        ):
            raise ContentError(
                file,
                "sudden_death.named_unit",
                f"{sd.named_unit} is not a HERO, WIZARD, PRIEST or MONSTER (AOS-3.6)",
            )
        if sd.objective == "blunt" and len(unit.positions) < 5:
            raise ContentError(
                file, "sudden_death.named_unit", f"{sd.named_unit} has fewer than five models"
            )
    if sd.feature is not None:
        found = [f for f in battle.features if f.id == sd.feature]
        if not found:
            raise ContentError(file, "sudden_death.feature", f"no feature {sd.feature!r}")
        if not contains(found[0].centroid, battle.territory(other)):
            raise ContentError(
                file,
                "sudden_death.feature",
                f"{sd.feature}'s centroid is not in {other}'s territory (D-32)",
            )


def deployment_mode(battle: BattleFile) -> str:
    """``[deployment] mode``, or ``players`` when no model of the file has ``at`` (AOS-3.2)."""
    if battle.deployment.mode is not None:
        return battle.deployment.mode
    placed = any(
        m.at is not None for side in SIDES for u in battle.army[side].unit for m in u.models
    )
    return "file" if placed else "players"


def _check_players_set_up(battle: BattleFile, file: str) -> None:
    """What a battle set up in play may not record (AOS-3.2 to 3.6): it is decided in play."""
    if deployment_mode(battle) != "players":
        return
    reasons = {
        "sudden_death": (
            battle.sudden_death,
            "chosen in play once the armies are set up (AOS-3.6)",
        ),
        "deployment.order": (battle.deployment.order, "the order is played (AOS-3.2)"),
        "deployment.first_turn": (battle.deployment.first_turn, "chosen in play (AOS-3.4)"),
        "army.A.general": (battle.army["A"].general, "named in play after set-up (AOS-3.5)"),
        "army.B.general": (battle.army["B"].general, "named in play after set-up (AOS-3.5)"),
    }
    for where, (value, reason) in reasons.items():
        if value:
            raise ContentError(file, where, f"the players set up in play: {reason}")


def _check_scenery(battle: BattleFile, file: str) -> None:
    """AOS-2.3, D-35: the scenery roll comes before the armies are set up, its pieces fit the
    table's cells (:func:`.scenery.check_fit`), and a preset chooser has something to choose."""
    scenery = battle.scenery
    if battle.roll_offs.scenery is not None and (not scenery.roll or scenery.choose is not None):
        why = "the battle rolls no scenery" if not scenery.roll else "[scenery] choose fixes it"
        raise ContentError(file, "roll_offs.scenery", f"no one chooses on 11-12: {why} (D-35)")
    if not scenery.roll:
        return
    if deployment_mode(battle) != "players":
        raise ContentError(
            file,
            "scenery.roll",
            "the scenery is rolled before the armies are set up (AOS-2.3 before AOS-3.2): a "
            'battle that rolls it is set up by the players ([deployment] mode = "players")',
        )
    misfit = check_fit(battle)
    if misfit is not None:
        raise ContentError(file, *misfit)


def _check_order(battle: BattleFile, units: tuple[BattleUnit, ...], file: str) -> None:
    ids = {u.id for u in units}
    seen: set[str] = set()
    for i, unit_id in enumerate(battle.deployment.order):
        if unit_id not in ids:
            raise ContentError(file, f"deployment.order[{i}]", f"no unit {unit_id!r}")
        if unit_id in seen:
            raise ContentError(file, f"deployment.order[{i}]", f"{unit_id} is set up once")
        seen.add(unit_id)


def parse_battle(data: Mapping[str, Any], file: str) -> Battle:
    """Check one parsed battle file (section 3.4) and resolve its units and scenery."""
    data = dict(data)
    known = _own_warscrolls(data, file)
    battle_file = _validate(BattleFile, data, file)
    table = Table(battle_file.table.width, battle_file.table.depth)
    features = _features(battle_file, table, file)
    units, warnings = _units(battle_file, table, features, known, file)
    _check_general(battle_file, units, file)
    _check_order(battle_file, units, file)
    _check_players_set_up(battle_file, file)
    _check_scenery(battle_file, file)
    battle = Battle(
        file, battle_file, table, features, units, MappingProxyType(known), tuple(warnings)
    )
    _check_sudden_death(battle, file)
    return battle


def load_battle_text(text: str, file: str = "<string>") -> Battle:
    return parse_battle(_parse_toml(text, file), file)


def load_battle_file(path: str | Path) -> Battle:
    """A battle file from disk; any mistake is a ContentError(file, field, reason)."""
    file, data = _read_toml(path)
    return parse_battle(data, file)


@dataclass(frozen=True)
class ArmyList:
    """An army list (section 3.4): a name, a general, units without positions."""

    name: str
    general: tuple[str, int] | None
    units: tuple[tuple[str, UnitSpec], ...]


def parse_army_list(data: Mapping[str, Any], file: str) -> ArmyList:
    data = dict(data)
    known = _own_warscrolls(data, file)
    entry: ArmyEntry = _validate(ArmyListFile, data, file).army
    units: list[tuple[str, UnitSpec]] = []
    for i, unit in enumerate(entry.unit):
        where = f"army.unit[{i}]"
        if unit.id in {u for u, _ in units}:
            raise ContentError(file, f"{where}.id", f"unit id {unit.id!r} appears twice")
        for j, model in enumerate(unit.models):
            if model.at is not None:
                raise ContentError(
                    file, f"{where}.models[{j}].at", "positions belong in battle files (3.4)"
                )
        units.append((unit.id, _unit_spec(unit, where, known, file)))
    general = None
    if entry.general is not None:
        specs = dict(units)
        if entry.general.unit not in specs:
            raise ContentError(file, "army.general", f"no unit {entry.general.unit!r}")
        if entry.general.model > len(specs[entry.general.unit].models):
            raise ContentError(file, "army.general.model", "no such model in that unit")
        general = (entry.general.unit, entry.general.model - 1)
    return ArmyList(entry.name, general, tuple(units))


def load_army_list(path: str | Path) -> ArmyList:
    file, data = _read_toml(path)
    return parse_army_list(data, file)


def builtin_battle_names() -> tuple[str, ...]:
    """The shipped setups, by file name: 6.2's ``starter_clash`` and ``scenery_and_sorcery``,
    ``open_deployment`` (Setup 1's armies with everything before the battle left to play) and
    ``rolled_battlefield`` (Setup 2's armies, the scenery rolled too, AOS-2.3)."""
    folder = resources.files(BATTLES_PACKAGE)
    return tuple(sorted(e.name[:-5] for e in folder.iterdir() if e.name.endswith(".toml")))


def builtin_battle(name: str) -> Battle:
    """A shipped setup by name (any case, ``-`` or ``_``) or by number, 1 or 2 (6.2)."""
    names = builtin_battle_names()
    wanted = normalize_name(name)
    wanted = _SETUP_NUMBERS.get(wanted, wanted)
    if wanted not in names:
        raise UnknownBattle(f"no battle setup {name!r}; shipped: {', '.join(names)}")
    return _shipped(wanted)


_SETUP_NUMBERS = {
    "1": "starter_clash",
    "2": "scenery_and_sorcery",
    "setup_1": "starter_clash",
    "setup_2": "scenery_and_sorcery",
}


@cache
def _shipped(name: str) -> Battle:
    entry = resources.files(BATTLES_PACKAGE).joinpath(f"{name}.toml")
    return load_battle_text(entry.read_text(encoding="utf-8"), f"{BATTLES_PACKAGE}/{name}.toml")


def find_battle(name_or_path: str) -> Battle:
    """``--battle SETUP|FILE`` (issue 22): a shipped setup, else a battle file."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        return load_battle_file(path)
    return builtin_battle(name_or_path)
