"""A throw-away PostgreSQL cluster for the server tests: Debian's server binaries (scripts/ensure-postgresql
installs them), started on a free 127.0.0.1 port in a temporary folder, one per test session (per xdist worker),
with a fresh database per test."""

from __future__ import annotations

import contextlib
import os
import pwd
import secrets
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, text

from tests.tableserver.server_helpers import free_port

PG_BIN = Path("/usr/lib/postgresql")
READY_SECONDS = 30  # for the server to start, answer or stop
TOOL_SECONDS = 60  # for initdb or pg_ctl to finish (pg_ctl waits at most READY_SECONDS itself)


class Unavailable(Exception):
    """PostgreSQL cannot run here (not installed, or no account to run it as): the tests needing it skip."""


def _tool(name: str) -> Path:
    found = sorted(PG_BIN.glob(f"*/bin/{name}"))
    if not found:
        raise Unavailable("PostgreSQL server binaries not installed (scripts/ensure-postgresql installs them)")
    return found[-1]


class Cluster:
    def __init__(self) -> None:
        self._initdb, self._pg_ctl = _tool("initdb"), _tool("pg_ctl")
        self._as_user: list[str] = []
        # pytest's own temporary folders are private to this user; the cluster may run as another one.
        self.folder = Path(tempfile.mkdtemp(prefix="bloodyinn-pg-"))
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root: use its own account
            runuser = shutil.which("runuser")
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                account = None
            if runuser is None or account is None:
                shutil.rmtree(self.folder, ignore_errors=True)
                raise Unavailable("running as root without runuser or a postgres account: cannot start PostgreSQL")
            self._as_user = [runuser, "-u", "postgres", "--"]
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        self.port = free_port()
        self.url = f"postgresql://bloodyinn@127.0.0.1:{self.port}/postgres"

    def start(self) -> Cluster:
        """Create and start the cluster; on any failure, stop what was started and remove the folder."""
        data = self.folder / "pgdata"
        try:
            subprocess.run([*self._as_user, str(self._initdb), "-D", str(data), "-U", "bloodyinn", "--auth=trust",
                            "-E", "UTF8"], check=True, capture_output=True, timeout=TOOL_SECONDS)
            subprocess.run([*self._as_user, str(self._pg_ctl), "-D", str(data), "-w", "-t", str(READY_SECONDS),
                            "-l", str(self.folder / "pg.log"), "-o", f"-h 127.0.0.1 -p {self.port} -k {self.folder}",
                            "start"], check=True, capture_output=True, timeout=TOOL_SECONDS)
            deadline = time.monotonic() + READY_SECONDS
            while True:
                try:
                    self._run("SELECT 1")
                    return self
                except Exception:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
        except BaseException:
            self.stop()
            raise

    def new_database(self) -> str:
        """The URL of a new, empty database of this cluster."""
        name = f"test_{secrets.token_hex(6)}"
        self._run(f"CREATE DATABASE {name}")
        return self.url.rsplit("/", 1)[0] + f"/{name}"

    def _run(self, statement: str) -> None:
        engine = create_engine(self.url.replace("postgresql://", "postgresql+psycopg://"),
                               isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": READY_SECONDS})
        try:
            with engine.connect() as connection:
                connection.execute(text(statement))
        finally:
            engine.dispose()

    def stop(self) -> None:
        """Stop the server at once (its clients are test processes, gone or going) and remove its files; if
        pg_ctl cannot stop it in time, kill the server by the pid in its pid file."""
        data = self.folder / "pgdata"
        with contextlib.suppress(subprocess.TimeoutExpired):
            subprocess.run([*self._as_user, str(self._pg_ctl), "-D", str(data), "-m", "immediate", "-t",
                            str(READY_SECONDS), "stop"], capture_output=True, timeout=TOOL_SECONDS)
        pid_file = data / "postmaster.pid"
        if pid_file.exists():  # still running (or pg_ctl never got to stop it)
            with contextlib.suppress(ValueError, IndexError, ProcessLookupError, PermissionError):
                os.kill(int(pid_file.read_text().split()[0]), signal.SIGKILL)
        shutil.rmtree(self.folder, ignore_errors=True)
