"""The WebSocket of a game: `/api/games/{id}/ws`.

The client's first message is `{"type": "hello", "token": TOKEN}` (no token: a spectator); the
token travels in a message, never in the URL, so that it stays out of logs. The server answers
`welcome` (the seat, the view, its legal actions and analyses), then pushes `update` after every
action (its steps: the action and the chance that followed, with their events as this seat sees
them; the new view, legal actions and analyses), `game` when a friend joins, and `thinking` when
an AI starts on a move. `{"type": "ping"}` gets `{"type": "pong"}`. A refused hello gets an
`error` message and the socket closes with code 4400 (bad message), 4401/4403 (token) or 4404
(no such game).
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from bitva.server.errors import ApiError
from bitva.server.hub import Watcher, dumps
from bitva.server.models import WsHello, WsPing
from bitva.server.service import GameService

router = APIRouter()

HELLO_TIMEOUT = 15.0


async def _refuse(websocket: WebSocket, code: int, error: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(dumps({"type": "error", "error": error}))
        await websocket.close(code)


async def _send(websocket: WebSocket, watcher: Watcher) -> None:
    while True:
        text = await watcher.queue.get()
        if text is None:
            with contextlib.suppress(Exception):
                await websocket.close(1013)
            return
        await websocket.send_text(text)


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    games: GameService = websocket.app.state.service
    await websocket.accept()
    try:
        raw = await asyncio.wait_for(websocket.receive_text(), HELLO_TIMEOUT)
        hello = WsHello.model_validate_json(raw)
    except (TimeoutError, ValidationError, WebSocketDisconnect, KeyError, RuntimeError):
        await _refuse(websocket, 4400, 'the first message must be {"type": "hello", "token": ...}')
        return
    try:
        if len(game_id) > 64:
            raise ApiError(404, "no such game")
        runtime = await games.runtime(game_id)
        seat = games.seat_of(runtime, hello.token, required=False)
    except ApiError as exc:
        await _refuse(websocket, 4000 + exc.status, exc.error)
        return
    if games.hub.count(game_id) >= games.config.max_watchers_per_game:
        await _refuse(websocket, 4429, "too many connections to this game")
        return
    watcher = Watcher(seat)
    async with runtime.lock:  # the welcome and every later update arrive in order
        watcher.put(games.hub.welcome(runtime, watcher, games.invite_open(runtime, seat)))
        games.hub.add(game_id, watcher)
    sender = asyncio.get_running_loop().create_task(_send(websocket, watcher))
    try:
        while True:
            raw = await websocket.receive_text()
            try:
                WsPing.model_validate_json(raw)
            except ValidationError:
                watcher.put(dumps({"type": "error", "error": "send actions with POST .../actions"}))
                continue
            watcher.put(dumps({"type": "pong"}))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        games.hub.remove(game_id, watcher)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
