"""The server's outer shell, a pure ASGI middleware in front of everything else:

- the Host header must name this server (`ServerConfig.allowed_hosts`: by default the address it
  listens on and localhost), so that a page of another site cannot reach it by DNS rebinding; a
  WebSocket's Origin, when a browser sends one, must be the page's own origin;
- a request body is read here, whole, before any route sees it: more than `max_body_bytes` read
  is a 413 whatever the headers said (a chunked body has no Content-Length), and a body that
  has not arrived within `body_timeout` seconds is a 408;
- one client address has at most `max_requests_per_client` requests in progress (429);
- the answers get their security headers: a content-security policy for the pages (the client,
  and the API docs) that lets them load only this server's files and connect only to its own
  host, `Cache-Control: no-store` on every API answer (some carry a seat token or a hand),
  `nosniff`, no referrer, and `Server-Timing` (the load script reads it).
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import socket
import time
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bitva.server.config import ServerConfig
from bitva.server.hub import dumps
from bitva.server.limits import client_of
from bitva.server.service import timings

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
UNKNOWN_HOST = "this server does not answer to that Host (bitva serve --allowed-host NAME adds one)"
WILDCARD_BINDS = ("0.0.0.0", "::", "")

_HOST = re.compile(
    r"^(?:(?P<name>[a-z0-9.-]+)|\[(?P<ip6>[0-9a-f:.]+)\])(?::(?P<port>[0-9]{1,5}))?$"
)


def client_policy(host: str) -> str:
    """The web client's policy: its own files only, no inline code, and connections to its own
    host alone (`ws:`/`wss:` named, since not every browser counts them as 'self')."""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self' ws://{host} wss://{host}; object-src 'none'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
    )


# The API docs (Swagger UI, from this server's own files): they fetch /openapi.json and try the
# API on this origin, nothing else (tests/e2e/test_docs.py: no violation while they work).
DOCS_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
)


def parse_host(value: str | None) -> tuple[str, int | None] | None:
    """A Host header as (name, port): the name lower-case, an IPv6 address without brackets;
    None when it is missing or malformed."""
    if not value:
        return None
    found = _HOST.match(value.strip().lower())
    if found is None:
        return None
    name = (found.group("name") or found.group("ip6") or "").rstrip(".")
    port = found.group("port")
    return (name, int(port) if port else None) if name else None


# the scheme of the page that may open a socket of each WebSocket scheme, and its default port
PAGE_SCHEMES = {"ws": ("http", 80), "wss": ("https", 443)}


def same_origin(origin: str, host: str, scheme: str = "ws") -> bool:
    """Whether a WebSocket's Origin is the origin of a page of this Host: the same scheme
    (an `http` page for a `ws` socket, `https` for `wss`: behind a TLS proxy uvicorn takes the
    scheme from X-Forwarded-Proto), host and port (issue 21, point 17)."""
    try:
        parts = urlsplit(origin)
        origin_name, origin_port = (parts.hostname or "").lower(), parts.port
    except ValueError:
        return False
    page_scheme, default = PAGE_SCHEMES.get(scheme, ("", 0))
    parsed = parse_host(host)
    if parts.scheme.lower() != page_scheme or parsed is None:
        return False
    name, port = parsed
    return origin_name == name and (origin_port or default) == (port or default)


def machine_names() -> list[str]:
    """The names and addresses this machine answers to (for a server on every interface)."""
    names: list[str] = []
    with contextlib.suppress(OSError):
        names += [socket.gethostname(), socket.getfqdn()]
        for info in socket.getaddrinfo(socket.gethostname(), None):
            names.append(str(info[4][0]))
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the route
        names.append(str(probe.getsockname()[0]))
    return names


def allowed_hosts_for(bind: str, extra: Iterable[str]) -> tuple[str, ...]:
    """The default allowed hosts of a server listening on `bind` (localhost always; every name
    of the machine for 0.0.0.0 or ::), with `extra` added."""
    hosts = list(LOCAL_HOSTS)
    if bind in WILDCARD_BINDS:
        hosts += machine_names()
    else:
        hosts.append(bind.strip("[]"))
    hosts += list(extra)
    out: list[str] = []
    for host in hosts:
        host = host.strip().lower()
        if host and host not in WILDCARD_BINDS and host not in out:
            out.append(host)
    return tuple(out)


def _header(scope: Scope, wanted: bytes) -> str | None:
    for name, value in scope.get("headers", ()):
        if name == wanted:
            return bytes(value).decode("latin-1")
    return None


async def _answer(send: Send, status: int, error: str, extra: dict[str, str] | None = None) -> None:
    headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
    headers += [(k.lower().encode(), v.encode()) for k, v in (extra or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send(
        {"type": "http.response.body", "body": dumps({"error": error, "rule": None}).encode()}
    )


class Guard:
    """See the module's docstring."""

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config
        self.hosts = frozenset(host.lower() for host in config.allowed_hosts)
        self.in_flight: dict[str, int] = {}

    def _host_allowed(self, host: str | None) -> bool:
        parsed = parse_host(host)
        return parsed is not None and ("*" in self.hosts or parsed[0] in self.hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if kind == "websocket":
            origin = _header(scope, b"origin")
            if not self._host_allowed(host) or (
                origin is not None
                and not same_origin(origin, host or "", str(scope.get("scheme", "ws")))
            ):
                await receive()  # websocket.connect; closing before accepting answers 403
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.app(scope, receive, send)
            return
        if not self._host_allowed(host):
            await _answer(
                send,
                400,
                UNKNOWN_HOST,
            )
            return
        client = client_of(scope)
        limited = client not in self.config.unlimited_clients
        if limited and self.in_flight.get(client, 0) >= self.config.max_requests_per_client:
            await _answer(
                send, 429, "too many requests at once from your address", {"Retry-After": "1"}
            )
            return
        self.in_flight[client] = self.in_flight.get(client, 0) + 1
        try:
            await self._http(scope, receive, send, host or "")
        finally:
            left = self.in_flight[client] - 1
            if left:
                self.in_flight[client] = left
            else:
                del self.in_flight[client]

    async def _read_body(self, scope: Scope, receive: Receive) -> bytes | int | None:
        """The whole body; or the status that refuses it (413, 408); None if the client left."""
        limit = self.config.max_body_bytes
        declared = _header(scope, b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            return 413
        deadline = time.monotonic() + self.config.body_timeout
        chunks: list[bytes] = []
        size = 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), deadline - time.monotonic())
            except TimeoutError:
                return 408
            if message["type"] == "http.disconnect":
                return None
            chunk = bytes(message.get("body", b""))
            size += len(chunk)
            if size > limit:  # counted on what arrived, not on what the headers promised
                return 413
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def _http(self, scope: Scope, receive: Receive, send: Send, host: str) -> None:
        body = await self._read_body(scope, receive)
        if body is None:
            return
        if body == 413:
            await _answer(send, 413, f"request body over {self.config.max_body_bytes} bytes")
            return
        if body == 408:
            await _answer(send, 408, "request body not received in time")
            return
        assert isinstance(body, bytes)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: only a disconnect can come

        path: str = scope.get("path", "")
        policy: str | None = None
        if path == "/" or path.startswith("/static/"):
            policy = client_policy(host)
        elif path == "/docs" or path.startswith("/docs/"):
            policy = DOCS_POLICY
        started = time.perf_counter()
        spans: dict[str, float] = {}
        timings.set(spans)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"x-content-type-options", b"nosniff"))
                headers.append((b"referrer-policy", b"no-referrer"))
                spent = (time.perf_counter() - started) * 1000
                parts = [f"app;dur={spent:.2f}"]
                parts += [f"{name};dur={ms * 1000:.2f}" for name, ms in spans.items()]
                headers.append((b"server-timing", ", ".join(parts).encode()))
                if policy is not None:
                    headers.append((b"content-security-policy", policy.encode()))
                    headers.append((b"cache-control", b"no-cache"))
                elif path.startswith("/api/"):
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, replay, send_with_headers)
