"""Replays, in pages (issue 21, point 15): `GET /api/games/{id}/replay?from=N&limit=M`.

A long game's replay is big: a BattleLore game of 3,364 steps is 12 MB of JSON (a view per step).
Answered whole, validated, encoded and compressed on the event loop, ten of them at once held
every other game's moves up for seconds. So the whole answer is bounded, not only its
computation:

- the replay of a seat is computed once per game version, off the event loop (in a worker
  thread, at most `heavy_reads_at_once` at a time, one computation for every request that waits
  for it), and kept as each step's JSON text (`ReplayBook`), a few recent ones, within
  `BOOKS_BYTES` in all;
- a page is at most `limit` steps (default `PAGE_STEPS`, at most `MAX_PAGE_STEPS`) and about
  `PAGE_BYTES` of them (one step at least); it is joined from those texts, and compressed (gzip,
  when the client accepts it), in a worker thread too;
- each page counts against the client's `replay_rate`, and the bytes a client has in flight
  (a page being built counts as `PAGE_BYTES`, then as what it weighs until it has been sent) are
  held under `max_replay_bytes_in_flight`: beyond it, 429 with Retry-After.

A page: `{"from", "next" (the first step of the next page, null at the end), "total", "seat",
"game", "shared", "steps"}`. `shared` holds the view keys the adapter shares (card tables) for
every step, so any page can be shown on its own.
"""

from __future__ import annotations

import asyncio
import gzip
import multiprocessing
import os
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.types import Receive, Scope, Send

from bitva.core.chance import CHANCE
from bitva.core.record import GameRecord, replay
from bitva.core.registry import get_game
from bitva.core.workers import stop_pool
from bitva.server.ai import _watch_parent as watch_parent  # the AI workers' start, too
from bitva.server.config import ServerConfig
from bitva.server.errors import ApiError, invalid
from bitva.server.games import adapter_for
from bitva.server.limits import client_of
from bitva.server.models import GameSummary, ReplayStep
from bitva.server.routes import ERRORS, GameId, Token, charge, limits
from bitva.server.runtime import dumps
from bitva.server.service import GameService

PAGE_STEPS = 200  # steps of a page, unless the client asks for fewer
MAX_PAGE_STEPS = 500
PAGE_BYTES = 1024 * 1024  # a page stops growing past this many bytes of steps
BOOKS_BYTES = 96 * 1024 * 1024  # the replays kept, in all
BOOKS_KEPT = 16
COMPRESS_FROM = 32 * 1024  # smaller pages are not worth the CPU of gzip


class ReplayOut(BaseModel):
    """A page of a replay (the shape the endpoint documents; it answers it as prepared JSON)."""

    model_config = ConfigDict(populate_by_name=True)

    start: int = Field(alias="from", description="the position of this page's first step")
    next: int | None = Field(description="the first step of the next page; null: the last page")
    total: int = Field(description="the steps of the whole replay")
    seat: int | None
    game: GameSummary
    shared: dict[str, Any] = Field(
        default_factory=dict,
        description="view keys sent once for every step (e.g. the cards the steps name)",
    )
    steps: list[ReplayStep]


@dataclass
class ReplayBook:
    """A seat's replay of one game version: each step's JSON text, and the shared view keys."""

    steps: list[bytes]
    shared: bytes  # JSON of the shared view keys
    size: int = field(init=False)

    def __post_init__(self) -> None:
        self.size = sum(len(step) for step in self.steps) + len(self.shared)


def replay_book(record: GameRecord, seat: int | None) -> ReplayBook:
    """Every move of a game as `seat` saw it, each as JSON text once it is complete (in a worker:
    only one step's objects are alive at a time): a seat's action with the chance that followed
    it, its events and the view after them. Step 0 is the position after the set-up (its chance
    events included). View keys the adapter shares (card tables) are kept apart, once."""
    game = get_game(record.game)
    adapter = adapter_for(game.name)
    shared: dict[str, Any] = {key: {} for key in adapter.shared_view_keys}

    def strip(view: dict[str, Any]) -> dict[str, Any]:
        for key in adapter.shared_view_keys:
            table = view.get(key)
            if isinstance(table, dict):
                shared[key].update(table)
        return {k: v for k, v in view.items() if k not in adapter.shared_view_keys}

    start = game.new(record.options, record.seed)
    current: dict[str, Any] = {"index": 0, "seat": None, "events": [], "view": {}}
    if not start.is_chance:
        current["view"] = strip(adapter.view(start, seat))
    texts: list[bytes] = []
    for step in replay(record):
        if step.seat != CHANCE:  # a seat's decision starts the next step
            texts.append(dumps(current).encode())
            current = {"index": step.index, "seat": step.seat, "events": [], "view": {}}
        current["events"] += [event.for_seat(seat) for event in step.events]
        current["index"] = step.index + 1
        if not step.state.is_chance:
            current["view"] = strip(adapter.view(step.state, seat))
    texts.append(dumps(current).encode())
    return ReplayBook(texts, dumps(shared).encode())


def page_of(
    book: ReplayBook, start: int, limit: int, head: str, gzipped: bool
) -> tuple[bytes, bool]:
    """The page from step `start` (in a worker thread), and whether it is gzipped (where the
    client takes gzip and the page is worth it): `head` is the JSON members that do not depend
    on the page (seat and game)."""
    total = len(book.steps)
    end, size = start, 0
    while end < total and end - start < limit:
        if end > start and size + len(book.steps[end]) > PAGE_BYTES:
            break
        size += len(book.steps[end])
        end += 1
    following = end if end < total else None
    body = b"".join(
        (
            f'{{"from":{start},"next":{dumps(following)},"total":{total},{head},'.encode(),
            b'"shared":',
            book.shared,
            b',"steps":[',
            b",".join(book.steps[start:end]),
            b"]}",
        )
    )
    if gzipped and len(body) >= COMPRESS_FROM:
        return gzip.compress(body, compresslevel=6), True
    return body, False


class Replays:
    """The replays computed lately, and the computations under way (one per replay). They are
    computed in worker processes where the AI's are (`ai_executor`): a replay of thousands of
    steps is a second of Python and millions of short-lived objects, which in a thread of the
    server would hold the interpreter lock (and the collector) from the event loop."""

    def __init__(self, service: GameService, config: ServerConfig) -> None:
        self.service = service
        self.config = config
        self.books: OrderedDict[tuple[str, int | None, int], ReplayBook] = OrderedDict()
        self.building: dict[tuple[str, int | None, int], asyncio.Future[ReplayBook]] = {}
        self._executor: Executor | None = None

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            workers = max(1, self.config.heavy_reads_at_once)
            if self.config.ai_executor == "process":
                self._executor = ProcessPoolExecutor(
                    workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=watch_parent,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(workers, thread_name_prefix="bitva-replay")
        return self._executor

    def close(self) -> None:
        if self._executor is not None:
            executor, self._executor = self._executor, None
            stop_pool(executor)

    async def _compute(self, record: GameRecord, seat: int | None) -> ReplayBook:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, replay_book, record, seat)
        except BrokenProcessPool as exc:  # a worker died (killed): the next replay starts anew
            self.close()
            raise ApiError(503, "the replay could not be computed: try again") from exc

    async def book(self, game_id: str, token: str | None, heavy: asyncio.Semaphore) -> Any:
        """(runtime, seat, book) of a seat's replay of the game as it stands."""
        games = self.service
        runtime = await games.runtime(game_id)
        seat = games.seat_of(runtime, token, required=False)
        # the epoch: after an undo a version number comes again for another position
        key = (f"{runtime.id}.{runtime.epoch}", seat, runtime.version)
        found = self.books.get(key)
        if found is not None:
            self.books.move_to_end(key)
            return runtime, seat, found
        building = self.building.get(key)
        if building is None:  # one computation, whoever asks while it runs
            record = runtime.stored.record()
            record.actions = [step.action for step in runtime.steps]
            record.digests = []
            building = asyncio.ensure_future(self._build(key, record, seat, heavy))
            # looked at, even if every client left before it ended: no "never retrieved"
            building.add_done_callback(lambda done: done.cancelled() or done.exception())
            self.building[key] = building
        # shielded: a client that leaves does not cancel it for the others (nor for the cache)
        return runtime, seat, await asyncio.shield(building)

    async def _build(
        self,
        key: tuple[str, int | None, int],
        record: GameRecord,
        seat: int | None,
        heavy: asyncio.Semaphore,
    ) -> ReplayBook:
        try:
            async with heavy:
                made = await self._compute(record, seat)
            self._keep(key, made)
            return made
        finally:
            del self.building[key]

    def _keep(self, key: tuple[str, int | None, int], book: ReplayBook) -> None:
        self.books[key] = book
        while len(self.books) > 1 and (
            len(self.books) > BOOKS_KEPT or sum(b.size for b in self.books.values()) > BOOKS_BYTES
        ):
            self.books.popitem(last=False)


class SentThenRelease(Response):
    """An answer that calls `done` once it has been sent (or its sending failed)."""

    def __init__(self, body: bytes, headers: dict[str, str], done: Callable[[], None]) -> None:
        super().__init__(body, media_type="application/json", headers=headers)
        self.done = done

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.done()


router = APIRouter(prefix="/api")


def accepts_gzip(request: Request) -> bool:
    for part in request.headers.get("accept-encoding", "").lower().split(","):
        name, _, quality = part.strip().partition(";")
        if name.strip() in ("gzip", "*") and quality.replace(" ", "") not in ("q=0", "q=0.0"):
            return True
    return False


@router.get("/games/{game_id}/replay", response_model=ReplayOut, responses=ERRORS, tags=["play"])
async def game_replay(
    game_id: GameId,
    auth: Token,
    request: Request,
    start: Annotated[
        int, Query(alias="from", ge=0, le=10_000_000, description="the first step of the page")
    ] = 0,
    limit: Annotated[int, Query(ge=1, le=MAX_PAGE_STEPS, description="steps at most")] = (
        PAGE_STEPS
    ),
) -> Response:
    """A page of the game's moves as your seat (or a spectator) saw them, for the replay viewer:
    the steps from `from` on, `limit` at most (and about a megabyte of them); `next` is where
    the next page starts (null: this is the last). Each page counts against the replay rate."""
    charge(request, "replay")
    client = client_of(request.scope)
    in_flight = limits(request).replay_bytes
    in_flight.take(client, PAGE_BYTES)  # the most a page can be, until it is built
    held = PAGE_BYTES
    try:
        replays: Replays = request.app.state.replays
        runtime, seat, book = await replays.book(game_id, auth, limits(request).heavy)
        total = len(book.steps)
        if start >= total:
            raise invalid(["query", "from"], f"past the last step (the replay has {total})")
        head = f'"seat":{dumps(seat)},"game":{runtime.summary_json()}'
        body, gzipped = await to_thread.run_sync(
            page_of, book, start, limit, head, accepts_gzip(request)
        )
        in_flight.give_back(client, held - len(body))
        held = len(body)
    except BaseException:
        in_flight.give_back(client, held)
        raise
    headers = {"Vary": "Accept-Encoding"}
    if gzipped:  # the GZip middleware leaves an answer that has its encoding alone
        headers["Content-Encoding"] = "gzip"
    return SentThenRelease(body, headers, lambda: in_flight.give_back(client, held))
