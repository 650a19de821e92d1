"""Games of the game server, in the database: one row per game (game, options, seed, status), one
per seat (who holds it, by a hashed token) and one per accepted action (text, seat, digest).

The state itself is never stored: a game is the record `bitva.core.record.GameRecord` (game,
options, seed, actions, digests), and the server rebuilds the state by replaying it. An action row
is committed before anyone hears of the action, so a server killed at any moment loses nothing.

>>> from bitva.store import make_engine
>>> store = GameStore(make_engine("sqlite://"))
>>> store.load("nope") is None
True
"""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    and_,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from bitva.core.errors import BitvaError
from bitva.core.record import GameRecord
from bitva.store.db import Base, session_factory


class GameRow(Base):
    __tablename__ = "server_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting | playing | over
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn: Mapped[int] = mapped_column(Integer, default=0)
    phase: Mapped[str] = mapped_column(String(32), default="")
    version: Mapped[int] = mapped_column(Integer, default=0)  # the number of accepted actions
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class SeatRow(Base):
    __tablename__ = "server_seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("server_games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # human | ai
    agent: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    __tablename__ = "server_actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("server_games.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0-based, gap-free
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(256))
    digest: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- plain objects the server works with -----------------------------------------------------


@dataclass
class StoredSeat:
    seat: int
    kind: str  # "human" or "ai"
    agent: str | None = None
    name: str = ""
    token_hash: str | None = None
    invite_hash: str | None = None

    @property
    def held(self) -> bool:
        """Whether somebody (a person with a token, or the AI) plays this seat."""
        return self.kind == "ai" or self.token_hash is not None


@dataclass
class StoredAction:
    seat: int
    action: str
    digest: str


@dataclass
class Progress:
    """What the games table keeps about where a game stands (for listings and restarts)."""

    status: str
    to_move: int | None
    turn: int
    phase: str
    outcome: dict[str, Any] | None


@dataclass
class StoredGame:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    progress: Progress
    version: int
    created_at: datetime
    updated_at: datetime
    seats: list[StoredSeat] = field(default_factory=list)
    actions: list[StoredAction] = field(default_factory=list)

    def record(self) -> GameRecord:
        """The game record (seed included: for the server only, never for a client)."""
        return GameRecord(
            game=self.game,
            options=self.options,
            seed=self.seed,
            actions=[a.action for a in self.actions],
            digests=[a.digest for a in self.actions],
            outcome=self.progress.outcome,
            players={str(s.seat): s.agent or "human" for s in self.seats},
        )


class StoreConflict(BitvaError):
    """The database already holds a different next action (another writer got there first)."""


def _utc(moment: datetime) -> datetime:
    """SQLite gives naive datetimes back: they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def now() -> datetime:
    return datetime.now(UTC)


class GameStore:
    """Reads and writes server games. Every method is one short transaction; methods are safe to
    call from several threads (each opens its own session)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = session_factory(engine)
        # SQLite takes one writer at a time and makes the others sleep and retry (busy
        # timeout), which costs far more than waiting in line here; other databases write in
        # parallel.
        self._write: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        )

    # -- writing ---------------------------------------------------------------------------
    def create(self, game: StoredGame) -> None:
        with self._write, self._session.begin() as session:
            progress = game.progress
            session.add(
                GameRow(
                    id=game.id,
                    game=game.game,
                    options=game.options,
                    seed=game.seed,
                    status=progress.status,
                    to_move=progress.to_move,
                    turn=progress.turn,
                    phase=progress.phase,
                    version=0,
                    outcome=progress.outcome,
                    created_at=game.created_at,
                    updated_at=game.updated_at,
                )
            )
            session.flush()
            for seat in game.seats:
                session.add(
                    SeatRow(
                        game_id=game.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        agent=seat.agent,
                        name=seat.name,
                        token_hash=seat.token_hash,
                        invite_hash=seat.invite_hash,
                    )
                )

    def append(
        self, game_id: str, index: int, action: StoredAction, progress: Progress
    ) -> datetime:
        """Commit action number `index` (0-based) and the game's new progress, in one transaction.
        Raises StoreConflict if the game does not stand at `index` actions."""
        result = self.append_many([(game_id, index, action, progress)])[0]
        if isinstance(result, StoreConflict):
            raise result
        return result

    def append_many(
        self, items: list[tuple[str, int, StoredAction, Progress]]
    ) -> list[datetime | StoreConflict]:
        """Commit several actions (of different games) in one transaction: one disk flush for
        all (group commit). Each gets its time, or a StoreConflict if its game does not stand at
        its index; the others are committed all the same. Core statements, not the ORM: this is
        the hot path of every move."""
        moment = now()
        out: list[datetime | StoreConflict] = []
        try:
            with self._write, self.engine.begin() as connection:
                for game_id, index, action, progress in items:
                    result = connection.execute(
                        update(GameRow)
                        .where(and_(GameRow.id == game_id, GameRow.version == index))
                        .values(
                            version=index + 1,
                            status=progress.status,
                            to_move=progress.to_move,
                            turn=progress.turn,
                            phase=progress.phase,
                            outcome=progress.outcome,
                            updated_at=moment,
                        )
                    )
                    if result.rowcount != 1:
                        out.append(
                            StoreConflict(f"game {game_id} does not stand at action {index}")
                        )
                        continue
                    connection.execute(
                        insert(ActionRow).values(
                            game_id=game_id,
                            index=index,
                            seat=action.seat,
                            action=action.action,
                            digest=action.digest,
                            created_at=moment,
                        )
                    )
                    out.append(moment)
        except IntegrityError as exc:
            raise StoreConflict(f"an action of these games was stored already: {exc.orig}") from exc
        return out

    def claim_seat(
        self, game_id: str, seat: int, invite_hash: str, token_hash: str, name: str, status: str
    ) -> bool:
        """Give `seat` to the holder of a new token if the invitation is still open (one use)."""
        with self._write, self._session.begin() as session:
            result = session.execute(
                update(SeatRow)
                .where(
                    and_(
                        SeatRow.game_id == game_id,
                        SeatRow.seat == seat,
                        SeatRow.invite_hash == invite_hash,
                        SeatRow.token_hash.is_(None),
                    )
                )
                .values(token_hash=token_hash, invite_hash=None, name=name)
            )
            if result.rowcount != 1:
                return False
            session.execute(
                update(GameRow).where(GameRow.id == game_id).values(status=status, updated_at=now())
            )
            return True

    def set_invite(self, game_id: str, seat: int, invite_hash: str) -> bool:
        """A new invitation for a seat nobody holds yet (the old one stops working)."""
        with self._write, self._session.begin() as session:
            result = session.execute(
                update(SeatRow)
                .where(
                    and_(
                        SeatRow.game_id == game_id,
                        SeatRow.seat == seat,
                        SeatRow.token_hash.is_(None),
                        SeatRow.kind == "human",
                    )
                )
                .values(invite_hash=invite_hash)
            )
            return bool(result.rowcount == 1)

    # -- reading ---------------------------------------------------------------------------
    def load(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            game = _stored(row)
            game.seats = self._seats(session, [game_id])[game_id]
            actions = session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.index)
            ).all()
            game.actions = [StoredAction(a.seat, a.action, a.digest) for a in actions]
            if len(game.actions) != game.version:
                raise BitvaError(
                    f"game {game_id}: the database holds {len(game.actions)} actions but the game "
                    f"row says {game.version}"
                )
            return game

    def list_games(self, limit: int = 50, status: str | None = None) -> list[StoredGame]:
        """The most recently active games, seats included, actions left out."""
        with self._session() as session:
            query = select(GameRow).order_by(GameRow.updated_at.desc(), GameRow.id).limit(limit)
            if status is not None:
                query = query.where(GameRow.status == status)
            games = [_stored(row) for row in session.scalars(query).all()]
            seats = self._seats(session, [g.id for g in games])
            for game in games:
                game.seats = seats[game.id]
            return games

    def games_with_ai_to_move(self) -> list[str]:
        """Games in play whose seat to move is played by the AI (to resume after a restart)."""
        with self._session() as session:
            query = (
                select(GameRow.id)
                .join(
                    SeatRow,
                    and_(SeatRow.game_id == GameRow.id, SeatRow.seat == GameRow.to_move),
                )
                .where(and_(GameRow.status == "playing", SeatRow.kind == "ai"))
                .order_by(GameRow.updated_at)
            )
            return list(session.scalars(query).all())

    @staticmethod
    def _seats(session: Any, ids: list[str]) -> dict[str, list[StoredSeat]]:
        out: dict[str, list[StoredSeat]] = {game_id: [] for game_id in ids}
        if not ids:
            return out
        rows = session.scalars(
            select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)
        ).all()
        for row in rows:
            out[row.game_id].append(
                StoredSeat(
                    seat=row.seat,
                    kind=row.kind,
                    agent=row.agent,
                    name=row.name,
                    token_hash=row.token_hash,
                    invite_hash=row.invite_hash,
                )
            )
        return out


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        id=row.id,
        game=row.game,
        options=dict(row.options),
        seed=row.seed,
        progress=Progress(row.status, row.to_move, row.turn, row.phase, row.outcome),
        version=row.version,
        created_at=_utc(row.created_at),
        updated_at=_utc(row.updated_at),
    )
