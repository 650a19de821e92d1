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
from collections.abc import Iterator
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
