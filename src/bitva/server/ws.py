"""The WebSocket of a game: `/api/games/{id}/ws`.

The client's first message is `{"type": "hello", "token": TOKEN}` (no token: a spectator); the
token travels in a message, never in the URL, so that it stays out of logs. The server answers
`welcome` (the seat, the view, its legal actions and analyses), then pushes `update` after every
action (its steps: the action and the chance that followed, with their events as this seat sees
them; the new view, legal actions and analyses), `game` when a friend joins, and `thinking` when
an AI starts on a move. `{"type": "ping"}` gets `{"type": "pong"}`. `{"type": "preview",
"action": TEXT, "id": N}` (the seat to move only) gets `{"type": "preview_result", "id": N, ...}`:
the preview of `POST .../preview`, or its refusal as `error`, `rule` and `status` (issue 22;
previews count against their own per-client rate, not against the socket's allowance).

A refused socket gets an `error` message, then a close frame whose code says why (docs/server.md
lists them): 4400 a bad hello, 4401/4403 the token, 4404 no such game (or it expired), 4429 over a
limit (a spectator then polls `GET /api/games/{id}` instead), 4409 this seat opened a newer
socket, 1003 a binary frame (the protocol is text), 1008 a flood of messages, 1013 the server is
going away or the socket fell behind (reconnect). Seat holders always get in: the cap on
spectators does not count them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from typing import Any

from fastapi import APIRouter, WebSocket
from pydantic import ValidationError
from starlette.types import Message

from bitva.server.errors import ApiError, validation_message
from bitva.server.hub import Watcher, dumps
from bitva.server.limits import TOO_MANY, Connection, Limits, client_of
from bitva.server.models import MAX_VERSION, WsHello, WsPing, WsPreview
from bitva.server.preview import preview, preview_error
from bitva.server.service import GameService

router = APIRouter()

HELLO_TIMEOUT = 15.0
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# messages a client may send: a burst, then one a second (the page pings every 25 s)
MESSAGE_BURST = 20
MESSAGES_PER_SECOND = 1.0
POLICY = 1008  # RFC 6455: a message that violates the server's policy
BAD_HELLO = 'the first message must be {"type": "hello", "token": ...}'
NOT_UNDERSTOOD = (
    'send actions with POST .../actions; the socket takes {"type": "ping"} and previews'
)
BINARY = 1003  # RFC 6455: a kind of data the endpoint does not accept
GOING_AWAY = 1013  # the server closes (or the socket fell behind): reconnect


class Binary(Exception):
    """A binary frame arrived: this protocol is text (JSON) only."""


class Gone(Exception):
    """The client closed the socket."""


async def _receive_text(websocket: WebSocket) -> str:
    message: Message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise Gone
    text = message.get("text")
    if text is None:
        raise Binary
    return str(text)


async def _refuse(websocket: WebSocket, code: int, error: str) -> None:
    """An error message the page can show, then the close frame with the same reason (a
    close frame's reason holds at most 123 bytes)."""
    with contextlib.suppress(Exception):
        if code != GOING_AWAY:
            await websocket.send_text(dumps({"type": "error", "error": error}))
        await websocket.close(code, error.encode()[:120].decode(errors="ignore"))


async def _send(websocket: WebSocket, watcher: Watcher, connection: Connection) -> None:
    while True:
        text = await watcher.queue.get()
        if text is None:
            code, reason = connection.closing or (GOING_AWAY, "the server closed the connection")
            await _refuse(websocket, code, reason)
            return
        await websocket.send_text(text)


def _preview_asked(raw: str) -> WsPreview | None:
    """The message as a preview, or None when it is none (a ping, or something the loop
    refuses: a malformed preview counts against the socket's allowance like any message)."""
    try:
        return WsPreview.model_validate_json(raw)
    except ValidationError:
        return None


def _bad_preview(raw: str) -> str | None:
    """A `preview_result` refusing a message that says it is a preview but does not validate
    (an over-long action, say), naming the field; None for any other message."""
    try:
        WsPreview.model_validate_json(raw)
    except ValidationError as exc:
        try:
            data = json.loads(raw)
        except ValueError:
            return None
        if not isinstance(data, dict) or data.get("type") != "preview":
            return None
        message, _ = validation_message([dict(error) for error in exc.errors()])
        asked = data.get("id")
        number = asked if isinstance(asked, int) and 0 <= asked <= MAX_VERSION else None
        return dumps(
            {"type": "preview_result", "id": number, "error": message, "rule": None, "status": 422}
        )
    return None


async def _answer_preview(
    games: GameService,
    limits: Limits,
    connection: Connection,
    watcher: Watcher,
    game_id: str,
    asked: WsPreview,
) -> None:
    """`preview_result` for a `preview` message, with its id: the preview, or why not (the
    error, its rule and the HTTP status the endpoint would have answered)."""
    answer: dict[str, Any] = {"type": "preview_result", "id": asked.id}
    try:
        limits.rates.charge("preview", connection.client)
        found = await preview(games, game_id, watcher.seat, asked.action, asked.version)
        answer.update(found.model_dump(mode="json"))
    except ApiError as exc:
        answer.update(preview_error(exc))
    watcher.put(dumps(answer))


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    games: GameService = websocket.app.state.service
    limits: Limits = websocket.app.state.limits
    await websocket.accept()
    connection = limits.sockets.open(client_of(websocket.scope), game_id)
    if connection is None:
        await _refuse(websocket, TOO_MANY, "too many sockets from your address")
        return
    try:
        await _serve(websocket, game_id, games, limits, connection)
    finally:
        limits.sockets.forget(connection)


async def _serve(
    websocket: WebSocket, game_id: str, games: GameService, limits: Limits, connection: Connection
) -> None:
    try:
        raw = await asyncio.wait_for(_receive_text(websocket), HELLO_TIMEOUT)
        hello = WsHello.model_validate_json(raw)
    except Binary:
        await _refuse(websocket, BINARY, "text frames only: this protocol is JSON")
        return
    except (TimeoutError, ValidationError, Gone, RuntimeError):
        await _refuse(websocket, 4400, BAD_HELLO)
        return
    try:
        if not GAME_ID.fullmatch(game_id):
            raise ApiError(404, "no such game")
        runtime = await games.runtime(game_id)
        seat = games.seat_of(runtime, hello.token, required=False)
    except ApiError as exc:
        await _refuse(websocket, 4000 + exc.status, exc.error)
        return
    refusal = limits.sockets.admit(connection, seat)
    if refusal is not None:
        connection.closing = refusal
        await _refuse(websocket, *refusal)
        return
    watcher = Watcher(seat)
    connection.watcher = watcher
    async with runtime.lock:  # the welcome and every later update arrive in order
        watcher.put(games.hub.welcome(runtime, watcher, games.invite_open(runtime, seat)))
        games.hub.add(game_id, watcher)
    sender = asyncio.get_running_loop().create_task(_send(websocket, watcher, connection))
    allowance, since = float(MESSAGE_BURST), time.monotonic()
    try:
        while True:
            raw = await _receive_text(websocket)
            asked = _preview_asked(raw)
            if asked is not None:  # counted by the preview rate, not the pings' allowance
                await _answer_preview(games, limits, connection, watcher, game_id, asked)
                continue
            moment = time.monotonic()
            allowance = min(MESSAGE_BURST, allowance + (moment - since) * MESSAGES_PER_SECOND)
            since = moment
            if allowance < 1.0:
                connection.close(POLICY, "too many messages: the socket only needs a ping")
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.wait_for(sender, 5.0)
                return
            allowance -= 1.0
            try:
                WsPing.model_validate_json(raw)
            except ValidationError:
                refused = _bad_preview(raw)
                watcher.put(refused or dumps({"type": "error", "error": NOT_UNDERSTOOD}))
                continue
            watcher.put(dumps({"type": "pong"}))
    except Binary:
        connection.close(BINARY, "text frames only: this protocol is JSON")
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(sender, 5.0)
    except (Gone, RuntimeError):
        pass
    finally:
        games.hub.remove(game_id, watcher)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
