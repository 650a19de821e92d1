"""What the reach analysis reads of a position: a frozen snapshot of the table (issue 22).

The analysis depends only on :class:`TableSnapshot`: the table, its scenery and each unit's
models on the table (circles, loadout weapons, tags) with the flags that decide charge
eligibility (AOS-8.1). :meth:`TableSnapshot.from_battle` builds it from a battle file (rules
section 3.4); the registered game builds the same value from its runtime state.
"""

from __future__ import annotations

from dataclasses import dataclass

from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.schema import Side
from bitva.games.age_of_sigmar.geometry.measure import Circle, Table
from bitva.games.age_of_sigmar.geometry.paths import Board
from bitva.games.age_of_sigmar.geometry.scenery import Feature
from bitva.games.age_of_sigmar.warscroll import Warscroll


@dataclass(frozen=True, slots=True)
class SnapshotModel:
    """One model on the table: its base (GEO-2), weapons carried (its loadout's), tags (its
    loadout's and its own roles, section 3.1) and whether it is the champion."""

    circle: Circle
    weapons: tuple[str, ...] = ()
    tags: frozenset[str] = frozenset()
    champion: bool = False


@dataclass(frozen=True, slots=True)
class SnapshotUnit:
    """A unit: its id, side, warscroll and models on the table, with this turn's flags (a fresh
    position from a battle file has none) and statuses (``befuddled``, ``cannot_move``)."""

    id: str
    side: Side
    warscroll: Warscroll
    models: tuple[SnapshotModel, ...]
    moved: bool = False
    ran: bool = False
    retreated: bool = False
    charged: bool = False
    statuses: frozenset[str] = frozenset()

    def circles(self) -> tuple[Circle, ...]:
        return tuple(m.circle for m in self.models)

    def has_tag(self, tag: str) -> bool:
        """``requires_in_unit``: a model on the table carries ``tag`` (section 3.2)."""
        return any(tag in m.tags for m in self.models)


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """The table (GEO-1), its features (GEO-6), the units, and whose turn it is."""

    table: Table
    features: tuple[Feature, ...]
    units: tuple[SnapshotUnit, ...]
    active: Side = "A"

    @property
    def board(self) -> Board:
        return Board(self.table, self.features)

    def unit(self, unit_id: str) -> SnapshotUnit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    @classmethod
    def from_battle(cls, battle: Battle, active: Side | None = None) -> TableSnapshot:
        """A battle file's position; ``active`` defaults to its ``[position] active``."""
        units = []
        for unit in battle.units:
            spec = unit.spec
            models = tuple(
                SnapshotModel(
                    Circle(point[0], point[1], unit.radius),
                    tuple(spec.loadout_of(model).weapons),
                    spec.tags_of(model),
                    model.champion,
                )
                for model, point in zip(spec.models, unit.positions, strict=True)
                if point is not None
            )
            units.append(SnapshotUnit(unit.id, unit.side, spec.warscroll, models))
        side = battle.data.position.active if active is None else active
        return cls(battle.table, battle.features, tuple(units), side)
