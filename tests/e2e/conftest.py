"""Browser tests: Playwright (sync API) driving Debian's chromium (/usr/bin/chromium; never a
downloaded browser) against a real `bitva serve` on 127.0.0.1. Screenshots go to
test-output/e2e/."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.process import ServerProcess

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(__file__).resolve().parents[2] / "test-output" / "e2e"

if not CHROMIUM.exists():
    pytest.skip(
        "browser tests need Debian's chromium at /usr/bin/chromium (scripts/test installs it)",
        allow_module_level=True,
    )
try:
    from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    pytest.skip("browser tests need the playwright package", allow_module_level=True)


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("e2e")
    # one address makes every game of the tests: the per-client limits would refuse them
    process = ServerProcess(
        folder / "bitva.sqlite3",
        *("--ai-delay", "0", "--ai-workers", "1", "--unlimited-client", "127.0.0.1"),
    )
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    home = tmp_path_factory.mktemp("chromium-home")
    with sync_playwright() as playwright:  # Playwright gives it a fresh, empty profile
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=FLAGS, env={**os.environ, "HOME": str(home)}
        )
        try:
            yield launched
        finally:
            launched.close()


def new_page(
    browser: Browser,
    errors: list[str],
    lang: str = "en",
    viewport: ViewportSize | None = None,
    touch: bool = False,
) -> Page:
    """A page in a fresh context; `touch`: a phone's touch screen (taps, no mouse)."""
    size: ViewportSize = viewport or {"width": 1400, "height": 900}
    context = browser.new_context(viewport=size, locale=lang, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.on("pageerror", lambda error: errors.append(f"page error: {error}"))
    page.on(
        "console",
        lambda message: (
            errors.append(f"console {message.type}: {message.text}")
            if message.type == "error"
            else None
        ),
    )
    return page


@pytest.fixture
def page_errors() -> Iterator[list[str]]:
    errors: list[str] = []
    yield errors
    assert not errors, errors
