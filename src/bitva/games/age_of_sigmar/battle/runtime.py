"""The runtime of a battle (rules section 3.4, "Runtime"): models, units and the battle as small
immutable values, changed by replacement so that a clone is a reference and a JSON round trip is
exact.

A model carries what the rules read of it while the battle goes on: its centre (quantized to
1/1000 inch, so actions and replays are bit-exact), base radius, wounds suffered, tags, champion,
general and its status (``table``, ``slain``, ``fled``, ``reserve``; AOS-3.3, AOS-10.2, AOS-12.3,
D-25). A unit carries its per-turn flags (AOS-4.3: moved, ran, retreated, charged, shot,
battleshock tested, models slain this turn, a wizard's casting and unbinding attempts and the
spells it tried, AOS-14.1, D-24), its per-phase flag ``fought`` (AOS-9.1), the run and
charge rolls of the phase (D-12, D-13) and its active effects with their expiry (AOS-4.3,
AOS-5.3). :class:`Runtime` is the battle: round, who went first, whose turn, phase and decision
step, army sizes and casualties (AOS-15), generals (AOS-3.5), sudden death (AOS-3.6), triumphs
(AOS-3.7), the pending roll-off or attack, and the outcome once decided.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.schema import SIDES, Side, SuddenDeath
from bitva.games.age_of_sigmar.geometry.measure import Circle, Point, quantize_point

Status = Literal["table", "slain", "fled", "reserve"]
STATUSES: tuple[Status, ...] = ("table", "slain", "fled", "reserve")
PHASES = ("hero", "movement", "shooting", "charge", "combat", "battleshock")
"""AOS-4.2: the six phases of a turn, in order."""


BEFUDDLED = "befuddled"
"""AOS-2.5 Mystical on a 1: not picked to cast, move or attack (D-36)."""
ENSORCELLED = "ensorcelled"
"""AOS-2.5 Mystical on 2-6: re-roll failed wound rolls."""
DAMNED = "damned"
"""AOS-2.5 Damned: a unit that sacrificed adds 1 to its hit rolls."""
INSPIRED_TRIUMPH = "inspired"
"""AOS-3.7 Inspired: the unit re-rolls failed hit rolls in this combat phase (D-33)."""
CAUSES_FEAR = "causes_fear"
"""AOS-2.5 Sinister: enemy units within 3" have -1 Bravery."""


def other(side: Side) -> Side:
    return "B" if side == "A" else "A"


@dataclass(frozen=True, slots=True)
class ModelState:
    """One model in the battle (3.4 runtime). ``id`` is ``<unit>.<n>``, n from 1."""

    id: str
    loadout: str
    r: float
    pos: Point | None
    wounds_taken: int = 0
    tags: tuple[str, ...] = ()
    champion: bool = False
    is_general: bool = False
    status: Status = "table"

    @property
    def on_table(self) -> bool:
        return self.status == "table"

    @property
    def circle(self) -> Circle:
        assert self.pos is not None, f"{self.id} is not on the table"
        return Circle(self.pos[0], self.pos[1], self.r)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "loadout": self.loadout,
            "r": self.r,
            "pos": None if self.pos is None else list(self.pos),
            "wounds_taken": self.wounds_taken,
            "tags": list(self.tags),
            "champion": self.champion,
            "is_general": self.is_general,
            "status": self.status,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModelState:
        pos = data["pos"]
        return cls(
            str(data["id"]),
            str(data["loadout"]),
            float(data["r"]),
            None if pos is None else (float(pos[0]), float(pos[1])),
            int(data["wounds_taken"]),
            tuple(str(t) for t in data["tags"]),
            bool(data["champion"]),
            bool(data["is_general"]),
            data["status"],
        )


@dataclass(frozen=True, slots=True)
class ActiveEffect:
    """An effect in force on a unit (3.4 ``active_effects``): its name, where it came from, and
    when it ends: ``hero:A`` at the start of A's next hero phase (AOS-4.3)."""

    name: str
    source: str
    expiry: str

    def to_json(self) -> list[str]:
        return [self.name, self.source, self.expiry]


@dataclass(frozen=True, slots=True)
class UnitState:
    """One unit (3.4 runtime): its models in listing order and its flags."""

    id: str
    side: Side
    warscroll: str
    models: tuple[ModelState, ...]
    moved: bool = False
    ran: bool = False
    retreated: bool = False
    charged: bool = False
    shot: bool = False
    fought: bool = False
    tested: bool = False
    slain_this_turn: int = 0
    run_roll: int | None = None
    charge_roll: int | None = None
    effects: tuple[ActiveEffect, ...] = ()
    casts: int = 0
    unbinds: int = 0
    spells_tried: tuple[str, ...] = ()

    @property
    def alive(self) -> tuple[ModelState, ...]:
        """The models on the table, in listing order."""
        return tuple(m for m in self.models if m.on_table)

    def circles(self) -> tuple[Circle, ...]:
        return tuple(m.circle for m in self.models if m.on_table)

    def has_effect(self, name: str) -> bool:
        return any(e.name == name for e in self.effects)

    def model_index(self, number: int) -> int:
        """The index of model ``m<number>`` (1-based, listing order)."""
        return number - 1

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "side": self.side,
            "warscroll": self.warscroll,
            "models": [m.to_json() for m in self.models],
            "flags": [
                self.moved,
                self.ran,
                self.retreated,
                self.charged,
                self.shot,
                self.fought,
                self.tested,
            ],
            "slain_this_turn": self.slain_this_turn,
            "run_roll": self.run_roll,
            "charge_roll": self.charge_roll,
            "effects": [e.to_json() for e in self.effects],
            "wizard": [self.casts, self.unbinds, list(self.spells_tried)],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> UnitState:
        moved, ran, retreated, charged, shot, fought, tested = (bool(f) for f in data["flags"])
        return cls(
            str(data["id"]),
            data["side"],
            str(data["warscroll"]),
            tuple(ModelState.from_json(m) for m in data["models"]),
            moved,
            ran,
            retreated,
            charged,
            shot,
            fought,
            tested,
            int(data["slain_this_turn"]),
            data["run_roll"],
            data["charge_roll"],
            tuple(ActiveEffect(*e) for e in data["effects"]),
            int(data["wizard"][0]),
            int(data["wizard"][1]),
            tuple(str(s) for s in data["wizard"][2]),
        )


TURN_FLAGS = {
    "moved": False,
    "ran": False,
    "retreated": False,
    "charged": False,
    "shot": False,
    "fought": False,
    "tested": False,
    "slain_this_turn": 0,
    "run_roll": None,
    "charge_roll": None,
    "casts": 0,
    "unbinds": 0,
    "spells_tried": (),
}
"""AOS-4.3: what resets at the start of each turn."""


@dataclass(frozen=True, slots=True)
class SetUp:
    """What is decided before the battle while it is decided (AOS-2.3 to AOS-2.5, AOS-3.1 to
    3.7): the territory roll-off's winner and the half A took, who is done setting up (in
    order, D-28; the player deciding now is ``Runtime.chooser``), the features' rolled or
    chosen rules, who chooses them (AOS-1.8), the objective waiting for its unit to be named
    (AOS-3.6), the triumph dice rolled, and the scenery roll (D-35): the count of each cell
    decided so far in canonical order, a total of 11 or 12 waiting for its count to be chosen,
    and the roll-off's winner who chooses it."""

    territory_winner: Side | None = None
    territory_a: str | None = None
    done: tuple[Side, ...] = ()
    landscapes: tuple[tuple[str, str], ...] = ()
    landscape_chooser: Side | None = None
    objective: str | None = None
    triumph_dice: tuple[tuple[Side, int], ...] = ()
    scenery: tuple[int, ...] = ()
    scenery_roll: int | None = None
    scenery_chooser: Side | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "territory_winner": self.territory_winner,
            "territory_a": self.territory_a,
            "done": list(self.done),
            "landscapes": [list(p) for p in self.landscapes],
            "landscape_chooser": self.landscape_chooser,
            "objective": self.objective,
            "triumph_dice": [list(p) for p in self.triumph_dice],
            "scenery": list(self.scenery),
            "scenery_roll": self.scenery_roll,
            "scenery_chooser": self.scenery_chooser,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SetUp:
        return cls(
            data["territory_winner"],
            data["territory_a"],
            tuple(data["done"]),
            tuple((str(f), str(r)) for f, r in data["landscapes"]),
            data["landscape_chooser"],
            data["objective"],
            tuple((s, int(d)) for s, d in data["triumph_dice"]),
            tuple(int(n) for n in data.get("scenery", ())),
            data.get("scenery_roll"),
            data.get("scenery_chooser"),
        )


@dataclass(frozen=True, slots=True)
class Runtime:
    """The whole battle as it stands (3.4 runtime). ``step`` names the decision point or chance
    node within the phase; ``unit`` the unit it concerns (the runner, the charger, the fighter);
    ``picker`` whose pick it is in the combat phase (AOS-9.2); ``attack`` a pending attack
    resolution; ``deadly`` the Deadly terrain dice still to roll after a run or charge, as
    ``model@feature`` (AOS-2.5, D-36); ``spell`` the spell being cast (AOS-14); ``allocation``
    the owner's pending choice of casualties (AOS-10.2, AOS-12.2: :mod:`.allocation`);
    ``blessed_used`` the sides that used Blessed, ``blessing`` a roll waiting for a Blessed
    holder (AOS-3.7: :mod:`.blessed`)."""

    units: tuple[UnitState, ...]
    round: int
    first: Side
    active: Side
    phase: str
    step: str
    army_size: tuple[int, int]
    casualties: tuple[int, int]
    sudden_death: SuddenDeath | None = None
    empowered: tuple[Side, ...] = ()
    chooser: Side = "A"
    unit: str | None = None
    picker: Side | None = None
    command_used: bool = False
    attack: dict[str, Any] | None = None
    outcome: dict[str, Any] | None = None
    deadly: tuple[str, ...] = ()
    spell: dict[str, Any] | None = None
    mystical: tuple[str, ...] = ()
    damned_used: tuple[str, ...] = ()
    inspired: tuple[Side, ...] = ()
    set_up: SetUp | None = None
    allocation: dict[str, Any] | None = None
    blessed_used: tuple[Side, ...] = ()
    blessing: dict[str, Any] | None = None

    def unit_by_id(self, unit_id: str) -> UnitState:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def has_unit(self, unit_id: str) -> bool:
        return any(u.id == unit_id for u in self.units)

    def army(self, side: Side) -> tuple[UnitState, ...]:
        return tuple(u for u in self.units if u.side == side)

    def circles(self, side: Side) -> tuple[Circle, ...]:
        return tuple(c for u in self.army(side) for c in u.circles())

    def on_table(self, side: Side) -> int:
        return sum(len(u.alive) for u in self.army(side))

    def with_unit(self, unit: UnitState) -> Runtime:
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def general(self, side: Side) -> tuple[UnitState, ModelState] | None:
        """AOS-3.5, D-26: the side's general, while it is on the table."""
        for unit in self.army(side):
            for model in unit.models:
                if model.is_general and model.on_table:
                    return unit, model
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "units": [u.to_json() for u in self.units],
            "round": self.round,
            "first": self.first,
            "active": self.active,
            "phase": self.phase,
            "step": self.step,
            "army_size": list(self.army_size),
            "casualties": list(self.casualties),
            "sudden_death": None
            if self.sudden_death is None
            else self.sudden_death.model_dump(exclude_none=True),
            "empowered": list(self.empowered),
            "chooser": self.chooser,
            "unit": self.unit,
            "picker": self.picker,
            "command_used": self.command_used,
            "attack": self.attack,
            "outcome": self.outcome,
            "deadly": list(self.deadly),
            "spell": self.spell,
            "mystical": list(self.mystical),
            "damned_used": list(self.damned_used),
            "inspired": list(self.inspired),
            "set_up": None if self.set_up is None else self.set_up.to_json(),
            "allocation": self.allocation,
            "blessed_used": list(self.blessed_used),
            "blessing": self.blessing,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Runtime:
        sd = data["sudden_death"]
        size_a, size_b = data["army_size"]
        lost_a, lost_b = data["casualties"]
        return cls(
            tuple(UnitState.from_json(u) for u in data["units"]),
            int(data["round"]),
            data["first"],
            data["active"],
            str(data["phase"]),
            str(data["step"]),
            (int(size_a), int(size_b)),
            (int(lost_a), int(lost_b)),
            None if sd is None else SuddenDeath.model_validate(sd),
            tuple(data["empowered"]),
            data["chooser"],
            data["unit"],
            data["picker"],
            bool(data["command_used"]),
            data["attack"],
            data["outcome"],
            tuple(str(d) for d in data["deadly"]),
            data["spell"],
            tuple(str(u) for u in data["mystical"]),
            tuple(str(f) for f in data["damned_used"]),
            tuple(data["inspired"]),
            None if data.get("set_up") is None else SetUp.from_json(data["set_up"]),
            data.get("allocation"),
            tuple(data.get("blessed_used", ())),
            data.get("blessing"),
        )


def side_index(side: Side) -> int:
    return SIDES.index(side)


def units_from_battle(battle: Battle) -> tuple[UnitState, ...]:
    """The units of a loaded battle file, models where the file sets them up (or in reserve,
    AOS-3.3), the generals named (AOS-3.5)."""
    units: list[UnitState] = []
    for unit in battle.units:
        general = battle.general(unit.side)
        models = []
        for index, spec in enumerate(unit.spec.models):
            pos = unit.positions[index]
            models.append(
                ModelState(
                    unit.model_id(index),
                    spec.loadout,
                    unit.radius,
                    None if pos is None else quantize_point(pos),
                    spec.wounds_taken,
                    tuple(sorted(unit.spec.tags_of(spec))),
                    spec.champion,
                    general == (unit.id, index),
                    "table" if pos is not None else "reserve",
                )
            )
        units.append(UnitState(unit.id, unit.side, unit.spec.warscroll.id, tuple(models)))
    return tuple(units)


def done_first(battle: Battle) -> Side:
    """AOS-3.3, AOS-3.4, D-28: the player who finished setting up first (the other side's last
    unit came later in the set-up order). Without an order, the territory roll-off's winner,
    who set up first (AOS-3.2), else A."""
    order = battle.data.deployment.order
    first = battle.data.roll_offs.territory or "A"
    if not order:
        return first
    sides = {u.id: u.side for u in battle.units}
    last = {
        side: max((i for i, uid in enumerate(order) if sides[uid] == side), default=-1)
        for side in SIDES
    }
    if last["A"] == last["B"]:
        return first
    return "A" if last["A"] < last["B"] else "B"
