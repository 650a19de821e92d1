"""Abandoned games expire (docs/server.md, "Security and limits"): a game still waiting for a
friend `expire_waiting_after` (7 days) after its last change, and any unfinished game nobody has
moved in for `expire_unfinished_after` (30 days), is deleted with its seats and steps; its
sockets are closed (4404) and its links answer 404. Finished games are kept, for their replays.
The server sweeps at start-up and every `expire_every` seconds (an hour).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta
from typing import Any

from bitva.server.limits import EXPIRED
from bitva.store.games import now as utc_now

log = logging.getLogger("bitva.server")


async def expire_abandoned(app: Any, now: datetime | None = None) -> list[str]:
    """Delete the abandoned games (as of `now`) and close their sockets; returns their ids."""
    service = app.state.service
    config = app.state.config
    moment = now or utc_now()
    waiting_before = moment - timedelta(seconds=config.expire_waiting_after)
    unfinished_before = moment - timedelta(seconds=config.expire_unfinished_after)
    # through the writer thread: in order with the moves being committed
    ids: list[str] = await service.writer.run(
        service.store.delete_abandoned, waiting_before, unfinished_before
    )
    for game_id in ids:
        task = service.ai.tasks.get(game_id)
        if task is not None:
            task.cancel()
        service.forget(game_id)
        app.state.limits.sockets.close_game(
            game_id, EXPIRED, "this game expired: nobody played in it for too long"
        )
    if ids:
        log.info("%d abandoned game(s) expired", len(ids))
    return ids


async def sweep(app: Any) -> None:
    """Expire abandoned games now and every `expire_every` seconds, until cancelled."""
    while True:
        try:
            await expire_abandoned(app)
        except Exception:  # a failed sweep is retried at the next one
            log.exception("expiring abandoned games failed")
        await asyncio.sleep(app.state.config.expire_every)
