"""Helpers for the hostile-client tests: the app in a real uvicorn server on a free 127.0.0.1
port (raw sockets need one), and a TestClient whose client address each request may choose."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any

import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send

from bitva.server import ServerConfig, create_app
from bitva.server.app import uvicorn_config
from tests.server.helpers import TestClient
from tests.server.process import free_port

ADDRESS_HEADER = b"x-test-address"


class Addressed:
    """The app as seen from the address in a request's `x-test-address` header (a TestClient
    has one address of its own, "testclient"), so that a test can be several clients."""

    def __init__(self, app: Any) -> None:
        self.app: ASGIApp = app
        self.state = app.state

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            for name, value in scope.get("headers", ()):
                if name == ADDRESS_HEADER:
                    scope = {**scope, "client": (value.decode(), 40000)}
        await self.app(scope, receive, send)


def addressed_client(db_file: Path, **config: Any) -> TestClient:
    """A TestClient of an app with `config` (per-client limits on by default)."""
    settings: dict[str, Any] = {
        "db_url": f"sqlite:///{db_file}",
        "ai_executor": "thread",
        "allowed_hosts": ("testserver",),
    }
    settings.update(config)
    return TestClient(Addressed(create_app(ServerConfig(**settings))))


def at(address: str, **headers: str) -> dict[str, str]:
    """Headers that make a request come from `address`."""
    return {ADDRESS_HEADER.decode(): address, **headers}


class LiveServer:
    """The app served by uvicorn (as `bitva serve` serves it) in a thread of the test process."""

    def __init__(self, db_file: Path, **config: Any) -> None:
        settings: dict[str, Any] = {"db_url": f"sqlite:///{db_file}", "ai_executor": "thread"}
        settings.update(config)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(ServerConfig(**settings))
        self.server = uvicorn.Server(
            uvicorn_config(app, "127.0.0.1", self.port, log_level="warning")
        )
        self.thread = threading.Thread(target=self.server.run, name="live-server", daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the live server did not start")
            time.sleep(0.02)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.server.should_exit = True
        self.thread.join(15)
