"""A game whose actions are checked, not listed (the test game Long Jump, tests/games/long_jump) in
the browser: the generic board offers a text field instead of buttons; a foul is refused with
the rule's reason and nothing changes; the game is played to the end against the AI (greedy, the
strongest level that can play a game without listed actions)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

from tests.e2e.clicks import version, wait_decision, wait_version_after
from tests.e2e.conftest import new_page
from tests.e2e.pages import WIDE
from tests.server.process import ServerProcess


def test_jumps_are_typed_and_a_foul_is_refused(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    page.wait_for_selector("#new-game")
    page.select_option("#game-select", "long-jump")
    page.wait_for_selector("#new-game[data-game='long-jump']")
    page.fill("#opt-track", "5")
    page.dispatch_event("#opt-track", "change")
    levels = [o.get_attribute("value") for o in page.locator("#level-1 option").all()]
    assert levels == ["random", "easy", "greedy"]  # the searches cannot play it
    page.check('input[name="seat"][value="1"]')
    page.click("#start")
    page.wait_for_selector("#game[data-seat='1']")

    assert wait_decision(page) == "mine"
    expect(page.locator("#actions .action-button")).to_have_count(0)
    field = page.locator("#action-text")
    expect(field).to_be_visible()
    before = version(page)
    field.fill("jump 0.20")  # LJ-3: within half a metre of the other jumper, still at 0
    page.click('[data-action="play-text"]')
    expect(page.locator(".toast.error")).to_contain_text("within 0.50 of the other jumper")
    assert version(page) == before
    page.screenshot(path=str(shots / "parametric-foul.png"))
    # the browser logs the refused request (409) as a console error: that one is expected
    page_errors[:] = [e for e in page_errors if "409 (Conflict)" not in e]

    jumps = 0
    while wait_decision(page) == "mine":
        before = version(page)
        page.fill("#action-text", "jump 1.50")
        page.click('[data-action="play-text"]')
        wait_version_after(page, before)
        jumps += 1
        assert jumps < 20
    expect(page.locator("#prompt")).to_contain_text("You")
    page.screenshot(path=str(shots / "parametric-over.png"))
