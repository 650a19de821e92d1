"""Issue 21 leftovers of point 6, BattleLore on a 390x844 phone by touch, in English and Czech:
an odds badge on a target (BL-4.4's odds, shown when an attacker is chosen) never covers the
unit's icons, and the result box at the end (BL-16) never covers the log. Screenshots:
test-output/battlelore-issue21-h7-*.png, looked at by the person who wrote the fix."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import new_page
from tests.e2e.pages import PHONE
from tests.e2e.test_battlelore_phone import SHOTS, mount
from tests.e2e.test_battlelore_web import fixture, web

__all__ = ["web"]  # the fixture: the web client's files on a throwaway static server

LEGAL = ["battle F4 F6", "battle H3 G6", "battle H3 H7", "done"]
EVENTS = [
    {"kind": "melee", "player": 1, "attacker": "F4", "target": "F6", "dice": 3},
    {"kind": "rolled", "player": 1, "faces": ["G", "B", "S"]},
    {"kind": "missed", "player": 1, "attacker": "F4", "target": "F6"},
]
LOG = [{"index": i, "seat": 1, "events": EVENTS} for i in range(12)]


def boxes(page: Page, selector: str) -> list[dict[str, Any]]:
    """The boxes on screen of `selector`'s elements (x, y, w, h) and the hex each stands on."""
    found: list[dict[str, Any]] = page.evaluate(
        """s => [...document.querySelectorAll(s)].map((e) => {
             const r = e.getBoundingClientRect();
             return { x: r.x, y: r.y, w: r.width, h: r.height, hex: e.closest("[data-hex]")
               ? e.closest("[data-hex]").dataset.hex : null }; })""",
        selector,
    )
    return found


def overlap(a: dict[str, Any], b: dict[str, Any]) -> float:
    """The area two boxes share, in px²."""
    width = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    height = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return float(max(0.0, width) * max(0.0, height))


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_issue21_6_bl_4_4_an_odds_badge_never_covers_a_units_icons_on_a_phone(
    web: str, browser: Browser, page_errors: list[str], lang: str
) -> None:
    page = new_page(browser, page_errors, viewport=PHONE, touch=True, lang=lang)
    odds = fixture("analysis", "analysis-battle")["battles"]
    mount(page, web, "a01-south-battle", LEGAL, 1, lang, odds=odds)
    page.tap('#board .hex[data-hex="H3"]')  # an attacker with two targets: their odds show
    badges = boxes(page, "#board .layer-badges .badge")
    assert len(badges) >= 2
    # a unit's icons: its weapon, its pennant toward the enemy, its figures, its Lore count
    icons = (".weapon", ".pennant", ".figure", ".lore-badge")
    units = boxes(page, ", ".join(f"#board .layer-units .unit {icon}" for icon in icons))
    # no icon of its own target under a badge; of a unit in the row above, at most the edge
    # of one figure's dot (a quarter of it)
    targets = {"G7", "H8"}  # H3's targets in the fixture
    covered = [(b, u) for b in badges for u in units if u["hex"] in targets and overlap(b, u) > 0.5]
    dot = max((u["w"] * u["h"] for u in boxes(page, "#board .unit .figure")), default=0.0)
    edges = [(b, u) for b in badges for u in units if overlap(b, u) > dot / 4]
    page.screenshot(path=str(SHOTS / f"battlelore-issue21-h7-odds-badges-{lang}.png"))
    assert not covered, covered[:3]
    assert not edges, edges[:3]
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_issue21_6_bl_16_the_result_box_never_covers_the_log_on_a_phone(
    web: str, browser: Browser, page_errors: list[str], lang: str
) -> None:
    page = new_page(browser, page_errors, viewport=PHONE, touch=True, lang=lang)
    mount(page, web, "a01-south-battle", LEGAL, 1, lang, log=LOG)
    outcome: dict[str, Any] = {
        "result": "win", "winners": [1], "reason": "banners", "rule": "BL-16.1",
        "params": {"banners": 4, "needed": 4}, "returns": {"1": 1, "2": -1},
    }  # fmt: skip
    page.evaluate(
        """o => { const st = window.session.st; st.game.status = "over"; st.game.outcome = o;
                  st.game.to_move = null; st.legal = null; window.screenApi.render(); }""",
        outcome,
    )
    page.wait_for_selector("#result")
    height = page.evaluate("() => document.documentElement.scrollHeight")
    for top in range(0, height, 200):  # wherever the page is scrolled
        page.evaluate(f"() => window.scrollTo(0, {top})")
        result = page.locator("#result").bounding_box()
        log = page.locator(".log-box").bounding_box()
        assert result is not None and log is not None
        shared = overlap(
            {"x": result["x"], "y": result["y"], "w": result["width"], "h": result["height"]},
            {"x": log["x"], "y": log["y"], "w": log["width"], "h": log["height"]},
        )
        assert shared == 0, f"the result covers the log at scroll {top}: {result}, {log}"
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"battlelore-issue21-h7-result-{lang}.png"), full_page=True)
    page.context.close()
