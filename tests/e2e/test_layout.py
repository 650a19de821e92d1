"""Issue 10.1: nothing that reacts to the pointer moves the board. Cards are placed by clicks
(and by taps on a phone's touch screen) at 1366x850, 1024x768 and 390x844; while the pointer
moves over the green squares, a card is chosen and a square is confirmed, the board stays where
it was, the square under the pointer stays the square that was pointed at, the board's squares
and the hand's cards are the same elements after every redraw (a click never straddles a
replaced element), the page is never wider than the screen, and on a phone the hand and the
"Place here" button are on the screen together with the board."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.clicks import decide, version, wait_decision, wait_version_after
from tests.e2e.conftest import new_page
from tests.e2e.pages import (
    PHONE,
    TABLET,
    WIDE,
    assert_no_sideways_scroll,
    box_of,
    centre,
    square_under,
)
from tests.server.process import ServerProcess

SIZES = {"1366x850": WIDE, "1024x768": TABLET, "390x844": PHONE}

MARK_ELEMENTS = """() => {
  for (const el of document.querySelectorAll('#board [data-square], .hand-card')) el.__kept = 1;
}"""
REPLACED = """() => [...document.querySelectorAll('#board [data-square], .hand-card')]
  .filter((el) => !el.__kept).map((el) => el.dataset.square || el.dataset.card)"""


def above(page: Page) -> str:
    """Where the parts above the board are (top/height), to say what moved it."""
    parts = ["header", ".board-head", ".strip-top", ".board-wrap", "#prompt", ".hand-box"]
    return ", ".join(f"{p} {box_of(page, p)[1]:.0f}/{box_of(page, p)[3]:.0f}" for p in parts)


def press(page: Page, selector: str, touch: bool) -> None:
    if touch:
        page.locator(selector).first.tap()
    else:
        page.locator(selector).first.click()


def on_screen(page: Page, selector: str) -> bool:
    """Whether the element lies wholly inside the viewport as it is scrolled now."""
    inside: bool = page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
                         && r.right <= innerWidth + 0.5; }""",
        selector,
    )
    return inside


def place_a_card(page: Page, rng: random.Random, touch: bool) -> None:
    """Choose a playable card and a green square, pointing at every green square first, and
    place it; the board must not move at any step."""
    page.wait_for_selector('#game[data-previews="ready"]')
    board = box_of(page, "#board")
    page.evaluate(MARK_ELEMENTS)
    if touch:  # the hand is within reach of the board, without scrolling past it
        page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_timeout(100)
        assert on_screen(page, ".hand-card.playable"), "the hand is below the screen"
    cards = page.locator(".hand-card.playable")
    pick = rng.randrange(cards.count())
    chosen = cards.nth(pick).get_attribute("data-index")
    press(page, f'.hand-card[data-index="{chosen}"]', touch)
    expect(page.locator(".square.legal").first).to_be_attached()
    assert box_of(page, "#board") == board, f"choosing a card moved the board: {above(page)}"
    squares = [s.get_attribute("data-square") or "" for s in page.locator(".square.legal").all()]
    assert squares
    if not touch:  # point at every green square: its preview must not move the board
        for name in squares:
            x, y = centre(page, f'#board [data-square="{name}"]')
            page.mouse.move(x, y)
            page.wait_for_timeout(60)
            assert box_of(page, "#board") == board, f"pointing at {name} moved it: {above(page)}"
            assert square_under(page, x, y) == name, f"the pointer left {name} by itself"
    target = rng.choice(squares)
    x, y = centre(page, f'#board [data-square="{target}"]')
    press(page, f'#board [data-square="{target}"]', touch)
    page.wait_for_selector('[data-action="place"]')
    page.wait_for_selector("#preview")
    page.wait_for_timeout(60)
    assert box_of(page, "#board") == board, f"choosing {target} moved the board: {above(page)}"
    if not touch:
        assert square_under(page, x, y) == target
    else:
        assert on_screen(page, '[data-action="place"]'), "'Place here' is off the screen"
    assert page.evaluate(REPLACED) == [], "a redraw replaced the board's squares or the hand"
    before = version(page)
    press(page, '[data-action="place"]', touch)
    wait_version_after(page, before)
    assert box_of(page, "#board") == board, f"placing the card moved the board: {above(page)}"


@pytest.mark.parametrize(
    "size",
    # the laptop and the phone by default; the tablet between them with `-m slow`
    [pytest.param(size, marks=pytest.mark.slow) if size == "1024x768" else size for size in SIZES],
)
def test_cards_are_placed_by_clicks_and_the_board_stays_put(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str], size: str
) -> None:
    viewport = SIZES[size]
    touch = viewport is PHONE
    page = new_page(browser, page_errors, viewport=viewport, touch=touch)
    page.goto(server.url)
    page.wait_for_selector("#game-select")
    page.select_option("#game-select", "lords-of-war")  # the first game is BattleLore (issue 11)
    page.wait_for_selector("#new-game[data-game='lords-of-war']")
    assert_no_sideways_scroll(page, f"the lobby at {size}")
    page.select_option("#level-1", "random")
    press(page, "#start", touch)
    page.wait_for_selector("#game[data-seat='1']")
    assert_no_sideways_scroll(page, f"the game at {size}")
    rng = random.Random(size)
    placed = 0
    while placed < 3:
        if wait_decision(page) == "over":
            break
        phase = page.get_attribute("#prompt", "data-phase")
        if phase in ("challenge", "deploy"):
            place_a_card(page, rng, touch)
            placed += 1
        else:
            decide(page, rng)
        assert_no_sideways_scroll(page, f"the game at {size}")
    assert placed >= 2
    page.screenshot(path=str(shots / f"layout-{size}.png"))
    page.context.close()
