"""Shared steps of the browser tests: games made through the API and opened in a page with their
seat, and measurements of the page (its width, the board's place, what lies under a point)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
from playwright.sync_api import Page, ViewportSize

from tests.server.process import ServerProcess

WIDE: ViewportSize = {"width": 1366, "height": 850}
TABLET: ViewportSize = {"width": 1024, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}


def create_game(server: ServerProcess, **body: Any) -> dict[str, Any]:
    """A new game through the API (by default Lords of War against the random AI)."""
    request = {"game": "lords-of-war", "seat": 1, "opponents": [{"kind": "ai", "level": "random"}]}
    request.update(body)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        answer = http.post("/api/games", json=request)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def hold_seats(page: Page, server: ServerProcess, games: list[dict[str, Any]]) -> None:
    """Give this page's browser the seats of `games` (as the lobby does after creating them),
    the last one the most recent."""
    seats = {
        game["game"]["id"]: {"seat": game["seat"], "token": game["token"], "at": 1000 + i}
        for i, game in enumerate(games)
    }
    if not page.url.startswith(server.url):
        page.goto(f"{server.url}/static/favicon.svg")
    page.evaluate("s => localStorage.setItem('bitva.seats', s)", json.dumps(seats))


def hold_seat(page: Page, server: ServerProcess, game: dict[str, Any]) -> None:
    hold_seats(page, server, [game])


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


def play_out(server: ServerProcess, game: dict[str, Any], seed: int = 1) -> dict[str, Any]:
    """Play `game` to its end through the API: this seat plays random legal actions, the AI the
    others. Returns the finished game's summary."""
    rng = random.Random(seed)
    game_id, token = game["game"]["id"], game["token"]
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=server.url, timeout=30, headers=headers) as http:
        for _ in range(4000):
            data = http.get(f"/api/games/{game_id}").json()
            if data["game"]["outcome"]:
                summary: dict[str, Any] = data["game"]
                return summary
            if data["game"]["to_move"] == data["seat"] and data["legal_actions"]:
                action = rng.choice(data["legal_actions"])
                http.post(
                    f"/api/games/{game_id}/actions",
                    json={"action": action, "version": data["game"]["version"]},
                )
            else:
                time.sleep(0.02)
    raise AssertionError(f"game {game_id} did not end")


RENDER_ALL = """async (folder) => {
  const i18n = await import("/static/i18n.js");
  const base = `/static/games/${folder}/i18n`;
  const en = (await import(`${base}_en.js`)).en;
  const cs = (await import(`${base}_cs.js`)).cs;
  const tr = i18n.translator({ en, cs });
  const out = [];
  for (const lang of ["en", "cs"]) {
    i18n.setLang(lang);
    for (const [key, entry] of Object.entries(lang === "en" ? en : cs)) {
      const forms = typeof entry === "object" ? Object.values(entry) : [entry];
      const found = forms.flatMap((f) => [...f.matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1]));
      const names = new Set(found);
      for (const n of [1, 2, 5]) {
        const params = {};
        for (const name of names) params[name] = name === "n" ? n : `${name}-${n}`;
        const plural = typeof entry === "object" ? Object.keys(entry) : null;
        out.push({ lang, key, n, text: tr(key, params), plural, forms });
      }
    }
  }
  i18n.setLang("en");
  return { out, en: Object.keys(en).sort(), cs: Object.keys(cs).sort() };
}"""


def render_all_strings(page: Page, folder: str) -> dict[str, Any]:
    """Every string of a game's web module (`web/games/<folder>/i18n_en.js`, `i18n_cs.js`)
    rendered in both languages at the counts 1, 2 and 5, placeholders filled with their names:
    `{"out": [{lang, key, n, text, plural, forms}], "en": keys, "cs": keys}`."""
    result: dict[str, Any] = page.evaluate(RENDER_ALL, folder)
    return result
