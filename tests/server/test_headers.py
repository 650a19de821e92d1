"""The origin that keeps seat tokens in localStorage loads nothing from elsewhere and talks to
itself only (issue 10, point 18: F5): the API docs from local files under a strict policy,
connect-src limited to the page's own host, Host and WebSocket Origin checked, no Python source
served, and answers that carry a token never stored by a cache."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from bitva.server.app import allowed_hosts_for
from bitva.server.guard import UNKNOWN_HOST
from tests.server.helpers import DC, TestClient, auth, create, make_client


def policy(header: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_the_api_docs_load_nothing_from_another_origin(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    html = page.text
    assert "cdn" not in html.lower() and "https://" not in html
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert sources, html
    for source in sources:
        assert source.startswith("/"), source
        assert client.get(source).status_code == 200, source
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, re.S)
    assert scripts and all("src=" in attrs and not body.strip() for attrs, body in scripts)
    rules = policy(page.headers["content-security-policy"])
    assert rules["script-src"] == ["'self'"]
    assert rules["connect-src"] == ["'self'"]
    assert rules["default-src"] == ["'none'"]
    assert rules["frame-ancestors"] == ["'none'"]
    schema = client.get("/openapi.json")
    assert schema.status_code == 200 and schema.json()["info"]["title"] == "bitva game server"


def test_the_client_may_connect_to_its_own_host_only(client: TestClient) -> None:
    for path in ("/", "/static/main.js"):
        rules = policy(client.get(path).headers["content-security-policy"])
        assert rules["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"], path
        assert "'unsafe-inline'" not in rules["script-src"] + rules["style-src"]


def test_an_unknown_host_is_refused(client: TestClient) -> None:
    assert client.get("/api/health").status_code == 200
    evil = client.get("/api/health", headers={"host": "attacker.example"})
    assert evil.status_code == 400
    assert evil.json() == {"error": UNKNOWN_HOST, "rule": None}
    assert "--allowed-host" in UNKNOWN_HOST
    assert client.get("/", headers={"host": "attacker.example:8000"}).status_code == 400


def test_allowed_hosts_default_to_the_bound_host_and_localhost() -> None:
    assert set(allowed_hosts_for("127.0.0.1", ())) == {"127.0.0.1", "localhost", "::1"}
    assert "bitva.example.org" in allowed_hosts_for("127.0.0.1", ("bitva.example.org",))
    assert "192.0.2.7" in allowed_hosts_for("192.0.2.7", ())
    everywhere = allowed_hosts_for("0.0.0.0", ())
    assert "localhost" in everywhere and "0.0.0.0" not in everywhere


def test_a_websocket_from_another_origin_is_refused(client: TestClient) -> None:
    game = create(client, DC, opponents=[{"kind": "friend"}])
    path = f"/api/games/{game['game']['id']}/ws"
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(path, headers={"origin": "http://attacker.example"}) as ws,
    ):
        ws.receive_text()
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(
            path,
            headers={"origin": "http://testserver:9999"},  # another origin on the same host
        ) as ws,
    ):
        ws.receive_text()
    with client.websocket_connect(path, headers={"origin": "http://testserver"}) as ws:
        ws.send_text(json.dumps({"type": "hello", "token": game["token"]}))
        assert json.loads(ws.receive_text())["seat"] == 1


def test_no_python_source_is_served(client: TestClient) -> None:
    assert client.get("/static/main.js").status_code == 200
    for path in ("/static/__init__.py", "/static/__pycache__/__init__.cpython-311.pyc"):
        assert client.get(path).status_code == 404, path


def test_answers_that_carry_a_token_are_never_stored(client: TestClient) -> None:
    made = client.post("/api/games", json={"game": DC, "opponents": [{"kind": "friend"}]})
    assert made.headers["cache-control"] == "no-store"
    game = made.json()
    invite = client.post(f"/api/games/{game['game']['id']}/invite", headers=auth(game["token"]))
    assert invite.headers["cache-control"] == "no-store"
    joined = client.post(
        f"/api/games/{game['game']['id']}/join", json={"code": invite.json()["join_code"]}
    )
    assert joined.status_code == 200 and joined.headers["cache-control"] == "no-store"
    seat = client.get(f"/api/games/{game['game']['id']}", headers=auth(game["token"]))
    assert seat.headers["cache-control"] == "no-store"  # a hand is private too


def test_the_host_check_can_be_widened(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite3", allowed_hosts=("*",)) as client:
        assert client.get("/api/health", headers={"host": "anything.example"}).status_code == 200
