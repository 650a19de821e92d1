"""Issue 10, points 9 and 10: `simulate` and `tournament` deal their games out as workers free up
(a run of 10**20 games starts at once and holds only the games in flight), a human cannot be
seated in them, and seeds have one range everywhere."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import bitva.arena.simulation as simulation
from bitva.ai.agents import parse_agent
from bitva.arena.simulation import Backend, GameJob, run_stream
from bitva.arena.tournament import MAX_GAMES, Tournament
from bitva.core.errors import BitvaError
from tests.cli.helpers import one_clear_line, run

HUGE = "99999999999999999999"


class Stop(Exception):
    """Ends a run once it has shown what it does."""


def test_a_huge_simulation_starts_playing_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """10**20 games: the first games are played before anything else, and only the games in
    flight are ever held (the old command listed every job first, gigabytes before a game)."""
    played: list[int] = []
    real = simulation.run_job

    def counted(position: int, job: GameJob) -> Any:
        played.append(position)
        if len(played) > 3:
            raise Stop
        return real(position, job)

    monkeypatch.setattr(simulation, "run_job", counted)
    with pytest.raises(Stop):
        run("simulate", "dice-cards", "-n", HUGE, "--seed", "3")
    assert played == [0, 1, 2, 3]


@pytest.mark.parametrize("ordered", [True, False])
def test_jobs_are_taken_only_as_workers_free_up(ordered: bool) -> None:
    """Two local processes hold at most four jobs, in flight or (in order) waiting for an
    earlier one: never the next 10**20."""
    taken: list[int] = []

    def work() -> Any:
        for index in range(10**20):
            taken.append(index)
            yield index, GameJob("dice-cards", {"seats": 1}, 5, index, {1: "random"})

    stream = run_stream(work(), Backend(2), ordered=ordered)
    first = [next(stream).position for _ in range(3)]
    if ordered:
        assert first == [0, 1, 2]
    assert len(taken) <= 3 + 4  # the ones returned and at most 2 per worker in the window
    stream.close()


def test_simulate_json_streams_the_same_object() -> None:
    one = run("simulate", "dice-cards", "-n", "4", "--seed", "9", "--json")
    two = run("simulate", "dice-cards", "-n", "4", "--seed", "9", "--json", "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output
    assert one.stdout == two.stdout  # in game order on every backend
    data = json.loads(one.stdout)
    assert data["games"] == 4 and len(data["records"]) == 4
    assert sum(data["wins"].values()) + data["draws"] >= 4


def test_simulate_says_a_human_cannot_play_there() -> None:
    result = run("simulate", "dice-cards", "--p1", "human")
    assert one_clear_line(result), result.output
    assert "a human cannot play in simulate" in result.output
    assert "unknown agent" not in result.output
    tournament = run("tournament", "dice-cards", "-a", "random,human", "-n", "1")
    assert one_clear_line(tournament), tournament.output
    assert "'human' is a person, not an agent" in tournament.output


@pytest.mark.parametrize("seed", ["-1", str(2**63)])
@pytest.mark.parametrize("command", ["simulate", "tournament", "bench"])
def test_every_command_takes_seeds_from_0_to_2_63_minus_1(command: str, seed: str) -> None:
    result = run(command, "dice-cards", "--seed", seed, "-n", "1")
    assert one_clear_line(result), result.output
    assert "9223372036854775807" in result.output or "greater than or equal to 0" in result.output
    assert "2**63-1" in run(command, "--help").output


def test_the_largest_seed_is_taken() -> None:
    top = str(2**63 - 1)
    assert run("simulate", "dice-cards", "--seed", top, "-n", "1").exit_code == 0
    assert run("bench", "dice-cards", "--seed", top, "-n", "1").exit_code == 0


def test_a_tournament_is_bounded_and_streams_its_schedule() -> None:
    with pytest.raises(BitvaError, match=f"at most {MAX_GAMES:,}"):
        Tournament.create("dice-cards", {}, ["random", "greedy"], int(HUGE), 1)
    t = Tournament.create("dice-cards", {"seats": 3}, ["random", "greedy", "easy", "mcts"], 12, 1)
    assert t.size == 4 * 12
    assert [t.at(p) for p in range(t.size)] == t.schedule() == list(t.scheduled())
    result = run("tournament", "dice-cards", "-n", HUGE, "-a", "random,greedy")
    assert one_clear_line(result) and "a tournament holds at most" in result.output


def test_every_command_reads_the_same_agent_strings(tmp_path: Path) -> None:
    """An agent with several parameters (`mcts:iterations=5,c=0.5`) is one agent in a
    tournament's list as on a seat of simulate; the documented budgets are taken."""
    spec = "mcts:iterations=5,c=0.5"
    seated = run("simulate", "dice-cards", "-n", "1", "--p1", spec, "--json")
    assert seated.exit_code == 0, seated.output
    assert json.loads(seated.stdout)["seats"]["1"] == spec
    listed = run(
        "tournament", "dice-cards", "-a", f"random,{spec}", "-n", "2", "--json",
        "--db", f"sqlite:///{tmp_path / 't.sqlite'}", "--workers", "1",
    )  # fmt: skip
    assert listed.exit_code == 0, listed.output
    assert {row["agent"] for row in json.loads(listed.stdout)["standings"]} == {"random", spec}
    for documented in ("hard:evaluations=15000", "ismcts:evaluations=10000"):
        assert parse_agent(documented)[1] == {"evaluations": int(documented.split("=")[1])}
