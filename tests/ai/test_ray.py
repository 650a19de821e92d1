"""The Ray backend against a local Ray instance: the same seeds give the same games as local
processes, for `bitva simulate` (byte for byte) and for `bitva tournament`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bitva.cli.main import app

pytest.importorskip("ray")

runner = CliRunner()


def run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_ray_gives_the_same_games_as_local_processes(tmp_path: Path) -> None:
    simulate = ["simulate", "lords-of-war", "-n", "4", "--p1", "easy", "--p2", "greedy", "--json"]
    local = run(*simulate, "--workers", "2")
    on_ray = run(*simulate, "--workers", "2", "--ray")
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert on_ray.stdout == local.stdout

    tournament = [
        "tournament",
        "lords-of-war",
        "-a",
        "random,greedy,ismcts:evaluations=100",
        "-n",
        "2",
    ]
    by_processes = run(*tournament, "--workers", "2", "--db", f"sqlite:///{tmp_path / 'a.db'}")
    by_ray = run(*tournament, "--ray", "--workers", "2", "--db", f"sqlite:///{tmp_path / 'b.db'}")
    assert by_processes.exit_code == 0 and by_ray.exit_code == 0, by_ray.output
    assert "local Ray instance" in by_ray.stdout
    assert (
        by_processes.stdout.split("average length")[1] == by_ray.stdout.split("average length")[1]
    )
    first = run(*tournament, "--json", "--db", f"sqlite:///{tmp_path / 'a.db'}")
    second = run(*tournament, "--json", "--db", f"sqlite:///{tmp_path / 'b.db'}")
    one, two = json.loads(first.stdout), json.loads(second.stdout)
    assert one.pop("timing").keys() == two.pop("timing").keys()
    assert one == two
