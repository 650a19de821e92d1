"""Server games in the database: rows, the steps of a move at a time, one-use invitations, the
schema upgrade, and rebuilding a game by replaying its record (the same state, RNG included).
Every test runs on SQLite and on PostgreSQL (`database_url`)."""

from __future__ import annotations

import asyncio
import gc
import inspect
import random
from pathlib import Path

import pytest
from sqlalchemy import insert, update

from bitva.core.errors import RecordError
from bitva.core.registry import get_game
from bitva.server.runtime import rebuild
from bitva.store.db import make_engine
from bitva.store.game_rows import ActionRow
from bitva.store.games import (
    GameStore,
    Progress,
    StoreConflict,
    StoredAction,
    StoredGame,
    StoredSeat,
    now,
)
from tests.server.helpers import auth, friend_game, make_client, play_one, read


def new_game(store: GameStore, game_id: str = "g1", ai_seat: int | None = None) -> StoredGame:
    moment = now()
    seats = [
        StoredSeat(1, "ai", agent="random")
        if ai_seat == 1
        else StoredSeat(1, "human", token_hash="a"),
        StoredSeat(2, "ai", agent="random")
        if ai_seat == 2
        else StoredSeat(2, "human", invite_hash="i"),
    ]
    status = "playing" if ai_seat else "waiting"
    game = StoredGame(
        id=game_id,
        game="lords-of-war",
        options={"armies": ["orcs", "dwarves"]},
        seed=42,
        progress=Progress(status, 1, -1, "challenge", None),
        version=0,
        created_at=moment,
        updated_at=moment,
        seats=seats,
    )
    store.create(game)
    return game


def test_a_game_is_stored_and_loaded(database_url: str) -> None:
    store = GameStore(make_engine(database_url))
    new_game(store)
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.seed == 42 and loaded.version == 0 and loaded.actions == []
    assert [s.seat for s in loaded.seats] == [1, 2]
    assert loaded.seats[0].held and not loaded.seats[1].held
    assert loaded.created_at.tzinfo is not None
    assert store.load("missing") is None


def test_steps_are_appended_a_move_at_a_time(database_url: str) -> None:
    store = GameStore(make_engine(database_url))
    new_game(store)
    progress = Progress("playing", 2, 0, "challenge", None)
    move = [StoredAction(1, "Orc Warhog#1@d3", "abc"), StoredAction(-1, "deal Orc Grunt", "abd")]
    store.append("g1", 0, move, progress)
    with pytest.raises(StoreConflict):  # the same index twice
        store.append("g1", 0, [StoredAction(1, "draw", "def")], progress)
    with pytest.raises(StoreConflict):  # a gap
        store.append("g1", 5, [StoredAction(1, "draw", "def")], progress)
    loaded = store.load("g1")
    assert loaded is not None and loaded.version == 2
    assert loaded.actions == move
    assert loaded.progress == progress
    assert loaded.format == 1 and loaded.record().format == 1


def test_an_invitation_is_used_once(database_url: str) -> None:
    store = GameStore(make_engine(database_url))
    new_game(store)
    assert not store.claim_seat("g1", 2, "wrong", "t2", "Bob", "playing")
    assert store.claim_seat("g1", 2, "i", "t2", "Bob", "playing")
    assert not store.claim_seat("g1", 2, "i", "t3", "Eve", "playing")
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.seats[1].token_hash == "t2" and loaded.seats[1].name == "Bob"
    assert loaded.progress.status == "playing"
    assert not store.set_invite("g1", 2, "new")  # the seat is taken


def test_games_waiting_on_the_ai_are_found(database_url: str) -> None:
    store = GameStore(make_engine(database_url))
    new_game(store, "human-first", ai_seat=2)  # seat 1 (a person) is to move
    new_game(store, "ai-first", ai_seat=1)
    assert store.games_with_ai_to_move() == ["ai-first"]
    assert [g.id for g in store.list_games(status="playing")] == ["ai-first", "human-first"]


def test_a_game_is_rebuilt_exactly_by_replaying_its_record(database_url: str) -> None:
    with make_client(database_url) as client:
        game = friend_game(client, advanced=True)
        rng = random.Random(2)
        for _ in range(30):
            if play_one(client, game, rng) is None:
                break
        live = client.app.state.service._games[game.id]  # type: ignore[attr-defined]
        whole, events = live.state.to_json(), [s.events for s in live.steps]
        version = live.version
    store = GameStore(make_engine(database_url))
    stored = store.load(game.id)
    assert stored is not None and stored.version == version > 20
    runtime = rebuild(stored)
    assert runtime.state.to_json() == whole  # the RNG too: the same future
    assert [s.events for s in runtime.steps] == events
    fresh = get_game("lords-of-war").new(stored.options, stored.seed)
    assert fresh.digest() != runtime.state.digest()


def test_a_tampered_record_is_refused_clearly(database_url: str) -> None:
    with make_client(database_url) as client:
        game = friend_game(client)
        legal = read(client, game.id, game.tokens[1])["legal_actions"]
        client.post(
            f"/api/games/{game.id}/actions",
            headers=auth(game.tokens[1]),
            json={"action": legal[0]},
        )
    engine = make_engine(database_url)
    with engine.begin() as connection:
        connection.execute(update(ActionRow).values(digest="0000000000000000"))
    stored = GameStore(engine).load(game.id)
    assert stored is not None
    with pytest.raises(RecordError, match="does not give the stored state"):
        rebuild(stored)
    with make_client(database_url) as client:
        response = client.get(f"/api/games/{game.id}")
        assert response.status_code == 500
        assert response.json()["error"].startswith(f"game {game.id} cannot be restored")
        assert "deal " not in response.text  # a step's text is never shown


def test_an_older_schema_gets_the_format_column(database_url: str) -> None:
    engine = make_engine(database_url)
    new_game(GameStore(engine))
    postgres = engine.dialect.name == "postgresql"
    with engine.begin() as connection:  # the schema of bitva 0.1 had no format column
        connection.exec_driver_sql("ALTER TABLE server_games DROP COLUMN format")
        if postgres:  # and bounded texts, which only PostgreSQL enforces
            connection.exec_driver_sql(
                "ALTER TABLE server_actions ALTER COLUMN action TYPE VARCHAR(256)"
            )
            connection.exec_driver_sql(
                "ALTER TABLE server_games ALTER COLUMN phase TYPE VARCHAR(32)"
            )
    store = GameStore(engine)
    texts = ["server_actions.action is TEXT (was VARCHAR(256))"]
    texts += ["server_games.phase is TEXT (was VARCHAR(32))"]
    format_added = ["server_games.format added (existing games: format 1)"]
    assert store.upgraded == (texts if postgres else []) + format_added
    loaded = store.load("g1")
    assert loaded is not None and loaded.format == 1
    assert GameStore(engine).upgraded == []  # once
    store.append(
        "g1", 0, [StoredAction(1, "x" * 300, "d")], Progress("playing", 2, 0, "y" * 40, None)
    )


def test_long_texts_are_kept_whole(database_url: str) -> None:
    """SQLite ignores the length of a VARCHAR and PostgreSQL enforces it: a game's step text or
    decision name is as long as the game makes it, on either database."""
    store = GameStore(make_engine(database_url))
    new_game(store)
    decision = "choose-the-order-of-the-reinforcements-to-come"
    progress = Progress("playing", 2, 0, decision, None)
    move = [StoredAction(1, "jump " + "0.125," * 60, "abc"), StoredAction(-1, "x" * 1000, "d")]
    store.append("g1", 0, move, progress)
    loaded = store.load("g1")
    assert loaded is not None
    assert loaded.actions == move and loaded.progress.phase == decision


def test_the_driver_path_writes_what_sqlalchemy_writes(database_url: str) -> None:
    """The server commits moves through the driver itself on its event loop (`StepWriter` on
    SQLite, `AsyncStepWriter` on PostgreSQL): the rows read back exactly as those of
    `append_many`, conflicts included."""
    store = GameStore(make_engine(database_url))
    writer = store.step_writer()
    assert writer is not None
    loop = asyncio.new_event_loop()

    def commit(items: list[tuple[str, int, list[StoredAction], Progress]]) -> list[object]:
        done = writer.append_many(items)
        return list(loop.run_until_complete(done) if inspect.isawaitable(done) else done)

    new_game(store, "by-orm")
    new_game(store, "by-driver")
    outcome = {"winner": 1, "result": "win", "rule": "LW-8.1", "scores": {"1": 20, "2": 3}}
    moves = [
        (
            [StoredAction(1, "Orc Warhog#1@d3", "a1"), StoredAction(-1, "deal Orc Grunt", "a2")],
            None,
        ),
        ([StoredAction(2, "pass", "b1")], outcome),
    ]
    index = 0
    for actions, result in moves:
        progress = Progress("over" if result else "playing", None, 3, "deploy", result)
        done = store.append_many([("by-orm", index, actions, progress)])
        assert not isinstance(done[0], StoreConflict)
        both = commit([("by-driver", index, actions, progress), ("g-none", 0, [], progress)])
        assert not isinstance(both[0], StoreConflict) and isinstance(both[1], StoreConflict)
        index += len(actions)
    orm, driver = store.load("by-orm"), store.load("by-driver")
    assert orm is not None and driver is not None
    assert driver.actions == orm.actions and driver.version == orm.version == 3
    assert driver.progress == orm.progress and driver.progress.outcome == outcome
    assert driver.updated_at.tzinfo is not None
    assert [g.id for g in store.list_games(status="over")] == ["by-driver", "by-orm"]
    late = commit([("by-driver", 1, [StoredAction(2, "pass", "c")], progress)])
    assert isinstance(late[0], StoreConflict)  # the game stands at 3, not 1
    with store.engine.begin() as connection:  # a step stored already, behind the game's back
        row = {"game_id": "by-driver", "index": 3, "seat": 1, "action": "x", "digest": "y"}
        connection.execute(insert(ActionRow), row | {"created_at": now()})
    with pytest.raises(StoreConflict):
        commit([("by-driver", 3, [StoredAction(1, "pass", "d")], progress)])
    again = commit([("by-orm", 3, [StoredAction(1, "pass", "d")], progress)])
    assert not isinstance(again[0], StoreConflict)  # the writer goes on after a failure
    writer.close()
    loop.close()


def test_the_steps_in_memory_give_the_collector_little_to_visit(tmp_path: Path) -> None:
    """A busy server holds hundreds of games of hundreds of steps: their events are kept as text
    in plain tuples that the garbage collector stops visiting (full collections of such a heap
    stopped the server for half a second), and a seat still reads them as before."""
    with make_client(tmp_path / "db.sqlite3") as client:
        game = friend_game(client)
        rng = random.Random(5)
        for _ in range(30):
            play_one(client, game, rng)
        live = client.app.state.service._games[game.id]  # type: ignore[attr-defined]
        gc.collect()
        gc.collect()  # a tuple may leave the collector's sight one collection after its items
        assert live.version > 30 and all(not gc.is_tracked(s.events) for s in live.steps)
        log = client.get(f"/api/games/{game.id}/log", headers=auth(game.tokens[1])).json()
        drawn = [e for entry in log["entries"] for e in entry["events"] if e["kind"] == "drew"]
        mine = [e for e in drawn if e["player"] == 1 and e["count"] == 1]
        theirs = [e for e in drawn if e["player"] == 2]
        assert mine and theirs  # the deals of the set-up at least
        assert all(len(e["cards"]) == 1 for e in mine) and all("cards" not in e for e in theirs)
