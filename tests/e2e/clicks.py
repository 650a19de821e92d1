"""Playing Lords of War in the browser by clicks, the way a person does: pick a card, a green
square, confirm; click a target or "Use arrows"; draw or click a unit to recall it."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from playwright.sync_api import Page

DECISION = '#prompt[data-mode="mine"], #game[data-status="over"]'


def version(page: Page) -> int:
    return int(page.get_attribute("#game", "data-version") or "-1")


def wait_decision(page: Page, timeout: float = 60.0) -> str:
    """Wait until this page's seat must decide, or the game is over: "mine" or "over"."""
    page.wait_for_selector(DECISION, timeout=timeout * 1000)
    if page.get_attribute("#game", "data-status") == "over":
        return "over"
    return "mine"


def wait_version_after(page: Page, before: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while version(page) <= before:
        if time.monotonic() > deadline:
            raise AssertionError(f"the game stayed at version {before}")
        page.wait_for_timeout(50)


def decide(page: Page, rng: random.Random, *, preview_shot: str | None = None) -> str:
    """Make this seat's current decision by clicks; returns the phase it was.

    A click can be lost: one that lands while the page is still taking in the new version, or
    while its socket reconnects on a loaded machine, does nothing (the fresh-clone run of
    d3d9225 stayed 30 s at one version). A person then clicks again, and so does this: the
    decision is clicked afresh while the page still shows the same version and asks the same."""
    phase = page.get_attribute("#prompt", "data-phase") or ""
    before = version(page)
    _click_decision(page, rng, phase, preview_shot)
    for _ in range(3):
        if _advanced(page, before, 8.0):
            return phase
        still_asked = (
            version(page) == before
            and page.get_attribute("#prompt", "data-mode") == "mine"
            and page.get_attribute("#prompt", "data-phase") == phase
        )
        if not still_asked:
            break
        if page.locator('[data-action="place"]').is_visible():
            page.click('[data-action="place"]')
            continue
        if page.locator('[data-action="cancel"]').is_visible():
            page.click('[data-action="cancel"]')
        _click_decision(page, rng, phase, None)
    wait_version_after(page, before)
    return phase


def _advanced(page: Page, before: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while version(page) <= before:
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)
    return True


def _click_decision(page: Page, rng: random.Random, phase: str, preview_shot: str | None) -> None:
    if phase in ("challenge", "deploy"):
        cards = page.locator(".hand-card.playable")
        assert cards.count() > 0, "a placement decision with no playable card"
        name = None
        # No wait for the previews: they arrive a moment after the decision and redraw the
        # screen, and a click must land whenever it comes (the board and the hand keep their
        # elements across redraws; issue 10.1)
        if preview_shot:  # for the picture, a placement that eliminates something, if any
            page.wait_for_selector('#game[data-previews="ready"]')
            for index in range(cards.count()):
                cards.nth(index).click()
                page.locator(".square.legal").first.wait_for()
                badges = page.locator("[data-badge-for]")
                if badges.count():
                    name = badges.first.get_attribute("data-badge-for")
                    break
        if name is None:
            cards.nth(rng.randrange(cards.count())).click()
            squares = page.locator(".square.legal")
            squares.first.wait_for()
            name = squares.nth(rng.randrange(squares.count())).get_attribute("data-square")
        page.click(f'[data-square="{name}"]')
        page.wait_for_selector('[data-action="place"]')
        page.wait_for_selector("#preview")
        if preview_shot:
            page.wait_for_function(
                "() => !document.querySelector('#preview').innerText.includes('…')"
            )
            page.hover(f'[data-square="{name}"]')
            page.screenshot(path=preview_shot)
        page.click('[data-action="place"]')
    elif phase == "shoot":
        targets = page.locator(".square.target")
        if page.locator('[data-action="arrows"]').count() and rng.random() < 0.3:
            page.click('[data-action="arrows"]')
        else:
            targets.nth(rng.randrange(targets.count())).click()
    elif phase == "berserk":
        berserkers = page.locator(".square.berserker")
        berserkers.nth(rng.randrange(berserkers.count())).click()
        destinations = page.locator(".square.dest")
        destinations.first.wait_for()
        destinations.nth(rng.randrange(destinations.count())).click()
    elif phase == "reinforce":
        recalls = page.locator(".square.recall")
        if recalls.count() and rng.random() < 0.25:
            recalls.nth(rng.randrange(recalls.count())).click()
            page.click('[data-action="recall"]')
        else:
            page.click('[data-action="draw"]')
    else:
        raise AssertionError(f"unexpected decision {phase!r}")


def pick_card(
    page: Page,
    card: str,
    button: str,
    press: Callable[[str], None] | None = None,
    timeout: float = 30.0,
) -> None:
    """Pick `card` in the hand until the prompt shows `button`: a click that lands while the page
    is still taking in the new version (its legal actions, the previous roll) is ignored, as for
    a person who then clicks again; a card already picked is not clicked (that unpicks it).
    `press` clicks or taps a selector (a click by default)."""
    selector = f'.hand-card.playable[data-card="{card}"]'
    hand = page.locator(selector)
    deadline = time.monotonic() + timeout
    while not page.locator(button).is_visible():
        if time.monotonic() > deadline:
            raise AssertionError(f"{card} never offered {button}")
        if hand.count() and "selected" not in (hand.first.get_attribute("class") or "").split():
            (press or page.click)(selector)
        page.wait_for_timeout(100)
