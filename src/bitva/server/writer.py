"""Writing to the database from the event loop, with group commit.

Every accepted action must be committed before anybody hears of it. A commit costs a disk
flush, so the actions that arrive while one commit is on its way are committed together in the
next transaction: under load many games share each flush, and none waits for more than the
commit in flight plus its own.

The moves are committed on the event loop's own thread (`bitva.store.steps`): SQLite
synchronously (a batch costs well under a millisecond), PostgreSQL over an asynchronous
connection. They used to go through a writer thread, whose every call into the driver had to win
the interpreter lock back from the busy event loop: at 250 moves a second a commit waited up to
half a second that way (docs/server.md, "Load"). The other writes (a new game, a seat taken, a
migration, the expiry sweep) are rare and run in order in one writer thread, through SQLAlchemy;
so do the moves on a database whose driver `bitva.store.steps` does not know.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any, TypeVar

from bitva.store.games import GameStore, Progress, StoreConflict, StoredAction
from bitva.store.steps import AsyncStepWriter, StepWriter

T = TypeVar("T")
Append = tuple[str, int, list[StoredAction], Progress]


class Writer:
    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="bitva-db")
        self._steps = store.step_writer()
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

    async def _commit(self, items: list[Append]) -> list[datetime | StoreConflict]:
        steps = self._steps
        if isinstance(steps, AsyncStepWriter):
            return await steps.append_many(items)
        if isinstance(steps, StepWriter):
            return steps.append_many(items)  # on the loop: see the module's docstring
        return await self.run(self.store.append_many, items)

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    results = await self._commit([item for item, _ in batch])
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
                await asyncio.sleep(0)  # let the moves that came meanwhile join the next batch
        finally:
            self._flushing = False

    def close(self) -> None:
        if self._steps is not None:
            self._steps.close()
        self._thread.shutdown(wait=True)
