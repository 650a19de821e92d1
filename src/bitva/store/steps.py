"""The hot path of every move: committing its steps, with the database driver itself.

`GameStore.append_many` does this job through SQLAlchemy's execution machinery in a thread,
which costs about 0.3 ms of Python per transaction, and under load the thread's Python fought
the server's event loop for the interpreter lock: every call into the driver lets go of the
lock and has to win it back, and a commit waited up to half a second while the loop was busy
(docs/server.md, "Load"). The writers here do the same transaction with two statements written
once in the driver's parameter style, on the event loop's own thread:

- `StepWriter` (SQLite, sqlite3): synchronous, on a connection of its own. A commit of the
  moves waiting at that moment costs well under a millisecond (WAL, one flush of the log).
- `AsyncStepWriter` (PostgreSQL, psycopg): an asynchronous connection of its own; the loop
  serves others while the database answers.

Values go through SQLAlchemy's own type processors, so the rows read back exactly as those of
`append_many`. `writer_for` gives None for any other driver (the server then uses
`append_many` in its writer thread).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Engine

from bitva.store.games import Progress, StoreConflict, StoredAction, now

Append = tuple[str, int, list[StoredAction], Progress]
Results = list[datetime | StoreConflict]


def _processor(kind: Any, engine: Engine) -> Callable[[Any], Any]:
    """SQLAlchemy's conversion of a Python value for this database (identity if none)."""
    process = kind.dialect_impl(engine.dialect).bind_processor(engine.dialect)
    return process if process is not None else (lambda value: value)


class Statements:
    """The two statements of a move in one driver's parameter style, and its values."""

    def __init__(self, engine: Engine, marker: str) -> None:
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
        self.conflict: type[Exception] = engine.dialect.loaded_dbapi.IntegrityError
        self._json = _processor(JSON(), engine)
        self._moment = _processor(DateTime(timezone=True), engine)

    def advance_values(self, item: Append, moment: Any) -> dict[str, Any]:
        game_id, index, actions, progress = item
        return {
            "game_id": game_id,
            "index": index,
            "new_version": index + len(actions),
            "status": progress.status,
            "to_move": progress.to_move,
            "turn": progress.turn,
            "phase": progress.phase,
            "outcome": self._json(progress.outcome),
            "moment": moment,
        }

    def step_rows(self, item: Append, moment: Any) -> list[dict[str, Any]]:
        game_id, index, actions, _ = item
        return [
            {
                "game_id": game_id,
                "index": index + offset,
                "seat": action.seat,
                "action": action.action,
                "digest": action.digest,
                "created_at": moment,
            }
            for offset, action in enumerate(actions)
        ]

    def stored_moment(self, moment: datetime) -> Any:
        return self._moment(moment)


def conflict(game_id: str, index: int) -> StoreConflict:
    return StoreConflict(f"game {game_id} does not stand at step {index}")


class StepWriter:
    """Commits moves over one sqlite3 connection of its own, synchronously (the server calls it
    on its event loop). `lock`: held around each transaction (the store's one writer at a time)."""

    def __init__(self, engine: Engine, lock: AbstractContextManager[Any] | None = None) -> None:
        self.engine = engine
        self.statements = Statements(engine, ":{}")
        self._lock = lock if lock is not None else nullcontext()
        self._connection: Any = None

    def append_many(self, items: list[Append]) -> Results:
        """What `GameStore.append_many` does: every game's steps in one transaction, a
        StoreConflict for a game that does not stand at its index (the others are committed),
        StoreConflict for all if a step was stored already."""
        with self._lock:
            return self._append_many(items)

    def _append_many(self, items: list[Append]) -> Results:
        statements = self.statements
        moment = now()
        stored = statements.stored_moment(moment)
        if self._connection is None:
            self._connection = self.engine.raw_connection()
        connection = self._connection
        out: Results = []
        rows: list[dict[str, Any]] = []
        try:
            cursor = connection.cursor()
            for item in items:
                cursor.execute(statements.advance, statements.advance_values(item, stored))
                if cursor.rowcount != 1:
                    out.append(conflict(item[0], item[1]))
                    continue
                rows += statements.step_rows(item, stored)
                out.append(moment)
            if rows:
                cursor.executemany(statements.insert, rows)
            cursor.close()
            connection.commit()
        except Exception as exc:
            self._discard()
            if isinstance(exc, statements.conflict):
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
        if self._connection is not None:
            self._connection.close()
            self._connection = None


class AsyncStepWriter:
    """Commits moves over an asynchronous psycopg connection of its own (opened on first use,
    on the running event loop; opened again after a failure)."""

    def __init__(self, engine: Engine) -> None:
        self.statements = Statements(engine, "%({})s")
        # the engine's URL for libpq itself ("postgresql://", password and options included)
        self._conninfo = engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False
        )
        self._connection: Any = None

    async def append_many(self, items: list[Append]) -> Results:
        """As `StepWriter.append_many`; the caller sends one batch at a time."""
        import psycopg

        statements = self.statements
        moment = now()
        if self._connection is None:
            self._connection = await psycopg.AsyncConnection.connect(self._conninfo)
        connection = self._connection
        out: Results = []
        rows: list[dict[str, Any]] = []
        try:
            async with connection.cursor() as cursor:
                for item in items:
                    await cursor.execute(
                        statements.advance, statements.advance_values(item, moment)
                    )
                    if cursor.rowcount != 1:
                        out.append(conflict(item[0], item[1]))
                        continue
                    rows += statements.step_rows(item, moment)
                    out.append(moment)
                if rows:
                    await cursor.executemany(statements.insert, rows)
            await connection.commit()
        except Exception as exc:
            self._connection = None
            if not connection.closed:
                await connection.close()
            if isinstance(exc, statements.conflict):
                raise StoreConflict(f"a step of these games was stored already: {exc}") from exc
            raise
        return out

    def close(self) -> None:
        """Close the connection at once (the server calls it from synchronous code while it
        stops; libpq's own close needs no event loop)."""
        if self._connection is not None:
            self._connection.pgconn.finish()
            self._connection = None


def writer_for(
    engine: Engine, lock: AbstractContextManager[Any] | None = None
) -> StepWriter | AsyncStepWriter | None:
    """The writer for this engine's driver, or None where the driver is not one of these."""
    driver = engine.dialect.driver
    if driver == "pysqlite":
        return StepWriter(engine, lock)
    if driver == "psycopg":
        return AsyncStepWriter(engine)
    return None
