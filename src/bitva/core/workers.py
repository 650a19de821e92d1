"""Worker processes and Ctrl-C: the parent alone is interrupted.

Ctrl-C in a terminal sends SIGINT to the whole process group, worker processes too; a worker
that takes it prints its own KeyboardInterrupt traceback (in about 1 run of 4 of `bitva
tournament --workers 2`, issue 21), even while it is still importing. So a pool's workers are
started with SIGINT blocked (a new process inherits the signal mask of the thread that starts
it, so the signal never reaches even a worker that is still importing) and then ignore it; the
parent is interrupted alone and stops its workers itself.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager


def ignore_interrupts() -> None:
    """In a worker process: ignore SIGINT (the parent stops the worker). A pool initializer."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def interrupts_held() -> Iterator[None]:
    """SIGINT is held back (blocked in this thread) meanwhile, so that a worker process started
    here inherits it blocked; one that came meanwhile reaches this process right after."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no process-group Ctrl-C to hold
        yield
        return
    # multiprocessing's resource tracker, when it starts, unblocks SIGINT rather than restoring
    # the mask it found: start it first, so that it does not start in here
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def stop_pool(executor: Executor) -> None:
    """Stop a pool now: cancel what has not started, end its worker processes (they ignore
    Ctrl-C) and wait for the pool's manager thread to end.

    The wait is what makes an interrupted exit quiet. CPython 3.11's exit hook
    (`concurrent.futures.process._python_exit`) wakes each live manager thread through a pipe
    without the pool's lock; if the thread closes that pipe meanwhile, the write fails with
    EBADF and "Exception ignored in: <module 'threading'>" is printed after a correct Ctrl-C
    (issue 21). A manager thread that has ended has closed its pipe, and the hook skips it."""
    manager: threading.Thread | None = getattr(executor, "_executor_manager_thread", None)
    workers = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=10)
    if manager is not None and manager is not threading.current_thread():
        manager.join(timeout=10)
