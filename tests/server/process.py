"""A real `bitva serve` process on a free 127.0.0.1 port, for restart and browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import TracebackType

import httpx


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def bitva_command() -> list[str]:
    script = Path(sys.executable).with_name("bitva")
    return [str(script)] if script.exists() else [sys.executable, "-m", "bitva.cli.main"]


class ServerProcess:
    """`bitva serve` in a subprocess; `kill()` sends SIGKILL, `start()` starts it again on the
    same port and database."""

    def __init__(self, db_file: Path, *args: str, port: int | None = None) -> None:
        self.db_url = f"sqlite:///{db_file}"
        self.port = port or free_port()
        self.args = list(args)
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[str] | None = None
        self.output = ""

    def start(self, *extra: str, timeout: float = 30.0) -> ServerProcess:
        command = [
            *bitva_command(),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            *self.args,
            *extra,
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                out = self.process.stdout.read() if self.process.stdout else ""
                raise RuntimeError(f"bitva serve exited with {self.process.returncode}: {out}")
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1.0).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"bitva serve did not answer within {timeout}s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing; whatever was not committed is lost."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
        self._collect()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._collect()

    def _collect(self) -> None:
        if self.process is not None and self.process.stdout is not None:
            self.output += self.process.stdout.read()
            self.process.stdout.close()
        self.process = None

    def __enter__(self) -> ServerProcess:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
