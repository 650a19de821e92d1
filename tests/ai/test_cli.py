"""`bitva simulate` and `bitva tournament` on every local backend, and their errors."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bitva.cli.main import app
from bitva.simulation import Backend, GameJob, play_jobs

runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False, env={"COLUMNS": "160"})


def test_simulate_json_is_byte_identical_with_worker_processes() -> None:
    args = ["simulate", "lords-of-war", "-n", "4", "--p1", "greedy", "--p2", "easy", "--seed", "5"]
    one = run(*args, "--json")
    two = run(*args, "--json", "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0
    assert one.stdout == two.stdout
    assert json.loads(one.stdout)["games"] == 4


def test_play_jobs_returns_records_in_job_order_on_every_backend() -> None:
    jobs = [GameJob("lords-of-war", {}, 2, index, {1: "random", 2: "greedy"}) for index in range(5)]
    serial = play_jobs(jobs, Backend(1))
    finished: list[int] = []
    parallel = play_jobs(jobs, Backend(2), on_result=lambda r: finished.append(r.position))
    assert [r.model_dump() for r in serial] == [r.model_dump() for r in parallel]
    assert sorted(finished) == [0, 1, 2, 3, 4]


def test_tournament_table_json_and_report(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.sqlite'}"
    args = ["tournament", "lords-of-war", "-a", "random,greedy,easy", "-n", "2", "--db", db]
    table = run(*args, "--workers", "1", "--report", str(tmp_path / "out"))
    assert table.exit_code == 0, table.output
    for needle in ("Elo [95%]", "W-D-L", "s/move (max)", "greedy", "score of row against column"):
        assert needle in table.stdout
    assert (tmp_path / "out" / "tournament.md").exists()
    assert (tmp_path / "out" / "tournament.png").exists()
    # the same tournament again: everything is stored, same results, as JSON
    again = run(*args, "--workers", "2", "--json")
    assert again.exit_code == 0
    data = json.loads(again.stdout)
    assert data["games"] == 6 and "resuming: 6 of 6" in again.stderr
    assert {s["agent"] for s in data["standings"]} == {"random", "greedy", "easy"}
    fresh = run(*args[:-1], f"sqlite:///{tmp_path / 'fresh.sqlite'}", "--workers", "2", "--json")
    fresh_data = json.loads(fresh.stdout)
    assert fresh_data.pop("timing").keys() == data.pop("timing").keys()
    assert fresh_data == data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "random,skynet"], "unknown agent"),
        (["--agents", "random"], "at least two agents"),
        (["--db", "nosuchdialect://x/y"], "cannot use the database"),
        (["--db", "sqlite:////no/such/dir/x.sqlite"], "cannot open the database"),
        (["--ray", "127.0.0.1:1"], "cannot reach a Ray cluster"),
        (["--ray", "localhost:x"], "bad Ray address"),
        (["somewhere:6379"], "a Ray address goes after --ray"),
    ],
)
def test_tournament_bad_input_is_one_clear_line(args: list[str], message: str) -> None:
    started = time.monotonic()
    result = run("tournament", "lords-of-war", "-n", "1", "--workers", "1", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert time.monotonic() - started < 20


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--p2", "hard:iterations=0"], "at least 1"),
        (["--ray", "127.0.0.1:1"], "cannot reach a Ray cluster"),
        (["10.0.0.1:6379"], "a Ray address goes after --ray"),
    ],
)
def test_simulate_bad_input_is_one_clear_line(args: list[str], message: str) -> None:
    result = run("simulate", "lords-of-war", "-n", "1", *args)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_play_help_lists_levels() -> None:
    result = run("play", "--help")
    assert result.exit_code == 0
    for level in ("easy", "medium", "hard"):
        assert level in result.stdout
