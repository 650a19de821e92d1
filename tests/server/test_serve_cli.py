"""`bitva serve`, `scripts/run` and the load script, from the command line."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from bitva.cli.main import app
from bitva.cli.serve import url_for

ROOT = Path(__file__).resolve().parents[2]


def test_serve_is_a_command_with_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--ai-delay", "--ai-workers"):
        assert option in result.output


def test_a_taken_port_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(
            app, ["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
        )
    assert result.exit_code == 2
    assert f"port {port} on 127.0.0.1 is in use" in result.output
    assert "Traceback" not in result.output


def test_a_bad_database_url_is_one_clear_line() -> None:
    result = CliRunner().invoke(app, ["serve", "--db", "nosuchdatabase://x"])
    assert result.exit_code == 2
    assert "cannot use the database" in result.output


def test_the_url_to_open() -> None:
    assert url_for("127.0.0.1", 8000) == "http://127.0.0.1:8000/"
    assert url_for("0.0.0.0", 80) == "http://127.0.0.1:80/"
    assert url_for("::", 8000) == "http://[::1]:8000/"
    assert url_for("::1", 8000) == "http://[::1]:8000/"


def test_scripts_run_starts_the_server_without_arguments() -> None:
    script = (ROOT / "scripts" / "run").read_text(encoding="utf-8")
    assert (
        subprocess.run(["bash", "-n", str(ROOT / "scripts" / "run")], check=False).returncode == 0
    )
    assert "set -- serve\n" in script
    assert 'exec .venv/bin/bitva "$@"' in script


def test_the_load_script_is_bounded_and_loopback_only() -> None:
    script = str(ROOT / "scripts" / "load_test.py")
    refused = subprocess.run(
        [sys.executable, script, "--url", "http://example.com:8000"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode == 2 and "only target this machine" in refused.stderr
    too_long = subprocess.run(
        [sys.executable, script, "--duration", "3600"], capture_output=True, text=True, check=False
    )
    assert too_long.returncode == 2
    run = subprocess.run(
        [sys.executable, script, "--games", "3", "--duration", "3", "--think", "0.2", "--json"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    report = json.loads(run.stdout)
    level = report["levels"][0]
    assert report["url"].startswith("http://127.0.0.1:")
    assert level["games"] == 3 and level["actions"] > 0 and level["errors"] == {}
    assert 0 < level["action_ms"]["p50"] <= level["action_ms"]["p99"]
