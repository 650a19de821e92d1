"""The REST API: creating, listing, joining, reading and playing games; validation; the
OpenAPI document; the web client's files."""

from __future__ import annotations

import random

from bitva.games.lords_of_war.lines import lines_after
from bitva.core.registry import get_game
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.server import lords_of_war
from bitva.store.db import make_engine
from bitva.store.games import GameStore
from tests.server.helpers import TestClient, auth, friend_game, play_one, read


def test_meta_lists_armies_levels_and_limits(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    assert {a["name"] for a in meta["armies"]} >= {"orcs", "dwarves", "elves", "lizardmen"}
    names = [level["name"] for level in meta["levels"]]
    assert {"random", "greedy"} <= set(names)
    assert meta["default_level"] in names
    assert sum(level["default"] for level in meta["levels"]) == 1
    assert meta["limits"]["units_to_win"] == {"default": 20, "ge": 1, "le": 72}
    assert meta["limits"]["commands_to_win"] == {"default": 4, "ge": 1, "le": 12}


def test_openapi_document_at_docs(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/join",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/preview",
        "/api/games/{game_id}/log",
        "/api/games/{game_id}/replay",
    ):
        assert path in spec["paths"], path
    assert "seat token" in spec["components"]["securitySchemes"]


def test_web_client_is_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/main.js">' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in ("main.js", "game.js", "board.js", "i18n_cs.js", "app.css", "favicon.svg"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
    assert "javascript" in client.get("/static/main.js").headers["content-type"]
    assert "Vaše ruka" in client.get("/static/i18n_cs.js").text


def test_create_a_game_against_the_ai(client: TestClient) -> None:
    response = client.post(
        "/api/games",
        json={"opponent": {"kind": "ai", "level": "random"}, "seat": 1, "name": "Ann"},
    )
    assert response.status_code == 201
    data = response.json()
    assert data["seat"] == 1 and data["join_code"] is None
    game = data["game"]
    assert game["status"] == "playing" and game["version"] == 0
    assert game["seats"] == [
        {"seat": 1, "kind": "human", "level": None, "name": "Ann", "joined": True},
        {"seat": 2, "kind": "ai", "level": "random", "name": "", "joined": True},
    ]
    assert len(data["view"]["players"]["1"]["hand"]) == 6
    assert "hand" not in data["view"]["players"]["2"]
    assert data["view"]["legal_actions"]


def test_the_default_level_is_used_when_none_is_named(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    data = client.post("/api/games", json={"seat": 1}).json()
    assert data["game"]["seats"][1]["level"] == meta["default_level"]


def test_a_friend_joins_once_with_the_code(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "friend"}}).json()
    game_id = created["game"]["id"]
    assert created["game"]["status"] == "waiting"
    assert created["join_path"] == f"/#/join/{game_id}/{created['join_code']}"
    waiting = client.post(
        f"/api/games/{game_id}/actions",
        headers=auth(created["token"]),
        json={"action": created["view"]["legal_actions"][0]},
    )
    assert waiting.status_code == 409 and "waiting" in waiting.json()["error"]
    wrong = client.post(f"/api/games/{game_id}/join", json={"code": "not-the-code"})
    assert wrong.status_code == 403
    joined = client.post(f"/api/games/{game_id}/join", json={"code": created["join_code"]})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 2 and joined.json()["game"]["status"] == "playing"
    assert joined.json()["token"] != created["token"]
    again = client.post(f"/api/games/{game_id}/join", json={"code": created["join_code"]})
    assert again.status_code == 409 and again.json()["error"] == "both seats of this game are taken"


def test_a_new_invitation_replaces_the_old_one(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "friend"}, "seat": 2}).json()
    game_id = created["game"]["id"]
    assert client.post(f"/api/games/{game_id}/invite").status_code == 401
    invite = client.post(f"/api/games/{game_id}/invite", headers=auth(created["token"])).json()
    assert invite["seat"] == 1 and invite["join_code"] != created["join_code"]
    old = client.post(f"/api/games/{game_id}/join", json={"code": created["join_code"]})
    assert old.status_code == 403
    new = client.post(f"/api/games/{game_id}/join", json={"code": invite["join_code"]})
    assert new.status_code == 200 and new.json()["seat"] == 1


def test_a_legal_action_is_played_and_stored(client: TestClient, db_file: object) -> None:
    game = friend_game(client)
    view = read(client, game.id, game.tokens[1])["view"]
    action = view["legal_actions"][0]
    response = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": action}
    )
    assert response.status_code == 200
    data = response.json()
    assert data["version"] == 1 and data["game"]["version"] == 1
    assert data["events"][0] == {
        "kind": "placed",
        "player": 1,
        "card": action.split("@")[0],
        "square": "d3",
        "forced": False,
    }
    assert "cards" in data["events"][1]  # seat 1 sees the card it drew
    stored = GameStore(make_engine(f"sqlite:///{db_file}")).load(game.id)
    assert stored is not None and [a.action for a in stored.actions] == [action]
    log = client.get(f"/api/games/{game.id}/log", headers=auth(game.tokens[2])).json()
    assert log["version"] == 1 and log["entries"][0]["seat"] == 1
    assert "cards" not in log["entries"][0]["events"][1]  # seat 2 does not


def test_an_illegal_action_names_the_rule_and_changes_nothing(client: TestClient) -> None:
    game = friend_game(client)
    before = read(client, game.id, game.tokens[1])
    card = before["view"]["legal_actions"][0].split("@")[0]
    for action, rule in (
        (f"{card}@a1", "LW-4.1"),  # the challenge goes on the start square
        ("draw", "LW-4.1"),
        ("Dwarf Slugger@d3", "LW-6.1"),  # not a card of seat 1
        ("shoot z9", "LW-1.6"),
    ):
        response = client.post(
            f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": action}
        )
        assert response.status_code == 409, (action, response.text)
        body = response.json()
        assert body["rule"] == rule, (action, body)
        assert body["error"] and f"({rule})" not in body["error"]
    unreadable = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": "hello"}
    )
    assert unreadable.status_code == 409 and "cannot read the action" in unreadable.json()["error"]
    assert read(client, game.id, game.tokens[1]) == before


def test_it_is_refused_out_of_turn_without_reading_the_action(client: TestClient) -> None:
    game = friend_game(client)
    response = client.post(
        f"/api/games/{game.id}/actions",
        headers=auth(game.tokens[2]),
        json={"action": "Goblin Shanker@d3"},
    )
    assert response.status_code == 409
    assert response.json() == {"error": "it is not your turn: player 1 is to move", "rule": None}


def test_a_stale_version_is_refused(client: TestClient) -> None:
    game = friend_game(client)
    assert play_one(client, game, random.Random(1)) is not None
    view = read(client, game.id, game.tokens[2])["view"]
    response = client.post(
        f"/api/games/{game.id}/actions",
        headers=auth(game.tokens[2]),
        json={"action": view["legal_actions"][0], "version": 0},
    )
    assert response.status_code == 409 and "moved on" in response.json()["error"]
    assert read(client, game.id)["game"]["version"] == 1


def test_malformed_requests_get_422_with_a_clear_message(client: TestClient) -> None:
    game = friend_game(client)
    url = f"/api/games/{game.id}/actions"
    headers = {**auth(game.tokens[1]), "Content-Type": "application/json"}
    cases = [
        (url, b"{not json", "body: not valid JSON"),
        (url, b'{"action": "draw", "extra": 1}', "body.extra"),
        (url, b'{"action": 5}', "body.action"),
        (url, b'{"action": ""}', "body.action"),
        (url, ('{"action": "' + "x" * 300 + '"}').encode(), "body.action"),
        (url, b'{"action": "draw", "version": -1}', "body.version"),
        ("/api/games", b'{"options": {"units_to_win": 0}}', "body.options.units_to_win"),
        ("/api/games", b'{"options": {"commands_to_win": 13}}', "body.options.commands_to_win"),
        ("/api/games", b'{"options": {"armies": ["orcs", "/etc/passwd"]}}', "unknown army"),
        ("/api/games", b'{"options": {"decks": [[], []]}}', "body.options.decks"),
        ("/api/games", b'{"opponent": {"kind": "robot"}}', "body.opponent"),
        ("/api/games", b'{"seat": 3}', "body.seat"),
        ("/api/games", b'{"opponent": {"kind": "ai", "level": "grandmaster"}}', "unknown AI"),
    ]
    for path, body, expected in cases:
        response = client.post(path, content=body, headers=headers)
        assert response.status_code == 422, (body, response.text)
        data = response.json()
        assert expected in data["error"], (body, data)
        assert data["rule"] is None
        assert "/etc/passwd" not in response.text or expected == "unknown army"
    assert read(client, game.id)["game"]["version"] == 0


def test_unknown_games_and_bad_ids(client: TestClient) -> None:
    missing = client.get("/api/games/nosuchgame")
    assert missing.status_code == 404
    assert missing.json() == {"error": "no game 'nosuchgame' on this server", "rule": None}
    assert client.get("/api/games/bad%20id!").status_code == 422
    assert client.get("/api/nothing-here").status_code == 404


def test_an_oversized_body_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", content=b"x" * 70_000)
    assert response.status_code == 413


def test_listing_games(client: TestClient) -> None:
    first = friend_game(client)
    second = client.post("/api/games", json={"opponent": {"kind": "friend"}}).json()
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games][:2] == [second["game"]["id"], first.id]
    waiting = client.get("/api/games", params={"status": "waiting"}).json()["games"]
    assert [g["id"] for g in waiting] == [second["game"]["id"]]
    assert client.get("/api/games", params={"limit": 0}).status_code == 422
    text = client.get("/api/games").text
    for token in (*first.tokens.values(), second["token"], second["join_code"]):
        assert token not in text


def test_previews_are_the_analysis_of_the_own_legal_placements(client: TestClient) -> None:
    game = friend_game(client, armies=["orcs", "dwarves"])
    rng = random.Random(3)
    for _ in range(6):  # the challenge and a few turns
        played = play_one(client, game, rng)
        assert played is not None
    state = read(client, game.id)
    seat = state["view"]["to_move"]
    if state["view"]["phase"] != "deploy":  # get to a placement
        while read(client, game.id)["view"]["phase"] != "deploy":
            assert play_one(client, game, rng) is not None
        seat = read(client, game.id)["view"]["to_move"]
    other = 3 - seat
    refused = client.post(f"/api/games/{game.id}/preview", headers=auth(game.tokens[other]))
    assert refused.status_code == 409 and refused.json()["rule"] == "LW-6.1"
    assert client.post(f"/api/games/{game.id}/preview").status_code == 401
    response = client.post(
        f"/api/games/{game.id}/preview", headers=auth(game.tokens[seat]), json={}
    )
    assert response.status_code == 200
    data = response.json()
    runtime_state = _server_state(client, game.id)
    expected = lords_of_war.previews(runtime_state, seat, None)
    assert data["cards"] == expected
    first = data["cards"][0]
    action = runtime_state.parse_action(f"{first['card']}@{first['squares'][0]['square']}")
    lines = [line.to_json() for line in lines_after(runtime_state, action)]
    assert [line["eliminated"] for line in lines] == [
        line["eliminated"] for line in first["squares"][0]["lines"]
    ]
    hand = read(client, game.id, game.tokens[seat])["view"]["players"][str(seat)]["hand"]
    one = client.post(
        f"/api/games/{game.id}/preview", headers=auth(game.tokens[seat]), json={"card": hand[0]}
    ).json()
    assert [c["card"] for c in one["cards"]] in ([hand[0]], [])
    foreign = client.post(
        f"/api/games/{game.id}/preview",
        headers=auth(game.tokens[seat]),
        json={"card": "Not A Card"},
    )
    assert (
        foreign.status_code == 409 and foreign.json()["error"] == "Not A Card is not in your hand"
    )


def _server_state(client: TestClient, game_id: str) -> LordsOfWarState:
    service = client.app.state.service  # type: ignore[attr-defined]
    state = service._games[game_id].state
    assert isinstance(state, LordsOfWarState)
    return state


def test_the_replay_shows_every_step(client: TestClient) -> None:
    game = friend_game(client, units_to_win=3, commands_to_win=2)
    rng = random.Random(5)
    while play_one(client, game, rng) is not None:
        pass
    final = read(client, game.id, game.tokens[1])
    assert final["game"]["status"] == "over" and final["view"]["outcome"] is not None
    over = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": "draw"}
    )
    assert over.status_code == 409 and over.json()["rule"] == "LW-8.1"
    replay = client.get(f"/api/games/{game.id}/replay", headers=auth(game.tokens[1])).json()
    steps = replay["steps"]
    assert replay["seat"] == 1 and len(steps) == final["game"]["version"] + 1
    assert steps[0]["index"] == 0 and steps[0]["events"] == []
    log = client.get(f"/api/games/{game.id}/log", headers=auth(game.tokens[1])).json()
    assert [s["events"] for s in steps[1:]] == [e["events"] for e in log["entries"]]
    last = {**steps[-1]["view"], "cards": final["view"]["cards"]}
    assert last == final["view"]
    assert all(ref in replay["cards"] for u in last["board"] for ref in [u["card"]])
    # a record that replays in the engine
    service = client.app.state.service  # type: ignore[attr-defined]
    record = service._games[game.id].stored.record()
    record.actions = [step.action for step in service._games[game.id].steps]
    state = get_game("lords-of-war").new(record.options, record.seed)
    for action in record.actions:
        state.apply(state.parse_action(action))
    assert state.outcome is not None


def test_secrets_are_random_and_stored_hashed(client: TestClient, db_file: object) -> None:
    games = [friend_game(client) for _ in range(3)]
    ids = {g.id for g in games}
    tokens = [t for g in games for t in g.tokens.values()]
    codes = [g.created["join_code"] for g in games]
    assert len(ids) == 3 and len(set(tokens)) == 6 and len(set(codes)) == 3
    assert all(len(t) >= 32 for t in tokens) and all(len(c) >= 16 for c in codes)
    raw = open(str(db_file), "rb").read()  # noqa: SIM115
    wal = db_file.with_name(db_file.name + "-wal")  # type: ignore[attr-defined]
    if wal.exists():
        raw += wal.read_bytes()
    for secret in (*tokens, *codes):
        assert secret.encode() not in raw
