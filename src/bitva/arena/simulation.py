"""Playing whole games between agents, reproducibly, on one core, on local processes or on a Ray
cluster.

A job maps every seat 1..N of the game to an agent. The game's chance is sampled from the state's
seeded RNG (`Match` does it after every action), the agents decide at the seats' decisions only.
Game `index` of a run with master seed `seed` always uses the same game seed and agent seeds,
whatever process or machine plays it, so every backend gives the same records: results come back
in any order, and callers put them back in job order.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import Any, Protocol

from bitva.ai import make_agent
from bitva.core.errors import BitvaError, NotSupported
from bitva.core.game import Game
from bitva.core.record import GameRecord, Match
from bitva.core.rng import derive_seed
from bitva.core.workers import ignore_interrupts, interrupts_held, stop_pool

LOCAL_RAY = "local"


MoveTimes = tuple[int, float, float]  # per seat: moves, total seconds, longest move


def play_game(
    game: str, options: dict[str, Any], seed: int, index: int, agents: dict[int, str]
) -> GameRecord:
    """Play one whole game and return its record."""
    return play_timed(game, options, seed, index, agents)[0]


def play_timed(
    game: str, options: dict[str, Any], seed: int, index: int, agents: dict[int, str]
) -> tuple[GameRecord, dict[int, MoveTimes]]:
    """`play_game`, also timing every agent's moves (wall clock; the record does not depend on
    it).

    A game whose agents never finish it (two armies that each hold back out of the other's reach)
    is stopped at the game's horizon, `Game.max_game_length`, the bound its research
    environments truncate at: its record then has no outcome (`stopped`), and tournaments and
    `simulate` count it as stopped, a draw, instead of running for ever."""
    game_seed = derive_seed(seed, "game", index)
    match = Match(game, options, game_seed)
    horizon = step_limit(match.game, options)
    seats = match.state.seats
    if sorted(agents) != list(range(1, seats + 1)):
        raise BitvaError(
            f"{match.game.name} has seats 1 to {seats}: a job needs one agent for each,"
            f" not seats {sorted(agents)}"
        )
    players = {
        seat: make_agent(name, derive_seed(seed, "agent", index, seat))
        for seat, name in agents.items()
    }
    match.record.players = {str(seat): name for seat, name in agents.items()}
    times: dict[int, list[float]] = {seat: [] for seat in agents}
    state = match.state
    clock = time.perf_counter
    while state.current_player is not None and len(match.record.actions) < horizon:
        seat = state.current_player
        started = clock()
        action = players[seat].choose(state)
        times[seat].append(clock() - started)
        match.apply(action)
    return match.record, {
        seat: (len(spent), sum(spent), max(spent, default=0.0)) for seat, spent in times.items()
    }


def step_limit(game: Game[Any, Any], options: dict[str, Any]) -> float:
    """The steps (actions and chance outcomes) after which a game is stopped: its declared
    `max_game_length`, or no limit for a game that declares none (its rules end it)."""
    try:
        return int(game.max_game_length(options))
    except NotSupported:
        return float("inf")


def stopped(record: GameRecord) -> bool:
    """A game the arena stopped at its horizon (`play_timed`) before anyone won."""
    return record.outcome is None


@dataclass(frozen=True)
class GameJob:
    """The arguments of one `play_game` call: `agents` maps every seat to an agent name."""

    game: str
    options: dict[str, Any]
    seed: int
    index: int
    agents: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameResult:
    """A finished job: its position in the job list, the record, the seconds it took, and the
    move times of each seat."""

    position: int
    record: GameRecord
    seconds: float
    moves: dict[int, MoveTimes] = field(default_factory=dict)


def run_job(position: int, job: GameJob) -> GameResult:
    """Play a job (in whichever process runs it) and time it."""
    started = time.perf_counter()
    record, moves = play_timed(job.game, job.options, job.seed, job.index, job.agents)
    return GameResult(position, record, time.perf_counter() - started, moves)


@dataclass(frozen=True)
class Backend:
    """Where games run: `workers` local processes (1: this process), or a Ray cluster when `ray`
    is set (`"local"` starts a local instance with `workers` CPUs; otherwise an address such as
    `auto`, `HOST:PORT` or `ray://HOST:PORT`)."""

    workers: int = 1
    ray: str | None = None

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise BitvaError(f"--workers must be at least 1, not {self.workers}")

    def describe(self) -> str:
        if self.ray is not None:
            where = "a local Ray instance" if self.ray == LOCAL_RAY else f"Ray at {self.ray}"
            return f"{where} ({self.workers} CPUs)" if self.ray == LOCAL_RAY else where
        return "this process" if self.workers == 1 else f"{self.workers} local processes"


Work = Iterable[tuple[int, GameJob]]
"""Jobs with their positions, produced as they are needed: a run of 10**20 games never lists
them, it holds only the jobs in flight."""

RAY_WINDOW = 256  # jobs in flight on a Ray cluster, at least (it may have many more CPUs)


def run_jobs(
    jobs: Sequence[GameJob],
    backend: Backend | None = None,
    positions: Iterable[int] | None = None,
) -> Iterator[GameResult]:
    """Play `jobs` and yield each result as it finishes (in any order; `result.position` is the
    job's index in `jobs`). `positions` restricts the run to those indices (a resumed run)."""
    chosen = range(len(jobs)) if positions is None else positions
    return run_stream(((position, jobs[position]) for position in chosen), backend)


def run_stream(
    work: Work, backend: Backend | None = None, ordered: bool = False
) -> Generator[GameResult, None, None]:
    """Play the (position, job) pairs of `work`, taking the next one only when a worker is free,
    and yield each result as it finishes, or in the order of `work` when `ordered`. Memory holds
    only a window of jobs, two per worker (at least RAY_WINDOW on Ray): in flight, or finished
    and waiting for an earlier one when `ordered` (then workers wait too, rather than results
    pile up behind one long game)."""
    backend = backend or Backend()
    queue = iter(work)
    if backend.ray is not None:
        yield from _windowed(_RayPool(backend), queue, ordered)
        return
    window = 2 * backend.workers
    first = list(islice(queue, window))
    if backend.workers == 1 or len(first) <= 1:
        for position, job in chain(first, queue):
            yield run_job(position, job)
        return
    pool = _ProcessPool(min(backend.workers, len(first)), window)
    yield from _windowed(pool, chain(first, queue), ordered)


class _Pool(Protocol):
    window: int

    def submit(self, position: int, job: GameJob) -> None: ...

    def finished(self) -> list[GameResult]:
        """Wait until a job is done; every result done, in position order."""
        ...

    def running(self) -> int: ...

    def close(self, cancel: bool) -> None: ...


def _windowed(
    pool: _Pool, queue: Iterator[tuple[int, GameJob]], ordered: bool
) -> Iterator[GameResult]:
    """Keep `pool.window` jobs in flight or waiting, yielding results as `run_stream` says."""
    order: deque[int] = deque()  # positions in the order they were taken (ordered runs)
    held: dict[int, GameResult] = {}
    try:
        while True:
            while pool.running() + len(held) < pool.window:
                following = next(queue, None)
                if following is None:
                    break
                pool.submit(*following)
                if ordered:
                    order.append(following[0])
            if not pool.running():
                break
            for result in pool.finished():
                if ordered:
                    held[result.position] = result
                else:
                    yield result
            while order and order[0] in held:
                yield held.pop(order.popleft())
    except BaseException:
        pool.close(cancel=True)
        raise
    pool.close(cancel=False)


class _ProcessPool:
    """Local processes (spawned, so the parent's threads such as a progress bar never leak into
    them).

    Ctrl-C reaches the parent alone (`bitva.core.workers`): the workers start with SIGINT
    blocked and ignore it, and `close(cancel=True)` stops them."""

    def __init__(self, workers: int, window: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.executor = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=ignore_interrupts
        )
        self.window = window
        self.futures: set[Future[GameResult]] = set()

    def submit(self, position: int, job: GameJob) -> None:
        with interrupts_held():  # a worker may be started here
            self.futures.add(self.executor.submit(run_job, position, job))

    def finished(self) -> list[GameResult]:
        done, self.futures = wait(self.futures, return_when=FIRST_COMPLETED)
        return sorted((future.result() for future in done), key=_position)

    def running(self) -> int:
        return len(self.futures)

    def close(self, cancel: bool) -> None:
        # the workers ignore SIGINT: on an interruption they are stopped here, not left to end
        # the game they are playing
        if cancel:
            stop_pool(self.executor)
        else:
            self.executor.shutdown(wait=True)


class _RayPool:
    """Jobs as Ray tasks, one CPU each."""

    def __init__(self, backend: Backend) -> None:
        self.ray = connect_ray(backend)
        self.remote = self.ray.remote(num_cpus=1)(run_job)
        self.window = max(2 * backend.workers, RAY_WINDOW)
        self.pending: list[Any] = []

    def submit(self, position: int, job: GameJob) -> None:
        self.pending.append(self.remote.remote(position, job))

    def finished(self) -> list[GameResult]:
        done, self.pending = self.ray.wait(self.pending, num_returns=1)
        return sorted((self.ray.get(ref) for ref in done), key=_position)

    def running(self) -> int:
        return len(self.pending)

    def close(self, cancel: bool) -> None:
        if cancel:
            for ref in self.pending:
                self.ray.cancel(ref, force=True)


def _position(result: GameResult) -> int:
    return result.position


_RAY_OPENED: list[bool] = []  # whether this module started the Ray connection it uses


def connect_ray(backend: Backend) -> Any:
    """`ray`, initialised for `backend` (once per process; a connection the caller opened
    before is used as it is). An unreachable address or a missing Ray installation is a
    BitvaError with one clear line."""
    try:
        import ray
    except ImportError:
        raise BitvaError(
            "Ray is not installed: pip install 'bitva[ray]' (or run with --workers)"
        ) from None
    if ray.is_initialized():
        return ray
    address = backend.ray or LOCAL_RAY
    kwargs: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": "ERROR",
    }
    if address == LOCAL_RAY:
        # a new local instance, whatever RAY_ADDRESS says; its workers import bitva from
        # wherever this process does
        kwargs["num_cpus"] = backend.workers
        kwargs["runtime_env"] = {"env_vars": {"PYTHONPATH": _python_path()}}
    else:
        _check_reachable(address)
    try:
        ray.init(address=address, **kwargs)
    except (ConnectionError, RuntimeError, ValueError, TimeoutError) as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BitvaError(f"cannot reach a Ray cluster at {address!r}: {reason}") from None
    _RAY_OPENED.append(True)
    return ray


def _check_reachable(address: str) -> None:
    """Fail fast on a concrete address nobody listens at (Ray itself would retry for minutes)."""
    host_port = address.removeprefix("ray://")
    if address == "auto" or ":" not in host_port:
        return
    host, _, port = host_port.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=5):
            pass
    except ValueError:
        raise BitvaError(
            f"bad Ray address {address!r} (write HOST:PORT, ray://HOST:PORT or auto)"
        ) from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise BitvaError(f"cannot reach a Ray cluster at {address!r}: {reason}") from None


def _python_path() -> str:
    import bitva

    source = os.path.dirname(os.path.dirname(os.path.abspath(bitva.__file__)))
    existing = os.environ.get("PYTHONPATH")
    return source if not existing else f"{source}{os.pathsep}{existing}"


def shutdown_ray() -> None:
    """Stop the Ray connection `connect_ray` opened (a local instance stops with it); one the
    caller opened stays."""
    if not _RAY_OPENED:
        return
    _RAY_OPENED.clear()
    import ray

    if ray.is_initialized():
        ray.shutdown()


def play_jobs(
    jobs: Sequence[GameJob],
    backend: Backend | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameRecord]:
    """Play every job and return the records in job order (the same for every backend)."""
    records: list[GameRecord | None] = [None] * len(jobs)
    for result in run_jobs(jobs, backend):
        records[result.position] = result.record
        if on_result is not None:
            on_result(result)
    return [record for record in records if record is not None]
