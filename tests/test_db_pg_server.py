"""The throw-away PostgreSQL server of the tests (tests/pg_server.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests import pg_server


def test_without_binaries_or_url_postgres_tests_are_skipped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("asyncpg")
    monkeypatch.delenv(pg_server.ENV_URL, raising=False)
    monkeypatch.setattr(pg_server, "find_binaries", lambda: None)
    with pytest.raises(pytest.skip.Exception, match="binaries .* not found .* TEST_DATABASE_URL"):
        next(pg_server.postgres_server())


def test_a_given_server_is_used_instead(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("asyncpg")
    url = "postgres://someone:pw@db.example:5433/postgres"
    monkeypatch.setenv(pg_server.ENV_URL, url)
    monkeypatch.setattr(pg_server, "find_binaries", lambda: pytest.fail("looked for binaries"))

    def session_database(server_url: str) -> Iterator[str]:
        yield server_url + "#session"

    monkeypatch.setattr(pg_server, "_session_database", session_database)
    assert list(pg_server.postgres_server()) == [url + "#session"]


def test_asyncpg_dsn_takes_every_tortoise_scheme() -> None:
    for scheme in ("postgres", "postgresql", "asyncpg"):
        assert pg_server.asyncpg_dsn(f"{scheme}://u:p@h:1/d") == "postgresql://u:p@h:1/d"


async def test_the_throwaway_server_is_local_fast_and_unprivileged(postgres_server: str) -> None:
    """The session's own server (not one given by TEST_DATABASE_URL): 127.0.0.1 only, fsync
    off, not running as root; and fresh_database really empties the session's database."""
    import asyncpg

    assert urlsplit(postgres_server).path.startswith("/mafia_test_")
    connection = await asyncpg.connect(pg_server.asyncpg_dsn(postgres_server))
    try:
        await connection.execute("CREATE TABLE IF NOT EXISTS leftover (id int)")
        settings = [
            await connection.fetchval(f"SHOW {name}")
            for name in ("listen_addresses", "fsync", "data_directory")
        ]
    finally:
        await connection.close()
    async with pg_server.fresh_database(postgres_server) as url:
        fresh = await asyncpg.connect(pg_server.asyncpg_dsn(url))
        try:
            tables = await fresh.fetchval(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
            )
        finally:
            await fresh.close()
    assert tables == 0
    if os.environ.get(pg_server.ENV_URL):
        pytest.skip(f"{pg_server.ENV_URL} points at a server this session did not start")
    assert settings[:2] == ["127.0.0.1", "off"]
    pid = int((Path(settings[2]) / "postmaster.pid").read_text().split()[0])
    assert os.stat(f"/proc/{pid}").st_uid != 0
