"""The hot path of every move: committing its steps, with the database driver itself.

`GameStore.append_many` does this job through SQLAlchemy's execution machinery, which costs
about 0.3 ms of Python per transaction. The server commits every move before it answers, from
one writer thread (`bitva.server.writer`), and under load that thread's Python competes with the
event loop for the interpreter lock. `StepWriter` does the same transaction over a connection of
its own with two statements written once in the driver's parameter style; values are converted
by SQLAlchemy's own type processors, so the rows are the ones `append_many` writes. It knows
SQLite (sqlite3) and PostgreSQL (psycopg); `for_engine` gives None for any other driver, and the
server then uses `append_many`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Engine

from bitva.store.games import Progress, StoreConflict, StoredAction, now

# the parameter markers of the drivers this module knows
MARKERS = {"pysqlite": ":{}", "psycopg": "%({})s"}

Append = tuple[str, int, list[StoredAction], Progress]


def _processor(kind: Any, engine: Engine) -> Callable[[Any], Any]:
    """SQLAlchemy's conversion of a Python value for this database (identity if none)."""
    process = kind.dialect_impl(engine.dialect).bind_processor(engine.dialect)
    return process if process is not None else (lambda value: value)


class StepWriter:
    """Commits moves over one connection of its own. Used by one thread at a time."""

    def __init__(
        self, engine: Engine, marker: str, lock: AbstractContextManager[Any] | None = None
    ) -> None:
        self.engine = engine
        self._lock = lock if lock is not None else nullcontext()
        self._conflict = engine.dialect.loaded_dbapi.IntegrityError
        mark = marker.format
        self.advance = (
            f"UPDATE server_games SET version={mark('new_version')}, status={mark('status')}, "
            f"to_move={mark('to_move')}, turn={mark('turn')}, phase={mark('phase')}, "
            f"outcome={mark('outcome')}, updated_at={mark('moment')} "
            f"WHERE id={mark('game_id')} AND version={mark('index')}"
        )
        columns = ("game_id", "index", "seat", "action", "digest", "created_at")
        self.insert = (
            'INSERT INTO server_actions (game_id, "index", seat, action, digest, created_at) '
            f"VALUES ({', '.join(mark(name) for name in columns)})"
        )
        self._json = _processor(JSON(), engine)
        self._moment = _processor(DateTime(timezone=True), engine)
        self._connection: Any = None

    @classmethod
    def for_engine(
        cls, engine: Engine, lock: AbstractContextManager[Any] | None = None
    ) -> StepWriter | None:
        """A writer for this engine's driver (None: not one this module knows). `lock`: held
        around each transaction (the store's one-writer-at-a-time lock on SQLite)."""
        marker = MARKERS.get(engine.dialect.driver)
        return cls(engine, marker, lock) if marker is not None else None

    def append_many(self, items: list[Append]) -> list[datetime | StoreConflict]:
        """What `GameStore.append_many` does: every game's steps in one transaction, a
        StoreConflict for a game that does not stand at its index (the others are committed),
        StoreConflict for all if a step was stored already."""
        with self._lock:
            return self._append_many(items)

    def _append_many(self, items: list[Append]) -> list[datetime | StoreConflict]:
        moment = now()
        stored_moment = self._moment(moment)
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        connection = self._connection
        out: list[datetime | StoreConflict] = []
        rows: list[dict[str, Any]] = []
        try:
            cursor = connection.cursor()
            for game_id, index, actions, progress in items:
                cursor.execute(
                    self.advance,
                    {
                        "game_id": game_id,
                        "index": index,
                        "new_version": index + len(actions),
                        "status": progress.status,
                        "to_move": progress.to_move,
                        "turn": progress.turn,
                        "phase": progress.phase,
                        "outcome": self._json(progress.outcome),
                        "moment": stored_moment,
                    },
                )
                if cursor.rowcount != 1:
                    out.append(StoreConflict(f"game {game_id} does not stand at step {index}"))
                    continue
                rows += [
                    {
                        "game_id": game_id,
                        "index": index + offset,
                        "seat": action.seat,
                        "action": action.action,
                        "digest": action.digest,
                        "created_at": stored_moment,
                    }
                    for offset, action in enumerate(actions)
                ]
                out.append(moment)
            if rows:
                cursor.executemany(self.insert, rows)
            cursor.close()
            connection.commit()
        except Exception as exc:
            self._discard()
            if isinstance(exc, self._conflict):
                raise StoreConflict(f"a step of these games was stored already: {exc}") from exc
            raise
        return out

    def _discard(self) -> None:
        """Roll back and let the connection go (the next transaction opens another)."""
        connection, self._connection = self._connection, None
        if connection is None:
            return
        try:
            connection.rollback()
            connection.close()
        except Exception:  # a broken connection: the pool drops it
            connection.invalidate()

    def close(self) -> None:
        """Give the connection back (from the thread that used it)."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
