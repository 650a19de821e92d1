"""Shared steps of the browser tests: games made through the API and opened in a page with their
seat, and measurements of the page (its width, the board's place, what lies under a point)."""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Page

from tests.server.process import ServerProcess

WIDE = {"width": 1366, "height": 850}
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


def create_game(server: ServerProcess, **body: Any) -> dict[str, Any]:
    """A new game through the API (by default Lords of War against the random AI)."""
    request = {"game": "lords-of-war", "seat": 1, "opponents": [{"kind": "ai", "level": "random"}]}
    request.update(body)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        answer = http.post("/api/games", json=request)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def hold_seat(page: Page, server: ServerProcess, game: dict[str, Any]) -> None:
    """Give this page's browser the seat of `game` (as the lobby does after creating it)."""
    seats = {game["game"]["id"]: {"seat": game["seat"], "token": game["token"], "at": 1}}
    if page.url.startswith(server.url):
        page.evaluate("s => localStorage.setItem('bitva.seats', s)", json.dumps(seats))
    else:
        page.goto(f"{server.url}/static/favicon.svg")
        page.evaluate("s => localStorage.setItem('bitva.seats', s)", json.dumps(seats))


def open_game(page: Page, server: ServerProcess, game: dict[str, Any]) -> None:
    hold_seat(page, server, game)
    page.goto(f"{server.url}/#/game/{game['game']['id']}")
    page.wait_for_selector(f"#game[data-seat='{game['seat']}']")


def page_width(page: Page) -> tuple[int, int]:
    """(the document's width, the screen's width) in CSS pixels: the screen's as the test set
    it (a phone's browser may widen its layout viewport to a page that is too wide)."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    size = page.viewport_size
    assert size is not None
    return int(width), int(size["width"])


def assert_no_sideways_scroll(page: Page, where: str) -> None:
    width, viewport = page_width(page)
    assert width <= viewport, f"{where}: the page is {width} px wide on a {viewport} px screen"


def box_of(page: Page, selector: str) -> tuple[float, float, float, float]:
    """Where an element is on the page (not the viewport): x, y, width, height."""
    box = page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return [r.x + scrollX, r.y + scrollY, r.width, r.height]; }""",
        selector,
    )
    return (float(box[0]), float(box[1]), float(box[2]), float(box[3]))


def square_under(page: Page, x: float, y: float) -> str | None:
    """The board square under a viewport point, or None."""
    found = page.evaluate(
        """([x, y]) => { const el = document.elementFromPoint(x, y);
                         const sq = el && el.closest('[data-square]');
                         return sq ? sq.dataset.square : null; }""",
        [x, y],
    )
    return str(found) if found else None


def centre(page: Page, selector: str) -> tuple[float, float]:
    """The centre of an element in viewport coordinates (scrolled into view first)."""
    page.locator(selector).first.scroll_into_view_if_needed()
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
