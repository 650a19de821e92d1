"""The FastAPI application: API routes, the WebSocket, the web client's static files, the API
docs, and the lifespan that opens the database, resumes the AI of games left waiting on it and
sweeps abandoned games. Its outer shell (`guard.Guard`) checks Host and Origin, reads request
bodies within their limits and adds the security headers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import PurePosixPath
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.responses import FileResponse
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from bitva import __version__
from bitva.server import replays, routes, ws
from bitva.server.config import ServerConfig
from bitva.server.docs import add_docs
from bitva.server.errors import install_handlers
from bitva.server.expiry import sweep
from bitva.server.guard import Guard, allowed_hosts_for
from bitva.server.hub import Hub
from bitva.server.limits import Limits
from bitva.server.reading import Reader
from bitva.server.redact import log_config
from bitva.server.service import GameService
from bitva.store.db import make_engine
from bitva.store.games import GameStore
from bitva.web import installed_modules, web_dir

__all__ = ["allowed_hosts_for", "create_app", "uvicorn_config"]

log = logging.getLogger("bitva.server")

# what the web client's folder may serve: never its Python files or their bytecode
WEB_SUFFIXES = frozenset((".js", ".css", ".html", ".svg", ".png", ".ico", ".json", ".woff2"))


class WebFiles(StaticFiles):
    """The web client's files, and nothing else of its package (404 for the rest)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        parts = PurePosixPath(path)
        if parts.suffix.lower() not in WEB_SUFFIXES or "__pycache__" in parts.parts:
            raise HTTPException(404, "not found")
        return await super().get_response(path, scope)


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
        app.state.replays = replays.Replays(games, config)
        app.state.config = config
        app.state.limits = Limits(config)
        migrated = await games.migrate_all()
        if migrated:
            log.info("%d stored game(s) migrated to their game's current record format", migrated)
        resumed = await games.ai.resume()
        if resumed:
            log.info("resuming the AI of %d game(s)", resumed)
        sweeper = asyncio.get_running_loop().create_task(sweep(app), name="bitva-expiry")
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            await games.ai.shutdown()
            app.state.replays.close()
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
        docs_url=None,  # served from local files by add_docs
        redoc_url=None,
    )
    install_handlers(app)
    app.include_router(routes.router)
    app.include_router(replays.router)
    app.include_router(ws.router)
    add_docs(app)
    static = web_dir()
    # the web modules of installed games, where the client imports a game's module from; before
    # the client's own folder, which would answer 404 for them
    for game_name, folder in installed_modules().items():
        app.mount(f"/static/games/{game_name}", WebFiles(directory=folder), name=f"web-{game_name}")
    app.mount("/static", WebFiles(directory=static), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(static / "index.html", media_type="text/html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(static / "favicon.svg", media_type="image/svg+xml")

    # only the big answers (long logs) are worth the CPU of compressing; replay pages come
    # compressed already, off the event loop (`replays`), and this leaves them alone
    app.add_middleware(GZipMiddleware, minimum_size=32 * 1024, compresslevel=6)
    app.add_middleware(Guard, config=config)
    return app


def uvicorn_config(
    app: FastAPI, host: str, port: int, log_level: str = "warning", access_log: bool = False
) -> uvicorn.Config:
    """How `bitva serve` runs the app: WebSocket messages up to 64 KiB, logs without secrets
    (`redact.log_config`), three seconds to finish at a stop."""
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(log_level),
        access_log=access_log,
        ws_max_size=64 * 1024,
        # a message is a few KiB of JSON: compressing them cost about 0.3 ms of CPU per move
        # (docs/server.md, "Load"); like the small HTTP answers, they go uncompressed
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=3,
    )


def describe(app: FastAPI) -> dict[str, Any]:
    """The routes of an app (for tests and the docs)."""
    return {"routes": sorted(getattr(route, "path", "") for route in app.routes)}
