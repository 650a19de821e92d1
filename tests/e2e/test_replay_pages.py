"""The replay viewer fetches a long replay page by page (issue 21, point 15): the first page shows
at once, the others arrive behind it, and the last step of a 3,364-step BattleLore game can be
reached."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import httpx
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import new_page
from tests.server.process import ServerProcess

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def replay_flood() -> ModuleType:
    """scripts/replay_flood.py, whose long BattleLore game this test replays."""
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    spec = importlib.util.spec_from_file_location("replay_flood", SCRIPTS / "replay_flood.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_point_15_the_replay_viewer_fetches_every_page(
    tmp_path: Path, browser: Browser, page_errors: list[str], shots: Path
) -> None:
    flood = replay_flood()
    match = flood.long_battlelore(3000)
    db = tmp_path / "bitva.sqlite3"
    flood.store_game(f"sqlite:///{db}", match)
    with ServerProcess(db, "--ai-workers", "1", "--unlimited-client", "127.0.0.1") as server:
        # the first page of a 3,000-step game replays it on the server: more than httpx's
        # default 5 s when both cores are busy (the full suite)
        first = httpx.get(f"{server.url}/api/games/{flood.GAME_ID}/replay?limit=1", timeout=60)
        total = first.json()["total"]
        page = new_page(browser, page_errors)
        asked: list[str] = []
        page.on(
            "request",
            lambda request: asked.append(request.url) if "/replay?" in request.url else None,
        )
        page.goto(f"{server.url}/#/replay/{flood.GAME_ID}")
        slider = page.locator("#replay-slider")
        expect(slider).to_have_attribute("max", str(total - 1), timeout=60_000)
        page.click('[data-action="last"]')
        expect(page.locator("#replay-controls")).to_contain_text(f"Step {total - 1} of {total - 1}")
        expect(page.locator("#replay-step")).not_to_contain_text("Loading", timeout=90_000)
        expect(page.locator("#replay-log li").first).to_be_visible()
        page.screenshot(path=str(shots / "replay-last-page.png"))
        starts = sorted(int(url.split("from=")[1].split("&")[0]) for url in asked)
        assert starts[0] == 0 and len(starts) >= 2 and len(set(starts)) == len(starts), asked
        page.context.close()
