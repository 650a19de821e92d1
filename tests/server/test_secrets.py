"""Secrets stay out of logs and error messages, and errors keep their contract (issue 10,
point 19): seat tokens never appear in the log, even at debug level (F6); a failed start never
prints the database password (F7); every malformed body is a 422 that echoes nothing, with
strict types (F8)."""

from __future__ import annotations

import asyncio
import json
import logging
import subprocess
from pathlib import Path

import httpx
import websockets

from bitva.server.redact import RedactSecrets, shown_url
from tests.server.helpers import DC, LW, TestClient, auth, create
from tests.server.process import ServerProcess, bitva_command


def friend_seat(server: ServerProcess) -> tuple[str, str, str]:
    """A new game for a friend: the creator's token, the game's id and the friend's join code."""
    made = httpx.post(
        f"{server.url}/api/games", json={"game": DC, "opponents": [{"kind": "friend"}]}
    ).json()
    return made["token"], made["game"]["id"], made["invites"][0]["join_code"]


def test_seat_tokens_stay_out_of_a_debug_log(tmp_path: Path) -> None:
    with ServerProcess(tmp_path / "db.sqlite3", "--log-level", "debug") as server:
        token, game_id, code = friend_seat(server)
        httpx.get(f"{server.url}/api/games/{game_id}", headers=auth(token))

        async def watch() -> None:
            uri = f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws"
            async with websockets.connect(uri, additional_headers=auth(token)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                assert json.loads(await ws.recv())["type"] == "welcome"

        asyncio.run(watch())
        friend = httpx.post(f"{server.url}/api/games/{game_id}/join", json={"code": code}).json()
        httpx.get(f"{server.url}/api/games/{game_id}", headers=auth(friend["token"]))
    log = server.output
    assert 'TEXT \'{"type": "hello"' in log  # the frames are logged, at debug level...
    for secret in (token, code, friend["token"]):
        assert secret not in log  # ...but never a secret
    assert "[secret]" in log


def test_the_filter_masks_every_kind_of_secret() -> None:
    record = logging.LogRecord(
        "x",
        logging.DEBUG,
        __file__,
        1,
        "%s | %s | %s | %s",
        (
            '< TEXT \'{"type": "hello", "token": "AbC-123_xyz"}\'',
            "< authorization: Bearer AbC-123_xyz",
            "postgresql+psycopg://bitva:hunter2@db.example/bitva",
            '{"code": "JoinCode1"} /#/join/GAME/JoinCode2',
        ),
        None,
    )
    assert RedactSecrets().filter(record)
    text = record.getMessage()
    for secret in ("AbC-123_xyz", "hunter2", "JoinCode1", "JoinCode2"):
        assert secret not in text, text
    assert "bitva:***@db.example" in text


def test_shown_url_hides_the_password() -> None:
    assert shown_url("postgresql+psycopg://bitva:hunter2@db/bitva") == (
        "postgresql+psycopg://bitva:***@db/bitva"
    )
    assert "hunter2" not in shown_url("postgresql://bitva:hunter2@[bad/bitva")
    assert shown_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"


def start_fails(url: str) -> str:
    """What `bitva serve` prints when it cannot use the database `url` (it must exit with 2)."""
    done = subprocess.run(
        [*bitva_command(), "serve", "--port", "1", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 2 and "Traceback" not in out, out
    return out


def test_a_failed_start_never_prints_the_database_password(tmp_path: Path) -> None:
    for url in (
        "postgresql+psycopg://bitva:hunter2@127.0.0.1:1/bitva",  # nobody listens there
        "postgresql+nodriver://bitva:hunter2@127.0.0.1:1/bitva",  # no such driver
        "postgresql://bitva:hunter2@[bad/bitva",  # not a URL
        "postgresql+psycopg://bitva:hunter2@db:notaport/bitva",  # a port that is not a number
    ):
        out = start_fails(url)
        assert "hunter2" not in out and "bitva:***@" in out, out


# -- F8: the error contract -------------------------------------------------------------------


def test_types_are_strict(client: TestClient) -> None:
    game = create(client, DC, opponents=[{"kind": "friend"}])
    game_id, headers = game["game"]["id"], auth(game["token"])
    cases = [
        ("/api/games", {"game": LW, "options": {"advanced": "yes"}}, "options.advanced"),
        ("/api/options", {"game": LW, "options": {"advanced": "yes"}}, "options.advanced"),
        ("/api/options", {"game": LW, "options": {"units_to_win": "12"}}, "units_to_win"),
        ("/api/options", {"game": DC, "options": {"seats": "2"}}, "options.seats"),
        ("/api/games", {"game": DC, "seat": "1"}, "seat"),
        ("/api/games", {"game": DC, "name": 7}, "name"),
        (f"/api/games/{game_id}/invite", {"seat": True}, "seat"),
        (f"/api/games/{game_id}/invite", {"seat": "2"}, "seat"),
        (f"/api/games/{game_id}/actions", {"action": "roll", "version": True}, "version"),
        (f"/api/games/{game_id}/actions", {"action": "roll", "version": "3"}, "version"),
    ]
    for path, body, where in cases:
        response = client.post(path, json=body, headers=headers)
        assert response.status_code == 422, (path, body, response.text)
        assert where in response.json()["error"], (body, response.text)
    assert client.post("/api/options", json={"game": LW, "options": {"advanced": True}}).is_success


def test_malformed_bodies_are_422_and_echo_nothing(client: TestClient) -> None:
    game = create(client, DC, opponents=[{"kind": "friend"}])
    game_id, headers = game["game"]["id"], auth(game["token"])
    marker = "<script>alert(1)</script>"
    bodies = [
        ("/api/games", {"game": marker}),
        ("/api/games", {"game": LW, "options": {"armies": [marker, "orcs"]}}),
        ("/api/games", {"game": LW, "options": {marker: 1}}),
        ("/api/games", {"game": DC, "opponents": [{"kind": "ai", "level": marker[:30]}]}),
        ("/api/games", {"game": DC, "opponents": [{"kind": marker}]}),
        ("/api/games", {"game": DC, marker: 1}),
        ("/api/games", {"game": DC, "seat": marker}),
        ("/api/games", {"game": DC, "name": marker * 10}),
        ("/api/options", {"game": DC, "options": {"seats": marker}}),
        (f"/api/games/{game_id}/join", {"code": marker}),
        (f"/api/games/{game_id}/join", {"code": "x", "name": [marker]}),
        (f"/api/games/{game_id}/actions", {"action": marker, "version": marker}),
        (f"/api/games/{game_id}/invite", {"seat": marker}),
    ]
    for path, body in bodies:
        response = client.post(path, json=body, headers=headers)
        assert response.status_code in (403, 422), (path, body, response.text)
        assert marker[:10] not in response.text and "alert" not in response.text, response.text
        assert response.json()["error"]
    for raw in (b"[]", b"null", b'"x"', b"{", b"\xff\xfe", b"", b'{"game": "dice-cards"}' * 2):
        response = client.post(
            "/api/games", content=raw, headers={"content-type": "application/json"}
        )
        assert response.status_code == 422, (raw, response.text)


# -- issue 21, point 16: secrets found by parsing, not by the look of the text -----------------


def test_point_16_a_password_in_the_query_is_masked_on_a_failed_start() -> None:
    out = start_fails("postgresql+psycopg://bitva@127.0.0.1:1/bitva?password=Sup3rSecretPw")
    assert "Sup3rSecretPw" not in out, out
    assert "password=***" in out, out


def test_point_16_a_raw_at_sign_in_the_password_shows_none_of_it() -> None:
    out = start_fails("postgresql+psycopg://bitva:p@ss@word9@127.0.0.1:1/bitva")
    assert "word9" not in out and "ss@" not in out, out
    assert "%40" in out and "bitva:***@127.0.0.1:1/bitva" in out, out


def test_point_16_a_short_password_masks_only_itself() -> None:
    """Password "o": the message keeps its words ("connection", "port"), not `c***nnecti***n`."""
    out = start_fails("postgresql+psycopg://bitva:o@127.0.0.1:1/bitva")
    assert "bitva:***@127.0.0.1" in out, out
    assert out.count("***") == 1 and "cannot open the database" in out, out


def test_point_16_shown_url_parses_the_url() -> None:
    cases = {
        "postgresql://u@h/db?password=pw1&sslmode=require": "postgresql://u@h/db?password=***&sslmode=require",
        "postgresql://u@h/db?sslmode=require&PWD=pw2": "postgresql://u@h/db?sslmode=require&PWD=***",
        "postgresql://u:pw3@h/db?sslpassword=pw4": "postgresql://u:***@h/db?sslpassword=***",
        "postgresql://u:p@w@s5@h:5/db": "postgresql://u:***@h:5/db",
        "postgresql://u:pw6@[bad/db": "postgresql://u:***@[bad/db",
        "sqlite:////tmp/a@b/x.sqlite3": "sqlite:////tmp/a@b/x.sqlite3",
        "sqlite:///x.sqlite3?secret=pw7": "sqlite:///x.sqlite3?secret=***",
    }
    for url, shown in cases.items():
        assert shown_url(url) == shown, url


def test_point_16_an_escaped_token_key_in_a_hello_is_masked_at_debug_level(
    tmp_path: Path,
) -> None:
    """`"\\u0074oken"` is the key "token" once parsed (the server takes the seat with it): the
    log masks what the server parses, not what the text looks like."""
    with ServerProcess(tmp_path / "db.sqlite3", "--log-level", "debug") as server:
        token, game_id, code = friend_seat(server)

        async def watch() -> None:
            uri = f"ws://127.0.0.1:{server.port}/api/games/{game_id}/ws"
            async with websockets.connect(uri) as ws:
                await ws.send('{"type":"hello","\\u0074oken":' + json.dumps(token) + "}")
                assert json.loads(await ws.recv())["seat"] == 1  # the server took the seat
            async with websockets.connect(uri) as ws:  # a long frame: logged elided
                await ws.send(
                    '{"type":"hello",' + " " * 400 + '"\\u0074oken":' + json.dumps(token) + "}"
                )
                assert json.loads(await ws.recv())["seat"] == 1
            async with websockets.connect(uri) as ws:  # a join code in a frame, escaped
                await ws.send('{"type":"hello","\\u0063ode":' + json.dumps(code) + "}")
                assert json.loads(await ws.recv())["type"] == "error"

        asyncio.run(watch())
    log = server.output
    assert "TEXT '" in log  # the frames are logged, at debug level...
    for secret in (token, token[:12], token[-12:], code):
        assert secret not in log, secret  # ...but no secret, nor a part of one
