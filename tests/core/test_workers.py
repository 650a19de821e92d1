"""Stopping a worker pool on Ctrl-C (issue 21, point 12): `stop_pool` leaves nothing that
CPython's exit hook could trip over."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

from bitva.core.workers import ignore_interrupts, stop_pool


def test_issue21_stop_pool_ends_the_workers_and_the_manager_thread() -> None:
    executor = ProcessPoolExecutor(
        2, mp_context=multiprocessing.get_context("spawn"), initializer=ignore_interrupts
    )
    futures = [executor.submit(time.sleep, 30) for _ in range(4)]
    time.sleep(0.5)  # the workers have started and taken the first jobs
    manager: threading.Thread | None = getattr(executor, "_executor_manager_thread", None)
    workers = list((executor._processes or {}).values())
    assert manager is not None and manager.is_alive() and workers

    stop_pool(executor)

    # the exit hook skips a manager thread that has ended (its wakeup pipe is closed)
    assert not manager.is_alive()
    assert all(not worker.is_alive() for worker in workers)
    assert all(future.done() for future in futures[2:])


class SlowToEnd(ThreadPoolExecutor):
    """A pool whose manager thread ends a while after shutdown, as a process pool's may when its
    workers are terminated (it still has to notice, join its queues and close its pipe)."""

    def __init__(self) -> None:
        super().__init__(1)
        self._executor_manager_thread = threading.Thread(target=time.sleep, args=(0.5,))
        self._executor_manager_thread.start()


def test_issue21_stop_pool_waits_for_the_manager_thread() -> None:
    executor = SlowToEnd()
    stop_pool(executor)
    assert not executor._executor_manager_thread.is_alive()


def test_issue21_stop_pool_takes_a_thread_pool_too() -> None:
    executor = ThreadPoolExecutor(1)
    executor.submit(time.sleep, 0.1)
    stop_pool(executor)
    executor.shutdown(wait=True)


EXIT_AFTER_STOP = """
import multiprocessing, time
from concurrent.futures import ProcessPoolExecutor
from bitva.core.workers import ignore_interrupts, stop_pool
for _ in range(8):
    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"),
                               initializer=ignore_interrupts)
    for _ in range(4):
        pool.submit(time.sleep, 30)
    time.sleep(0.3)
    stop_pool(pool)
"""


def test_issue21_the_interpreter_exits_quietly_after_stop_pool() -> None:
    done = subprocess.run(
        [sys.executable, "-c", EXIT_AFTER_STOP], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0
    assert "Exception ignored" not in done.stderr, done.stderr
    assert done.stderr == ""
