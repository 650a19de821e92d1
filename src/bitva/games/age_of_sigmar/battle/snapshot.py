"""The reach analysis's view of a battle under way (issue 22): the runtime state as the frozen
:class:`~bitva.games.age_of_sigmar.analysis.TableSnapshot` that a battle file gives, with this
turn's flags (AOS-8.1: a unit that ran or retreated may not charge or shoot) and statuses
(befuddled, D-36; ``cannot_move`` abilities in force)."""

from __future__ import annotations

from bitva.games.age_of_sigmar.analysis.snapshot import SnapshotModel, SnapshotUnit, TableSnapshot
from bitva.games.age_of_sigmar.battle import abilities
from bitva.games.age_of_sigmar.battle.characteristics import live_spec
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.runtime import BEFUDDLED, Runtime


def snapshot_of(battle: Battle, rt: Runtime) -> TableSnapshot:
    """Every unit with a model on the table, for the side whose turn it is."""
    units = []
    for unit in rt.units:
        alive = unit.alive
        if not alive:
            continue
        spec = live_spec(battle, rt, unit)  # the alive models, in listing order
        models = tuple(
            SnapshotModel(
                model.circle,
                tuple(spec.loadout_of(entry).weapons),
                spec.tags_of(entry),
                model.champion,
            )
            for model, entry in zip(alive, spec.models, strict=True)
        )
        statuses = set(abilities.statuses(battle, rt, unit))
        if unit.has_effect(BEFUDDLED):
            statuses.add(BEFUDDLED)
        units.append(
            SnapshotUnit(
                unit.id,
                unit.side,
                spec.warscroll,
                models,
                moved=unit.moved,
                ran=unit.ran,
                retreated=unit.retreated,
                charged=unit.charged,
                statuses=frozenset(statuses),
            )
        )
    return TableSnapshot(battle.table, battle.features, tuple(units), rt.active)
