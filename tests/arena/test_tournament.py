"""Tournaments: the schedule seats every table in every order on shared deals (two seats: the
seats swapped), results go to the store game by game, a crashed run resumes without replaying
finished games, Elo behaves, the report is written, old databases are left alone."""

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

from bitva.arena import simulation
from bitva.arena.elo import elo_intervals, fit_elo
from bitva.arena.report import write_report
from bitva.arena.standings import summarize
from bitva.arena.tournament import Tournament, run_tournament
from bitva.core.errors import BitvaError
from bitva.store.db import make_engine
from bitva.store.tournaments import TournamentGameRow, TournamentStore

# fast agents on the test game (tests/games/dice_cards): the arena knows no game
MCTS, ISMCTS = "mcts:evaluations=60", "ismcts:evaluations=60"
AGENTS = ["random", MCTS, ISMCTS]


def small(games: int = 4, seed: int = 3) -> Tournament:
    return Tournament.create("dice-cards", {}, AGENTS, games, seed)


def test_schedule_is_a_round_robin_with_seats_swapped() -> None:
    t = small(games=5)
    schedule = t.schedule()
    assert len(schedule) == 3 * 5
    assert {s.table for s in schedule} == {
        f"{MCTS}|random",
        f"{ISMCTS}|{MCTS}",
        f"{ISMCTS}|random",
    }
    pair = [s for s in schedule if s.table == f"{MCTS}|random"]
    assert [s.job.index for s in pair] == [0, 0, 1, 1, 2]  # one deal, both seat orders
    assert [s.job.agents for s in pair[:2]] == [{1: MCTS, 2: "random"}, {1: "random", 2: MCTS}]
    assert t.key == Tournament.create("dice-cards", {}, AGENTS[::-1], 9, 3).key
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
        Tournament.create("dice-cards", {}, agents, 2, 0)


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
    assert [(g.table, g.index, g.winners, g.digest) for g in resumed] == [
        (g.table, g.index, g.winners, g.digest) for g in uninterrupted
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
        "dice-cards",
        "--agents",
        "random,greedy,ismcts:evaluations=100",
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
    assert summary.matrix[MCTS]["random"] + summary.matrix["random"][MCTS] == 1.0
    path = write_report(tmp_path / "report", t, summary)
    text = path.read_text(encoding="utf-8")
    assert f"| {MCTS} |" in text and "tournament.png" in text and summary.fingerprint in text
    png = (tmp_path / "report" / "tournament.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 5000


def test_the_previous_versions_tables_are_left_alone(tmp_path: Path) -> None:
    """A database of the previous version (two-seat games in `tournaments` and
    `tournament_games`, columns seat1 and seat2) opens, takes new tournaments in the arena
    tables, and keeps its old rows untouched."""
    import sqlite3

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute(
            "CREATE TABLE tournaments (id INTEGER PRIMARY KEY, key TEXT, game TEXT, options JSON,"
            " agents JSON, seed BIGINT, created_at DATETIME)"
        )
        connection.execute(
            "CREATE TABLE tournament_games (tournament_id INTEGER, pairing TEXT,"
            ' "index" INTEGER, seat1 TEXT, seat2 TEXT, winner INTEGER, record JSON)'
        )
        connection.execute(
            "INSERT INTO tournament_games VALUES (1, 'greedy|random', 0, 'greedy', 'random', 1,"
            " '{}')"
        )
    store = TournamentStore(make_engine(f"sqlite:///{path}"))
    games = run_tournament(small(games=2), store)
    assert len(games) == 6
    with sqlite3.connect(path) as connection:
        old = connection.execute("SELECT pairing, seat1, seat2 FROM tournament_games").fetchall()
        new = connection.execute("SELECT count(*) FROM arena_games").fetchone()
    assert old == [("greedy|random", "greedy", "random")] and new == (6,)


def test_an_older_arena_table_is_a_clear_error(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "odd.sqlite"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE arena_games (tournament_id INTEGER, table_ TEXT)")
    with pytest.raises(BitvaError, match="older arena_games table"):
        TournamentStore(make_engine(f"sqlite:///{path}"))


def test_three_seats_every_table_in_every_seating() -> None:
    """Four agents at a three-seat game: four tables of three, each deal in all six orders, so
    every agent sits in every seat equally often at each table."""
    agents = ["random", "greedy", "easy", "mcts:iterations=5"]
    t = Tournament.create("dice-cards", {"seats": 3}, agents, 12, 1)
    assert t.seats == 3 and not t.solo
    schedule = t.schedule()
    assert len(schedule) == 4 * 12
    assert len({s.table for s in schedule}) == 4
    table = [s for s in schedule if s.table == "easy|greedy|random"]
    assert [s.job.index for s in table] == [0] * 6 + [1] * 6  # one deal, six seatings
    for seat in (1, 2, 3):
        sitting = [s.job.agents[seat] for s in table]
        assert sorted(sitting) == sorted(["easy", "greedy", "random"] * 4)
    # fewer agents than seats: one table, every seating with both agents on the table
    pair = Tournament.create("dice-cards", {"seats": 3}, ["random", "greedy"], 6, 1).schedule()
    assert {tuple(s.job.agents.values()) for s in pair} == {
        ("greedy", "greedy", "random"),
        ("greedy", "random", "greedy"),
        ("greedy", "random", "random"),
        ("random", "greedy", "greedy"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    }


def test_a_solo_game_is_a_benchmark_on_shared_deals() -> None:
    t = Tournament.create("dice-cards", {"seats": 1}, ["greedy"], 3, 2)
    assert t.solo and t.seats == 1
    assert [(s.table, s.job.index, s.job.agents) for s in t.schedule()] == [
        ("greedy", 0, {1: "greedy"}),
        ("greedy", 1, {1: "greedy"}),
        ("greedy", 2, {1: "greedy"}),
    ]
    with pytest.raises(BitvaError, match="at least two agents"):
        Tournament.create("dice-cards", {"seats": 2}, ["greedy"], 3, 2)


def test_three_seat_standings_count_every_pair_of_seats() -> None:
    t = Tournament.create("dice-cards", {"seats": 3}, AGENTS, 6, 4)
    games = run_tournament(t, TournamentStore(make_engine("sqlite://")))
    assert len(games) == 6 and all(len(g.seats) == 3 and len(g.returns) == 3 for g in games)
    summary = summarize(t.agents, games, resamples=50)
    for s in summary.standings:
        assert s.games == 6 and s.wins + s.draws + s.losses == 6
    # each game is three pairwise results, so each pair of agents met six times
    assert all(n == 6 for row in summary.pair_games.values() for n in row.values())
    assert summary.matrix[ISMCTS]["random"] + summary.matrix["random"][ISMCTS] == 1.0
