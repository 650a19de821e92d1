"""Shared fixtures of the arena tests: a private database directory for every test."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands that use the default database get a fresh one, never the user's."""
    monkeypatch.setenv("BITVA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("BITVA_DB", raising=False)


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands' shared Rich consoles are built once per process, with the width of whatever
    terminal (or COLUMNS) the first import saw: give them room, whatever test ran first, so that
    tables are not cut."""
    from bitva.cli import common

    monkeypatch.setattr(common.console, "_width", 160)
    monkeypatch.setattr(common.err_console, "_width", 160)
