"""Games of the game server, in the database: one row per game (game, record format, options,
seed, status), one per seat (who holds it, by a hashed token) and one per step (text, seat,
digest): every accepted action AND every chance outcome that followed it (seat -1, `CHANCE`).

The state itself is never stored: a game is the record `bitva.core.record.GameRecord` (game,
format, options, seed, steps, digests), and the server rebuilds the state by replaying it. A step
is committed before anyone hears of it, so a server killed at any moment loses nothing, and the
replayed state has stepped its RNG exactly as the live one did (the same future).

Schema upgrades are small and additive, run at start-up by `upgrade_schema` (SQLite and
PostgreSQL alike): the `format` column of `server_games` was added when chance became explicit
(after commit 4059a83); rows written before it hold format 1 (records without chance outcomes),
which the server migrates (`bitva.server.migration`). A step's text and a decision's name were
VARCHAR(256) and VARCHAR(32) before, which PostgreSQL enforces: they become TEXT there. The
`undo` column (the table's undo option, issue 21) was added later; older rows hold NULL, which
means the default (docs/server.md, "Undo").

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
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Engine,
    and_,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from bitva.core.errors import BitvaError
from bitva.core.record import GameRecord
from bitva.store.db import session_factory
from bitva.store.game_rows import ACTIONS, ADVANCE, ActionRow, GameRow, SeatRow, upgrade_schema

if TYPE_CHECKING:
    from bitva.store.steps import AsyncStepWriter, StepWriter


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
    """One step: a seat's action, or a chance outcome (seat -1). Its text never leaves the
    server: a chance outcome may be a secret (the card dealt to one seat)."""

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
    format: int = 1
    undo: bool | None = None  # the table's undo option (None: the default)

    def record(self) -> GameRecord:
        """The game record (seed included: for the server only, never for a client)."""
        return GameRecord(
            game=self.game,
            format=self.format,
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
    call from several threads (each opens its own session). Opening a store upgrades an older
    schema first (`upgrade_schema`)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.upgraded = upgrade_schema(engine)
        self._session = session_factory(engine)
        # SQLite takes one writer at a time and makes the others sleep and retry (busy
        # timeout), which costs far more than waiting in line here; other databases write in
        # parallel.
        self._write: AbstractContextManager[Any] = (
            threading.Lock() if engine.dialect.name == "sqlite" else nullcontext()
        )

    # -- writing ---------------------------------------------------------------------------
    def create(self, game: StoredGame) -> None:
        """A new game with its seats and the steps it starts with (a set-up may deal cards)."""
        with self._write, self._session.begin() as session:
            progress = game.progress
            session.add(
                GameRow(
                    id=game.id,
                    game=game.game,
                    format=game.format,
                    options=game.options,
                    seed=game.seed,
                    status=progress.status,
                    to_move=progress.to_move,
                    turn=progress.turn,
                    phase=progress.phase,
                    version=len(game.actions),
                    outcome=progress.outcome,
                    created_at=game.created_at,
                    updated_at=game.updated_at,
                    undo=game.undo,
                )
            )
            session.flush()
            for index, action in enumerate(game.actions):  # the chance of the set-up
                session.add(
                    ActionRow(
                        game_id=game.id,
                        index=index,
                        seat=action.seat,
                        action=action.action,
                        digest=action.digest,
                        created_at=game.created_at,
                    )
                )
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
        self, game_id: str, index: int, actions: list[StoredAction], progress: Progress
    ) -> datetime:
        """Commit steps number `index`, `index + 1`, ... (0-based: an action and the chance that
        followed it) and the game's new progress, in one transaction. Raises StoreConflict if
        the game does not stand at `index` steps."""
        result = self.append_many([(game_id, index, actions, progress)])[0]
        if isinstance(result, StoreConflict):
            raise result
        return result

    def step_writer(self) -> StepWriter | AsyncStepWriter | None:
        """The fast path of `append_many` for the event loop, where the driver is one it knows
        (sqlite3: synchronous; psycopg: asynchronous); None for other drivers."""
        from bitva.store.steps import writer_for

        return writer_for(self.engine, self._write)

    def append_many(
        self, items: list[tuple[str, int, list[StoredAction], Progress]]
    ) -> list[datetime | StoreConflict]:
        """Commit the steps of several games in one transaction: one disk flush for all (group
        commit). Each game gets its time, or a StoreConflict if it does not stand at its index;
        the others are committed all the same. Statements built once with bound parameters, and
        the steps of every game in one insert: this is the hot path of every move."""
        moment = now()
        out: list[datetime | StoreConflict] = []
        rows: list[dict[str, Any]] = []
        try:
            with self._write, self.engine.begin() as connection:
                for game_id, index, actions, progress in items:
                    result = connection.execute(
                        ADVANCE,
                        {
                            "game_id": game_id,
                            "index": index,
                            "new_version": index + len(actions),
                            "new_status": progress.status,
                            "new_to_move": progress.to_move,
                            "new_turn": progress.turn,
                            "new_phase": progress.phase,
                            "new_outcome": progress.outcome,
                            "moment": moment,
                        },
                    )
                    if result.rowcount != 1:
                        out.append(StoreConflict(f"game {game_id} does not stand at step {index}"))
                        continue
                    rows += [
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
                    out.append(moment)
                if rows:
                    connection.execute(insert(ACTIONS), rows)
        except IntegrityError as exc:
            raise StoreConflict(f"a step of these games was stored already: {exc.orig}") from exc
        return out

    def rewrite_steps(
        self,
        game_id: str,
        old_format: int,
        old_version: int,
        new_format: int,
        actions: list[StoredAction],
        progress: Progress,
    ) -> bool:
        """Replace every step of a game written in an older record format by its migrated steps
        (one transaction). False if the game changed meanwhile (another server migrated it)."""
        with self._write, self.engine.begin() as connection:
            result = connection.execute(
                update(GameRow)
                .where(
                    and_(
                        GameRow.id == game_id,
                        GameRow.format == old_format,
                        GameRow.version == old_version,
                    )
                )
                .values(
                    format=new_format,
                    version=len(actions),
                    status=progress.status,
                    to_move=progress.to_move,
                    turn=progress.turn,
                    phase=progress.phase,
                    outcome=progress.outcome,
                )
            )
            if result.rowcount != 1:
                return False
            connection.execute(delete(ActionRow).where(ActionRow.game_id == game_id))
            if actions:
                moment = now()
                connection.execute(
                    insert(ActionRow),
                    [
                        {
                            "game_id": game_id,
                            "index": index,
                            "seat": action.seat,
                            "action": action.action,
                            "digest": action.digest,
                            "created_at": moment,
                        }
                        for index, action in enumerate(actions)
                    ],
                )
            return True

    def truncate_steps(
        self, game_id: str, old_version: int, new_version: int, progress: Progress
    ) -> bool:
        """Drop the steps from `new_version` on (an undo, issue 21) in one transaction: the game
        row goes back to `new_version` only if it stands at `old_version`. False if the game
        changed meanwhile."""
        if not 0 <= new_version <= old_version:
            raise BitvaError(f"cannot truncate {old_version} steps to {new_version}")
        with self._write, self.engine.begin() as connection:
            result = connection.execute(
                update(GameRow)
                .where(and_(GameRow.id == game_id, GameRow.version == old_version))
                .values(
                    version=new_version,
                    status=progress.status,
                    to_move=progress.to_move,
                    turn=progress.turn,
                    phase=progress.phase,
                    outcome=progress.outcome,
                    updated_at=now(),
                )
            )
            if result.rowcount != 1:
                return False
            connection.execute(
                delete(ActionRow).where(
                    and_(ActionRow.game_id == game_id, ActionRow.index >= new_version)
                )
            )
            return True

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

    def delete_abandoned(self, waiting_before: datetime, unfinished_before: datetime) -> list[str]:
        """Delete the games nobody will come back to, with their seats and steps: those still
        waiting for a friend since before `waiting_before`, and every unfinished game whose last
        change is older than `unfinished_before` (finished games are kept). Returns their ids."""
        abandoned = or_(
            and_(GameRow.status == "waiting", GameRow.updated_at < waiting_before),
            and_(GameRow.status != "over", GameRow.updated_at < unfinished_before),
        )
        with self._write, self._session.begin() as session:
            ids = list(session.scalars(select(GameRow.id).where(abandoned)).all())
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                session.execute(delete(ActionRow).where(ActionRow.game_id.in_(chunk)))
                session.execute(delete(SeatRow).where(SeatRow.game_id.in_(chunk)))
                session.execute(delete(GameRow).where(GameRow.id.in_(chunk)))
            return ids

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
                    f"game {game_id}: the database holds {len(game.actions)} steps but the game "
                    f"row says {game.version}"
                )
            return game

    def list_games(
        self, limit: int = 50, status: str | None = None, offset: int = 0
    ) -> list[StoredGame]:
        """The most recently active games, seats included, actions left out; `offset` skips
        that many (pages: the order is total, ties broken by id)."""
        with self._session() as session:
            query = (
                select(GameRow)
                .order_by(GameRow.updated_at.desc(), GameRow.id)
                .offset(offset)
                .limit(limit)
            )
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

    def games_behind(self, formats: dict[str, int]) -> list[str]:
        """Games whose steps were written in an older record format than their game's current
        one (`formats`: game name -> record format), oldest first."""
        with self._session() as session:
            rows = session.execute(
                select(GameRow.id, GameRow.game, GameRow.format).order_by(GameRow.created_at)
            ).all()
        return [row.id for row in rows if row.format < formats.get(row.game, row.format)]

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
        format=row.format,
        options=dict(row.options),
        seed=row.seed,
        progress=Progress(row.status, row.to_move, row.turn, row.phase, row.outcome),
        version=row.version,
        created_at=_utc(row.created_at),
        updated_at=_utc(row.updated_at),
        undo=row.undo,
    )
