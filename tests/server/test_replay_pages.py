"""Replays come in pages, bounded in steps and bytes, compressed off the event loop, with the bytes
each client has in flight capped (issue 21, point 15: ten replays of a 3,364-step BattleLore game
at once held another game's moves up for seconds; `scripts/replay_flood.py` measures it)."""

from __future__ import annotations

import asyncio
import gzip
import json
import random
from pathlib import Path
from typing import Any

import pytest

from bitva.server import replays
from tests.server.helpers import DC, LW, TestClient, auth, friend_game, play_one
from tests.server.live import addressed_client, at


def finished(client: TestClient, game: str = DC, moves: int = 10_000) -> Any:
    """A friend game played by random legal moves (to its end, or `moves` moves)."""
    played = friend_game(client, game)
    rng = random.Random(7)
    for _ in range(moves):
        if play_one(client, played, rng) is None:
            break
    return played


def pages(client: TestClient, path: str, **headers: str) -> list[dict[str, Any]]:
    """Every page of a replay, following `next`."""
    out: list[dict[str, Any]] = []
    start: int | None = 0
    while start is not None:
        answer = client.get(f"{path}&from={start}", headers=headers)
        assert answer.status_code == 200, answer.text
        out.append(answer.json())
        start = out[-1]["next"]
    return out


def test_point_15_a_replay_comes_in_pages(client: TestClient) -> None:
    game = finished(client)
    path = f"/api/games/{game.id}/replay"
    whole = client.get(path, headers=auth(game.tokens[1])).json()
    assert whole["from"] == 0 and whole["next"] is None
    total = whole["total"]
    assert total == len(whole["steps"]) > 7
    paged = pages(client, f"{path}?limit=3", **auth(game.tokens[1]))
    assert [page["from"] for page in paged] == list(range(0, total, 3))
    assert all(len(page["steps"]) <= 3 and page["total"] == total for page in paged)
    assert [step for page in paged for step in page["steps"]] == whole["steps"]
    for page in paged:  # each page can be shown on its own
        assert page["seat"] == 1 and page["game"] == whole["game"]
        assert page["shared"] == whole["shared"]
    # a spectator's pages are a spectator's
    assert client.get(f"{path}?limit=3").json()["seat"] is None


def test_point_15_bad_pages_are_refused_and_echo_nothing(client: TestClient) -> None:
    game = finished(client, moves=3)
    path = f"/api/games/{game.id}/replay"
    total = client.get(path).json()["total"]
    past = client.get(f"{path}?from={total}")
    assert past.status_code == 422 and f"has {total}" in past.json()["error"]
    for query in ("limit=0", f"limit={replays.MAX_PAGE_STEPS + 1}", "from=-1", "from=x"):
        answer = client.get(f"{path}?{query}")
        assert answer.status_code == 422, (query, answer.text)
    assert client.get("/api/games/nosuchgame/replay").status_code == 404


def test_point_15_a_page_is_bounded_in_bytes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However many steps are asked for, a page stops at about PAGE_BYTES (one step at least)."""
    game = finished(client, LW, moves=30)
    path = f"/api/games/{game.id}/replay"
    whole = client.get(path).json()
    biggest = max(len(json.dumps(step, separators=(",", ":"))) for step in whole["steps"])
    monkeypatch.setattr(replays, "PAGE_BYTES", biggest + 10)
    paged = pages(client, f"{path}?limit=500")
    assert len(paged) > 1 and all(1 <= len(page["steps"]) <= 2 for page in paged)
    assert [step for page in paged for step in page["steps"]] == whole["steps"]


def test_point_15_big_pages_come_gzipped(client: TestClient) -> None:
    """Compressed off the event loop, and only once: the GZip middleware leaves them alone."""
    game = finished(client, LW, moves=60)
    path = f"/api/games/{game.id}/replay"
    raw = client.get(path, headers={"accept-encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert len(raw.content) > replays.COMPRESS_FROM, "the page should be worth compressing"
    with client.stream("GET", path, headers={"accept-encoding": "gzip"}) as answer:
        assert answer.headers["content-encoding"] == "gzip"
        assert answer.headers["vary"] == "Accept-Encoding"
        body = b"".join(answer.iter_raw())
    assert json.loads(gzip.decompress(body)) == raw.json()


def test_point_15_replay_bytes_in_flight_are_capped_per_client(tmp_path: Path) -> None:
    """A client with `max_replay_bytes_in_flight` on its way gets 429 with Retry-After; another
    client does not; what a page holds is given back once it has been sent."""
    with addressed_client(tmp_path / "db.sqlite3", max_replay_bytes_in_flight=1000) as client:
        game = finished(client, moves=3)
        path = f"/api/games/{game.id}/replay"
        app: Any = client.app
        in_flight = app.state.limits.replay_bytes
        assert client.get(path, headers=at("10.3.0.1")).status_code == 200
        assert in_flight.held == {}  # sent: nothing held any more
        in_flight.take("10.3.0.1", 1000)  # as if a page were still on its way
        refused = client.get(path, headers=at("10.3.0.1"))
        assert refused.status_code == 429 and refused.headers["retry-after"] == "1"
        assert "on their way" in refused.json()["error"]
        assert client.get(path, headers=at("10.3.0.2")).status_code == 200
        in_flight.give_back("10.3.0.1", 1000)
        assert client.get(path, headers=at("10.3.0.1")).status_code == 200
        assert in_flight.held == {}
        client.get("/api/games/nosuchgame/replay", headers=at("10.3.0.1"))
        assert in_flight.held == {}  # a refused page gives back what it held, too


def test_point_15_a_replay_is_computed_once_per_version(client: TestClient) -> None:
    game = finished(client)
    path = f"/api/games/{game.id}/replay?limit=2"
    pages(client, path)
    pages(client, path)
    app: Any = client.app
    books = app.state.replays.books
    assert len(books) == 1  # every page of both readings from one computation
    assert not app.state.replays.building


def test_point_15_requests_at_the_same_moment_share_one_computation(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = finished(client)
    app: Any = client.app
    computed: list[int | None] = []
    original = replays.replay_book

    def counted(record: Any, seat: int | None) -> replays.ReplayBook:
        computed.append(seat)
        return original(record, seat)

    monkeypatch.setattr(replays, "replay_book", counted)

    async def three_at_once() -> list[Any]:
        heavy = app.state.limits.heavy
        asked = [app.state.replays.book(game.id, None, heavy) for _ in range(3)]
        return list(await asyncio.gather(*asked))

    answers = client.portal.call(three_at_once)  # type: ignore[union-attr]
    assert computed == [None]
    assert answers[0][2] is answers[1][2] is answers[2][2]
