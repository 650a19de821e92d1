"""The README's examples run as written."""

from __future__ import annotations

import shlex
from pathlib import Path

from typer.testing import CliRunner

from bitva.cli.main import app

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_examples_run() -> None:
    commands = [
        line[len("$ bitva ") :]
        for line in README.read_text(encoding="utf-8").splitlines()
        if line.startswith("$ bitva ")
    ]
    assert len(commands) >= 6
    runner = CliRunner()
    for command in commands:
        result = runner.invoke(app, shlex.split(command), catch_exceptions=False)
        assert result.exit_code == 0, f"{command}: {result.output}"
