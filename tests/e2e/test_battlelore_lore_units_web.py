"""The browser asks the new decision of issue 23: Forced March's units chosen one at a time
(BL-13.4, `lore/several.py`). The units chosen so far are named in the prompt and marked on
the board, the legal next units are highlighted and a click adds one, `done` plays the card;
in English and in Czech."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.e2e.pages import WIDE
from tests.e2e.test_battlelore_web import mount, web  # noqa: F401  (the fixture)

CHOOSING = {"player": 2, "card": "WR05", "hexes": ["F7"]}
# the view of the fixture at the decision (North's MOV_OWN window, F7's Forced March begun)
CHANGES: dict[str, Any] = {
    "to_act": 2,
    "decision": "lore-units",
    "window": "MOV_OWN",
    "choosing": CHOOSING,
}
LEGAL = ["add D7", "add E6", "add G7", "done"]


def test_bl_13_4_the_units_chosen_show_and_a_click_adds_the_next(
    web: str,  # noqa: F811
    browser: Browser,
    page_errors: list[str],
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    mount(page, web, "a02-north-react", LEGAL, 2, **CHANGES)
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Forced March for")
    expect(prompt).to_contain_text("F7")
    expect(page.locator("#board .hl.dest")).to_have_count(3)  # the units that may be added
    expect(page.locator('[data-action="done"]')).to_have_text("Done: play the card")
    page.click('#board .hex[data-hex="E6"]')
    assert page.evaluate("window.played") == ["add E6"]
    page.context.close()


def test_bl_13_4_the_choice_in_czech_and_done(
    web: str,  # noqa: F811
    browser: Browser,
    page_errors: list[str],
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE, lang="cs")
    mount(page, web, "a02-north-react", LEGAL, 2, "cs", **CHANGES)
    expect(page.locator("#prompt")).to_contain_text("klikněte na další svou jednotku")
    expect(page.locator('[data-action="done"]')).to_have_text("Hotovo: zahrát kartu")
    page.click('[data-action="done"]')
    assert page.evaluate("window.played") == ["done"]
    page.context.close()
