"""The lobby, the join page and the replay (issue 10.3, 10.7): a used join link says at once that
its seat is taken (no form); the lobby's lists say who won and what each seat played (the army,
from the game's module), page beyond 12 games, and fit a phone's screen in English and Czech; a
replay shows its seat's hand, a spectator sees no empty box for one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import new_page
from tests.e2e.pages import (
    PHONE,
    WIDE,
    assert_no_sideways_scroll,
    create_game,
    hold_seats,
    play_out,
)
from tests.server.process import ServerProcess

SHORT = {"armies": ["orcs", "dwarves"], "units_to_win": 2, "commands_to_win": 1}


@pytest.fixture(scope="module")
def games(server: ServerProcess) -> dict[str, Any]:
    """A finished Lords of War game of this browser (Orcs against the AI's Dwarves), one of
    somebody else ("Bea"), 13 solo games of the test game (14 of this browser) and somebody
    else's lost Sniper Elite game ("Eva"): 16 on the server."""
    mine = create_game(server, options=SHORT, name="")
    theirs = create_game(server, options=SHORT, name="Bea")
    solos = [
        create_game(server, game="dice-cards", options={"seats": 1}, opponents=[])
        for _ in range(13)
    ]
    mine_over = play_out(server, mine, seed=2)
    theirs_over = play_out(server, theirs, seed=3)
    # somebody's Sniper Elite game, lost (random play never wins it): the newest on the server
    lost = create_game(server, game="sniper-elite", options={}, opponents=[], name="Eva")
    return {
        "mine": mine,
        "mine_over": mine_over,
        "theirs": theirs,
        "theirs_over": theirs_over,
        "solos": solos,
        "solo_lost": lost,
        "solo_lost_over": play_out(server, lost, seed=4),
    }


def row(page: Page, box: str, game_id: str) -> str:
    text: str = page.locator(f'{box} .game-row[data-game="{game_id}"]').inner_text()
    return text


def test_a_used_join_link_says_the_seat_is_taken(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    made = create_game(server, options=SHORT, name="Ann", opponents=[{"kind": "friend"}])
    game_id, code = made["game"]["id"], made["invites"][0]["join_code"]
    link = f"{server.url}/#/join/{game_id}/{code}"
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(link)  # unused: the form
    expect(page.locator("#join-button")).to_be_visible()
    expect(page.locator("#join")).to_contain_text("You play the Dwarves and move second.")
    with httpx.Client(base_url=server.url) as http:  # somebody else uses it
        taken = http.post(f"/api/games/{game_id}/join", json={"code": code, "name": "Cy"})
        assert taken.status_code == 200
    other = new_page(browser, page_errors, viewport=WIDE, lang="cs")
    other.goto(link)
    expect(other.locator("#join-taken")).to_be_visible()
    expect(other.locator("#join-taken")).to_contain_text("místo je obsazené")
    expect(other.locator("#join-button")).to_have_count(0)
    expect(other.locator("#join form")).to_have_count(0)
    other.screenshot(path=str(shots / "join-taken-czech.png"))
    page.context.close()
    other.context.close()


def test_the_lobby_says_who_won_with_which_army_and_pages(
    server: ServerProcess,
    browser: Browser,
    shots: Path,
    page_errors: list[str],
    games: dict[str, Any],
) -> None:
    mine, theirs = games["mine"]["game"]["id"], games["theirs"]["game"]["id"]
    over = games["mine_over"]
    me = next(s for s in over["seats"] if s["seat"] == 1)
    page = new_page(browser, page_errors, viewport=WIDE)
    hold_seats(page, server, [*games["solos"], games["mine"]])  # 14: mine the most recent
    page.goto(server.url)
    mine_box = "#my-games"
    expect(page.locator(f"{mine_box} .game-row")).to_have_count(12)
    said = row(page, mine_box, mine)
    assert "You: Orcs" in said and "against the computer (random): Dwarves" in said, said
    assert {"win": "You won", "loss": "You lost", "draw": "A draw"}[me["result"]] in said, said
    page.screenshot(path=str(shots / "lobby-lists.png"))
    page.click('#my-pages [data-page="older"]')
    expect(page.locator(f"{mine_box} .game-row")).to_have_count(2)
    page.click('#my-pages [data-page="newer"]')
    expect(page.locator(f"{mine_box} .game-row")).to_have_count(12)

    recent = "#recent-games"  # every game of the server, a spectator's words for the others
    expect(page.locator(f"{recent} .game-row")).to_have_count(12)
    bea = games["theirs_over"]
    winners = [s["seat"] for s in bea["seats"] if s["result"] == "win"]
    said = row(page, recent, theirs)
    assert "Bea: Orcs · Computer (random): Dwarves" in said, said
    ended = {(1,): "Won by Bea", (2,): "Won by Computer (random)", (): "A draw"}
    assert ended[tuple(winners)] in said, said
    assert not games["solo_lost_over"]["outcome"]["winners"]
    said = row(page, recent, games["solo_lost"]["game"]["id"])
    assert "Eva lost" in said and "Nobody won" not in said, said  # a solo game's one player
    page.click('#recent-pages [data-page="older"]')
    expect(page.locator(f"{recent} .game-row")).to_have_count(
        len(httpx.get(f"{server.url}/api/games?limit=100").json()["games"]) - 12
    )

    page.click('[data-lang="cs"]')
    said = row(page, mine_box, mine)
    assert "Vy: Orkové · proti počítači (náhodný): Trpaslíci" in said, said
    assert {"win": "Vyhráli jste", "loss": "Prohráli jste", "draw": "Remíza"}[me["result"]] in said
    assert "Orkové proti Trpaslíkům" in said, said
    page.click('#recent-pages [data-page="newer"]')
    assert "Prohra: Eva" in row(page, recent, games["solo_lost"]["game"]["id"])
    page.screenshot(path=str(shots / "lobby-lists-czech.png"))
    for lang in ("cs", "en"):
        page.click(f'[data-lang="{lang}"]')
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(200)
        assert_no_sideways_scroll(page, f"the lobby in {lang} on a phone")
        page.screenshot(path=str(shots / f"lobby-phone-{lang}.png"), full_page=True)
        page.set_viewport_size(WIDE)
    page.context.close()


def test_a_replay_shows_its_own_hand_and_a_spectator_no_empty_box(
    server: ServerProcess,
    browser: Browser,
    shots: Path,
    page_errors: list[str],
    games: dict[str, Any],
) -> None:
    mine = games["mine"]["game"]["id"]
    page = new_page(browser, page_errors, viewport=WIDE)
    hold_seats(page, server, [games["mine"]])
    page.goto(f"{server.url}/#/replay/{mine}")
    page.wait_for_selector("#replay-controls")
    page.click('[data-action="next"]')
    hand = page.locator("#replay-hand")
    expect(hand).to_be_visible()
    expect(hand.locator(".hand-card")).to_have_count(6)
    page.screenshot(path=str(shots / "replay-hand.png"))
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    assert_no_sideways_scroll(page, "the replay on a phone")
    page.screenshot(path=str(shots / "replay-hand-phone.png"), full_page=True)
    page.context.close()

    spectator = new_page(browser, page_errors, viewport=WIDE)
    spectator.goto(f"{server.url}/#/replay/{mine}")
    spectator.wait_for_selector("#replay-controls")
    spectator.click('[data-action="next"]')
    expect(spectator.locator("#replay-hand")).to_be_hidden()
    live = create_game(server, options=SHORT)  # a game in play, watched without a seat
    spectator.goto(f"{server.url}/#/game/{live['game']['id']}")
    spectator.wait_for_selector("#game[data-seat='']")
    expect(spectator.locator("#prompt")).to_contain_text("You are watching")
    expect(spectator.locator("#hand-box")).to_be_hidden()
    spectator.screenshot(path=str(shots / "spectator.png"))
    spectator.context.close()


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_issue21_on_a_phone_the_new_game_form_and_the_header_fit(
    server: ServerProcess, browser: Browser, page_errors: list[str], lang: str
) -> None:
    """At 390 px the AI level's list stays inside the form (its longest entry, "hard — a strong
    player (recommended)", ran past the card) and the header's link back to the lobby keeps to
    one line ("Hlavní stránka" broke in two)."""
    page = new_page(browser, page_errors, viewport=PHONE, lang=lang)
    page.goto(f"{server.url}/#/")
    page.wait_for_selector(".level-line select")
    form = page.locator(".form").first.bounding_box()
    select = page.locator(".level-line select").first.bounding_box()
    assert form is not None and select is not None
    assert select["x"] + select["width"] <= form["x"] + form["width"] + 0.5
    link = page.locator("#nav-lobby").bounding_box()
    height = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#nav-lobby')).lineHeight) || 0"
    )
    assert link is not None and (not height or link["height"] < 1.6 * height)
    assert_no_sideways_scroll(page, f"lobby {lang}")
