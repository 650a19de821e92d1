"""The load script on PostgreSQL, with the abusive client alongside (a smoke test of a few
seconds: figures are measured by the script, never asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_load_script_plays_on_postgresql_while_an_abuser_attacks(postgres_url: str) -> None:
    command = [sys.executable, str(ROOT / "scripts" / "load_test.py"), "--db", postgres_url]
    command += ["--games", "3", "--interval", "0.4", "--duration", "4", "--warmup", "2"]
    command += ["--abuse", "--json"]
    run = subprocess.run(command, capture_output=True, text=True, check=False, timeout=180)
    assert run.returncode == 0, run.stdout + run.stderr
    level = json.loads(run.stdout)["levels"][0]
    assert level["games"] == 3 and level["sockets"] == 6 and level["interval_s"] == 0.4
    assert level["actions"] > 0 and level["errors"] == {}
    assert 0 < level["action_ms"]["p50"] <= level["action_ms"]["p95"] <= level["action_ms"]["p99"]
    abuse = level["abuse"]
    # the server's answers to the abuser: bodies refused at the limit, floods refused by rate
    assert set(abuse["chunked_bodies"]) <= {"413", "closed"}, abuse
    assert abuse["create_flood"].get("429", 0) > 0, abuse
    assert "spectators" in abuse and "replay_flood" in abuse and "ai_games" in abuse
