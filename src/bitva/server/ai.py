"""AI seats: which levels exist, and playing their moves off the event loop.

The AI of a seat sees what that seat may see and nothing more: it chooses on a determinization
(`state.determinize(seat, rng)`: the hidden cards dealt anew, consistent with the seat's view),
in a worker process (or thread), and the move comes back as text. The move is then applied,
committed and broadcast like any other. A game whose AI seat is to move when the server starts
(after a restart) resumes at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from bitva.core.errors import BitvaError
from bitva.core.game import Game
from bitva.core.rng import Rng, derive_seed
from bitva.core.workers import ignore_interrupts, interrupts_held, stop_pool
from bitva.server.config import ServerConfig
from bitva.server.errors import ApiError

if TYPE_CHECKING:
    from bitva.server.service import GameService

log = logging.getLogger("bitva.server.ai")

# Weakest to strongest, as the lobby lists them; levels the AI package adds later appear after.
LEVEL_ORDER = ("random", "easy", "medium", "greedy", "hard", "mcts", "ismcts")
# The default: the strongest level that still moves fast.
DEFAULT_PREFERENCE = ("hard", "greedy", "medium", "easy", "random")


def levels(game: Game[Any, Any] | None = None) -> list[str]:
    """The AI levels this installation has (`bitva.ai.AGENTS`), weakest first; with a game, only
    those that can play it (every level plays every game; a game's own scripted opponent, such
    as BattleLore's `rush`, plays only that game)."""
    from bitva.ai import AGENTS, plays

    known = [name for name in LEVEL_ORDER if name in AGENTS]
    ordered = known + sorted(name for name in AGENTS if name not in LEVEL_ORDER)
    return [name for name in ordered if game is None or plays(name, game)]


def default_level(game: Game[Any, Any] | None = None) -> str:
    present = levels(game)
    for name in DEFAULT_PREFERENCE:
        if name in present:
            return name
    return present[-1]


def _watch_parent(parent: int) -> None:
    """In a worker process: exit when the server process is gone (killed, say), so that no
    orphan worker outlives it."""
    ignore_interrupts()  # Ctrl-C stops the server, which stops its workers (core.workers)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="bitva-ai-parent-watch", daemon=True).start()


def choose_action(game: str, level: str, seed: int, state_json: dict[str, Any]) -> str:
    """Runs in a worker: the agent's action for the seat to move, as text."""
    from bitva.ai import make_agent
    from bitva.core.registry import get_game

    state = get_game(game).state_from_json(state_json)
    agent = make_agent(level, seed)
    return str(agent.choose(state))


class AiPlayer:
    """Schedules the moves of AI seats, one task per game at a time."""

    def __init__(self, service: GameService, config: ServerConfig) -> None:
        self.service = service
        self.config = config
        self.tasks: dict[str, asyncio.Task[None]] = {}
        self._executor: Executor | None = None

    def _make_executor(self) -> Executor:
        workers = max(1, self.config.ai_workers)
        if self.config.ai_executor == "process":
            return ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_watch_parent,
                initargs=(os.getpid(),),
            )
        return ThreadPoolExecutor(workers, thread_name_prefix="bitva-ai")

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            self._executor = self._make_executor()
        return self._executor

    async def resume(self) -> int:
        """Schedule every game whose AI seat is to move (after a start or a restart)."""
        from anyio import to_thread

        ids = await to_thread.run_sync(self.service.store.games_with_ai_to_move)
        for game_id in ids:
            self.schedule(game_id)
        return len(ids)

    def schedule(self, game_id: str) -> None:
        task = self.tasks.get(game_id)
        if task is not None and not task.done():
            return
        self.tasks[game_id] = asyncio.get_running_loop().create_task(
            self._drive(game_id), name=f"bitva-ai-{game_id}"
        )

    async def _drive(self, game_id: str) -> None:
        """Play the AI's decisions of this game until a person is to move or the game ends."""
        try:
            while True:
                runtime = await self.service.runtime(game_id)
                seat = runtime.ai_to_move()
                if seat is None:
                    return
                if self.config.ai_delay > 0:
                    await asyncio.sleep(self.config.ai_delay)
                version = runtime.version
                level = runtime.seat(seat).agent or default_level(runtime.state.game)
                seed = derive_seed(runtime.stored.seed, "ai", seat, version)
                hidden = runtime.state.determinize(seat, Rng(derive_seed(seed, "determinize")))
                self.service.hub.publish_thinking(game_id, seat)
                text = await self._think(runtime.stored.game, level, seed, hidden.to_json())
                try:
                    await self.service.act(game_id, seat, text, version)
                except ApiError as exc:
                    # an agent's bug must not stall the game: play a legal action instead
                    log.error("the AI of game %s chose %r: %s", game_id, text, exc.error)
                    state = runtime.state
                    if runtime.version != version or state.current_player != seat:
                        continue
                    fallback = state.candidate_actions(Rng(seed), 1)
                    if not fallback:
                        continue
                    await self.service.act(game_id, seat, state.action_text(fallback[0]), version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the AI of game %s failed", game_id)
        finally:
            if self.tasks.get(game_id) is asyncio.current_task():
                del self.tasks[game_id]

    async def _think(self, game: str, level: str, seed: int, state: dict[str, Any]) -> str:
        loop = asyncio.get_running_loop()
        try:
            with interrupts_held():  # a worker may start here: it must not take Ctrl-C
                thought = loop.run_in_executor(
                    self.executor, choose_action, game, level, seed, state
                )
            return await thought
        except BrokenProcessPool:
            log.warning("the AI worker died; starting a new one")
            self._executor = None
        except BitvaError as exc:  # a level the AI package no longer has
            log.warning("AI level %r failed (%s); playing random", level, exc)
            level = "random"
        with interrupts_held():
            thought = loop.run_in_executor(self.executor, choose_action, game, level, seed, state)
        return await thought

    async def shutdown(self) -> None:
        tasks = list(self.tasks.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.tasks.clear()
        if self._executor is not None:
            # the workers ignore Ctrl-C (core.workers): stop them rather than wait for a move
            executor, self._executor = self._executor, None
            stop_pool(executor)  # quick: the workers are terminated, not waited for
