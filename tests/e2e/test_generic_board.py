"""The test game Dice and Cards (tests/games/dice_cards) in the browser: it has no web module, so
the lobby builds its form from the options' JSON Schema and the generic board plays it (the view
as tables, the legal actions as buttons). Played to the end by clicks: three seats against two AI
seats in English, and a solo game in Czech with its replay."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.clicks import version, wait_decision, wait_version_after
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE
from tests.server.process import ServerProcess


def new_dice_game(page: Page, seats: int, target: int, rounds: int) -> None:
    page.wait_for_selector("#new-game")
    page.select_option("#game-select", "dice-cards")
    page.wait_for_selector("#new-game[data-game='dice-cards']")
    for name, value in (("seats", seats), ("target", target), ("rounds", rounds)):
        page.fill(f"#opt-{name}", str(value))
        page.dispatch_event(f"#opt-{name}", "change")
    if seats == 1:
        expect(page.locator("#solo")).to_be_visible()
        expect(page.locator('input[name="seat"]')).to_have_count(0)
    else:  # the server said how many seats these options make
        expect(page.locator('input[name="seat"]')).to_have_count(seats + 1)
        expect(page.locator(f"#level-{seats - 1}")).to_be_visible()
        for k in range(1, seats):
            page.check(f'input[name="opponent-{k}"][value="ai"]')
            page.select_option(f"#level-{k}", "random")
        page.check('input[name="seat"][value="1"]')
    page.click("#start")
    page.wait_for_selector("#game[data-seat='1']")


def play_by_clicks(page: Page, rng: random.Random, shot: Path | None = None) -> int:
    """Click one of the seat's action buttons at each of its decisions, to the end."""
    decisions = 0
    while wait_decision(page) == "mine":
        before = version(page)
        buttons = page.locator("#actions .action-button")
        assert buttons.count() > 0, "a decision without actions"
        names = [b.get_attribute("data-action") or "" for b in buttons.all()]
        assert "roll" in names  # DC-2: rolling is always allowed
        buttons.nth(rng.randrange(buttons.count())).click()
        wait_version_after(page, before)
        decisions += 1
        if shot is not None and decisions == 3:
            page.screenshot(path=str(shot))
        assert decisions < 300, "the game does not end"
    return decisions


def own_hand_only(page: Page) -> None:
    """The players' table shows a hand in this seat's row only (DC-1: hands are secret)."""
    rows = page.locator("#view tr[data-seat]")
    assert rows.count() >= 2
    for row in rows.all():
        hand = row.locator('td[data-key="hand"]')
        if row.get_attribute("data-seat") != "1":
            assert hand.count() == 0 or hand.inner_text().strip() == ""


def test_three_seats_against_the_ai_on_the_generic_board(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    new_dice_game(page, seats=3, target=12, rounds=3)
    expect(page.locator("#seats .seat-chip")).to_have_count(3)
    expect(page.locator("#view")).to_contain_text("turn total")
    own_hand_only(page)
    page.screenshot(path=str(shots / "generic-start.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "generic-start-phone.png"), full_page=True)
    page.set_viewport_size(WIDE)
    wait_decision(page)
    if page.get_attribute("#prompt", "data-mode") == "mine":  # the game's analysis, on request
        page.click('[data-analysis="odds"]')
        expect(page.locator('.analysis-result[data-analysis="odds"]')).to_contain_text("bust")
    play_by_clicks(page, random.Random(5), shots / "generic-mid.png")
    result = page.locator("#result")
    expect(result).to_be_visible()
    said = result.inner_text()
    assert said in ("You win!", "You lose.", "A draw.") or said.startswith("You share the win")
    reason = page.locator("#result-reason")
    assert reason.get_attribute("title") == "rule DC-5"  # the rule, in a tooltip
    expect(reason).to_contain_text("rounds 3")  # the reason code's parameters, humanised
    expect(page.locator("#log")).to_contain_text("rolled")
    expect(page.locator("#log")).to_contain_text("Game over")
    own_hand_only(page)
    page.screenshot(path=str(shots / "generic-over.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "generic-over-phone.png"), full_page=True)
    page.context.close()


def test_a_solo_game_in_czech_and_its_replay(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, lang="cs", viewport=WIDE)
    page.goto(server.url)
    expect(page.locator("h2").first).to_have_text("Nová hra")
    new_dice_game(page, seats=1, target=10, rounds=3)
    expect(page.locator("#prompt")).to_contain_text("Jste na tahu")
    page.screenshot(path=str(shots / "generic-solo-czech.png"))
    play_by_clicks(page, random.Random(8))
    said = page.locator("#result").inner_text()
    assert said in ("Vyhráli jste!", "Prohráli jste.")
    expect(page.locator("#log")).to_contain_text("Konec hry")
    page.screenshot(path=str(shots / "generic-solo-over-czech.png"))
    page.click('[data-action="replay"]')
    page.wait_for_selector("#replay-controls")
    expect(page.locator(".replay-title")).to_contain_text("Krok 0 z")
    expect(page.locator("#replay-view")).to_be_visible()
    page.click('[data-action="next"]')
    expect(page.locator(".replay-title")).to_contain_text("Krok 1 z")
    page.click('[data-action="last"]')
    expect(page.locator("#replay-step .result")).to_have_text(said)
    page.screenshot(path=str(shots / "generic-replay-czech.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "generic-replay-czech-phone.png"), full_page=True)
    page.context.close()
