"""A person plays a whole game of Lords of War against the AI in the browser, by clicks, in
English and then in Czech, and watches its replay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.clicks import decide, wait_decision
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE
from tests.server.process import ServerProcess


def phone_shot(page: Page, path: Path) -> None:
    """The page as a phone shows it (the whole page), then back to the wide window."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(WIDE)
    page.wait_for_timeout(300)


@pytest.mark.slow  # some 30 s; the layout tests place cards by clicks in the default suite
def test_a_whole_game_against_the_ai_by_clicks(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    expect(page.locator("#new-game")).to_be_visible()
    expect(page.locator("h2").first).to_have_text("New game")
    page.select_option("#game-select", "lords-of-war")  # the first game is BattleLore (issue 11)
    expect(page.locator("#game-select")).to_have_value("lords-of-war")
    page.screenshot(path=str(shots / "lobby.png"))
    phone_shot(page, shots / "lobby-phone.png")
    # a short game: 4 units or 2 command units win; the random AI
    page.select_option("#mine", "orcs")
    page.select_option("#theirs", "dwarves")
    page.check('input[name="opponent-1"][value="ai"]')
    page.select_option("#level-1", "random")
    page.fill("#units", "4")
    page.fill("#commands", "2")
    page.fill("#name", "Ann")
    page.click("#start")
    page.wait_for_selector("#game[data-seat='1']")
    expect(page.locator(".hand-card")).to_have_count(6)
    expect(page.locator("#turn-line")).to_contain_text("Turn 0")

    rng = random.Random(7)
    decisions = 0
    czech = False
    previewed = False
    while wait_decision(page) == "mine":
        placing = page.get_attribute("#prompt", "data-phase") in ("challenge", "deploy")
        shot = None
        if placing and decisions >= 3 and not previewed:  # a placement, with its preview shown
            shot, previewed = str(shots / "ai-game-preview.png"), True
        decide(page, rng, preview_shot=shot)
        decisions += 1
        if decisions == 2 and not czech:  # switch to Czech mid-game: the page follows at once
            page.screenshot(path=str(shots / "ai-game-english.png"))
            phone_shot(page, shots / "ai-game-english-phone.png")
            page.click('[data-lang="cs"]')
            czech = True
            expect(page.locator(".hand-title")).to_have_text("Vaše ruka")
            expect(page.locator("#turn-line")).to_contain_text("Tah")
            page.screenshot(path=str(shots / "ai-game-czech.png"))
        assert decisions < 400, "the game does not end"
    assert decisions >= 3 and previewed
    result = page.locator("#result")
    expect(result).to_be_visible()
    said = result.inner_text()
    assert said in ("Vyhráli jste!", "Prohráli jste.", "Remíza.")
    expect(page.locator("#log")).to_contain_text("Konec hry")
    page.screenshot(path=str(shots / "ai-game-over.png"))
    phone_shot(page, shots / "ai-game-over-phone.png")

    # the language choice is remembered; the replay viewer steps through the game
    page.click('[data-action="replay"]')
    page.wait_for_selector("#replay-controls")
    expect(page.locator(".replay-title")).to_contain_text("Krok 0 z")
    page.click('[data-action="next"]')
    expect(page.locator(".replay-title")).to_contain_text("Krok 1 z")
    expect(page.locator("#replay-step")).to_contain_text("Umístili jste")
    page.click('[data-action="last"]')
    expect(page.locator("#replay-step .result")).to_have_text(said)
    page.click('[data-lang="en"]')
    english = {"Vyhráli jste!": "You win!", "Prohráli jste.": "You lose.", "Remíza.": "A draw."}
    expect(page.locator("#replay-step .result")).to_have_text(english[said])
    page.screenshot(path=str(shots / "replay.png"))
    phone_shot(page, shots / "replay-phone.png")

    # back in the lobby the game is listed under "Your games"
    page.click("#nav-lobby")
    expect(page.locator("#my-games .game-row")).to_have_count(1)
    expect(page.locator("#my-games")).to_contain_text("finished")
    page.context.close()
