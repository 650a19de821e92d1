"""Stored games of an older record format, brought up to date.

A game whose `format` is behind its game's `record_format` (every game stored before chance was
explicit is format 1: its action rows hold the players' actions without the chance outcomes) is
migrated with `bitva.core.record.upgrade` (the game's `migrate_record`): the migrated record is
replayed, the seats of the players' actions are checked against the stored ones, and every step
(the chance outcomes included) is written back in one transaction with the new format. The
server does this for every such game when it starts, and for any game it loads that is still
behind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError, RecordError
from bitva.core.record import replay, upgrade
from bitva.core.registry import get_game
from bitva.core.state import State
from bitva.server.runtime import progress_of
from bitva.store.games import Progress, StoredAction, StoredGame


@dataclass
class Migrated:
    format: int
    actions: list[StoredAction]
    progress: Progress


def behind(stored: StoredGame) -> bool:
    try:
        return stored.format < get_game(stored.game).record_format
    except BitvaError:
        return False  # a game this installation does not have: loading it says so


def migrate(stored: StoredGame) -> Migrated:
    """The steps of `stored` in its game's current record format. RecordError if the old record
    does not migrate or its players' actions do not come out the same."""
    record = upgrade(stored.record())
    old_players = [(a.seat, a.action) for a in stored.actions if a.seat != CHANCE]
    actions: list[StoredAction] = []
    state: State[Any] | None = None
    for step in replay(record):
        state = step.state
        actions.append(StoredAction(step.seat, step.action, state.digest()))
    new_players = [(a.seat, a.action) for a in actions if a.seat != CHANCE]
    if [a for _, a in new_players] != [a for _, a in old_players]:
        raise RecordError(f"game {stored.id}: the migrated steps are not the stored actions")
    if [s for s, _ in new_players] != [s for s, _ in old_players]:
        raise RecordError(f"game {stored.id}: the migrated steps give the actions other seats")
    if state is None:
        state = get_game(record.game).new(record.options, record.seed)
    return Migrated(record.format, actions, progress_of(state, stored.seats))
