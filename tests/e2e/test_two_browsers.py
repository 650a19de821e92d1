"""Two people, two browsers: one creates a game and shares the join link, the other opens it; they
play turns by clicks, and each sees only their own hand."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from bitva.games.lords_of_war.catalogue import load_army
from tests.e2e.clicks import decide, version, wait_decision
from tests.e2e.conftest import new_page
from tests.server.process import ServerProcess

ORCS = {card.ref for card in load_army("orcs").cards}
DWARVES = {card.ref for card in load_army("dwarves").cards}


def hand(page: Page) -> list[str]:
    return [c.get_attribute("data-card") or "" for c in page.locator(".hand-card").all()]


def public_names(server: ServerProcess, game_id: str) -> set[str]:
    """Card names anybody may know: what a spectator is shown and told."""
    with httpx.Client(base_url=server.url, timeout=10) as http:
        game = http.get(f"/api/games/{game_id}").json()
        log = http.get(f"/api/games/{game_id}/log").json()
    text = repr(game["view"]) + repr(log)
    return {ref.split("#")[0] for ref in ORCS | DWARVES if ref in text}


def check_secrecy(
    server: ServerProcess, game_id: str, page: Page, own: set[str], other_page: Page
) -> None:
    mine = hand(page)
    assert mine and set(mine) <= own, mine
    theirs = {ref.split("#")[0] for ref in hand(other_page)}
    hidden = theirs - public_names(server, game_id)
    content = page.content()
    for name in hidden:
        assert name not in content, f"{name} of the other hand shows on this page"
    seat = page.get_attribute("#game", "data-seat")
    other = "2" if seat == "1" else "1"
    backs = page.locator(f'.player[data-seat="{other}"] .backs svg')
    assert backs.count() == len(hand(other_page))


def wait_same_version(first: Page, second: Page) -> None:
    for _ in range(600):  # 30 s: a loaded CI machine redraws slowly
        if version(first) == version(second):
            return
        first.wait_for_timeout(50)
    raise AssertionError(f"the pages disagree: {version(first)} and {version(second)}")


def test_two_browsers_play_each_other(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    ann = new_page(browser, page_errors)
    bob = new_page(browser, page_errors, lang="cs")
    ann.goto(server.url)
    ann.wait_for_selector("#new-game")
    ann.select_option("#game-select", "lords-of-war")  # the first game is BattleLore (issue 11)
    ann.select_option("#mine", "orcs")
    ann.select_option("#theirs", "dwarves")
    ann.check('input[name="opponent-1"][value="friend"]')
    expect(ann.locator("#level-1")).to_be_disabled()
    ann.check('input[name="seat"][value="1"]')
    ann.fill("#name", "Ann")
    ann.fill("#units", "6")
    ann.click("#start")
    link = ann.locator("#join-link")
    expect(link).to_be_visible()
    url = link.input_value()
    match = re.fullmatch(rf"{re.escape(server.url)}/#/join/([\w-]+)/([\w-]+)", url)
    assert match, url
    game_id = match.group(1)
    expect(ann.locator("#prompt")).to_have_attribute("data-mode", "waiting")
    ann.screenshot(path=str(shots / "friend-waiting.png"))

    bob.goto(url)  # Bob's browser speaks Czech
    expect(bob.locator("#join h2")).to_have_text("Připojit se ke hře")
    expect(bob.locator("#join")).to_contain_text("Ann vás zve")
    bob.screenshot(path=str(shots / "friend-join.png"))
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_selector("#game[data-seat='2']")
    expect(ann.locator("#prompt")).to_have_attribute("data-mode", "mine")  # pushed to Ann
    expect(ann.locator(".player[data-seat='2']")).to_contain_text("Bob")
    expect(bob.locator(".player[data-seat='1']")).to_contain_text("Ann")
    assert bob.get_attribute("#game", "data-seat") == "2"
    # the join link works once: a third browser cannot take a seat with it
    with httpx.Client(base_url=server.url) as http:
        again = http.post(f"/api/games/{game_id}/join", json={"code": match.group(2)})
        assert again.status_code == 409

    rng = random.Random(3)
    pages = {"1": ann, "2": bob}
    armies = {"1": ORCS, "2": DWARVES}
    decisions: dict[str, int] = {"1": 0, "2": 0}
    shot: dict[str, Any] = {}
    while min(decisions.values()) < 8:
        wait_same_version(ann, bob)
        status = ann.get_attribute("#game", "data-status")
        if status == "over":
            break
        check_secrecy(server, game_id, ann, ORCS, bob)
        check_secrecy(server, game_id, bob, DWARVES, ann)
        mover = "1" if ann.get_attribute("#prompt", "data-mode") == "mine" else "2"
        page = pages[mover]
        assert wait_decision(page) == "mine"
        assert pages["2" if mover == "1" else "1"].get_attribute("#prompt", "data-mode") == "other"
        decide(page, rng)
        decisions[mover] += 1
        if decisions["1"] == 4 and "mid" not in shot:
            wait_same_version(ann, bob)
            ann.wait_for_timeout(1000)  # let the animations end
            ann.screenshot(path=str(shots / "friend-ann.png"))
            bob.screenshot(path=str(shots / "friend-bob.png"))
            shot["mid"] = True
        assert set(hand(pages[mover])) <= armies[mover]
    assert sum(decisions.values()) >= 10
    # each sees the board from their own edge: row 1 at the bottom for Ann, row 7 for Bob
    for page, near, far in ((ann, "a1", "f7"), (bob, "f7", "a1")):
        wait_same_version(ann, bob)  # no redraw in flight: the squares are on the page
        squares = [page.locator(f'[data-square="{name}"]') for name in (near, far)]
        for square in squares:
            square.wait_for(state="visible", timeout=15_000)
        low, high = (square.bounding_box() for square in squares)
        assert low is not None and high is not None
        assert low["y"] > high["y"] and low["x"] < high["x"]
    ann.context.close()
    bob.context.close()
