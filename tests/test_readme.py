"""The README's examples run as written.

Each example is its own test, so the suite's workers share them out; an example that reads a
file an earlier example writes (`replay /tmp/bitva-game.json` after `play ... --save` it) runs
in one test with the example that writes it, in the README's order.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bitva.cli.main import app

README = Path(__file__).resolve().parents[1] / "README.md"
PATH = re.compile(r"/tmp/[\w./-]+")


def examples() -> list[str]:
    return [
        line[len("$ bitva ") :]
        for line in README.read_text(encoding="utf-8").splitlines()
        if line.startswith("$ bitva ")
    ]


def groups(commands: list[str]) -> list[list[str]]:
    """The examples in groups: one that names a /tmp path an earlier one named joins its group.

    >>> groups(["play --save /tmp/a.json", "games", "replay /tmp/a.json"])
    [['play --save /tmp/a.json', 'replay /tmp/a.json'], ['games']]
    """
    out: list[list[str]] = []
    owner: dict[str, list[str]] = {}
    for command in commands:
        paths = PATH.findall(command)
        group = next((owner[p] for p in paths if p in owner), None)
        if group is None:
            group = []
            out.append(group)
        group.append(command)
        for path in paths:
            owner.setdefault(path, group)
    return out


def test_the_readme_has_its_examples() -> None:
    assert len(examples()) >= 6


@pytest.mark.parametrize("group", groups(examples()), ids=lambda g: " && ".join(g)[:60])
def test_readme_example_runs(group: list[str]) -> None:
    runner = CliRunner()
    for command in group:
        result = runner.invoke(app, shlex.split(command), catch_exceptions=False)
        assert result.exit_code == 0, f"{command}: {result.output}"
