"""The Ray backend against a local Ray instance: the same seeds give the same games as local
processes, for `bitva simulate` (byte for byte) and for `bitva tournament`, for any number of
seats (the test game is found by the Ray workers through BITVA_GAMES and PYTHONPATH).

Starting Ray costs 10-60 s on a busy 2-core machine, so the default suite starts it once (the
command line's own instance, compared byte for byte with local processes); the tournament on an
instance the caller started runs under `-m slow`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from bitva.cli.main import app

ray = pytest.importorskip("ray")

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args), catch_exceptions=False, env={"COLUMNS": "160"})


@pytest.fixture
def local_ray() -> Iterator[None]:
    """A local Ray instance started by the test: the commands use it and leave it running."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.slow
def test_ray_gives_the_same_games_as_local_processes(local_ray: None, tmp_path: Path) -> None:
    simulate = ["simulate", "dice-cards", "-n", "4", "--seats", "3", "--p1", "easy", "--json"]
    local = run(*simulate, "--workers", "2")
    on_ray = run(*simulate, "--workers", "2", "--ray")
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert on_ray.stdout == local.stdout
    assert ray.is_initialized()  # the command used the instance and left it running

    tournament = ["tournament", "dice-cards", "-a", "random,greedy,ismcts:evaluations=100"]
    tournament += ["-n", "2", "--json"]
    by_processes = run(*tournament, "--workers", "2", "--db", f"sqlite:///{tmp_path / 'a.db'}")
    by_ray = run(*tournament, "--ray", "--db", f"sqlite:///{tmp_path / 'b.db'}")
    assert by_processes.exit_code == 0 and by_ray.exit_code == 0, by_ray.output
    one, two = json.loads(by_processes.stdout), json.loads(by_ray.stdout)
    assert one.pop("timing").keys() == two.pop("timing").keys()
    assert one == two and one["games"] == 6


def test_the_cli_starts_its_own_instance_plays_the_local_games_and_stops_it() -> None:
    assert not ray.is_initialized()
    simulate = ["simulate", "dice-cards", "-n", "4", "--seats", "3", "--p1", "easy", "--json"]
    local = run(*simulate, "--workers", "2")
    on_ray = run(*simulate, "--workers", "2", "--ray")
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert on_ray.stdout == local.stdout  # byte for byte, three seats
    assert not ray.is_initialized()
