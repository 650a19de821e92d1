"""Tournaments in the database: one row per tournament (its key, game, options, agents, number of
seats, seed) and one per finished game, keyed by (tournament, table, game index), with the agent
of every seat and the per-seat returns, for any number of seats.

Each game is committed the moment it finishes, so a run that crashes or is interrupted loses only
the games in flight; running the same tournament again finds its row by key and plays only the
games that are missing.

The tables are `arena_tournaments` and `arena_games`. The previous version kept two-seat games in
`tournaments` and `tournament_games` (columns seat1, seat2); a database that holds them is left
alone: those tables are neither read nor changed, and their games are not resumed.

>>> from bitva.store import make_engine
>>> store = TournamentStore(make_engine("sqlite://"))
>>> tid = store.open("k", "some-game", {}, ["random", "greedy"], 2, 0)
>>> store.finished(tid)
{}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    inspect,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from bitva.core.errors import BitvaError
from bitva.core.record import GameRecord
from bitva.store.db import Base, session_factory


class TournamentRow(Base):
    __tablename__ = "arena_tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    agents: Mapped[list[str]] = mapped_column(JSON)
    seats: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentGameRow(Base):
    __tablename__ = "arena_games"

    tournament_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("arena_tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    table: Mapped[str] = mapped_column(String(255), primary_key=True)  # "a|b|c": who played
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seats: Mapped[dict[str, str]] = mapped_column(JSON)  # seat ("1", "2", ...) -> agent
    returns: Mapped[list[float]] = mapped_column(JSON)  # per seat, seat 1 first
    result: Mapped[str] = mapped_column(String(16))  # the outcome's result, or STOPPED
    winners: Mapped[list[int]] = mapped_column(JSON)
    scores: Mapped[dict[str, float]] = mapped_column(JSON, default=dict)  # seat -> points
    reason: Mapped[str] = mapped_column(String(255), default="")
    length: Mapped[int] = mapped_column(Integer)  # actions and chance outcomes
    digest: Mapped[str] = mapped_column(String(64), default="")  # of the final state
    seconds: Mapped[float] = mapped_column(Float)
    # per seat: [moves, total seconds, longest move]
    moves: Mapped[dict[str, list[float]]] = mapped_column(JSON, default=dict)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


STOPPED = "stopped"  # the arena stopped the game at its horizon (`simulation.play_timed`)


@dataclass(frozen=True)
class StoredGame:
    """One finished game of a tournament."""

    table: str
    index: int
    seats: dict[int, str]  # seat -> agent
    returns: tuple[float, ...]
    result: str
    winners: tuple[int, ...]
    length: int
    seconds: float
    digest: str
    moves: dict[str, list[float]]  # per seat ("1", "2", ...): [moves, total seconds, longest]
    scores: dict[int, float] = field(default_factory=dict)

    def seats_of(self, agent: str) -> list[int]:
        return [seat for seat, name in sorted(self.seats.items()) if name == agent]

    def seat_result(self, seat: int) -> str:
        """ "win", "draw" or "loss" for one seat (a shared win is a win of each winner; a game
        stopped at its horizon is a draw)."""
        if seat in self.winners:
            return "win"
        return "draw" if self.result in ("draw", STOPPED) else "loss"

    def score(self, seat: int) -> float | None:
        """The seat's points, or None when the game keeps no score."""
        return self.scores.get(seat)


class TournamentStore:
    """Tournaments and their finished games in one database (any SQLAlchemy URL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = session_factory(engine)
        _check_schema(engine)

    def open(
        self,
        key: str,
        game: str,
        options: dict[str, Any],
        agents: list[str],
        seats: int,
        seed: int,
    ) -> int:
        """The id of the tournament with this key, created if new."""
        with self.sessions() as session:
            row = session.scalars(select(TournamentRow).where(TournamentRow.key == key)).first()
            if row is not None:
                return int(row.id)
            row = TournamentRow(
                key=key,
                game=game,
                options=options,
                agents=agents,
                seats=seats,
                seed=seed,
                created_at=datetime.now(UTC),
            )
            session.add(row)
            try:
                session.commit()
            except IntegrityError:  # another process created it first
                session.rollback()
                found = session.scalars(select(TournamentRow).where(TournamentRow.key == key))
                return int(found.one().id)
            return int(row.id)

    def find(self, key: str) -> int | None:
        with self.sessions() as session:
            row = session.scalars(select(TournamentRow).where(TournamentRow.key == key)).first()
            return None if row is None else row.id

    def add(
        self,
        tournament_id: int,
        table: str,
        index: int,
        record: GameRecord,
        seconds: float,
        moves: dict[int, tuple[int, float, float]] | None = None,
    ) -> StoredGame:
        """Store one finished game and commit at once. Storing a game twice keeps the first.

        A game the arena stopped at its horizon (no outcome) is stored as `stopped`: a draw
        with a return of 0 to every seat, and the reason says so."""
        outcome = record.outcome or {
            "result": STOPPED,
            "returns": [0.0] * len(record.players),
            "reason": f"stopped after {len(record.actions):,} steps, the game's horizon,"
            " with no winner",
        }
        row = TournamentGameRow(
            tournament_id=tournament_id,
            table=table,
            index=index,
            seats=dict(record.players),
            returns=[float(v) for v in outcome.get("returns", [])],
            result=str(outcome.get("result", "")),
            winners=[int(s) for s in outcome.get("winners", [])],
            scores={str(k): float(v) for k, v in (outcome.get("scores") or {}).items()},
            reason=str(outcome.get("reason", ""))[:255],
            length=len(record.actions),
            digest=record.digests[-1] if record.digests else "",
            seconds=seconds,
            moves={str(seat): list(times) for seat, times in (moves or {}).items()},
            record=record.model_dump(mode="json"),
            finished_at=datetime.now(UTC),
        )
        stored = _stored({name: getattr(row, name) for name in _SUMMARY_COLUMNS})
        with self.sessions() as session:
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
        return stored

    def finished(self, tournament_id: int) -> dict[tuple[str, int], StoredGame]:
        """Every stored game of a tournament, by (table, index)."""
        columns = [getattr(TournamentGameRow, name) for name in _SUMMARY_COLUMNS]
        with self.sessions() as session:
            rows = session.execute(
                select(*columns)
                .where(TournamentGameRow.tournament_id == tournament_id)
                .order_by(TournamentGameRow.table, TournamentGameRow.index)
            ).all()
        # the records themselves stay in the database: a summary does not need them
        games = [_stored(row._mapping) for row in rows]
        return {(game.table, game.index): game for game in games}

    def record(self, tournament_id: int, table: str, index: int) -> GameRecord:
        """The full record of a stored game (for `bitva replay`)."""
        with self.sessions() as session:
            row = session.get(TournamentGameRow, (tournament_id, table, index))
            if row is None:
                raise BitvaError(f"no game {index} of {table!r} in tournament {tournament_id}")
            return GameRecord.model_validate(row.record)


def _check_schema(engine: Engine) -> None:
    """A database whose arena tables lack columns of this version is a clear error (the
    previous version's tables have other names and are left alone)."""
    inspector = inspect(engine)
    for row in (TournamentRow, TournamentGameRow):
        table = row.__tablename__
        present = {column["name"] for column in inspector.get_columns(table)}
        missing = sorted(set(row.__table__.columns.keys()) - present)
        if missing:
            raise BitvaError(
                f"the database {engine.url.render_as_string(hide_password=True)!r} holds an"
                f" older {table} table (no {', '.join(missing)}): use another --db"
            )


_SUMMARY_COLUMNS = (
    "table",
    "index",
    "seats",
    "returns",
    "result",
    "winners",
    "length",
    "seconds",
    "digest",
    "moves",
    "scores",
)


def _stored(row: Mapping[str, Any]) -> StoredGame:
    """A StoredGame from the summary columns of a row."""
    return StoredGame(
        table=row["table"],
        index=row["index"],
        seats={int(seat): agent for seat, agent in row["seats"].items()},
        returns=tuple(row["returns"]),
        result=row["result"],
        winners=tuple(row["winners"]),
        length=row["length"],
        seconds=row["seconds"],
        digest=row["digest"],
        moves=row["moves"],
        scores={int(seat): value for seat, value in (row["scores"] or {}).items()},
    )
