"""Running the `bitva` command in-process, as the command-line tests do."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from bitva.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests/lords_of_war/records"
runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def one_clear_line(result: Result) -> bool:
    """A bad input: exit code 2 and a single line that says why, no traceback."""
    lines = [line for line in result.output.splitlines() if line.strip()]
    return result.exit_code == 2 and len(lines) == 1 and "Traceback" not in result.output
