"""Issue 10.2: a hand may hold two copies of one card (a deck holds two of most cards). Choosing
one lights that one only; clicking the other chooses the other; the one chosen is placed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.e2e.clicks import version, wait_version_after
from tests.e2e.conftest import new_page
from tests.e2e.pages import WIDE, create_game, open_game
from tests.server.process import ServerProcess


def a_hand_with_twins(server: ServerProcess) -> tuple[dict[str, Any], str]:
    """A new game whose first seat holds two copies of a card it may play now (about one game
    in four deals one: make games until one does)."""
    for _ in range(60):
        game = create_game(server)
        hand = game["view"]["players"]["1"]["hand"]
        playable = {action.rsplit("@", 1)[0] for action in game["legal_actions"] or []}
        twins = [ref for ref in set(hand) if hand.count(ref) == 2 and ref in playable]
        if twins:
            return game, twins[0]
    raise AssertionError("60 deals without two copies of a card in the first hand")


def chosen(page: Page) -> list[str]:
    return [b.get_attribute("data-index") or "" for b in page.locator(".hand-card.selected").all()]


def test_two_copies_of_a_card_are_chosen_apart(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    game, twin = a_hand_with_twins(server)
    page = new_page(browser, page_errors, viewport=WIDE)
    open_game(page, server, game)
    first, second = page.locator(f'.hand-card[data-card="{twin}"]').all()
    one = first.get_attribute("data-index") or ""
    other = second.get_attribute("data-index") or ""
    first.click()
    assert chosen(page) == [one], "choosing one copy lit both"
    expect(first).to_have_attribute("aria-pressed", "true")
    expect(second).to_have_attribute("aria-pressed", "false")
    second.click()
    assert chosen(page) == [other], "clicking the other copy did not choose it"
    page.screenshot(path=str(shots / "hand-twins.png"))
    second.click()
    assert chosen(page) == [], "clicking the chosen copy again should put it back"
    second.click()
    square = page.locator(".square.legal").first.get_attribute("data-square")
    page.click(f'#board [data-square="{square}"]')
    before = version(page)
    page.click('[data-action="place"]')
    wait_version_after(page, before)
    hand = [c.get_attribute("data-card") for c in page.locator(".hand-card").all()]
    assert hand.count(twin) == 1 or (hand.count(twin) == 2 and len(hand) == 6), hand
    page.context.close()
