"""`bitva serve`: the game server and the web client, at a URL to open in a browser."""

from __future__ import annotations

import errno
import os
import socket
from enum import StrEnum
from typing import Annotated

import typer

from bitva.cli.common import console, friendly_errors, open_database
from bitva.core.errors import BitvaError


class LogLevel(StrEnum):
    """uvicorn's log levels: a word outside them is a usage error (exit code 2), not a crash."""

    critical = "critical"
    error = "error"
    warning = "warning"
    info = "info"
    debug = "debug"
    trace = "trace"


def _check_port(host: str, port: int) -> None:
    """A clear error for a port that is taken, before uvicorn's own logging starts."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise BitvaError(
                    f"port {port} on {host} is in use: choose another with --port"
                ) from exc
            raise BitvaError(f"cannot listen on {host}:{port}: {exc.strerror}") from exc


def url_for(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("0.0.0.0", "") else ("[::1]" if host == "::" else host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


@friendly_errors
def serve(
    host: Annotated[str, typer.Option(help="address to listen on (0.0.0.0: every interface)")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(min=1, max=65535, help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="database URL (default: BITVA_DB, else a SQLite file in the user data "
            "directory), e.g. postgresql+psycopg://user@host/bitva"
        ),
    ] = None,
    ai_delay: Annotated[
        float, typer.Option(min=0.0, max=60.0, help="seconds an AI waits before each move")
    ] = 0.4,
    ai_workers: Annotated[
        int, typer.Option(min=1, max=64, help="processes that think for AI seats")
    ] = max(1, min(4, (os.cpu_count() or 2) - 1)),
    log_level: Annotated[
        LogLevel, typer.Option(case_sensitive=False, help="how much the server logs")
    ] = LogLevel.warning,
    access_log: Annotated[bool, typer.Option(help="log every request")] = False,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="a name the server answers to besides localhost and --host (the Host header; "
            "repeat it for more; '*' any, see docs/server.md)",
            metavar="NAME",
        ),
    ] = None,
    unlimited_client: Annotated[
        list[str] | None,
        typer.Option(
            help="an address the per-client limits do not apply to (a load generator; repeat "
            "it for more)",
            metavar="ADDRESS",
        ),
    ] = None,
) -> None:
    """Start the game server: play any game in the browser, against the AI or friends."""
    import uvicorn

    from bitva.server import ServerConfig, create_app
    from bitva.server.app import allowed_hosts_for, uvicorn_config
    from bitva.server.runtime import settle_collector
    from bitva.store.db import default_url
    from bitva.store.urls import shown_url

    url = db or default_url()
    open_database(url).dispose()  # a bad URL, or a file that is not a database: one clear line
    _check_port(host, port)
    config = ServerConfig(
        db_url=url,
        ai_delay=ai_delay,
        ai_workers=ai_workers,
        allowed_hosts=allowed_hosts_for(host, allowed_host or ()),
        unlimited_clients=tuple(unlimited_client or ()),
    )
    app = create_app(config)
    console.print(f"bitva: games are kept in {shown_url(url)}")  # no secret on the screen
    console.print(f"bitva: open [bold]{url_for(host, port)}[/] in your browser (Ctrl-C stops)")
    server = uvicorn.Server(uvicorn_config(app, host, port, log_level.value, access_log))
    settle_collector()  # a long-running process: the collector's settings for serving
    try:
        server.run()
    except KeyboardInterrupt:  # Ctrl-C, the documented way to stop it: not an error
        console.print("bitva: stopped")
        return
    if not server.started:
        raise BitvaError("the server did not start: the log above says why")
    console.print("bitva: stopped")
