"""Games stored by the previous version resume after the upgrade.

tests/server/fixtures/bitva-0.1.sql is a database that the server of bitva 0.1 (commit 4059a83,
before chance was explicit) wrote while it played (fixtures/make_bitva_0_1.py made it with that
code): its `server_games` has no `format` column and its action rows hold the players' actions
only (format 1). Started on it, the server adds the column (every old game: format 1), migrates
each game with `core.record.upgrade` (Lords of War's `migrate_record` rebuilds the deals of the
old seeded shuffle) and rewrites its rows with the chance outcomes; every seat then sees exactly
what it saw before, and the games go on. On SQLite and on PostgreSQL (there the database gets the
tables that bitva 0.1 created, which are today's less `server_games.format` and `.undo`, and
the fixture's rows).
"""

from __future__ import annotations

import json
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, Table, create_engine, inspect, select

from bitva.core.chance import CHANCE
from bitva.core.registry import get_game
from bitva.store.db import Base, make_engine
from bitva.store.games import GameStore
from tests.server.helpers import LW, TestClient, auth, make_client, read

FIXTURES = Path(__file__).resolve().parent / "fixtures"
OLD = json.loads((FIXTURES / "bitva-0.1.json").read_text(encoding="utf-8"))
SERVER_TABLES = ("server_games", "server_seats", "server_actions")  # in the order of their keys
NEWER_COLUMNS = ("format", "undo")  # server_games' columns added after bitva 0.1
# The fixture's games were written on 2026-11-25 and stay unplayed: the server must not expire
# them as abandoned (docs/server.md, "Security and limits") while the test looks at the migration.
NO_EXPIRY = {
    "expire_waiting_after": 100 * 365 * 86400.0,
    "expire_unfinished_after": 100 * 365 * 86400.0,
}


@pytest.fixture
def old_sqlite(tmp_path: Path) -> Path:
    """The fixture as the SQLite file bitva 0.1 wrote."""
    db = tmp_path / "bitva-0.1.sqlite3"
    with sqlite3.connect(db) as connection:
        connection.executescript((FIXTURES / "bitva-0.1.sql").read_text(encoding="utf-8"))
    columns = [row[1] for row in sqlite3.connect(db).execute("PRAGMA table_info(server_games)")]
    assert "format" not in columns  # the old schema
    return db


@pytest.fixture
def old_db(old_sqlite: Path, database_url: str) -> str:
    """The database of bitva 0.1: the SQLite file, or a PostgreSQL database with the same tables
    and rows."""
    if database_url.startswith("sqlite"):
        return f"sqlite:///{old_sqlite}"
    engine = create_engine(database_url)
    server_tables = [Base.metadata.tables[name] for name in SERVER_TABLES]
    Base.metadata.create_all(engine, tables=server_tables)
    source = create_engine(f"sqlite:///{old_sqlite}")
    with engine.begin() as connection, source.connect() as old:
        for column in NEWER_COLUMNS:
            connection.exec_driver_sql(f"ALTER TABLE server_games DROP COLUMN {column}")
        for table in server_tables:
            columns = [c for c in table.columns if c.name not in NEWER_COLUMNS]
            rows = [dict(row._mapping) for row in old.execute(select(*columns))]
            as_old = Table(table.name, MetaData(), autoload_with=connection)  # no defaults
            connection.execute(as_old.insert(), rows)
    columns = {c["name"] for c in inspect(engine).get_columns("server_games")}
    assert not columns & set(NEWER_COLUMNS)  # the old schema
    engine.dispose()
    source.dispose()
    return database_url


def old_actions(db: Path, game_id: str) -> list[tuple[int, str]]:
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            'SELECT seat, action FROM server_actions WHERE game_id = ? ORDER BY "index"',
            (game_id,),
        )
        return [(int(seat), str(action)) for seat, action in rows]


def same_view(old: dict[str, Any], new: dict[str, Any]) -> None:
    """Every fact the old view gave is the same now (the outcome is given as codes now)."""
    for key, value in old.items():
        if key == "outcome":
            assert (value is None) == (new[key] is None)
            if value is not None:
                assert new[key]["winner"] == value["winner"]
                assert new[key]["scores"] == value["scores"]
        else:
            assert new[key] == value, key


def test_an_old_database_is_upgraded_and_every_game_resumes(old_sqlite: Path, old_db: str) -> None:
    before = {name: old_actions(old_sqlite, game["id"]) for name, game in OLD.items()}
    with make_client(old_db, ai_delay=0.0, **NO_EXPIRY) as client:
        store = GameStore(make_engine(old_db))
        for name, game in OLD.items():
            stored = store.load(game["id"])
            assert stored is not None
            assert stored.format == get_game(LW).record_format, name
            players = [(a.seat, a.action) for a in stored.actions if a.seat != CHANCE]
            assert players[: len(before[name])] == before[name], name  # the AI may have moved
            deals = [a.action for a in stored.actions if a.seat == CHANCE]
            assert deals and all(d.startswith("deal ") for d in deals), name
            for seat, seen in game.get("views", {}).items():
                now = read(client, game["id"], game["tokens"][seat])
                same_view(seen["view"], now["view"])
                assert now["game"]["status"] == seen["game"]["status"]
        # the lobby lists the finished game with its outcome as codes and per-seat results
        finished = read(client, OLD["finished"]["id"])["game"]
        winner = finished["outcome"]["winner"]
        assert finished["outcome"]["rule"] == "LW-8.1" and finished["outcome"]["reason"] in (
            "units",
            "commands",
        )
        listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
        results = {s["seat"]: s["result"] for s in listed[finished["id"]]["seats"]}
        assert results == {winner: "win", 3 - winner: "loss"}
        # the AI that was to move when the old server stopped moves now
        ai_game = OLD["ai-to-move"]
        deadline = time.monotonic() + 30
        while read(client, ai_game["id"])["game"]["to_move"] != 2:
            assert time.monotonic() < deadline, "the AI did not resume"
            time.sleep(0.05)
        # the friend of the waiting game joins with the old link, and they play
        waiting = OLD["waiting"]
        joined = client.post(
            f"/api/games/{waiting['id']}/join", json={"code": waiting["join_code"]}
        )
        assert joined.status_code == 200
        tokens = {1: waiting["tokens"]["1"], 2: joined.json()["token"]}
        assert play_on(client, waiting["id"], tokens, 6) == 6
        # the game in the middle is played to its end, the game against the AI goes on
        middle = OLD["middle"]
        play_on(client, middle["id"], {int(s): t for s, t in middle["tokens"].items()}, 500)
        assert read(client, middle["id"])["game"]["status"] == "over"
        borderless = OLD["borderless-ai"]
        assert play_on(client, borderless["id"], {1: borderless["tokens"]["1"]}, 5) == 5
        while read(client, borderless["id"])["game"]["to_move"] == 2:  # the AI answers
            assert time.monotonic() < deadline + 60, "the AI did not answer"
            time.sleep(0.05)
        states = {
            game["id"]: client.app.state.service._games[game["id"]].state.to_json()  # type: ignore[attr-defined]
            for game in OLD.values()
        }
    with make_client(
        old_db, ai_delay=3600.0, **NO_EXPIRY
    ) as again:  # a second start: nothing to migrate
        service = again.app.state.service  # type: ignore[attr-defined]
        formats = {g.name: g.record_format for g in [get_game(LW)]}
        assert service.store.games_behind(formats) == []
        for game_id, state in states.items():
            read(again, game_id)
            assert service._games[game_id].state.to_json() == state


def play_on(client: TestClient, game_id: str, tokens: dict[int, str], moves: int) -> int:
    """Random legal moves of the seats in `tokens` (an AI seat moves by itself)."""
    rng = random.Random(9)
    played = 0
    deadline = time.monotonic() + 60
    while played < moves and time.monotonic() < deadline:
        state = read(client, game_id)
        seat = state["game"]["to_move"]
        if seat is None:
            break
        if seat not in tokens:
            time.sleep(0.02)
            continue
        legal = read(client, game_id, tokens[seat])["legal_actions"]
        response = client.post(
            f"/api/games/{game_id}/actions",
            headers=auth(tokens[seat]),
            json={"action": rng.choice(legal), "version": state["game"]["version"]},
        )
        assert response.status_code in (200, 409), response.text  # 409: the AI moved first
        played += response.status_code == 200
    return played
