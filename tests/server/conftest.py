from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import TestClient, make_client

# runs with the code of bitva 0.1 only (it made the fixture of test_migration.py)
collect_ignore = ["fixtures/make_bitva_0_1.py"]


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "bitva.sqlite3"


@pytest.fixture
def client(db_file: Path) -> Iterator[TestClient]:
    with make_client(db_file) as test_client:
        yield test_client
