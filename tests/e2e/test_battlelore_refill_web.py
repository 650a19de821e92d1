"""Issue 21.1 in the browser: each Lore refill button (BL-15.2) says what its option does, in
English and Czech, from the engine's one table (`lore.REFILL_CHOICES`, sent in the server
adapter's catalogue), a click sends that option, and the log line of the engine's own `refill`
event says the same as the button."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from bitva.games.battlelore.lore.economy import REFILL_CHOICES
from tests.battlelore.test_refill_words import at_refill
from tests.e2e.conftest import new_page
from tests.e2e.pages import WIDE
from tests.e2e.test_battlelore_lore_events_web import DESCRIBE
from tests.e2e.test_battlelore_web import catalogue, mount, web  # noqa: F401  (the fixture)

LABELS = {
    "en": {"a": "Draw 2 Lore cards, keep 1", "b": "1 Lore card and 1 token", "c": "2 Lore tokens"},
    "cs": {
        "a": "Líznout 2 karty Lore, 1 si nechat",
        "b": "1 kartu Lore a 1 žeton",
        "c": "2 žetony Lore",
    },
}


def refill_event(option: str) -> dict[str, Any]:
    """The engine's own `refill` event for the option, as a seat sees it."""
    state = at_refill()
    events = state.apply(f"refill {option}")
    return next(e.for_seat(2) for e in events if e.kind == "refill")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_bl_15_2_each_refill_button_sends_the_option_its_words_name(
    web: str,  # noqa: F811
    browser: Browser,
    page_errors: list[str],
    lang: str,
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    legal = ["refill a", "refill b", "refill c"]
    mount(page, web, "a02-north-react", legal, 2, lang, decision="refill", to_act=2, window=None)
    for option in "abc":
        button = page.locator(f'[data-action="refill {option}"]')
        expect(button).to_have_text(LABELS[lang][option])
        choice = REFILL_CHOICES[option]  # type: ignore[index]
        assert LABELS[lang][option] == (choice.label_cs if lang == "cs" else choice.label)
        button.click()
        assert page.evaluate("window.played")[-1] == f"refill {option}"
    page.context.close()


def test_bl_15_2_the_refill_log_line_agrees_with_the_button(
    web: str,  # noqa: F811
    browser: Browser,
    page_errors: list[str],
) -> None:
    page = new_page(browser, page_errors, viewport=WIDE)
    page.goto(f"{web}/harness")
    events = [refill_event(option) for option in "abc"]
    said = page.evaluate(DESCRIBE, [events, catalogue()])
    lines: dict[tuple[str, int], list[str]] = {(r["lang"], r["seat"]): [] for r in said}
    for r in said:
        lines[(r["lang"], r["seat"])].append(r["text"])
    low = {lang: [w[0].lower() + w[1:] for w in LABELS[lang].values()] for lang in LABELS}
    # the engine's refill scene is South's (seat 1): Bob is North
    assert lines[("en", 2)] == [f"Ann refills: {w}." for w in low["en"]]
    assert lines[("en", 1)] == [f"You refill: {w}." for w in low["en"]]
    assert lines[("cs", 1)] == [f"Doplňujete: {w}." for w in low["cs"]]
    page.context.close()
