"""The server's tables (`server_games`, `server_seats`, `server_actions`) as SQLAlchemy rows,
the one statement a move advances a game's row with (`ADVANCE`), and the additive schema
upgrades run at start-up (`upgrade_schema`, SQLite and PostgreSQL alike). `store/games.py`
reads and writes them (`GameStore`); its docstring tells what each row holds and why."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    and_,
    bindparam,
    inspect,
    text,
    update,
)
from sqlalchemy.orm import Mapped, mapped_column

from bitva.store.db import Base

if TYPE_CHECKING:
    pass


class GameRow(Base):
    __tablename__ = "server_games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    # the game's record format the steps were written in (`Game.record_format`)
    format: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)  # waiting | playing | over
    to_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn: Mapped[int] = mapped_column(Integer, default=0)
    # texts as long as a game makes them (PostgreSQL enforces a VARCHAR's length, SQLite does not)
    phase: Mapped[str] = mapped_column(Text, default="")
    version: Mapped[int] = mapped_column(Integer, default=0)  # the number of stored steps
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    # the table's undo option (null: the default by who plays, `bitva.server.undo`)
    undo: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


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
    seat: Mapped[int] = mapped_column(Integer)  # -1 (CHANCE) for a chance outcome
    action: Mapped[str] = mapped_column(Text)
    digest: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


GAMES = cast(Table, GameRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)

# A move: the game's row advances from `index` steps to `new_version` (nothing if it stands
# elsewhere: another writer got there first). Built once: only the parameters change.
ADVANCE = (
    update(GAMES)
    .where(and_(GAMES.c.id == bindparam("game_id"), GAMES.c.version == bindparam("index")))
    .values(
        version=bindparam("new_version"),
        status=bindparam("new_status"),
        to_move=bindparam("new_to_move"),
        turn=bindparam("new_turn"),
        phase=bindparam("new_phase"),
        outcome=bindparam("new_outcome", type_=JSON),
        updated_at=bindparam("moment", type_=DateTime(timezone=True)),
    )
)


# (table, column): texts that were VARCHARs of a bounded length before bitva 0.2
UNBOUNDED_TEXTS = (("server_actions", "action"), ("server_games", "phase"))


def upgrade_schema(engine: Engine) -> list[str]:
    """Bring the tables of an older bitva up to date (additive changes only); returns what it
    did. Explicit chance added `server_games.format` (old rows: format 1); on PostgreSQL the
    bounded texts become TEXT (SQLite never enforced their length)."""
    done: list[str] = []
    inspector = inspect(engine)
    columns = {column["name"] for column in inspector.get_columns(GameRow.__tablename__)}
    if engine.dialect.name == "postgresql":
        for table, name in UNBOUNDED_TEXTS:
            kind = next(c["type"] for c in inspector.get_columns(table) if c["name"] == name)
            if isinstance(kind, String) and kind.length is not None:
                with engine.begin() as connection:
                    connection.execute(text(f"ALTER TABLE {table} ALTER COLUMN {name} TYPE TEXT"))
                done.append(f"{table}.{name} is TEXT (was VARCHAR({kind.length}))")
    if "format" not in columns:
        with engine.begin() as connection:
            connection.execute(
                text(
                    f"ALTER TABLE {GameRow.__tablename__} "
                    "ADD COLUMN format INTEGER NOT NULL DEFAULT 1"
                )
            )
        done.append(f"{GameRow.__tablename__}.format added (existing games: format 1)")
    if "undo" not in columns:
        with engine.begin() as connection:
            connection.execute(text(f"ALTER TABLE {GameRow.__tablename__} ADD COLUMN undo BOOLEAN"))
        done.append(f"{GameRow.__tablename__}.undo added (existing games: the default)")
    return done
