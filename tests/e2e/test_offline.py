"""Issue 10.4: while the server is down the page shows one lasting offline banner (no pile of
messages, no raw "Failed to fetch") and its actions are off; when the server is back on the
same port and database, the banner goes, the actions come back and a move goes through."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.e2e.clicks import version, wait_decision, wait_version_after
from tests.e2e.conftest import new_page
from tests.e2e.pages import WIDE, create_game, open_game
from tests.server.process import ServerProcess

MESSAGES = "() => [...document.querySelectorAll('.toast')].map((t) => t.innerText)"


def actions_off(page: Page) -> bool:
    off: bool = page.evaluate(
        "() => [...document.querySelectorAll('#actions .action-button')].every((b) => b.disabled)"
    )
    return off


def test_an_offline_banner_while_the_server_is_down(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    game = create_game(
        server,
        game="dice-cards",
        options={"seats": 2, "target": 30, "rounds": 8},
        opponents=[{"kind": "ai", "level": "random"}],
    )
    page = new_page(browser, page_errors, viewport=WIDE)
    open_game(page, server, game)
    assert wait_decision(page) == "mine"
    expect(page.locator("#actions .action-button").first).to_be_enabled()
    expect(page.locator("#offline")).to_be_hidden()

    server.stop()
    banner = page.locator("#offline")
    expect(banner).to_be_visible(timeout=15_000)
    expect(page.locator("#actions .action-button").first).to_be_disabled()
    assert actions_off(page)
    page.locator("#actions .action-button").first.click(force=True)  # a click does nothing
    page.wait_for_timeout(4000)  # several reconnection attempts fail meanwhile
    expect(page.locator(".offline-banner")).to_have_count(1)
    expect(banner).to_be_visible()
    messages = page.evaluate(MESSAGES)
    assert not [m for m in messages if "fetch" in m.lower() or "connection" in m.lower()], messages
    assert len(messages) <= 1, messages
    assert "Failed to fetch" not in page.inner_text("body")
    page.screenshot(path=str(shots / "offline.png"))

    server.start()
    expect(banner).to_be_hidden(timeout=20_000)
    expect(page.locator("#actions .action-button").first).to_be_enabled()
    before = version(page)
    page.locator("#actions .action-button").first.click()
    wait_version_after(page, before)
    # the browser logged the requests that failed while the server was down: those are expected
    page_errors[:] = [e for e in page_errors if "ERR_CONNECTION_REFUSED" not in e]
    page.context.close()


def test_the_lobby_says_so_too(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    page.wait_for_selector("#new-game")
    server.stop()
    page.click("#start")
    expect(page.locator("#offline")).to_be_visible(timeout=15_000)
    expect(page.locator("#start")).to_be_disabled()
    assert "Failed to fetch" not in page.inner_text("body")
    server.start()
    expect(page.locator("#offline")).to_be_hidden(timeout=20_000)
    expect(page.locator("#start")).to_be_enabled()
    page_errors[:] = [e for e in page_errors if "ERR_CONNECTION_REFUSED" not in e]
    page.context.close()


def test_a_page_whose_socket_is_replaced_keeps_up_by_polling(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """A seat may hold 4 sockets (docs/server.md): a fifth tab closes the oldest one's with
    4409; that page says the game is open in another tab and keeps up by polling."""
    game = create_game(
        server,
        game="dice-cards",
        options={"seats": 1, "target": 60, "rounds": 20},
        opponents=[],
    )
    pages = [new_page(browser, page_errors, viewport=WIDE) for _ in range(5)]
    first = pages[0]
    open_game(first, server, game)
    assert wait_decision(first) == "mine"
    for page in pages[1:]:
        open_game(page, server, game)
        wait_decision(page)
    expect(first.locator(".toast")).to_contain_text("open in another tab")
    last = pages[-1]
    for _ in range(2):  # moves made elsewhere reach the first page by polling
        before = version(last)
        last.locator("#actions .action-button").first.click()
        wait_version_after(last, before)
        expect(first.locator("#game")).to_have_attribute(
            "data-version", str(version(last)), timeout=15_000
        )
    expect(first.locator("#offline")).to_be_hidden()
    expect(first.locator("#actions .action-button").first).to_be_enabled()
    for page in pages:
        page.context.close()
