"""The army-list and battle-file schema (rules section 3.4, GEO-6, GEO-12, 6.2) as pydantic models.

A battle file is TOML::

    name = "Starter clash"
    realm = "Aqshy"
    mysterious = "off"                       # roll | choose | off (AOS-2.5)
    feature = [{ id = "F1", name = "Obelisk", movement = "climb", height = 4,
                 blocks_sight = true, polygon = [[33, 26], [39, 26], [39, 31], [33, 31]] }]
    [table]
    width = 48
    depth = 48
    split = "horizontal"                     # GEO-12; A owns the "low" half unless told
    [scenery]                                # AOS-2.3, D-35: roll 2D6 per 2' x 2' cell
    roll = true
    choose = 2                               # optional: the count on 11-12 (else the
                                             #  roll-off's winner chooses in play)
    pieces = [{ name = "Ruined Tower", movement = "climb", height = 4, blocks_sight = true,
                size = [6, 4] }]             # placed by battle/scenery.py
    [options]
    max_rounds = 6
    [roll_offs]                              # preset roll-off winners (AOS-3.1, 4.1)
    territory = "A"
    scenery = "B"                            # who chooses on a scenery roll of 11-12 (D-35)
    [deployment]
    order = ["A1", "B1", "A2", "B2"]         # AOS-3.2; first_turn = "A" once chosen (AOS-3.4)
    [sudden_death]
    chooser = "A"
    objective = "blunt"
    named_unit = "B1"
    [triumphs]
    B = { die = 6 }
    [position]
    active = "A"                             # whose turn the position is (default "A")
    [army.A]
    name = "Hammers of Sigmar"
    general = "A2"                           # or { unit = "A1", model = 3 } (1-based)
    [[army.A.unit]]
    id = "A1"
    warscroll = "liberators"
    models = [{ loadout = "warhammer_shield", champion = true, at = [24.0, 9.0] }, ...]

An army list is the same ``[army]`` table without positions (section 3.4: "``at`` only in battle
files"). Only the shape is checked here; :mod:`.loader` checks what needs the warscrolls and the
table (every error names the file, the field and the reason).
"""

from __future__ import annotations

import math
from typing import Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)

from bitva.games.age_of_sigmar.geometry.measure import QUANTUM, quantize
from bitva.games.age_of_sigmar.geometry.scenery import Movement, Mysterious
from bitva.games.age_of_sigmar.geometry.territory import Half, Split

Side = Literal["A", "B"]
SIDES: tuple[Side, Side] = ("A", "B")
Objective = Literal["assassinate", "blunt", "endure", "seize_ground", "none"]
"""AOS-3.6; ``none``: the outnumbered player took no objective (recorded, so not asked again)."""
MIN_TABLE_AREA = 1296.0
"""AOS-2.1, D-35: at least 3' x 3' of area (square inches)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _coordinate(value: float) -> float:
    """Positions are whole thousandths of an inch, so they round-trip (issue 22)."""
    if not math.isfinite(value):
        raise ValueError("a coordinate must be a finite number")
    if abs(value * QUANTUM - round(value * QUANTUM)) > 1e-6:
        raise ValueError(f"{value} has more than 3 decimals; positions are in 1/1000 inch")
    return quantize(value)


class ModelEntry(_Strict):
    """One model: loadout (default: the warscroll's standard arms), champion, role tags (``icon``,
    ``horn``), wounds already suffered, and in a battle file its centre ``at = [x, y]``."""

    loadout: str | None = None
    champion: bool = False
    tags: tuple[str, ...] = ()
    wounds_taken: int = Field(default=0, ge=0)
    at: tuple[float, float] | None = None

    @field_validator("at")
    @classmethod
    def _quantized(cls, value: tuple[float, float] | None) -> tuple[float, float] | None:
        if value is None:
            return None
        return (_coordinate(value[0]), _coordinate(value[1]))


class UnitEntry(_Strict):
    """``[[army.X.unit]]``: a unit id unique in the battle, its warscroll, its models in order
    (model ids are ``<unit>.<n>``, n from 1 in this order)."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")
    warscroll: str = Field(min_length=1)
    models: tuple[ModelEntry, ...] = Field(min_length=1)


class GeneralRef(_Strict):
    """AOS-3.5: the general, a unit and (in a multi-model unit) its model number from 1."""

    unit: str
    model: int = Field(default=1, ge=1)


class ArmyEntry(_Strict):
    """One army (section 3.4)."""

    name: str = ""
    general: GeneralRef | None = None
    unit: tuple[UnitEntry, ...] = Field(min_length=1)

    @field_validator("general", mode="before")
    @classmethod
    def _general_shorthand(cls, value: object) -> object:
        return {"unit": value} if isinstance(value, str) else value


class FeatureEntry(_Strict):
    """GEO-6: a scenery feature; the polygon is simple and counter-clockwise, in inches."""

    id: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9_-]*$")
    name: str = Field(min_length=1)
    polygon: tuple[tuple[float, float], ...] = Field(min_length=3)
    height: float = Field(default=0.0, ge=0)
    movement: Movement = "open"
    blocks_sight: bool = False
    cover: bool = True
    mysterious: Mysterious | None = None


class TableEntry(_Strict):
    """GEO-1, GEO-12: the table's size and how it is split; ``territory_a`` says which half A
    owns (``low``: y < depth/2 for a horizontal split, see geometry.territory); left out, it is
    ``low`` in a battle set up by the file, and the territory roll-off's loser picks it when the
    players set up (AOS-3.1)."""

    width: float = Field(gt=0)
    depth: float = Field(gt=0)
    split: Split = "horizontal"
    territory_a: Half | None = None

    @model_validator(mode="after")
    def _big_enough(self) -> TableEntry:
        if self.width * self.depth < MIN_TABLE_AREA - 1e-9:
            raise ValueError(
                f"a {self.width} x {self.depth} table is smaller than 3' x 3' in area "
                f"({MIN_TABLE_AREA:g} sq in, AOS-2.1, D-35)"
            )
        return self


class PieceEntry(_Strict):
    """AOS-2.3, D-35: a scenery template for the roll: a ``size = [width, depth]`` rectangle
    (inches along x and y, in 1/1000 inch) and the GEO-6 fields of the features made from it.
    Its rule (AOS-2.5) comes in play, like a listed feature's without one."""

    name: str = Field(min_length=1)
    size: tuple[float, float]
    height: float = Field(default=0.0, ge=0)
    movement: Movement = "open"
    blocks_sight: bool = False
    cover: bool = True

    @field_validator("size")
    @classmethod
    def _positive(cls, value: tuple[float, float]) -> tuple[float, float]:
        width, depth = (_coordinate(v) for v in value)
        if width <= 0 or depth <= 0:
            raise ValueError(f"a piece is a rectangle of positive size, not {width:g} x {depth:g}")
        return (width, depth)


class SceneryEntry(_Strict):
    """AOS-2.3, D-35: ``roll = true`` rolls 2D6 per 2' x 2' cell of the table before the
    mysterious landscapes (:mod:`.scenery`); the features come from ``pieces`` in order,
    cycling. ``choose`` fixes the count on 11-12 (0 to 3); without it the winner of a
    roll-off (``[roll_offs] scenery`` presets it) chooses in play."""

    roll: bool = False
    choose: int | None = Field(default=None, ge=0, le=3)
    pieces: tuple[PieceEntry, ...] = Field(default=(), validate_default=True)

    @field_validator("pieces")
    @classmethod
    def _pieces(cls, value: tuple[PieceEntry, ...], info: ValidationInfo) -> tuple[PieceEntry, ...]:
        roll = info.data.get("roll", False)
        if roll and not value:
            raise ValueError("roll = true needs at least one piece to place (AOS-2.3, D-35)")
        if value and not roll:
            raise ValueError("pieces are placed only by the scenery roll: add roll = true (D-35)")
        return value

    @field_validator("choose")
    @classmethod
    def _choose(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is not None and not info.data.get("roll", False):
            raise ValueError("choose is the count on 11-12 of the scenery roll: add roll = true")
        return value


class OptionsEntry(_Strict):
    """Section 3.4 options: rounds (D-30), damage allocation (D-17), house rule (D-18)."""

    max_rounds: int = Field(default=6, ge=1)
    allocation: Literal["ask", "wounded_first", "min_slain"] = "ask"
    natural_one_fails: bool = False


class RollOffs(_Strict):
    """Preset roll-off winners instead of dice: the territory split (AOS-3.1), who chooses
    the scenery count on 11-12 (AOS-2.3, D-35), who acts first after set-up (AOS-3.8), and
    priority per round from 2 (AOS-4.1, D-29)."""

    territory: Side | None = None
    scenery: Side | None = None
    after_set_up: Side | None = None
    priority: dict[int, Side] = Field(default_factory=dict)

    @field_validator("priority")
    @classmethod
    def _rounds(cls, value: dict[int, Side]) -> dict[int, Side]:
        for round_number in value:
            if round_number < 2:
                raise ValueError(f"round {round_number}: round 1 has no priority roll (D-29)")
        return value


class Deployment(_Strict):
    """AOS-3.2 to 3.4: the units in the order they were set up, and who took the first turn.
    ``mode``: ``file`` (the models stand where their ``at`` says) or ``players`` (set up in play,
    unit by unit, AOS-3.2); left out, ``players`` when no model of the file has ``at``."""

    mode: Literal["file", "players"] | None = None
    order: tuple[str, ...] = ()
    first_turn: Side | None = None


class SuddenDeath(_Strict):
    """AOS-3.6, D-32: the outnumbered player's objective."""

    chooser: Side
    objective: Objective
    named_unit: str | None = None
    feature: str | None = None

    @model_validator(mode="after")
    def _target(self) -> SuddenDeath:
        if self.objective in ("assassinate", "blunt") and self.named_unit is None:
            raise ValueError(f"{self.objective} needs named_unit (AOS-3.6)")
        if self.objective == "seize_ground" and self.feature is None:
            raise ValueError("seize_ground needs feature (AOS-3.6)")
        if self.objective not in ("assassinate", "blunt") and self.named_unit is not None:
            raise ValueError(f"{self.objective} names no unit (AOS-3.6)")
        if self.objective != "seize_ground" and self.feature is not None:
            raise ValueError(f"{self.objective} names no feature (AOS-3.6)")
        return self


TriumphName = Literal["blessed", "inspired", "empowered"]


def triumph_name(die: int) -> TriumphName:
    """AOS-3.7: 1-2 Blessed, 3-4 Inspired, 5-6 Empowered."""
    return "blessed" if die <= 2 else "inspired" if die <= 4 else "empowered"


class Triumph(_Strict):
    """AOS-3.7: the side won a major victory in its previous battle (``won``, default true) and
    its triumph die (1-2 Blessed, 3-4 Inspired, 5-6 Empowered); without ``die`` it is rolled in
    play after the sudden death objective is chosen (D-33): ``B = { won = true }``."""

    won: bool = True
    die: int | None = Field(default=None, ge=1, le=6)

    @property
    def name(self) -> TriumphName | None:
        """The triumph, None while its die is not rolled (or the side did not win)."""
        return None if self.die is None or not self.won else triumph_name(self.die)


class PositionEntry(_Strict):
    """Whose turn the position is (issue 22's analysis command)."""

    active: Side = "A"


class BattleFile(_Strict):
    """A whole battle file (section 3.4, 6.2)."""

    name: str = ""
    realm: str = ""
    mysterious: Literal["roll", "choose", "off"] = "off"
    feature: tuple[FeatureEntry, ...] = ()
    table: TableEntry
    scenery: SceneryEntry = SceneryEntry()
    options: OptionsEntry = OptionsEntry()
    roll_offs: RollOffs = RollOffs()
    deployment: Deployment = Deployment()
    sudden_death: SuddenDeath | None = None
    triumphs: dict[Side, Triumph] = Field(default_factory=dict)
    position: PositionEntry = PositionEntry()
    army: dict[Side, ArmyEntry]

    @field_validator("army")
    @classmethod
    def _both(cls, value: dict[Side, ArmyEntry]) -> dict[Side, ArmyEntry]:
        missing = [side for side in SIDES if side not in value]
        if missing:
            raise ValueError(f"a battle needs both armies; [army.{missing[0]}] is missing")
        return value


class ArmyListFile(_Strict):
    """An army list (section 3.4): one ``[army]`` table, no positions."""

    army: ArmyEntry
