"""Root-parallel search over processes: K independent searches of the same determinized state,
each with its own seed and a K-th of the iterations, whose root statistics are added up.

Workers receive the determinization as JSON (`to_json` / `game.state_from_json`), never the real
state. With an iteration budget the merged result depends only on the seeds, so the move is the
same however the processes are scheduled.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bitva.ai.search import SearchConfig, SearchResult, merge, run_search
from bitva.ai.values import Heuristic
from bitva.core.registry import get_game
from bitva.core.rng import derive_seed
from bitva.core.state import State


def make_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` fresh processes (spawned: safe beside threads and Ray)."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))


def _search_job(
    game: str,
    data: dict[str, Any],
    seat: int,
    config: SearchConfig,
    seed: int,
    heuristic: Heuristic | None,
) -> SearchResult:
    base = get_game(game).state_from_json(data)
    return run_search(base, seat, config, seed, heuristic)


def root_parallel(
    pool: ProcessPoolExecutor,
    base: State[Any],
    seat: int,
    config: SearchConfig,
    search_seed: int,
    heuristic: Heuristic | None = None,
) -> SearchResult:
    """Run `config.workers` searches of `base` in `pool` and merge them. Search i uses the seed
    `derive_seed(search_seed, "search", i)`, so one worker reproduces the serial search."""
    workers = config.workers
    part = config.with_budget(config.budget.split(workers))
    data = base.to_json()
    futures = [
        pool.submit(
            _search_job,
            base.game.name,
            data,
            seat,
            part,
            derive_seed(search_seed, "search", index),
            heuristic,
        )
        for index in range(workers)
    ]
    return merge([future.result() for future in futures])
