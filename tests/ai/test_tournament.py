"""Tournaments: the schedule swaps seats on shared deals, results go to the store game by game,
a crashed run resumes without replaying finished games, Elo behaves, the report is written."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from bitva import simulation
from bitva.ai.elo import elo_intervals, fit_elo
from bitva.ai.report import write_report
from bitva.ai.tournament import Tournament, run_tournament, summarize
from bitva.core.errors import BitvaError
from bitva.store.db import make_engine
from bitva.store.tournaments import TournamentGameRow, TournamentStore

AGENTS = ["random", "greedy", "ismcts:evaluations=60"]


def small(games: int = 4, seed: int = 3) -> Tournament:
    return Tournament.create("lords-of-war", {}, AGENTS, games, seed)


def test_schedule_is_a_round_robin_with_seats_swapped() -> None:
    t = small(games=5)
    schedule = t.schedule()
    assert len(schedule) == 3 * 5
    assert {s.pairing for s in schedule} == {
        "greedy|random",
        "greedy|ismcts:evaluations=60",
        "ismcts:evaluations=60|random",
    }
    pair = [s for s in schedule if s.pairing == "greedy|random"]
    assert [s.job.index for s in pair] == [0, 0, 1, 1, 2]  # one deal, both seat orders
    assert [s.job.agents for s in pair[:2]] == [
        {1: "greedy", 2: "random"},
        {1: "random", 2: "greedy"},
    ]
    assert t.key == Tournament.create("lords-of-war", {}, AGENTS[::-1], 9, 3).key
    assert t.key != small(seed=4).key


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        (["random"], "at least two"),
        (["random", "random"], "twice"),
        (["random", "alphago"], "unknown agent"),
        (["random", "ismcts:iterations=x"], "must be a number"),
    ],
)
def test_bad_tournaments_are_clear_errors(agents: list[str], message: str) -> None:
    with pytest.raises(BitvaError, match=message):
        Tournament.create("lords-of-war", {}, agents, 2, 0)


def test_results_are_stored_and_a_rerun_plays_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    store = TournamentStore(make_engine("sqlite://"))
    t = small()
    games = run_tournament(t, store, simulation.Backend(1))
    assert len(games) == 12
    calls: list[int] = []
    monkeypatch.setattr(simulation, "play_timed", lambda *a: calls.append(1))
    again = run_tournament(t, store, simulation.Backend(1))
    assert calls == [] and again == games


def test_a_crash_mid_run_loses_no_finished_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'crash.sqlite'}"
    t = small(games=4)

    class Crash(Exception):
        pass

    def crash_after_five(game: object) -> None:
        finished.append(game)
        if len(finished) == 5:
            raise Crash

    finished: list[object] = []
    with pytest.raises(Crash):
        run_tournament(t, TournamentStore(make_engine(url)), on_game=crash_after_five)
    # a new process opening the same database: the five games are there
    store = TournamentStore(make_engine(url))
    tid = store.find(t.key)
    assert tid is not None and len(store.finished(tid)) == 5
    played: list[tuple[int, dict[int, str]]] = []
    real = simulation.play_timed

    def counting(game, options, seed, index, agents):  # type: ignore[no-untyped-def]
        played.append((index, agents))
        return real(game, options, seed, index, agents)

    monkeypatch.setattr(simulation, "play_timed", counting)
    starts: list[tuple[int, int]] = []
    resumed = run_tournament(t, store, on_start=lambda total, done: starts.append((total, done)))
    assert starts == [(12, 5)] and len(played) == 7
    uninterrupted = run_tournament(t, TournamentStore(make_engine("sqlite://")))
    assert [(g.pairing, g.index, g.winner, g.digest) for g in resumed] == [
        (g.pairing, g.index, g.winner, g.digest) for g in uninterrupted
    ]


def test_a_killed_process_resumes(tmp_path: Path) -> None:
    """`bitva tournament` killed with SIGKILL in the middle of a run: the stored games survive,
    and the same command finishes the tournament without playing them again."""
    db = f"sqlite:///{tmp_path / 'killed.sqlite'}"
    command = [
        sys.executable,
        "-m",
        "bitva.cli.main",
        "tournament",
        "lords-of-war",
        "--agents",
        "random,greedy,ismcts:evaluations=150",
        "--games",
        "4",
        "--workers",
        "1",
        "--db",
        db,
    ]
    env = {**os.environ, "BITVA_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    engine = make_engine(db)
    deadline = time.monotonic() + 60
    stored = 0
    while time.monotonic() < deadline and process.poll() is None:
        with engine.connect() as connection:
            stored = connection.scalar(select(func.count()).select_from(TournamentGameRow)) or 0
        if stored >= 3:
            break
        time.sleep(0.05)
    assert process.poll() is None, "the tournament ended before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    with engine.connect() as connection:
        kept = connection.scalar(select(func.count()).select_from(TournamentGameRow)) or 0
    assert 3 <= kept < 12
    finished = subprocess.run(command, env=env, capture_output=True, text=True, timeout=180)
    assert finished.returncode == 0, finished.stderr
    assert f"resuming: {kept} of 12 games already stored" in finished.stderr
    with engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(TournamentGameRow)) == 12


def test_elo_maximum_likelihood_and_intervals() -> None:
    # two agents: the MLE gap is 400 log10 of the odds (with the prior's half win each way)
    results = [("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10 + [("a", "b", 0.5)] * 2
    elo = fit_elo(["a", "b"], results)
    expected = 400 * math.log10((31 + 0.5) / (11 + 0.5))
    assert elo["a"] - elo["b"] == pytest.approx(expected, abs=1e-6)
    assert (elo["a"] + elo["b"]) / 2 == pytest.approx(1500)
    low, high = elo_intervals(["a", "b"], results, resamples=300)["a"]
    assert low < elo["a"] < high
    # symmetric results: equal ratings; a clean sweep stays finite; no games: NaN
    even = fit_elo(["a", "b", "c"], [("a", "b", 1.0), ("b", "a", 1.0), ("c", "a", 0.5)])
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(even["c"])
    sweep = fit_elo(["a", "b", "z"], [("a", "b", 1.0)] * 50)
    assert math.isfinite(sweep["a"]) and sweep["a"] > sweep["b"] and math.isnan(sweep["z"])
    # a clean sweep gives every bootstrap resample the same games; the interval still has width
    swept = elo_intervals(["a", "b"], [("a", "b", 1.0)] * 50, resamples=100)
    assert swept["a"][0] < sweep["a"] - 50 and swept["a"][1] > sweep["a"] + 50
    assert swept["b"][0] < sweep["b"] < swept["b"][1]
    # transitivity: a > b > c
    chain = [("a", "b", 1.0)] * 7 + [("a", "b", 0.0)] * 3
    chain += [("b", "c", 1.0)] * 7 + [("b", "c", 0.0)] * 3
    ratings = fit_elo(["a", "b", "c"], chain)
    assert ratings["a"] > ratings["b"] > ratings["c"]


def test_summary_and_report(tmp_path: Path) -> None:
    t = small()
    games = run_tournament(t, TournamentStore(make_engine("sqlite://")))
    summary = summarize(t.agents, games, resamples=200)
    assert summary.games == 12
    assert (
        sum(s.wins for s in summary.standings) + sum(s.draws for s in summary.standings) / 2 == 12
    )
    for s in summary.standings:
        assert s.games == 8 and s.wins + s.draws + s.losses == 8
        assert s.elo_low <= s.elo <= s.elo_high
    by_agent = {s.agent: s for s in summary.standings}
    assert by_agent["greedy"].score > by_agent["random"].score
    assert summary.matrix["greedy"]["random"] + summary.matrix["random"]["greedy"] == 1.0
    path = write_report(tmp_path / "report", t, summary)
    text = path.read_text(encoding="utf-8")
    assert "| greedy |" in text and "tournament.png" in text and summary.fingerprint in text
    png = (tmp_path / "report" / "tournament.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 5000


def test_an_older_schema_is_a_clear_error(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE tournament_games (tournament_id INTEGER, pairing TEXT)")
    with pytest.raises(BitvaError, match="older tournament_games table"):
        TournamentStore(make_engine(f"sqlite:///{path}"))
