"""Issue 21, point 12: a benchmark report whose win rate is 0% or 100% is drawn (the Wilson
interval ends exactly at 0 and 1, so no error bar is negative), Ctrl-C during a tournament on
worker processes ends with one line from the parent and no worker's traceback, and `--help`
imports no SQLAlchemy."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from bitva.arena.benchmark import Benchmark, BenchmarkRow, wilson
from bitva.arena.report import write_report
from bitva.arena.tournament import Tournament
from bitva.store.db import make_engine
from bitva.store.tournaments import TournamentGameRow


def test_issue21_p12_wilson_interval_ends_exactly_at_0_and_1() -> None:
    """wilson(0, n) gave a lower bound of 2.8e-17 for some n, and wilson(n, n) an upper bound
    just under 1: the interval of a 0% or 100% win rate must start or end exactly there."""
    for trials in range(1, 2001):
        assert wilson(0, trials)[0] == 0.0, trials
        assert wilson(trials, trials)[1] == 1.0, trials
        for successes in (0, 1, trials // 2, trials - 1, trials):
            low, high = wilson(successes, trials)
            assert 0.0 <= low <= successes / trials <= high <= 1.0, (successes, trials)


def _row(agent: str, wins: int, games: int) -> BenchmarkRow:
    low, high = wilson(wins, games)
    rate = wins / games
    return BenchmarkRow(
        agent, games, wins, 0, games - wins, rate, low, high, None, 0.0, 30.0, 0.0, 0.0
    )


@pytest.mark.parametrize("games", [5, 10, 13, 17])
def test_issue21_p12_a_benchmark_of_0_and_100_percent_writes_its_report(
    tmp_path: Path, games: int
) -> None:
    """`bitva tournament sniper-elite … --report DIR` crashed ('xerr' must not contain negative
    values) when an agent never won."""
    tournament = Tournament("sniper-elite", {}, ("never", "always"), games, 0, seats=1)
    rows = [_row("always", games, games), _row("never", 0, games)]
    result = Benchmark(rows, 2 * games, 30.0, "f" * 16)
    path = write_report(tmp_path / "report", tournament, result)
    assert "| never |" in path.read_text(encoding="utf-8")
    assert (tmp_path / "report" / "tournament.png").read_bytes().startswith(b"\x89PNG")


HELP_CHECK = """
import sys
from bitva.cli.main import app
try:
    app(sys.argv[1:])
except SystemExit as exc:
    assert exc.code == 0, exc.code
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('sqlalchemy', 'matplotlib'))
print(' '.join(loaded) or 'none')
"""


@pytest.mark.parametrize(
    "command", ["", "tournament", "simulate", "migrate", "serve", "play", "calc aos"]
)
def test_issue21_p12_help_imports_no_sqlalchemy(command: str) -> None:
    """`bitva --help` (and each command's) spent 0.19 s of 0.6 s importing SQLAlchemy: only a
    command that opens a database imports it, when it runs."""
    args = [*command.split(), "--help"]
    done = subprocess.run(
        [sys.executable, "-c", HELP_CHECK, *args], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "none"


def _stored(db: str) -> int:
    engine = make_engine(db)
    try:
        with engine.connect() as connection:
            return connection.scalar(select(func.count()).select_from(TournamentGameRow)) or 0
    except Exception:  # the table does not exist yet
        return 0
    finally:
        engine.dispose()


def _children(pid: int) -> int:
    try:
        return len(Path(f"/proc/{pid}/task/{pid}/children").read_text().split())
    except OSError:
        return 0


def as_a_terminal_starts_it() -> None:
    """In the child before exec: SIGINT at its default and not blocked, as a terminal's shell
    starts a command. The test process may have inherited it ignored or blocked (a test before
    it in the same pytest worker, or the worker itself), and exec keeps both."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize(
    ("moment", "games"),
    [  # two moments by default; each costs a tournament's start (10-30 s on a busy machine)
        pytest.param("workers start", 0, marks=pytest.mark.slow),
        ("workers import", 0),
        pytest.param("first game", 1, marks=pytest.mark.slow),
        ("later", 2),
    ],
)
def test_issue21_p12_ctrl_c_with_workers_is_one_line_from_the_parent(
    tmp_path: Path, moment: str, games: int
) -> None:
    """Ctrl-C in a terminal sends SIGINT to the whole process group, the worker processes too:
    a worker printed its KeyboardInterrupt traceback in about 1 run of 4. The workers ignore it
    (the parent stops them), and the parent says it was interrupted, in one line, exit 130."""
    db = f"sqlite:///{tmp_path / 'interrupted.sqlite'}"
    command = [sys.executable, "-m", "bitva.cli.main", "tournament", "dice-cards"]
    command += ["--agents", "random,greedy,ismcts:evaluations=80", "--games", "40"]
    command += ["--workers", "2", "--db", db]
    env = {**os.environ, "BITVA_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell gives a command
        preexec_fn=as_a_terminal_starts_it,
    )
    try:
        deadline = time.monotonic() + 60
        # the resource tracker and the two workers
        while _children(process.pid) < 3 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.01)
        if moment == "workers import":
            time.sleep(0.3)
        while _stored(db) < games and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.05)
        assert process.poll() is None, "the tournament ended before Ctrl-C"
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "interrupted" in lines[0], err
