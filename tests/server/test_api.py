"""The REST API with Lords of War: creating, listing, joining, reading and playing games;
validation; the "placements" analysis; replays; the OpenAPI document; the web client's files.
(The test game dice-cards: tests/server/test_dice_cards.py.)"""

from __future__ import annotations

import random

from bitva.core.chance import CHANCE
from bitva.core.record import GameRecord, verify
from bitva.core.registry import get_game
from bitva.games.lords_of_war.lines import lines_after
from bitva.games.lords_of_war.state import LordsOfWarState
from bitva.server.models import ACTION_LENGTH
from bitva.store.db import make_engine
from bitva.store.games import GameStore
from tests.server.helpers import (
    LW,
    TestClient,
    auth,
    create,
    friend_game,
    play_one,
    read,
)


def test_meta_lists_every_game_with_its_options_schema(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    games = {g["name"]: g for g in meta["games"]}
    assert {"lords-of-war", "dice-cards"} <= set(games)
    lw = games["lords-of-war"]
    assert lw["title"] == "Lords of War" and lw["seats"] == {"min": 2, "max": 2}
    assert lw["traits"]["chance"] == "explicit" and lw["traits"]["information"] == "imperfect"
    assert {a["name"] for a in lw["lobby"]["armies"]} >= {"orcs", "dwarves", "elves", "lizardmen"}
    schema = lw["options_schema"]["properties"]
    assert schema["units_to_win"]["minimum"] == 1 and schema["units_to_win"]["maximum"] == 72
    assert schema["commands_to_win"]["maximum"] == 12
    assert "orcs" in schema["armies"]["items"]["enum"]
    assert "decks" not in schema  # no deck files, no paths: armies by name only
    assert lw["defaults"]["armies"] == ["orcs", "dwarves"] and lw["defaults"]["units_to_win"] == 20
    analyses = {a["name"]: a for a in lw["analyses"]}
    assert analyses["placements"]["to_move_only"] is True
    assert analyses["placements"]["decisions"] == ["challenge", "deploy"]
    assert lw["module"] is True  # the web client has web/games/lords-of-war/index.js
    dc = games["dice-cards"]
    assert dc["seats"] == {"min": 1, "max": 3} and dc["module"] is False
    assert dc["options_schema"]["properties"]["seats"]["maximum"] == 3
    names = [level["name"] for level in meta["levels"]]
    assert {"random", "greedy"} <= set(names)
    assert meta["default_level"] in names
    assert sum(level["default"] for level in meta["levels"]) == 1
    assert meta["limits"]["name_length"] == 40


def test_options_are_checked_and_give_the_number_of_seats(client: TestClient) -> None:
    lw = client.post("/api/options", json={"game": LW, "options": {"advanced": True}})
    assert lw.status_code == 200
    assert lw.json()["seats"] == 2 and lw.json()["options"]["cavalry"] is True
    dc = client.post("/api/options", json={"game": "dice-cards", "options": {"seats": 3}})
    assert dc.json()["seats"] == 3
    bad = client.post("/api/options", json={"game": LW, "options": {"units_to_win": 0}})
    assert bad.status_code == 422 and "body.options.units_to_win" in bad.json()["error"]


def test_openapi_document_at_docs(client: TestClient) -> None:
    docs = client.get("/docs")
    assert docs.status_code == 200 and "swagger" in docs.text.lower()
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/join",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/analysis/{name}",
        "/api/games/{game_id}/log",
        "/api/games/{game_id}/replay",
        "/api/games/{game_id}/preview",  # issue 22: any action's preview, for every game
    ):
        assert path in spec["paths"], path
    assert "seat token" in spec["components"]["securitySchemes"]


def test_web_client_is_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and '<script type="module" src="/static/main.js">' in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    for name in (
        "main.js",
        "game.js",
        "generic/board.js",
        "i18n_cs.js",
        "app.css",
        "favicon.svg",
        "games/lords-of-war/index.js",
        "games/lords-of-war/board.js",
    ):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
    assert "javascript" in client.get("/static/main.js").headers["content-type"]
    assert "Vaše ruka" in client.get("/static/games/lords-of-war/i18n_cs.js").text


def test_create_a_game_against_the_ai(client: TestClient) -> None:
    data = create(client, LW, opponents=[{"kind": "ai", "level": "random"}], seat=1, name="Ann")
    assert data["seat"] == 1 and data["invites"] == []
    game = data["game"]
    assert game["status"] == "playing" and game["title"] == "Lords of War"
    assert game["version"] == 10  # the opening hands: ten cards dealt, each a chance step
    assert game["seats"] == [
        {"seat": 1, "kind": "human", "level": None, "name": "Ann", "joined": True}
        | {"result": None, "score": None},
        {"seat": 2, "kind": "ai", "level": "random", "name": "", "joined": True}
        | {"result": None, "score": None},
    ]
    assert len(data["view"]["players"]["1"]["hand"]) == 6
    assert "hand" not in data["view"]["players"]["2"]
    assert data["legal_actions"] and data["legal_actions"] == data["view"]["legal_actions"]
    assert data["analyses"] == ["lines", "placements"]


def test_the_default_level_plays_every_other_seat_when_none_is_named(client: TestClient) -> None:
    meta = client.get("/api/meta").json()
    data = create(client, LW, seat=1)
    assert data["game"]["seats"][1]["kind"] == "ai"
    assert data["game"]["seats"][1]["level"] == meta["default_level"]


def test_a_friend_joins_once_with_the_code(client: TestClient) -> None:
    created = create(client, LW, opponents=[{"kind": "friend"}])
    game_id = created["game"]["id"]
    assert created["game"]["status"] == "waiting" and created["legal_actions"] is None
    [invite] = created["invites"]
    assert invite["seat"] == 2
    assert invite["join_path"] == f"/#/join/{game_id}/{invite['join_code']}"
    waiting = client.post(
        f"/api/games/{game_id}/actions",
        headers=auth(created["token"]),
        json={"action": created["view"]["legal_actions"][0]},
    )
    assert waiting.status_code == 409 and "waiting" in waiting.json()["error"]
    wrong = client.post(f"/api/games/{game_id}/join", json={"code": "not-the-code"})
    assert wrong.status_code == 403
    joined = client.post(f"/api/games/{game_id}/join", json={"code": invite["join_code"]})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 2 and joined.json()["game"]["status"] == "playing"
    assert joined.json()["token"] != created["token"]
    again = client.post(f"/api/games/{game_id}/join", json={"code": invite["join_code"]})
    assert again.status_code == 409 and again.json()["error"] == "every seat of this game is taken"


def test_a_new_invitation_replaces_the_old_one(client: TestClient) -> None:
    created = create(client, LW, opponents=[{"kind": "friend"}], seat=2)
    game_id = created["game"]["id"]
    old_code = created["invites"][0]["join_code"]
    assert client.post(f"/api/games/{game_id}/invite").status_code == 401
    invite = client.post(f"/api/games/{game_id}/invite", headers=auth(created["token"])).json()
    assert invite["seat"] == 1 and invite["join_code"] != old_code
    taken = client.post(
        f"/api/games/{game_id}/invite", headers=auth(created["token"]), json={"seat": 2}
    )
    assert taken.status_code == 409
    old = client.post(f"/api/games/{game_id}/join", json={"code": old_code})
    assert old.status_code == 403
    new = client.post(f"/api/games/{game_id}/join", json={"code": invite["join_code"]})
    assert new.status_code == 200 and new.json()["seat"] == 1


def test_an_action_and_the_chance_after_it_are_played_and_stored(
    client: TestClient, db_file: object
) -> None:
    game = friend_game(client)
    before = read(client, game.id, game.tokens[1])
    action = before["legal_actions"][0]
    response = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": action}
    )
    assert response.status_code == 200
    data = response.json()
    assert data["version"] == data["game"]["version"] == before["game"]["version"] + 2
    placed, dealt = data["steps"]
    assert (placed["seat"], dealt["seat"]) == (1, CHANCE)  # LW-4.1: the challenger draws one
    assert placed["events"] == [
        {"kind": "placed", "player": 1, "card": action.split("@")[0], "square": "d3"}
        | {"forced": False}
    ]
    assert dealt["events"][0]["kind"] == "drew" and len(dealt["events"][0]["cards"]) == 1
    stored = GameStore(make_engine(f"sqlite:///{db_file}")).load(game.id)
    assert stored is not None and stored.format == get_game(LW).record_format
    assert [a.action for a in stored.actions if a.seat != CHANCE] == [action]
    assert all(a.action.startswith("deal ") for a in stored.actions if a.seat == CHANCE)
    log = client.get(f"/api/games/{game.id}/log", headers=auth(game.tokens[2])).json()
    assert log["version"] == data["version"] and log["entries"][-2]["seat"] == 1
    assert log["entries"][-1]["events"][0] == {"kind": "drew", "player": 1, "count": 1} | {
        "deck": dealt["events"][0]["deck"]
    }  # seat 2 is not told the card
    assert "deal " not in str(log) and "deal " not in str(data)  # no step's text is sent


def test_an_illegal_action_names_the_rule_and_changes_nothing(client: TestClient) -> None:
    game = friend_game(client)
    before = read(client, game.id, game.tokens[1])
    card = before["legal_actions"][0].split("@")[0]
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
    assert unreadable.status_code == 400  # not an action at all: not a rules question
    assert "cannot read the action" in unreadable.json()["error"]
    assert unreadable.json()["rule"] is None
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
    start = read(client, game.id)["game"]["version"]
    assert play_one(client, game, random.Random(1)) is not None
    now = read(client, game.id)["game"]["version"]
    legal = read(client, game.id, game.tokens[2])["legal_actions"]
    response = client.post(
        f"/api/games/{game.id}/actions",
        headers=auth(game.tokens[2]),
        json={"action": legal[0], "version": start},
    )
    assert response.status_code == 409 and "moved on" in response.json()["error"]
    assert read(client, game.id)["game"]["version"] == now


def test_malformed_requests_get_422_with_a_clear_message(client: TestClient) -> None:
    game = friend_game(client)
    url = f"/api/games/{game.id}/actions"
    headers = {**auth(game.tokens[1]), "Content-Type": "application/json"}
    lw = '{"game": "lords-of-war", '
    cases = [
        (url, b"{not json", "body: not valid JSON"),
        (url, b'{"action": "draw", "extra": 1}', "body.extra"),
        (url, b'{"action": 5}', "body.action"),
        (url, b'{"action": ""}', "body.action"),
        (url, ('{"action": "' + "x" * (ACTION_LENGTH + 1) + '"}').encode(), "body.action"),
        (url, b'{"action": "draw", "version": -1}', "body.version"),
        ("/api/games", b"{}", "body.game"),
        ("/api/games", b'{"game": "chess"}', "unknown game (known: "),
        ("/api/games", (lw + '"options": {"units_to_win": 0}}').encode(), "units_to_win"),
        ("/api/games", (lw + '"options": {"commands_to_win": 13}}').encode(), "commands_to_win"),
        (
            "/api/games",
            (lw + '"options": {"armies": ["orcs", "/etc/passwd"]}}').encode(),
            "unknown army",
        ),
        ("/api/games", (lw + '"options": {"decks": [[], []]}}').encode(), "body.options.decks"),
        ("/api/games", (lw + '"opponents": [{"kind": "robot"}]}').encode(), "body.opponents"),
        ("/api/games", (lw + '"opponents": []}').encode(), "give 1, one per other seat"),
        ("/api/games", (lw + '"seat": 3}').encode(), "seat 3 is not a seat of this game"),
        ("/api/games", (lw + '"seat": 0}').encode(), "body.seat"),
        (
            "/api/games",
            (lw + '"opponents": [{"kind": "ai", "level": "grandmaster"}]}').encode(),
            "the AI level of seat 2 is unknown",
        ),
    ]
    for path, body, expected in cases:
        response = client.post(path, content=body, headers=headers)
        assert response.status_code == 422, (body, response.text)
        data = response.json()
        assert expected in data["error"], (body, data)
        assert data["rule"] is None
        assert "/etc/passwd" not in response.text  # the input is never echoed
    assert read(client, game.id)["game"]["version"] == 10


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
    second = create(client, LW, opponents=[{"kind": "friend"}])
    games = client.get("/api/games").json()["games"]
    assert [g["id"] for g in games][:2] == [second["game"]["id"], first.id]
    waiting = client.get("/api/games", params={"status": "waiting"}).json()["games"]
    assert [g["id"] for g in waiting] == [second["game"]["id"]]
    assert client.get("/api/games", params={"limit": 0}).status_code == 422
    text = client.get("/api/games").text
    for token in (*first.tokens.values(), second["token"], second["invites"][0]["join_code"]):
        assert token not in text


def _server_state(client: TestClient, game_id: str) -> LordsOfWarState:
    service = client.app.state.service  # type: ignore[attr-defined]
    state = service._games[game_id].state
    assert isinstance(state, LordsOfWarState)
    return state


def test_placements_are_the_analysis_of_the_own_legal_placements(client: TestClient) -> None:
    game = friend_game(client, armies=["orcs", "dwarves"])
    rng = random.Random(3)
    for _ in range(6):  # the challenge and a few turns
        assert play_one(client, game, rng) is not None
    while read(client, game.id)["view"]["phase"] != "deploy":  # get to a placement
        assert play_one(client, game, rng) is not None
    seat = read(client, game.id)["game"]["to_move"]
    url = f"/api/games/{game.id}/analysis/placements"
    refused = client.post(url, headers=auth(game.tokens[3 - seat]))
    assert refused.status_code == 409 and "seat about to decide" in refused.json()["error"]
    assert client.post(url).status_code == 401  # hidden cards: spectators ask nothing
    assert "placements" in read(client, game.id, game.tokens[seat])["analyses"]
    assert "placements" not in read(client, game.id, game.tokens[3 - seat])["analyses"]
    response = client.post(url, headers=auth(game.tokens[seat]))
    assert response.status_code == 200
    data = response.json()
    assert data["name"] == "placements" and data["seat"] == seat
    assert data["version"] == read(client, game.id)["game"]["version"]
    state = _server_state(client, game.id)
    # run on the seat's determinization, it equals the analysis of the true state: it depends
    # on the public board and the seat's own hand alone
    assert data["result"] == get_game(LW).analyses["placements"].run(state, seat)
    first = data["result"]["cards"][0]
    action = state.parse_action(f"{first['card']}@{first['squares'][0]['square']}")
    lines = [line.to_json() for line in lines_after(state, action)]
    assert [line["eliminated"] for line in lines] == [
        line["eliminated"] for line in first["squares"][0]["lines"]
    ]
    again = client.post(url, headers=auth(game.tokens[seat]))
    assert again.json() == data  # cached for this seat and version
    unknown = client.post(f"/api/games/{game.id}/analysis/nope", headers=auth(game.tokens[seat]))
    assert unknown.status_code == 404 and "placements" in unknown.json()["error"]


def test_the_replay_shows_every_move(client: TestClient) -> None:
    game = friend_game(client, units_to_win=3, commands_to_win=2)
    rng = random.Random(5)
    while play_one(client, game, rng) is not None:
        pass
    final = read(client, game.id, game.tokens[1])
    assert final["game"]["status"] == "over" and final["view"]["outcome"] is not None
    outcome = final["game"]["outcome"]
    assert outcome["rule"] in ("LW-8.1", "LW-8.3", "D-4") and "reason" in outcome
    results = {s["seat"]: s["result"] for s in final["game"]["seats"]}
    if outcome["winner"]:
        assert results[outcome["winner"]] == "win" and results[3 - outcome["winner"]] == "loss"
    over = client.post(
        f"/api/games/{game.id}/actions", headers=auth(game.tokens[1]), json={"action": "draw"}
    )
    assert over.status_code == 409 and over.json()["rule"] == outcome["rule"]
    replay = client.get(f"/api/games/{game.id}/replay", headers=auth(game.tokens[1])).json()
    steps = replay["steps"]
    log = client.get(f"/api/games/{game.id}/log", headers=auth(game.tokens[1])).json()
    moves = [e for e in log["entries"] if e["seat"] != CHANCE]
    assert replay["seat"] == 1 and len(steps) == len(moves) + 1
    assert steps[0]["seat"] is None and {e["kind"] for e in steps[0]["events"]} == {"drew"}
    assert steps[-1]["index"] == final["game"]["version"]
    flat = [event for step in steps for event in step["events"]]
    assert flat == [event for entry in log["entries"] for event in entry["events"]]
    last = {**steps[-1]["view"], "cards": final["view"]["cards"]}
    assert last == final["view"]
    assert all(u["card"] in replay["shared"]["cards"] for u in last["board"])
    # the server's record (every step, chance included) replays in the engine
    service = client.app.state.service  # type: ignore[attr-defined]
    runtime = service._games[game.id]
    record = GameRecord.model_validate(
        runtime.stored.record().model_dump()
        | {"actions": [s.action for s in runtime.steps], "digests": [], "outcome": outcome}
    )
    assert verify(record).outcome is not None


def test_secrets_are_random_and_stored_hashed(client: TestClient, db_file: object) -> None:
    games = [friend_game(client) for _ in range(3)]
    ids = {g.id for g in games}
    tokens = [t for g in games for t in g.tokens.values()]
    codes = [g.created["invites"][0]["join_code"] for g in games]
    assert len(ids) == 3 and len(set(tokens)) == 6 and len(set(codes)) == 3
    assert all(len(t) >= 32 for t in tokens) and all(len(c) >= 16 for c in codes)
    raw = open(str(db_file), "rb").read()  # noqa: SIM115
    wal = db_file.with_name(db_file.name + "-wal")  # type: ignore[attr-defined]
    if wal.exists():
        raw += wal.read_bytes()
    for secret in (*tokens, *codes):
        assert secret.encode() not in raw
