"""Real processes for the tests: `bitva serve` on a free 127.0.0.1 port (restart and browser
tests), and a throwaway PostgreSQL server (`PostgresServer`) for the store tests."""

from __future__ import annotations

import ctypes
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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

    def __init__(self, db: Path | str, *args: str, port: int | None = None) -> None:
        """`db`: a SQLite file, or a database URL."""
        self.db_url = db if isinstance(db, str) else f"sqlite:///{db}"
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


# -- PostgreSQL ----------------------------------------------------------------------------------

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies


def postgres_bin() -> Path | None:
    """The folder of Debian's PostgreSQL programs (the newest version installed), or of the
    `initdb` on PATH."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def postgres_missing() -> str | None:
    """Why no PostgreSQL server can be started for the tests, or None when one can."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[dev]' or '.[postgres]')"
    if postgres_bin() is None:
        return "PostgreSQL is not installed (apt-get install postgresql; scripts/test does it)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root and there is no 'postgres' user to run PostgreSQL as"
    return None


def _as_server_user(die_with_parent: bool) -> Callable[[], None]:
    """What the child runs before PostgreSQL: become the postgres user when we are root
    (PostgreSQL refuses to run as root), and die with the test run (a killed pytest leaves no
    server behind). The parent-death signal is set after the user change, which clears it."""
    user = pwd.getpwnam("postgres") if os.geteuid() == 0 else None

    def prepare() -> None:
        if user is not None:
            os.setgroups([])
            os.setgid(user.pw_gid)
            os.setuid(user.pw_uid)
        if die_with_parent:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGINT)

    return prepare


class PostgresServer:
    """A PostgreSQL server of our own: a fresh cluster in a temporary folder, listening on a free
    127.0.0.1 port (and a socket in that folder), trusted logins for the user `bitva`, stopped and
    deleted by `stop()`. Durability is off unless `durable` (a test database survives a killed
    bitva either way: the PostgreSQL server itself keeps running). Each test takes a database of
    its own (`new_database`)."""

    def __init__(self, durable: bool = False) -> None:
        self.durable = durable
        self.port = free_port()
        self.folder: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self._count = 0

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://bitva@127.0.0.1:{self.port}/{database}"

    def _dsn(self, database: str = "postgres") -> str:
        return f"host=127.0.0.1 port={self.port} user=bitva dbname={database}"

    def start(self, timeout: float = 60.0) -> PostgresServer:
        binaries = postgres_bin()
        if binaries is None:
            raise RuntimeError("PostgreSQL is not installed")
        self.folder = Path(tempfile.mkdtemp(prefix="bitva-postgres-"))
        data = self.folder / "data"
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        prepare = _as_server_user(die_with_parent=False)
        initdb = [str(binaries / "initdb"), "-D", str(data), "-U", "bitva", "-A", "trust"]
        initdb += ["-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"]
        done = subprocess.run(initdb, preexec_fn=prepare, capture_output=True, check=False)
        if done.returncode != 0:
            self.stop()
            raise RuntimeError(f"initdb failed: {done.stderr.decode(errors='replace')}")
        settings = {
            "listen_addresses": "127.0.0.1",
            "port": str(self.port),
            "unix_socket_directories": str(self.folder),
            "max_connections": "200",
        }
        if not self.durable:
            settings |= {"fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"}
        command = [str(binaries / "postgres"), "-D", str(data)]
        for name, value in settings.items():
            command += ["-c", f"{name}={value}"]
        log = (self.folder / "postgres.log").open("wb")
        self.process = subprocess.Popen(
            command,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=_as_server_user(die_with_parent=True),
        )
        log.close()
        import psycopg

        deadline = time.monotonic() + timeout
        while True:
            try:
                psycopg.connect(self._dsn(), connect_timeout=2).close()
                return self
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    text = (self.folder / "postgres.log").read_text(errors="replace")
                    self.stop()
                    raise RuntimeError(f"PostgreSQL did not start: {text[-2000:]}") from None
                time.sleep(0.05)

    def new_database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        self._count += 1
        name = f"bitva_{os.getpid()}_{self._count}"
        with psycopg.connect(self._dsn(), autocommit=True) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        import psycopg

        name = url.rsplit("/", 1)[1]
        with psycopg.connect(self._dsn(), autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.process = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
