"""Who watches which game over a WebSocket, and pushing each of them what their seat may see.

Every watcher has a queue drained by its own sender task, so one slow browser never holds up a
game; a watcher whose queue overflows is dropped (its page reconnects and reloads the game).
Messages are built once per seat and version and sent as text to every watcher of that seat.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from bitva.server.runtime import GameRuntime, Step, dumps

__all__ = ["Hub", "Watcher", "dumps"]

QUEUE_SIZE = 256


@dataclass(eq=False)
class Watcher:
    seat: int | None  # None: a spectator
    queue: asyncio.Queue[str | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=QUEUE_SIZE)
    )
    dropped: bool = False

    def put(self, text: str | None) -> None:
        if self.dropped:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)  # the sender closes the socket


class Hub:
    def __init__(self) -> None:
        self.watchers: dict[str, set[Watcher]] = {}

    def count(self, game_id: str) -> int:
        return len(self.watchers.get(game_id, ()))

    def add(self, game_id: str, watcher: Watcher) -> None:
        self.watchers.setdefault(game_id, set()).add(watcher)

    def remove(self, game_id: str, watcher: Watcher) -> None:
        group = self.watchers.get(game_id)
        if group is not None:
            group.discard(watcher)
            if not group:
                del self.watchers[game_id]

    def watched(self, game_id: str) -> bool:
        return bool(self.watchers.get(game_id))

    def welcome(self, runtime: GameRuntime, watcher: Watcher, invite_open: bool) -> str:
        return runtime.message(watcher.seat, type="welcome", invite_open=invite_open)

    def publish_steps(self, runtime: GameRuntime, steps: list[Step]) -> None:
        """After committed steps (an action and the chance that followed it): each watcher gets
        the steps' events as its seat sees them, its view, legal actions and analyses (one text
        per seat, whatever the number of its sockets)."""
        group = self.watchers.get(runtime.id)
        if not group:
            return
        texts: dict[int | None, str] = {}
        for watcher in list(group):
            seat = watcher.seat
            text = texts.get(seat)
            if text is None:
                text = texts[seat] = runtime.message(
                    seat,
                    type="update",
                    actor=steps[0].seat,
                    steps=[step.for_seat(seat) for step in steps],
                )
            watcher.put(text)

    def publish_game(self, runtime: GameRuntime, kind: str = "game", **members: Any) -> None:
        """The public facts changed (a friend joined; `kind` "undo": a step was taken back,
        `members` say which): everybody reloads the view."""
        group = self.watchers.get(runtime.id)
        if not group:
            return
        texts: dict[int | None, str] = {}
        for watcher in list(group):
            seat = watcher.seat
            text = texts.get(seat)
            if text is None:
                text = texts[seat] = runtime.message(seat, type=kind, **members)
            watcher.put(text)

    def publish_thinking(self, game_id: str, seat: int) -> None:
        text = dumps({"type": "thinking", "seat": seat})
        for watcher in list(self.watchers.get(game_id, ())):
            watcher.put(text)

    def close_all(self) -> None:
        for group in self.watchers.values():
            for watcher in group:
                watcher.put(None)
        self.watchers.clear()
