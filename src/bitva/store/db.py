"""The database connection shared by every store (tournaments, server games).

>>> engine = make_engine("sqlite://")  # in memory
"""

from __future__ import annotations

import os
from pathlib import Path

from platformdirs import user_data_dir
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlalchemy.orm import DeclarativeBase, sessionmaker

from bitva.core.errors import BitvaError
from bitva.store.urls import hide_secrets, shown_url, unsafe_password

__all__ = ["Base", "data_dir", "default_url", "make_engine", "session_factory", "shown_url"]


class Base(DeclarativeBase):
    """The declarative base of every bitva table."""


def data_dir() -> Path:
    """Where bitva keeps its files (BITVA_DATA_DIR, else the platform's user data directory)."""
    path = Path(os.environ.get("BITVA_DATA_DIR") or user_data_dir("bitva", appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def default_url() -> str:
    """BITVA_DB if set, else a SQLite file in the data directory."""
    return os.environ.get("BITVA_DB") or f"sqlite:///{data_dir() / 'bitva.sqlite3'}"


def _hide_password(text: str, url: str) -> str:
    """`text` (an error about `url`) with the URL's secrets masked (`store.urls`): the URL
    parsed, not its look (issue 21, point 16)."""
    return hide_secrets(text, url)


def make_engine(url: str | None = None) -> Engine:
    """An engine for `url` (default: `default_url()`), with every table created. SQLite gets WAL
    and a busy timeout so that several processes (workers, a restarted server) can share it."""
    url = url or default_url()
    if unsafe_password(url):
        raise BitvaError(
            f"cannot use the database {shown_url(url)}: its password holds a raw '@', '/', '?' "
            "or '#': write them percent-encoded ('@' as %40, '/' as %2F, '?' as %3F, '#' as %23)"
        )
    try:
        engine = create_engine(url, future=True)
    except (ArgumentError, ModuleNotFoundError, ValueError) as exc:
        # ValueError: a malformed URL, such as a port that is not a number
        problem = _hide_password(f"cannot use the database {url!r}: {exc}", url)
        raise BitvaError(problem) from None
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection, _record):  # type: ignore[no-untyped-def]
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

    # import the table modules so that their tables exist before create_all
    import bitva.store.tables  # noqa: F401

    try:
        Base.metadata.create_all(engine)
    except OperationalError as exc:
        problem = _hide_password(f"cannot open the database {url!r}: {exc.orig}", url)
        raise BitvaError(problem) from None
    return engine


def session_factory(engine: Engine) -> sessionmaker:  # type: ignore[type-arg]
    return sessionmaker(engine, expire_on_commit=False)
