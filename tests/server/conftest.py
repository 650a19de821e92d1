"""Fixtures of the server tests. `database_url` runs a test on SQLite and on PostgreSQL: a server
of our own (`process.PostgresServer`, started once per test process on a free 127.0.0.1 port,
stopped at the end), a fresh database per test. Where PostgreSQL or psycopg is missing, the
PostgreSQL half is skipped and says why."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import TestClient, make_client
from tests.server.process import PostgresServer, postgres_missing

# runs with the code of bitva 0.1 only (it made the fixture of test_migration.py)
collect_ignore = ["fixtures/make_bitva_0_1.py"]


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "bitva.sqlite3"


@pytest.fixture
def client(db_file: Path) -> Iterator[TestClient]:
    with make_client(db_file) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole test process (skipped, with the reason, if none can
    be started here)."""
    missing = postgres_missing()
    if missing is not None:
        pytest.skip(f"PostgreSQL tests skipped: {missing}")
    with PostgresServer() as server:
        yield server


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped after the test."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: a SQLite file, then a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'bitva.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url
