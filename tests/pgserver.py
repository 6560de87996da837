"""A real PostgreSQL server for the test run, in a temporary folder (initdb + pg_ctl).

The binaries come from PATH or from the distribution's package (``/usr/lib/postgresql/*/bin``;
``.ci/run`` installs the package ``postgresql`` when they are missing). PostgreSQL refuses to
run as root, so under root the folder is given to the ``postgres`` user (or ``nobody``) and
the server runs as that user through ``setpriv``, which also ties the server's life to this
process. Nothing here skips: without the binaries
the tests that need the server fail and say how to install them.
"""

from __future__ import annotations

import asyncio
import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

SUPERUSER = "rattus"
BINARIES = ("initdb", "pg_ctl", "postgres")


class PostgresMissing(RuntimeError):
    """The PostgreSQL server binaries are not installed."""


def find_bin_dir() -> Path:
    """The folder that holds initdb, pg_ctl and postgres."""
    on_path = shutil.which("initdb")
    candidates = [Path(on_path).resolve().parent] if on_path else []
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for folder in candidates:
        if all((folder / name).is_file() for name in BINARIES):
            return folder
    raise PostgresMissing(
        "PostgreSQL's server binaries (initdb, pg_ctl, postgres) were not found on PATH or in "
        "/usr/lib/postgresql/*/bin. Install them: apt-get install -y postgresql"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _run_as() -> tuple[list[str], int | None, int | None]:
    """The command prefix that drops root, and the uid/gid to give the folder to."""
    if os.geteuid() != 0:
        return ["setpriv", "--"], None, None
    for name in ("postgres", "nobody"):
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            continue
        prefix = [
            "setpriv",
            f"--reuid={entry.pw_uid}",
            f"--regid={entry.pw_gid}",
            "--clear-groups",
            "--",
        ]
        return prefix, entry.pw_uid, entry.pw_gid
    raise PostgresMissing("Running as root with neither a 'postgres' nor a 'nobody' user.")


@dataclass
class PostgresServer:
    """One running server; ``url(db)`` addresses a database on it."""

    root: Path
    port: int
    bin_dir: Path
    prefix: list[str]
    process: subprocess.Popen[bytes] | None = None
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def start(cls) -> PostgresServer:
        bin_dir = find_bin_dir()
        prefix, uid, gid = _run_as()
        root = Path(tempfile.mkdtemp(prefix="rattus-pg-"))
        if uid is not None and gid is not None:
            os.chown(root, uid, gid)
        server = cls(root=root, port=free_port(), bin_dir=bin_dir, prefix=prefix)
        try:
            server._initdb()
            server._launch()
        except BaseException:
            server.stop()
            raise
        return server

    def _initdb(self) -> None:
        command = [
            *self.prefix,
            str(self.bin_dir / "initdb"),
            *("-D", str(self.root / "data"), "-U", SUPERUSER, "--auth=trust"),
            *("--encoding=UTF8", "--no-sync"),
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"initdb failed ({done.returncode}): {done.stderr.strip()}")

    def _launch(self) -> None:
        """The server as a child of this process that dies with it (``--pdeathsig``): a test
        run that is killed leaves no server behind."""
        settings = {
            "listen_addresses": "127.0.0.1",
            "fsync": "off",
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "max_connections": "300",
        }
        command = [
            "setpriv",
            *self.prefix[1:-1],
            "--pdeathsig=QUIT",
            "--",
            str(self.bin_dir / "postgres"),
            *("-D", str(self.root / "data"), "-p", str(self.port), "-k", str(self.root)),
            *(arg for key, value in settings.items() for arg in ("-c", f"{key}={value}")),
        ]
        log = self.log.open("wb")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 60
        while b"ready to accept connections" not in self.log.read_bytes():
            if self.process.poll() is not None or time.monotonic() > deadline:
                tail = self.log.read_text(errors="replace")[-2000:]
                raise RuntimeError(f"PostgreSQL did not start:\n{tail}")
            time.sleep(0.05)

    @property
    def log(self) -> Path:
        return self.root / "server.log"

    def stop(self) -> None:
        """A fast shutdown (SIGINT), then the folder is removed."""
        try:
            if self.process is not None and self.process.poll() is None:
                self.process.send_signal(signal.SIGINT)
                try:
                    self.process.wait(30)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """A new empty database; its address."""
        with self._lock:
            name = f"rattus_test_{next(self._names)}"

        async def create() -> None:
            conn = await asyncpg.connect(self.url())
            try:
                await conn.execute(f'CREATE DATABASE "{name}"')
            finally:
                await conn.close()

        failures: list[BaseException] = []

        def run() -> None:
            try:
                asyncio.run(create())
            except BaseException as error:
                failures.append(error)

        # In a thread of its own: callers may be inside a running event loop.
        worker = threading.Thread(target=run)
        worker.start()
        worker.join()
        if failures:
            raise failures[0]
        return self.url(name)
