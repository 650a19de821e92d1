"""Tournaments in the database: one row per tournament (its key, game, options, agents, seed) and
one per finished game, keyed by (tournament, pairing, game index).

Each game is committed the moment it finishes, so a run that crashes or is interrupted loses only
the games in flight; running the same tournament again finds its row by key and plays only the
games that are missing.

>>> from bitva.store import make_engine
>>> store = TournamentStore(make_engine("sqlite://"))
>>> tid = store.open("k", "lords-of-war", {}, ["random", "greedy"], 0)
>>> store.finished(tid)
{}
"""

from __future__ import annotations

from dataclasses import dataclass
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
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(64), unique=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    agents: Mapped[list[str]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class TournamentGameRow(Base):
    __tablename__ = "tournament_games"

    tournament_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    pairing: Mapped[str] = mapped_column(String(255), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat1: Mapped[str] = mapped_column(String(128))
    seat2: Mapped[str] = mapped_column(String(128))
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seat; None = draw
    reason: Mapped[str] = mapped_column(String(255), default="")
    length: Mapped[int] = mapped_column(Integer)  # actions
    digest: Mapped[str] = mapped_column(String(64), default="")  # of the final state
    seconds: Mapped[float] = mapped_column(Float)
    # per seat: [moves, total seconds, longest move]
    moves: Mapped[dict[str, list[float]]] = mapped_column(JSON, default=dict)
    record: Mapped[dict[str, Any]] = mapped_column(JSON)
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class StoredGame:
    """One finished game of a tournament."""

    pairing: str
    index: int
    seat1: str
    seat2: str
    winner: int | None
    length: int
    seconds: float
    digest: str
    moves: dict[str, list[float]]  # per seat ("1", "2"): [moves, total seconds, longest move]

    def score(self, agent: str) -> float:
        """1 for a win of `agent`, 0.5 for a draw, 0 for a loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if (self.seat1, self.seat2)[self.winner - 1] == agent else 0.0


class TournamentStore:
    """Tournaments and their finished games in one database (any SQLAlchemy URL)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = session_factory(engine)
        _check_schema(engine)

    def open(
        self, key: str, game: str, options: dict[str, Any], agents: list[str], seed: int
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
        pairing: str,
        index: int,
        record: GameRecord,
        seconds: float,
        moves: dict[int, tuple[int, float, float]] | None = None,
    ) -> StoredGame:
        """Store one finished game and commit at once. Storing a game twice keeps the first."""
        outcome = record.outcome or {}
        row = TournamentGameRow(
            tournament_id=tournament_id,
            pairing=pairing,
            index=index,
            seat1=record.players.get("1", ""),
            seat2=record.players.get("2", ""),
            winner=outcome.get("winner"),
            reason=str(outcome.get("reason", ""))[:255],
            length=len(record.actions),
            digest=record.digests[-1] if record.digests else "",
            seconds=seconds,
            moves={str(seat): list(times) for seat, times in (moves or {}).items()},
            record=record.model_dump(mode="json"),
            finished_at=datetime.now(UTC),
        )
        stored = _stored(row)
        with self.sessions() as session:
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
        return stored

    def finished(self, tournament_id: int) -> dict[tuple[str, int], StoredGame]:
        """Every stored game of a tournament, by (pairing, index)."""
        columns = (
            TournamentGameRow.pairing,
            TournamentGameRow.index,
            TournamentGameRow.seat1,
            TournamentGameRow.seat2,
            TournamentGameRow.winner,
            TournamentGameRow.length,
            TournamentGameRow.seconds,
            TournamentGameRow.digest,
            TournamentGameRow.moves,
        )
        with self.sessions() as session:
            rows = session.execute(
                select(*columns)
                .where(TournamentGameRow.tournament_id == tournament_id)
                .order_by(TournamentGameRow.pairing, TournamentGameRow.index)
            ).all()
        return {(r[0], r[1]): StoredGame(*r) for r in rows}

    def record(self, tournament_id: int, pairing: str, index: int) -> GameRecord:
        """The full record of a stored game (for `bitva replay`)."""
        with self.sessions() as session:
            row = session.get(TournamentGameRow, (tournament_id, pairing, index))
            if row is None:
                raise BitvaError(f"no game {index} of {pairing!r} in tournament {tournament_id}")
            return GameRecord.model_validate(row.record)


def _check_schema(engine: Engine) -> None:
    """A database whose tournament tables lack columns of this version is a clear error."""
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


def _stored(row: TournamentGameRow) -> StoredGame:
    return StoredGame(
        row.pairing,
        row.index,
        row.seat1,
        row.seat2,
        row.winner,
        row.length,
        row.seconds,
        row.digest,
        row.moves,
    )
