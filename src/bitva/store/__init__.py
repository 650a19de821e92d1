"""Persistence with SQLAlchemy 2: a SQLite file in the user's data directory by default, any
database URL (PostgreSQL included) by `--db` or the BITVA_DB environment variable."""

from bitva.store.db import Base, default_url, make_engine, session_factory

__all__ = ["Base", "default_url", "make_engine", "session_factory"]
