"""`bitva serve`, `scripts/run` and the load script, from the command line."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from bitva.cli.main import app
from bitva.cli.serve import url_for
from tests.server.process import bitva_command, free_port

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


@pytest.mark.parametrize(
    ("ai_thinking", "wait"), [(False, 0.3), (True, 0.0), (True, 0.5), (True, 2.0)]
)
def test_issue21_p13_ctrl_c_stops_serve_normally(
    tmp_path: Path, ai_thinking: bool, wait: float
) -> None:
    """Ctrl-C is the documented way to stop `bitva serve`: it says "stopped" and exits 0, not
    `error: interrupted` with 130; the AI's worker processes (Ctrl-C reaches the whole process
    group) print nothing, even one still starting."""
    port = free_port()
    command = [*bitva_command(), "serve", "--port", str(port), "--ai-delay", "0"]
    command += ["--db", f"sqlite:///{tmp_path / 'db.sqlite3'}"]
    server = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a shell gives a command
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"{url}/api/health", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        if ai_thinking:  # the AI moves first: its worker process starts and thinks
            body = {"game": "battlelore", "seat": 2, "opponents": [{"kind": "ai", "level": "hard"}]}
            created = httpx.post(f"{url}/api/games", json=body, headers={"origin": url})
            assert created.status_code == 201, created.text
        time.sleep(wait)
        os.killpg(server.pid, signal.SIGINT)
        out, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    assert server.returncode == 0, err
    assert out.rstrip().endswith("bitva: stopped")
    assert "error" not in err and "Traceback" not in err and "KeyboardInterrupt" not in err, err
