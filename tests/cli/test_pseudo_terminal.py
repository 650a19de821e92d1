"""A smoke test on a real (pseudo-)terminal: `bitva play` in its own process, with Rich's
colours and the terminal's line discipline, answered like a person at the keyboard."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SAFETY_SECONDS = 120  # only so that a broken prompt cannot hang the test run


def read_until(master: int, process: subprocess.Popen[bytes], text: str) -> str:
    seen = b""
    waited = 0.0
    while text not in ANSI.sub("", seen.decode("utf-8", "replace")):
        ready, _, _ = select.select([master], [], [], 1.0)
        if not ready:
            waited += 1.0
            assert waited < SAFETY_SECONDS and process.poll() is None, seen.decode()
            continue
        try:
            seen += os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
    return ANSI.sub("", seen.decode("utf-8", "replace"))


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_play_on_a_pseudo_terminal(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    master, slave = os.openpty()
    command = [sys.executable, "-m", "bitva.cli.main", "play", "dice-cards", "--seats", "1"]
    process = subprocess.Popen(
        [*command, "--seed", "1", "--save", str(save)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "COLUMNS": "100", "TERM": "xterm-256color"},
    )
    os.close(slave)
    try:
        screen = read_until(master, process, "P1: choice (1-")
        assert "Dice and Cards — as player 1 sees it" in screen and "1. roll" in screen
        os.write(master, b"1\n")
        read_until(master, process, "P1: choice (1-")
        os.write(master, b"q\n")
        screen = read_until(master, process, "Record saved to")
        assert "Game left unfinished." in screen
        assert process.wait(SAFETY_SECONDS) == 0
    finally:
        os.close(master)
        if process.poll() is None:
            process.kill()
    assert save.exists()
