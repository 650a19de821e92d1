"""Hostile clients against the server's shell (issue 10, points 14, 15 and 17): bodies that lie
about their size or never end, binary WebSocket frames, spectators who fill a game, and one
client that opens socket after socket."""

from __future__ import annotations

import json
import logging
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import DC, TestClient, auth, create, friend_game
from tests.server.live import LiveServer, addressed_client, at

TEN_MB = 10 * 1024 * 1024


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token}))
    message: dict[str, Any] = json.loads(ws.receive_text())
    return message


def closed(ws: Any) -> WebSocketDisconnect:
    """The close frame that ends this socket (after any messages still queued)."""
    with pytest.raises(WebSocketDisconnect) as info:
        while True:
            ws.receive_text()
    return info.value


def raw_exchange(port: int, head: bytes, body: Iterator[bytes], timeout: float = 20.0) -> bytes:
    """Send a request by hand (headers, then body pieces until the server stops listening)
    and return what the server answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(head)
        try:
            for piece in body:
                sock.sendall(piece)
        except OSError:  # the server answered and closed while we were still sending
            pass
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
                if b"\r\n\r\n" in answer and b'"error"' in answer:
                    break
        except OSError:
            pass
        return answer


# -- point 14 (F1): the body limit counts the bytes read, whatever the headers say ------------


def test_a_chunked_body_over_the_limit_is_refused(client: TestClient) -> None:
    name = b"x" * TEN_MB

    def pieces() -> Iterator[bytes]:  # no Content-Length: httpx sends it chunked
        yield b'{"game": "dice-cards", "name": "'
        for start in range(0, len(name), 256 * 1024):
            yield name[start : start + 256 * 1024]
        yield b'"}'

    response = client.post(
        "/api/games", content=pieces(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 413, response.text[:200]
    assert response.json() == {"error": "request body over 65536 bytes", "rule": None}


def test_a_chunked_body_over_the_limit_is_refused_on_the_wire(tmp_path: Path) -> None:
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )

    def chunks() -> Iterator[bytes]:
        piece = b"y" * 65536
        for _ in range(TEN_MB // len(piece)):
            yield b"%x\r\n%s\r\n" % (len(piece), piece)
        yield b"0\r\n\r\n"

    with LiveServer(tmp_path / "db.sqlite3") as server:
        answer = raw_exchange(server.port, head, chunks())
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]


def test_a_body_that_says_it_is_small_but_is_not_is_refused(client: TestClient) -> None:
    """A lying Content-Length is uvicorn's to refuse; a chunked body under the limit works."""
    small = json.dumps({"game": DC, "opponents": [{"kind": "friend"}]}).encode()
    response = client.post(
        "/api/games",
        content=iter([small[:10], small[10:]]),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 201


# -- point 17 (F9): a body that never ends ------------------------------------------------------


def test_a_stalled_body_is_answered_408(tmp_path: Path) -> None:
    head = (
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n"
    )
    with LiveServer(tmp_path / "db.sqlite3", body_timeout=0.5) as server:
        answer = raw_exchange(server.port, head, iter([b'{"game": "dice']))
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert b"request body not received in time" in answer


# -- point 17 (F4): binary frames --------------------------------------------------------------


def test_a_binary_frame_gets_a_close_frame_not_a_traceback(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    game = friend_game(client, DC)
    caplog.set_level(logging.DEBUG)
    with client.websocket_connect(f"/api/games/{game.id}/ws") as ws:
        assert hello(ws, game.tokens[1])["type"] == "welcome"
        ws.send_bytes(b"\x00\x01binary")
        refusal = closed(ws)
    assert refusal.code == 1003 and "text" in refusal.reason
    with client.websocket_connect(f"/api/games/{game.id}/ws") as ws:
        ws.send_bytes(b'{"type": "hello"}')  # even a hello, as bytes
        assert closed(ws).code == 1003
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    with client.websocket_connect(f"/api/games/{game.id}/ws") as ws:  # the server is fine
        assert hello(ws, None)["type"] == "welcome"


def test_a_flood_of_messages_closes_the_socket(client: TestClient) -> None:
    game = friend_game(client, DC)
    with client.websocket_connect(f"/api/games/{game.id}/ws") as ws:
        assert hello(ws, None)["type"] == "welcome"
        for _ in range(40):
            ws.send_text(json.dumps({"type": "ping"}))
        kinds: list[str] = []
        with pytest.raises(WebSocketDisconnect) as info:
            while True:
                kinds.append(json.loads(ws.receive_text())["type"])
    assert info.value.code == 1008 and "messages" in info.value.reason
    assert kinds[-1] == "error" and 20 <= kinds.count("pong") < 40


def test_a_websocket_to_a_malformed_game_id_is_refused(client: TestClient) -> None:
    with client.websocket_connect("/api/games/%3Cscript%3E/ws") as ws:
        refused = hello(ws, None)
        assert refused == {"type": "error", "error": "no such game"}
        assert closed(ws).code == 4404


# -- point 15 (F2): spectators cannot lock the players out ------------------------------------


def test_spectators_cannot_lock_the_players_out(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3", max_spectators_per_game=3) as client:
        game = friend_game(client, DC)
        path = f"/api/games/{game.id}/ws"
        watchers = [client.websocket_connect(path, headers=at(f"10.0.0.{n}")) for n in range(3)]
        try:
            for n, ws in enumerate(watchers):
                ws.__enter__()
                assert hello(ws, None)["type"] == "welcome", n
            with client.websocket_connect(path, headers=at("10.0.0.9")) as extra:
                refused = hello(extra, None)
                assert refused["type"] == "error" and "spectators" in refused["error"]
                refusal = closed(extra)
                assert refusal.code == 4429 and "poll" in refusal.reason
            # both players still get in, however many watch
            with (
                client.websocket_connect(path, headers=at("10.0.1.1")) as one,
                client.websocket_connect(path, headers=at("10.0.1.2")) as two,
            ):
                assert hello(one, game.tokens[1])["seat"] == 1
                assert hello(two, game.tokens[2])["seat"] == 2
        finally:
            for ws in watchers:
                ws.__exit__(None, None, None)


def test_a_refused_spectator_can_poll_cheaply(client: TestClient) -> None:
    game = friend_game(client, DC)
    first = client.get(f"/api/games/{game.id}")
    tag = first.headers["etag"]
    again = client.get(f"/api/games/{game.id}", headers={"if-none-match": tag})
    assert again.status_code == 304 and again.content == b""
    seat_tag = client.get(f"/api/games/{game.id}", headers=auth(game.tokens[1])).headers["etag"]
    assert seat_tag != tag  # a seat sees more than a spectator
    legal = client.get(f"/api/games/{game.id}", headers=auth(game.tokens[1])).json()
    played = client.post(
        f"/api/games/{game.id}/actions",
        headers=auth(game.tokens[1]),
        json={"action": legal["legal_actions"][0]},
    )
    assert played.status_code == 200
    moved = client.get(f"/api/games/{game.id}", headers={"if-none-match": tag})
    assert moved.status_code == 200 and moved.headers["etag"] != tag


# -- point 17 (F9): sockets per client, and per seat ------------------------------------------


def test_one_client_cannot_hold_hundreds_of_sockets(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3", max_sockets_per_client=3) as client:
        game = friend_game(client, DC)
        path = f"/api/games/{game.id}/ws"
        mine = [client.websocket_connect(path, headers=at("10.0.0.5")) for _ in range(3)]
        try:
            for ws in mine:
                ws.__enter__()
                assert hello(ws, None)["type"] == "welcome"
            with client.websocket_connect(path, headers=at("10.0.0.5")) as extra:
                assert hello(extra, None)["type"] == "error"
                assert closed(extra).code == 4429
            with client.websocket_connect(path, headers=at("10.0.0.6")) as other:
                assert hello(other, None)["type"] == "welcome"  # another client is not counted
            # a seat holder of the full client still gets in: its oldest spectator makes room
            with client.websocket_connect(path, headers=at("10.0.0.5")) as player:
                assert hello(player, game.tokens[1])["seat"] == 1
                evicted = closed(mine[0])
                assert evicted.code == 4429 and "room" in evicted.reason
        finally:
            for ws in mine:
                ws.__exit__(None, None, None)


def test_a_seat_keeps_its_newest_sockets(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3", max_sockets_per_seat=2) as client:
        game = create(client, DC, opponents=[{"kind": "friend"}])
        token, path = game["token"], f"/api/games/{game['game']['id']}/ws"
        with (
            client.websocket_connect(path) as first,
            client.websocket_connect(path) as second,
            client.websocket_connect(path) as third,
        ):
            for ws in (first, second, third):
                assert hello(ws, token)["seat"] == 1
            replaced = closed(first)
            assert replaced.code == 4409 and "newer" in replaced.reason
            second.send_text(json.dumps({"type": "ping"}))
            assert json.loads(second.receive_text()) == {"type": "pong"}


def test_an_idle_socket_that_never_says_hello_counts(tmp_path: Path) -> None:
    with addressed_client(tmp_path / "db.sqlite3", max_sockets_per_client=2) as client:
        game = friend_game(client, DC)
        path = f"/api/games/{game.id}/ws"
        with (
            client.websocket_connect(path, headers=at("10.0.0.7")),
            client.websocket_connect(path, headers=at("10.0.0.7")),
            client.websocket_connect(path, headers=at("10.0.0.7")),
            client.websocket_connect(path, headers=at("10.0.0.7")) as fourth,
        ):
            # two sockets that never said hello, and a little room for seat holders: the
            # fourth is over even that
            assert closed(fourth).code == 4429


# -- issue 21, point 17: the smaller holes ------------------------------------------------------


def test_point_17_a_websocket_origin_of_another_scheme_is_refused(client: TestClient) -> None:
    """The Origin must match scheme, host and port: an https page is another origin than the
    http server it connects to (a ws:// socket), even on the same host and port."""
    game = friend_game(client, DC)
    path = f"/api/games/{game.id}/ws"
    for origin in ("https://testserver", "https://testserver:80", "ftp://testserver"):
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(path, headers={"origin": origin}) as ws,
        ):
            ws.receive_text()
    with client.websocket_connect(path, headers={"origin": "http://testserver:80"}) as ws:
        assert hello(ws, game.tokens[1])["seat"] == 1


def test_point_17_checking_join_codes_is_rate_limited(tmp_path: Path) -> None:
    """`POST /invitation` answers whether a code opens a seat: without a limit it is an oracle
    to guess join codes against (429 with Retry-After beyond the rate)."""
    from bitva.server.config import Rate

    with addressed_client(tmp_path / "db.sqlite3", invitation_rate=Rate(3, 1)) as client:
        game = create(client, DC, opponents=[{"kind": "friend"}])
        path = f"/api/games/{game['game']['id']}/invitation"
        answers = [
            client.post(path, json={"code": f"guess{n}"}, headers=at("10.2.0.1")) for n in range(4)
        ]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert int(answers[3].headers["retry-after"]) >= 1
        assert "join codes" in answers[3].json()["error"]
        other = client.post(path, json={"code": "guess"}, headers=at("10.2.0.2"))
        assert other.status_code == 200  # another address is not held up


def test_point_17_errors_never_echo_the_action_or_version(client: TestClient) -> None:
    game = friend_game(client, DC)
    path, headers = f"/api/games/{game.id}/actions", auth(game.tokens[1])
    huge = 10**40
    answer = client.post(path, json={"action": "roll", "version": huge}, headers=headers)
    assert answer.status_code == 422, answer.text
    assert str(huge) not in answer.text and "version" in answer.json()["error"]
    stale = client.post(path, json={"action": "roll", "version": 3}, headers=headers)
    assert stale.status_code == 409 and "3" not in stale.json()["error"].replace(
        f"version {read_version(client, game.id)}", ""
    ), stale.text
    # text with control characters: refused as it is validated, never repeated
    sneaky = "ro\x01ll\x1b[31mEVIL"
    answer = client.post(path, json={"action": sneaky}, headers=headers)
    assert answer.status_code == 422, answer.text
    assert "EVIL" not in answer.text and "\\u001b" not in answer.text
    assert "control characters" in answer.json()["error"]
    # printable text that is no action: 400 with the game's hint, without the text
    answer = client.post(path, json={"action": "launch EVILMARKER"}, headers=headers)
    assert answer.status_code == 400, answer.text
    assert "EVILMARKER" not in answer.text and "roll" in answer.json()["error"]


def read_version(client: TestClient, game_id: str) -> int:
    version: int = client.get(f"/api/games/{game_id}").json()["game"]["version"]
    return version


def test_point_17_a_deeply_nested_or_overlong_body_is_422(client: TestClient) -> None:
    game = friend_game(client, DC)
    path = f"/api/games/{game.id}/actions"
    headers = {**auth(game.tokens[1]), "content-type": "application/json"}
    bodies = [
        '{"action": ' + "[" * 20_000 + "]" * 20_000 + "}",  # deeper than the parser goes
        '{"action": "roll", "version": ' + "9" * 5000 + "}",  # over Python's digit limit
    ]
    for body in bodies:
        answer = client.post(path, content=body, headers=headers)
        assert answer.status_code == 422, answer.text[:200]
        assert answer.json()["error"].startswith("invalid request: body:"), answer.text[:200]
        assert "99999" not in answer.text


def test_point_17_an_empty_first_message_is_no_hello(client: TestClient) -> None:
    """`{}` names no type: it is refused (4400) with the error saying what a hello is, not
    taken as a spectator's hello."""
    game = friend_game(client, DC)
    for first in ("{}", '{"token": null}', '{"type": "ping"}'):
        with client.websocket_connect(f"/api/games/{game.id}/ws") as ws:
            ws.send_text(first)
            refused = json.loads(ws.receive_text())
            assert refused["type"] == "error" and '"type": "hello"' in refused["error"], first
            assert closed(ws).code == 4400
