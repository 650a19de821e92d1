"""Writing to the database from the event loop: one writer thread, and group commit.

Every accepted action must be committed before anybody hears of it. A commit costs a disk
flush (milliseconds), so the actions that arrive while one commit is on its way are committed
together in the next transaction: under load many games share each flush, and none waits for
more than the commit in flight plus its own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

from bitva.store.games import GameStore, Progress, StoredAction

T = TypeVar("T")
Append = tuple[str, int, list[StoredAction], Progress]


class Writer:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="bitva-db")
        # the moves go through the driver itself where it can (less Python in this thread,
        # which shares the interpreter lock with the event loop)
        self._steps = store.step_writer()
        self._append = self._steps.append_many if self._steps else store.append_many
        self._pending: list[tuple[Append, asyncio.Future[datetime]]] = []
        self._flushing = False
        self.batches = 0  # how many transactions carried actions (for tests and curiosity)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """Any other write (a new game, a seat taken), in the writer thread, in order."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, work, *args)

    async def append(
        self, game_id: str, index: int, actions: list[StoredAction], progress: Progress
    ) -> datetime:
        """Commit the steps of one move (with the others waiting now); raises StoreConflict for
        this one alone if its game does not stand at `index`."""
        future: asyncio.Future[datetime] = asyncio.get_running_loop().create_future()
        self._pending.append(((game_id, index, actions, progress), future))
        if not self._flushing:
            self._flushing = True
            asyncio.get_running_loop().create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    results = await self.run(self._append, [item for item, _ in batch])
                except Exception as exc:  # the whole transaction failed: tell every caller
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                self.batches += 1
                for (_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue
                    if isinstance(result, Exception):
                        future.set_exception(result)
                    else:
                        future.set_result(result)
        finally:
            self._flushing = False

    def close(self) -> None:
        if self._steps is not None:  # its connection is closed by the thread that used it
            self._thread.submit(self._steps.close).result()
        self._thread.shutdown(wait=True)
