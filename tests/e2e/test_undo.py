"""Issue 21 point 11 in the browser: the header's Undo button ("Undo", in Czech "Zpět") takes back
the seat's own last decision, is enabled only when that is possible (not after the dice or the
deal), and works by click on a laptop and by touch on a phone. Played on the test game Dice and
Cards (the generic board: no game of its own knows about undo)."""

from __future__ import annotations

from pathlib import Path

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.e2e.clicks import version, wait_decision, wait_version_after
from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE, WIDE, assert_no_sideways_scroll, create_game, open_game
from tests.e2e.test_battlelore_web import click
from tests.e2e.test_generic_board import new_dice_game
from tests.server.process import ServerProcess


def wait_version(page: Page, wanted: int) -> None:
    expect(page.locator("#game")).to_have_attribute("data-version", str(wanted))


def take_back_a_card(page: Page, label: str, tap: bool, why: tuple[str, ...]) -> None:
    """Play a card, then Undo: the game is back where it was, the card playable again; then
    roll (chance): Undo is disabled and says why (one of `why`: the roll, or the AI's turn or
    the end of the game after a bust)."""
    assert wait_decision(page) == "mine"
    button = page.locator("#undo")
    expect(button).to_be_visible()
    expect(button).to_contain_text(label)
    expect(button).to_be_disabled()  # the last step was the deal (chance)
    start = version(page)
    card = page.locator('#actions .action-button[data-action^="play "]').first
    action = card.get_attribute("data-action")
    card.tap() if tap else card.click()
    wait_version_after(page, start)
    expect(button).to_be_enabled()
    button.tap() if tap else button.click()
    wait_version(page, start)
    expect(page.locator(f'#actions .action-button[data-action="{action}"]')).to_have_count(1)
    expect(button).to_be_disabled()
    roll = page.locator('#actions .action-button[data-action="roll"]')
    roll.tap() if tap else roll.click()
    wait_version_after(page, start)
    expect(button).to_be_disabled()
    assert button.get_attribute("title") in why


def test_issue21_11_undo_button_on_a_laptop(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    new_dice_game(page, seats=2, target=30, rounds=8)
    why = (
        "Dice were rolled or a card was drawn since: that cannot be taken back.",
        "The last decision was not yours.",
        "The game is over.",
    )
    take_back_a_card(page, "Undo", tap=False, why=why)
    page.screenshot(path=str(shots / "undo-laptop.png"))


def test_issue21_11_undo_button_on_a_phone_in_czech_by_touch(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    page = new_page(browser, page_errors, lang="cs", viewport=PHONE, touch=True)
    page.goto(server.url)
    page.wait_for_selector("#new-game")
    page.click(".lang-button[data-lang='cs']")
    new_dice_game(page, seats=2, target=30, rounds=8)
    for part in ("#undo", ".lang"):  # the header keeps everything on screen, uncut
        box = page.locator(part).bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"], part
        cut = page.locator(part).evaluate("(e) => e.scrollWidth > e.clientWidth")
        assert not cut, part
    why = (
        "Od té doby padly kostky nebo se táhla karta: to už zpět vzít nelze.",
        "Poslední rozhodnutí nebylo vaše.",
        "Hra skončila.",
    )
    take_back_a_card(page, "Zpět", tap=True, why=why)
    page.screenshot(path=str(shots / "undo-phone-cs.png"))


def friend_table(page: Page, undo: bool) -> None:
    """A Dice and Cards game against a friend from the lobby, undo ticked or not."""
    page.goto(page.url.split("#")[0] + "#/")
    page.wait_for_selector("#new-game")
    page.select_option("#game-select", "dice-cards")
    page.wait_for_selector("#new-game[data-game='dice-cards']")
    expect(page.locator('input[name="seat"]')).to_have_count(3)
    page.check('input[name="opponent-1"][value="friend"]')
    expect(page.locator("#undo-option")).not_to_be_checked()  # off among friends by default
    if undo:
        page.check("#undo-option")
    page.click("#start")
    page.wait_for_selector("#game[data-seat='1']")


def test_issue21_11_friends_get_the_undo_button_only_if_they_chose_it(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """The lobby's undo option: a friend table without it has no Undo button; with it, the
    button is there (disabled until there is a decision of one's own to take back)."""
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(server.url)
    friend_table(page, undo=False)
    page.wait_for_selector("#game[data-version]")
    expect(page.locator("#undo")).to_have_count(0)
    friend_table(page, undo=True)
    expect(page.locator("#undo")).to_be_visible()
    expect(page.locator("#undo")).to_be_disabled()


def test_issue21_11_battlelore_takes_back_an_order_and_a_card_before_the_dice(
    server: ServerProcess, browser: Browser, shots: Path, page_errors: list[str]
) -> None:
    """BattleLore against the AI: a turn is a chain of decisions before any die (BL rules: play
    a Command card, order units, move them). The first decisions of the turn are taken back
    one by one with the Undo button, each time the position and the legal actions as before;
    the board module starts afresh after each."""
    page = new_page(browser, page_errors, viewport=WIDE)
    game = create_game(
        server, game="battlelore", options={"adventure": "A01"}, opponents=[{"kind": "ai"}]
    )
    open_game(page, server, game)
    game_id, headers = game["game"]["id"], {"Authorization": f"Bearer {game['token']}"}
    with httpx.Client(base_url=server.url, timeout=30, headers=headers) as http:
        assert wait_decision(page) == "mine"
        seen: list[tuple[int, list[str]]] = []
        for _ in range(2):  # a card, then an order (no die yet)
            data = http.get(f"/api/games/{game_id}").json()
            version, legal = int(data["game"]["version"]), list(data["legal_actions"])
            expect(page.locator("#game")).to_have_attribute("data-version", str(version))
            action = next(a for a in legal if a.split()[0] in ("play", "order"))
            seen.append((version, legal))
            click(page, action)
            wait_version_after(page, version)
        page.set_viewport_size(PHONE)  # the board on a phone: the button in the header
        expect(page.locator("#undo")).to_be_in_viewport()
        assert_no_sideways_scroll(page, "BattleLore with the Undo button")
        page.screenshot(path=str(shots / "undo-battlelore-phone.png"))
        page.set_viewport_size(WIDE)
        for version, legal in reversed(seen):
            expect(page.locator("#undo")).to_be_enabled()
            page.click("#undo")
            expect(page.locator("#game")).to_have_attribute("data-version", str(version))
            assert http.get(f"/api/games/{game_id}").json()["legal_actions"] == legal
        expect(page.locator("#undo")).to_be_disabled()  # the deal before the first card
