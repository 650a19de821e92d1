"""`bitva` in its own process on a pseudo-terminal of a given size, read through a terminal
emulator (pyte), so a test sees the screen a person would see: what is on it, where the cursor
is, and what scrolled off the top."""

from __future__ import annotations

import fcntl
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte

ANSI = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][A-Z0-9]|[=>])|[\x01\x02]")
SAFETY_SECONDS = 120  # only so that a broken prompt cannot hang the test run
QUIET_SECONDS = 0.15  # no output for this long: the screen is complete
UP = "\x1b[A"


class TerminalSession:
    """One `bitva ARGS` run on a `columns` x `lines` pseudo-terminal."""

    def __init__(self, args: list[str], data_dir: Path, columns: int = 80, lines: int = 24):
        self.columns, self.lines = columns, lines
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env.update(TERM="xterm-256color", BITVA_DATA_DIR=str(data_dir))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bitva.cli.main", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.screen = pyte.HistoryScreen(columns, lines, history=10_000)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""

    # -- reading -------------------------------------------------------------------------------
    def _read(self) -> bool:
        """Feed what the program wrote to the emulator; False once it closed the terminal."""
        ready, _, _ = select.select([self.master], [], [], 1.0)
        if not ready:
            return self.process.poll() is None
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the child closed the terminal
            return False
        if not data:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def wait_for(self, seen: str | Callable[[TerminalSession], bool]) -> None:
        """Read until `seen` is on the screen (or the condition holds)."""
        test = seen if callable(seen) else (lambda session: seen in session.text)
        deadline = time.monotonic() + SAFETY_SECONDS
        while True:
            while not test(self):
                alive = self._read()
                assert alive or test(self), f"the program ended first:\n{self.text}"
                assert time.monotonic() < deadline, f"never saw {seen!r}:\n{self.text}"
            # A screen may arrive in several writes (a loaded machine splits a prompt line):
            # take in whatever follows at once, and look again.
            if not self._drain() or test(self):
                return

    def _drain(self) -> bool:
        """Read until the program has been quiet for a moment; whether anything came."""
        came = False
        while select.select([self.master], [], [], QUIET_SECONDS)[0]:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                break
            if not data:
                break
            came = True
            self.raw += data
            self.stream.feed(data)
        return came

    def wait_for_exit(self) -> int:
        while self._read():
            pass
        return self.process.wait(SAFETY_SECONDS)

    # -- what is on the screen -------------------------------------------------------------------
    @property
    def rows(self) -> list[str]:
        return [row.rstrip() for row in self.screen.display]

    @property
    def text(self) -> str:
        return "\n".join(self.rows)

    @property
    def cursor_row(self) -> str:
        return self.rows[self.screen.cursor.y]

    @property
    def frames(self) -> int:
        """How many screens were drawn from the top-left corner (cursor home) so far."""
        return self.raw.count(b"\x1b[H")

    def answer_and_wait(self, text: str, prompt: str) -> None:
        """Type `text` and Enter, and wait for a new screen with `prompt` on the cursor's line."""
        before = self.frames
        self.answer(text)
        self.wait_for(lambda s: s.frames > before and prompt in s.cursor_row)

    @property
    def scrolled_off(self) -> int:
        """How many lines went off the top of the screen so far."""
        return len(self.screen.history.top)

    def written_lines(self) -> list[str]:
        """Every line the program wrote, escapes removed (a line is what ends in a newline)."""
        text = ANSI.sub("", self.raw.decode("utf-8", "replace"))
        return [line.split("\r")[-1] for line in text.replace("\r\n", "\n").split("\n")]

    # -- typing ----------------------------------------------------------------------------------
    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode("utf-8"))

    def answer(self, text: str) -> None:
        self.send(text + "\r")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(SAFETY_SECONDS)
        os.close(self.master)
