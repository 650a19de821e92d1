"""`bitva simulate` and `bitva tournament` for any game and any number of seats, on every local
backend, and their errors. The test game (tests/games/dice_cards) has 1 to 3 seats and no code of
its own in the arena or the CLI."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from bitva.arena.simulation import Backend, GameJob, play_jobs
from bitva.cli.main import app
from bitva.core.record import GameRecord, verify

runner = CliRunner()
FAST = "ismcts:evaluations=60"


def run(*args: str) -> Result:
    return runner.invoke(app, list(args), catch_exceptions=False, env={"COLUMNS": "160"})


def test_simulate_json_is_byte_identical_with_worker_processes() -> None:
    args = ["simulate", "dice-cards", "-n", "6", "--seats", "3", "--p1", FAST, "--seed", "5"]
    args += ["--seat", "3=mcts:evaluations=60", "--json"]
    one = run(*args)
    two = run(*args, "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 6
    assert data["seats"] == {"1": FAST, "2": "random", "3": "mcts:evaluations=60"}
    assert sum(data["wins"].values()) + data["draws"] >= 6  # a shared win counts for each
    for record in data["records"]:
        verify(GameRecord.model_validate(record))  # every action legal, every digest equal


def test_simulate_reports_every_seat_and_a_solo_win_rate() -> None:
    three = run("simulate", "dice-cards", "-o", "seats=3", "-n", "4", "--p2", FAST)
    assert three.exit_code == 0, three.output
    for needle in ("seat 1 (random) wins", f"seat 2 ({FAST}) wins", "seat 3 (random)", "draws"):
        assert needle in three.stdout
    solo = run("simulate", "dice-cards", "--seats", "1", "-n", "5", "--p1", FAST, "--json")
    assert solo.exit_code == 0, solo.output
    data = json.loads(solo.stdout)
    assert data["wins"]["1"] + data["losses"] + data["draws"] == 5
    low, high = data["win_interval"]
    assert 0.0 <= low <= data["win_rate"] <= high <= 1.0
    assert data["mean_score"] is not None  # the solo game keeps a score (DC-5)
    table = run("simulate", "dice-cards", "--seats", "1", "-n", "3")
    assert "Wilson 95%" in table.stdout and "mean score" in table.stdout


def test_simulate_takes_the_old_lords_of_war_flags() -> None:
    """`--armies orcs,dwarves --advanced` still work: they are flags of the game's options."""
    result = run(
        "simulate", "lords-of-war", "-n", "1", "--armies", "orcs,dwarves", "--advanced", "--json"
    )
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["records"][0]["options"]
    assert options["armies"] == ["orcs", "dwarves"] and options["advanced"] is True


def test_play_jobs_returns_records_in_job_order_on_every_backend() -> None:
    jobs = [GameJob("dice-cards", {"seats": 3}, 2, 0, {1: "random", 2: FAST, 3: "random"})]
    jobs += [GameJob("dice-cards", {"seats": 1}, 2, i, {1: FAST}) for i in range(1, 4)]
    serial = play_jobs(jobs, Backend(1))
    finished: list[int] = []
    parallel = play_jobs(jobs, Backend(2), on_result=lambda r: finished.append(r.position))
    assert [r.model_dump() for r in serial] == [r.model_dump() for r in parallel]
    assert sorted(finished) == [0, 1, 2, 3]


def test_three_seat_tournament_table_json_and_report(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 't.sqlite'}"
    args = ["tournament", "dice-cards", "--seats", "3", "-a", f"random,{FAST},mcts:iterations=9"]
    args += ["-n", "6", "--db", db]
    table = run(*args, "--workers", "1", "--report", str(tmp_path / "out"))
    assert table.exit_code == 0, table.output
    for needle in ("Elo [95%]", "W-D-L", "s/move (max)", FAST, "score of row against column"):
        assert needle in table.stdout
    assert "3 seats" in table.stdout
    assert (tmp_path / "out" / "tournament.md").exists()
    assert (tmp_path / "out" / "tournament.png").exists()
    # the same tournament again: everything is stored, same results, as JSON
    again = run(*args, "--workers", "2", "--json")
    assert again.exit_code == 0
    data = json.loads(again.stdout)
    assert data["kind"] == "tournament" and data["games"] == 6
    assert "resuming: 6 of 6" in again.stderr
    assert {s["agent"] for s in data["standings"]} == {"random", FAST, "mcts:iterations=9"}
    assert all(s["games"] == 6 for s in data["standings"])  # every agent in every seat
    fresh = run(*args[:-1], f"sqlite:///{tmp_path / 'fresh.sqlite'}", "--workers", "2", "--json")
    fresh_data = json.loads(fresh.stdout)
    assert fresh_data.pop("timing").keys() == data.pop("timing").keys()
    assert fresh_data == data


def test_solo_tournament_is_a_benchmark_with_wilson_intervals(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'b.sqlite'}"
    args = ["tournament", "dice-cards", "-o", "seats=1", "-a", f"random,{FAST}", "-n", "5"]
    args += ["--db", db, "--workers", "1"]
    table = run(*args, "--report", str(tmp_path / "out"))
    assert table.exit_code == 0, table.output
    assert "Wilson 95%" in table.stdout and "mean score" in table.stdout
    assert "Elo" not in table.stdout
    report = (tmp_path / "out" / "tournament.md").read_text(encoding="utf-8")
    assert "# Benchmark" in report and "Wilson" in report
    data = json.loads(run(*args, "--json").stdout)
    assert data["kind"] == "benchmark" and data["games"] == 10
    for row in data["benchmark"]:
        assert row["games"] == 5 and row["wins"] + row["draws"] + row["losses"] == 5
        assert row["win_low"] <= row["win_rate"] <= row["win_high"]
        assert row["mean_score"] is not None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "random,skynet"], "unknown agent"),
        (["--agents", "random"], "at least two agents"),
        (["--agents", "random,greedy", "--p2", "hard"], "--agents"),
        (["--agents", "random,greedy", "--colour", "red"], "no such option"),
        (["--db", "nosuchdialect://x/y"], "cannot use the database"),
        (["--db", "sqlite:////no/such/dir/x.sqlite"], "cannot open the database"),
        (["--ray", "127.0.0.1:1"], "cannot reach a Ray cluster"),
        (["--ray", "localhost:x"], "bad Ray address"),
        (["somewhere:6379"], "a Ray address goes after --ray"),
    ],
)
def test_tournament_bad_input_is_one_clear_line(args: list[str], message: str) -> None:
    started = time.monotonic()
    result = run("tournament", "dice-cards", "-n", "1", "--workers", "1", *args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert time.monotonic() - started < 20


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--p2", "hard:iterations=0"], "at least 1"),
        (["--p4", "random"], "seats 1 to 2"),
        (["--seat", "two=hard"], "--seat N=AGENT"),
        (["--seats", "7"], "seats"),
        (["--ray", "127.0.0.1:1"], "cannot reach a Ray cluster"),
        (["10.0.0.1:6379"], "a Ray address goes after --ray"),
        (["nosuchgame"], "unknown game"),
    ],
)
def test_simulate_bad_input_is_one_clear_line(args: list[str], message: str) -> None:
    game = [] if args == ["nosuchgame"] else ["dice-cards"]
    result = run("simulate", *game, "-n", "1", *args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output


def test_the_ray_address_is_told_from_the_games_flags() -> None:
    from bitva.cli.tournament import take_ray_address
    from bitva.core.registry import get_game

    lords = get_game("lords-of-war")
    assert take_ray_address(["--advanced", "auto"], True, lords) == ("auto", ["--advanced"])
    assert take_ray_address(["--advanced", "yes"], True, lords) == (None, ["--advanced", "yes"])
    assert take_ray_address(["--armies", "orcs,elves", "ray://h:1"], True, lords) == (
        "ray://h:1",
        ["--armies", "orcs,elves"],
    )
    assert take_ray_address(["--p2", "hard"], False, lords) == (None, ["--p2", "hard"])


def test_options_file_and_pairs_reach_the_game(tmp_path: Path) -> None:
    """`--options FILE.toml`, then `-o` pairs, then flags (each later one wins)."""
    file = tmp_path / "short.toml"
    file.write_text("seats = 3\ntarget = 30\nrounds = 2\n", encoding="utf-8")
    result = run("simulate", "dice-cards", "-n", "1", "--options", str(file), "-o", "rounds=1")
    assert result.exit_code == 0, result.output
    data = json.loads(
        run(
            "simulate", "dice-cards", "-n", "1", "--options", str(file), "--rounds", "1", "--json"
        ).stdout
    )
    assert data["records"][0]["options"] == {"seats": 3, "target": 30, "rounds": 1}
    assert set(data["seats"]) == {"1", "2", "3"}
