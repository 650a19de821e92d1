"""The FastAPI application: API routes, the WebSocket, the web client's static files, and the
lifespan that opens the database and resumes the AI of games left waiting on it."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse
from starlette.middleware.gzip import GZipMiddleware
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bitva import __version__
from bitva.server import routes, ws
from bitva.server.config import ServerConfig
from bitva.server.errors import install_handlers
from bitva.server.hub import Hub, dumps
from bitva.server.reading import Reader
from bitva.server.service import GameService, timings
from bitva.store.db import make_engine
from bitva.store.games import GameStore

log = logging.getLogger("bitva.server")

# The client is served from this origin only: no inline scripts, no third-party anything.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


def web_dir() -> Path:
    return Path(str(resources.files("bitva.web")))


class Guard:
    """Pure ASGI middleware: refuses request bodies over the limit (413), adds security and
    caching headers to the web client's pages, and says how long the server took
    (`Server-Timing: app;dur=MS`, which the load script reads)."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and value.isdigit() and int(value) > self.max_body:
                body = dumps({"error": f"request body over {self.max_body} bytes", "rule": None})
                await send(
                    {
                        "type": "http.response.start",
                        "status": 413,
                        "headers": [(b"content-type", b"application/json")],
                    }
                )
                await send({"type": "http.response.body", "body": body.encode()})
                return
        path: str = scope.get("path", "")
        client_page = path == "/" or path.startswith("/static/")
        started = time.perf_counter()
        spans: dict[str, float] = {}
        timings.set(spans)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                spent = (time.perf_counter() - started) * 1000
                parts = [f"app;dur={spent:.2f}"]
                parts += [f"{name};dur={ms * 1000:.2f}" for name, ms in spans.items()]
                headers.append((b"server-timing", ", ".join(parts).encode()))
                if client_page:
                    headers.append((b"content-security-policy", CSP.encode()))
                    headers.append((b"cache-control", b"no-cache"))
                    headers.append((b"referrer-policy", b"no-referrer"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(config: ServerConfig | None = None) -> FastAPI:
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(config.db_url)
        store = GameStore(engine)  # upgrades an older schema first
        for change in store.upgraded:
            log.info("database upgraded: %s", change)
        games = GameService(store, config, Hub())
        app.state.service = games
        app.state.reader = Reader(games)
        app.state.config = config
        migrated = await games.migrate_all()
        if migrated:
            log.info("%d stored game(s) migrated to their game's current record format", migrated)
        resumed = await games.ai.resume()
        if resumed:
            log.info("resuming the AI of %d game(s)", resumed)
        try:
            yield
        finally:
            await games.ai.shutdown()
            games.hub.close_all()
            games.close()
            engine.dispose()

    app = FastAPI(
        title="bitva game server",
        version=__version__,
        description=(
            "Play any registered game (`/api/meta` lists them) against the AI or friends, or "
            "alone. Seats are held by secret tokens (`Authorization: Bearer TOKEN`); without a "
            "token you read a game as a spectator. Live updates: the WebSocket "
            "`/api/games/{id}/ws` (see docs/server.md)."
        ),
        lifespan=lifespan,
    )
    install_handlers(app)
    app.include_router(routes.router)
    app.include_router(ws.router)
    static = web_dir()
    app.mount("/static", StaticFiles(directory=static), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(static / "index.html", media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(static / "favicon.svg", media_type="image/svg+xml")

    # only the big answers (replays, long logs) are worth the CPU of compressing
    app.add_middleware(GZipMiddleware, minimum_size=32 * 1024, compresslevel=6)
    app.add_middleware(Guard, max_body=config.max_body_bytes)
    return app


def describe(app: FastAPI) -> dict[str, Any]:
    """The routes of an app (for tests and the docs)."""
    return {"routes": sorted(getattr(route, "path", "") for route in app.routes)}
