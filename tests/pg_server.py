"""A throw-away PostgreSQL server for the tests, started from the machine's server binaries.

:func:`postgres_server` is the body of the session fixture of the same name (tests/conftest.py).
It yields the URL of a database of the session's own (created on first use, dropped at the end);
:func:`fresh_database` empties it (schema ``public`` dropped and made again) for each test.
Where the server comes from:

* ``TEST_DATABASE_URL`` (``postgres://user:pw@host:port/db``) set: that existing server; its role
  needs CREATEDB (the session's database is made next to the one named in the URL).
* otherwise ``initdb`` / ``postgres`` found on ``PATH`` or in ``/usr/lib/postgresql/<ver>/bin``: a
  new cluster in a temporary directory, listening on 127.0.0.1 on a free port (and on a socket in
  that directory, nowhere else), fsync off, password (scram) authentication. It runs as an
  unprivileged user when the tests run as root (PostgreSQL refuses root): ``postgres`` if it
  exists, else ``nobody``. It is stopped and its directory removed at the end of the session;
  should pytest itself be killed, the kernel stops it too (it gets SIGQUIT when pytest dies,
  Linux only) and the next session removes the directory.
* neither: the tests that need it are skipped, saying why.

Binaries found but the server would not start: an error with the end of the server's log, not a
skip, so that a broken set-up does not silently turn the PostgreSQL tests off.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit, urlunsplit

import pytest

__all__ = [
    "ENV_URL",
    "START_TIMEOUT",
    "asyncpg_dsn",
    "find_binaries",
    "fresh_database",
    "postgres_server",
]

T = TypeVar("T")
ENV_URL = "TEST_DATABASE_URL"
START_TIMEOUT = 30.0  # seconds for initdb + start-up together; a normal start takes well under 1 s
SUPERUSER = "mafia_test"
DIR_PREFIX = "mafia-pg-"
# Fast and small: nothing here needs to survive a crash of the machine.
SERVER_SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "shared_buffers": "16MB",
    "max_connections": "30",
    "max_wal_senders": "0",
    "wal_level": "minimal",
    "logging_collector": "off",
    "log_min_messages": "warning",
    "timezone": "UTC",
}


def find_binaries() -> Path | None:
    """The directory holding ``initdb`` and ``postgres`` (``PATH`` first, then the newest of
    ``/usr/lib/postgresql/*/bin``), or ``None``."""
    candidates: list[Path] = []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    versions = glob.glob("/usr/lib/postgresql/*/bin")
    versions.sort(key=lambda d: [int(p) for p in Path(d).parent.name.split(".") if p.isdigit()])
    candidates += [Path(d) for d in reversed(versions)]
    for directory in candidates:
        if all(os.access(directory / name, os.X_OK) for name in ("initdb", "postgres")):
            return directory
    return None


def _server_user() -> pwd.struct_passwd | None:
    """Whom to run the server as: ``None`` = ourselves; as root, ``postgres`` or ``nobody``."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            return pwd.getpwnam(name)
    pytest.skip("PostgreSQL refuses to run as root and there is no 'postgres' or 'nobody' user")


def _base_dir(user: pwd.struct_passwd | None) -> str:
    """Where to make the cluster's directory: the temp dir, unless another user has to reach it
    and cannot (every ancestor must be searchable by others); then /tmp."""
    base = tempfile.gettempdir()
    if user is None:
        return base
    path = Path(base).resolve()
    for directory in (path, *path.parents):
        if not os.stat(directory).st_mode & stat.S_IXOTH:
            return "/tmp"
    return base


def _remove_stale_clusters(base: str) -> None:
    """Remove the directories of earlier sessions killed before their teardown: no live
    postmaster (its server died with pytest) and untouched for ten minutes."""
    for directory in Path(base).glob(DIR_PREFIX + "*"):
        with contextlib.suppress(OSError, ValueError):
            if time.time() - directory.stat().st_mtime < 600:
                continue
            pidfile = directory / "data" / "postmaster.pid"
            if pidfile.exists() and Path(f"/proc/{int(pidfile.read_text().split()[0])}").exists():
                continue
            shutil.rmtree(directory, ignore_errors=True)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _die_with_parent() -> None:  # runs in the child, after it has become the server's user
    """Ask the kernel to SIGQUIT (immediate shutdown) the server if pytest dies."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGQUIT))  # PR_SET_PDEATHSIG


def _log_tail(log: Path, lines: int = 20) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


class _Cluster:
    """One initdb'd data directory and the postgres process serving it."""

    def __init__(self, bindir: Path, user: pwd.struct_passwd | None) -> None:
        self.bindir = bindir
        self.user = user
        base = _base_dir(user)
        _remove_stale_clusters(base)
        self.root = Path(tempfile.mkdtemp(prefix=DIR_PREFIX, dir=base))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.password = secrets.token_hex(16)
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        # Whom initdb and postgres run as (None: ourselves); none of root's extra groups.
        self.uid = None if user is None else user.pw_uid
        self.gid = None if user is None else user.pw_gid
        self.extra_groups: list[int] | None = None if user is None else []
        if user is not None:
            os.chown(self.root, user.pw_uid, user.pw_gid)
        os.chmod(self.root, 0o700)

    def initdb(self, deadline: float) -> None:
        pwfile = self.root / "pwfile"
        pwfile.write_text(self.password + "\n")
        if self.user is not None:
            os.chown(pwfile, self.user.pw_uid, self.user.pw_gid)
        command = [
            str(self.bindir / "initdb"),
            "--pgdata", str(self.data),
            "--username", SUPERUSER,
            "--pwfile", str(pwfile),
            "--auth-host", "scram-sha-256",
            "--auth-local", "scram-sha-256",
            "--encoding", "UTF8",
            "--no-locale",
            "--no-sync",
            "--no-instructions",
        ]  # fmt: skip
        try:
            result = subprocess.run(
                command,
                cwd=self.root,
                capture_output=True,
                text=True,
                timeout=max(1.0, deadline - time.monotonic()),
                user=self.uid,
                group=self.gid,
                extra_groups=self.extra_groups,
            )
        except subprocess.TimeoutExpired as error:
            raise RuntimeError(f"initdb did not finish in time: {error}") from error
        finally:
            pwfile.unlink(missing_ok=True)
        if result.returncode != 0:
            raise RuntimeError(
                f"initdb failed (exit {result.returncode}):\n{result.stdout}\n{result.stderr}"
            )

    def start(self, deadline: float) -> None:
        """Start postgres on a free port and wait until it accepts connections; a port taken
        between choosing and binding it is retried with another."""
        for attempt in range(3):
            self.port = _free_port()
            settings = {**SERVER_SETTINGS, "port": str(self.port)}
            settings["unix_socket_directories"] = str(self.root)
            command = [str(self.bindir / "postgres"), "-D", str(self.data)]
            for name, value in settings.items():
                command += ["-c", f"{name}={value}"]
            with open(self.log, "ab") as log:
                self.process = subprocess.Popen(
                    command,
                    cwd=self.root,
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # a Ctrl-C reaches pytest, which stops the server
                    preexec_fn=_die_with_parent,
                    user=self.uid,
                    group=self.gid,
                    extra_groups=self.extra_groups,
                )
            if self._wait_ready(deadline):
                return
            if (
                attempt < 2
                and "could not bind" in _log_tail(self.log)
                and time.monotonic() < deadline
            ):
                continue
            break
        assert self.process is not None
        code = self.process.poll()
        why = (
            f"exited with code {code}"
            if code is not None
            else f"not ready in {START_TIMEOUT:.0f} s"
        )
        raise RuntimeError(
            f"PostgreSQL ({self.bindir / 'postgres'}) did not start on 127.0.0.1:{self.port} "
            f"({why}); the end of its log:\n{_log_tail(self.log)}"
        )

    def _wait_ready(self, deadline: float) -> bool:
        """True once the server says it is ready (postmaster.pid's status line, as pg_ctl
        reads it) and its port answers; False if it exited or the deadline passed."""
        assert self.process is not None
        pidfile = self.data / "postmaster.pid"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            with contextlib.suppress(OSError, IndexError):
                lines = pidfile.read_text().splitlines()
                if int(lines[0]) == self.process.pid and lines[7].strip() == "ready":
                    with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                        return True
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        """Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL; remove the files."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            for sig, wait in ((signal.SIGINT, 10), (signal.SIGQUIT, 5), (signal.SIGKILL, 5)):
                with contextlib.suppress(ProcessLookupError):
                    process.send_signal(sig)
                try:
                    process.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        shutil.rmtree(self.root, ignore_errors=True)

    @property
    def url(self) -> str:
        return f"postgres://{SUPERUSER}:{self.password}@127.0.0.1:{self.port}/postgres"


def postgres_server() -> Iterator[str]:
    """Yield the URL of a database of this session's own on a PostgreSQL server (created
    here, dropped at the end); :func:`fresh_database` empties it for each test."""
    pytest.importorskip("asyncpg", reason="asyncpg is not installed (pip install -e '.[postgres]')")
    existing = os.environ.get(ENV_URL)
    if existing:
        yield from _session_database(existing)
        return
    bindir = find_binaries()
    if bindir is None:
        pytest.skip(
            f"PostgreSQL server binaries (initdb, postgres) not found on PATH or in "
            f"/usr/lib/postgresql/*/bin, and {ENV_URL} is not set"
        )
    cluster = _Cluster(bindir, _server_user())
    try:
        deadline = time.monotonic() + START_TIMEOUT
        cluster.initdb(deadline)
        cluster.start(deadline)
        yield from _session_database(cluster.url)
    finally:
        cluster.stop()


def asyncpg_dsn(url: str) -> str:
    """``url`` (any of tortoise's PostgreSQL schemes: postgres, postgresql, asyncpg) for asyncpg."""
    return "postgresql" + url[url.index("://") :]


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + quote(name)))


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to completion on a loop of its own, whatever loop this thread runs."""
    with ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coroutine).result(timeout=60)


async def _execute(url: str, *statements: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(asyncpg_dsn(url), timeout=10)
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


def _session_database(server_url: str) -> Iterator[str]:
    """A database for the session on ``server_url``'s server. One per session, not one per
    test: CREATE DATABASE takes ~0.3 s, emptying a schema ~2 ms."""
    import asyncpg

    name = f"mafia_test_{secrets.token_hex(6)}"
    try:
        _run(_execute(server_url, f'CREATE DATABASE "{name}"'))
    except asyncpg.InsufficientPrivilegeError as error:
        pytest.skip(f"the role of {ENV_URL} cannot create databases: {error}")
    try:
        yield _with_database(server_url, name)
    finally:
        try:
            _run(_execute(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        except asyncpg.PostgresSyntaxError:  # before PostgreSQL 13
            _run(_execute(server_url, f'DROP DATABASE IF EXISTS "{name}"'))


@contextlib.asynccontextmanager
async def fresh_database(database_url: str) -> AsyncIterator[str]:
    """``database_url`` (the session's database) emptied for one test: connections a previous
    test left are cut, and schema ``public`` is dropped and made again, empty."""
    await _execute(
        database_url,
        "SET lock_timeout = '10s'",
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE datname = current_database() AND pid <> pg_backend_pid()",
        "DROP SCHEMA IF EXISTS public CASCADE",
        "CREATE SCHEMA public",
    )
    yield database_url
