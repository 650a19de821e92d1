"""The lobby's server side (issue 10.3, 10.7): `GET /api/games` pages with `limit` and `offset`
(most recently active first, every game once), and `POST /api/games/{id}/invitation` says
whether a join link still opens a seat, without changing anything."""

from __future__ import annotations

from pathlib import Path

from tests.server.helpers import DC, TestClient, auth, create, make_client


def test_the_game_list_pages_with_an_offset(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite3") as client:
        made = [create(client, DC, options={"seats": 1})["game"]["id"] for _ in range(27)]
        pages = []
        for offset in (0, 12, 24):
            answer = client.get(f"/api/games?limit=12&offset={offset}")
            assert answer.status_code == 200
            pages.append([g["id"] for g in answer.json()["games"]])
        assert [len(page) for page in pages] == [12, 12, 3]
        listed = [game for page in pages for game in page]
        assert sorted(listed) == sorted(made)  # every game once, none twice
        assert listed == list(reversed(made))  # the newest first
        assert client.get("/api/games?limit=12&offset=27").json()["games"] == []
        assert client.get("/api/games?offset=-1").status_code == 422
        assert client.get("/api/games?offset=x").status_code == 422


def check(client: TestClient, game_id: str, code: str) -> dict[str, object]:
    answer = client.post(f"/api/games/{game_id}/invitation", json={"code": code})
    assert answer.status_code == 200, answer.text
    data: dict[str, object] = answer.json()
    return data


def test_an_invitation_says_whether_it_still_opens_a_seat(tmp_path: Path) -> None:
    with make_client(tmp_path / "db.sqlite3") as client:
        made = create(client, DC, options={"seats": 3}, seat=1, opponents=[{"kind": "friend"}] * 2)
        game_id, token = made["game"]["id"], made["token"]
        codes = {invite["seat"]: invite["join_code"] for invite in made["invites"]}
        first, second = codes[2], codes[3]
        assert check(client, game_id, first) == {"seat": 2, "open": True}
        assert check(client, game_id, first) == {"seat": 2, "open": True}  # asking uses nothing
        assert check(client, game_id, "not-a-code") == {"seat": None, "open": False}
        joined = client.post(f"/api/games/{game_id}/join", json={"code": first, "name": "Bo"})
        assert joined.status_code == 200
        assert check(client, game_id, first) == {"seat": None, "open": False}  # used
        # a new link for seat 3 replaces its old one
        fresh = client.post(
            f"/api/games/{game_id}/invite", json={"seat": 3}, headers=auth(token)
        ).json()["join_code"]
        assert check(client, game_id, second) == {"seat": None, "open": False}
        assert check(client, game_id, fresh) == {"seat": 3, "open": True}
        missing = client.post("/api/games/nosuchgame/invitation", json={"code": fresh})
        assert missing.status_code == 404
        extra = client.post(f"/api/games/{game_id}/invitation", json={"code": fresh, "seat": 3})
        assert extra.status_code == 422
