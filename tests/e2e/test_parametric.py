"""A game whose actions are checked, not listed (the test game Long Jump, tests/games/long_jump) in
the browser: the generic board offers a text field instead of buttons; a foul is refused with
the rule's reason and nothing changes; the game is played to the end against the AI (greedy,
chosen among all the levels: the searches play it too, by progressive widening, issue 22). While
the player types, the field previews the action over the game's socket (issue 22): a foul is
shown before it is played, in English and in Czech, with its rule in a tooltip."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

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
    # every level plays it (issue 22); greedy's longest jumps keep this game short
    assert levels == ["random", "easy", "medium", "greedy", "hard", "mcts", "ismcts"]
    page.select_option("#level-1", "greedy")
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


def start_long_jump(page: Page, server: ServerProcess) -> None:
    page.goto(server.url)
    page.wait_for_selector("#new-game")
    page.select_option("#game-select", "long-jump")
    page.wait_for_selector("#new-game[data-game='long-jump']")
    page.check('input[name="seat"][value="1"]')
    page.click("#start")
    page.wait_for_selector("#game[data-seat='1']")
    assert wait_decision(page) == "mine"


def test_a_foul_jump_is_previewed_as_it_is_typed_lj_3(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    rest: list[str] = []
    page.on("request", lambda r: rest.append(r.url) if "/preview" in r.url else None)
    start_long_jump(page, server)
    before = version(page)
    verdict = page.locator("#action-preview")
    page.locator("#action-text").press_sequentially("jump 0.20", delay=40)  # typed, not pasted
    expect(verdict).to_have_attribute("data-state", "illegal")
    expect(verdict).to_contain_text(
        "Not allowed: landing at 0.20 is within 0.50 of the other jumper (at 0.00)"
    )
    expect(verdict).to_have_attribute("title", "rule LJ-3")
    expect(verdict.locator("dd[data-key='distance_to_other']")).to_have_text("0.2")
    page.screenshot(path=str(shots / "parametric-preview-foul.png"))
    assert version(page) == before  # nothing was played, nothing refused
    expect(page.locator(".toast.error")).to_have_count(0)

    page.fill("#action-text", "")
    page.locator("#action-text").press_sequentially("jump 1.5", delay=40)
    expect(verdict).to_have_attribute("data-state", "legal")
    expect(verdict).to_contain_text("Legal: you may play it")
    expect(verdict.locator("dd[data-key='landing']")).to_have_text("1.5")
    page.fill("#action-text", "hop")
    page.dispatch_event("#action-text", "input")
    expect(verdict).to_have_attribute("data-state", "error")
    expect(verdict).to_contain_text("Cannot be played: cannot read")
    assert rest == []  # the previews went over the game's socket

    page.fill("#action-text", "jump 1.50")
    page.click('[data-action="play-text"]')
    wait_version_after(page, before)
    assert page.locator("#action-text").count() == 0 or page.input_value("#action-text") == ""


def test_the_preview_speaks_czech(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, lang="cs", viewport=WIDE)
    start_long_jump(page, server)
    verdict = page.locator("#action-preview")
    page.locator("#action-text").press_sequentially("jump 0.3", delay=40)
    expect(verdict).to_have_attribute("data-state", "illegal")
    expect(verdict).to_contain_text("Nepovolený tah: landing at 0.30 is within 0.50")
    expect(verdict).to_have_attribute("title", "pravidlo LJ-3")
    page.fill("#action-text", "jump 1.2")
    page.dispatch_event("#action-text", "input")
    expect(verdict).to_contain_text("Povoleno: tento tah můžete zahrát")
    page.screenshot(path=str(shots / "parametric-preview-cs.png"))
