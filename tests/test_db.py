"""Database start-up, migrations, SQLite pragmas and the guild settings repository."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
from aerich.utils import decompress_dict, get_models_describe, import_py_file
from tortoise import connections

from db import close_db, init_db
from db.config import APP, MIGRATIONS_DIR, tortoise_config
from db.guild_settings import GuildConfig, get_settings, update_settings
from db.models import GuildSettings

GUILD = 1_180_000_000_000_000_001  # a real-sized snowflake


@pytest.fixture
async def db_url(tmp_path: Path) -> AsyncIterator[str]:
    url = f"sqlite://{tmp_path / 'test.sqlite3'}"
    await init_db(url)
    yield url
    await close_db()


async def _pragma(name: str) -> object:
    rows = await connections.get("default").execute_query_dict(f"PRAGMA {name}")
    return next(iter(rows[0].values()))


async def test_sqlite_runs_in_wal_mode_with_synchronous_normal(db_url: str, tmp_path: Path) -> None:
    assert await _pragma("journal_mode") == "wal"
    assert await _pragma("synchronous") == 1  # NORMAL
    await update_settings(GUILD, language="en")
    assert (tmp_path / "test.sqlite3-wal").exists()


def test_config_for_sqlite_and_postgres() -> None:
    sqlite = tortoise_config("sqlite://x.sqlite3")["connections"]["default"]
    assert sqlite["credentials"]["journal_mode"] == "WAL"
    assert sqlite["credentials"]["synchronous"] == "NORMAL"
    assert (
        tortoise_config("sqlite://x.sqlite3?synchronous=FULL")["connections"]["default"][
            "credentials"
        ]["synchronous"]
        == "FULL"
    )
    postgres = tortoise_config("postgres://user:pw@db.example:5432/mafia")["connections"]["default"]
    assert postgres["engine"] == "tortoise.backends.asyncpg"
    assert "journal_mode" not in postgres["credentials"]


async def test_migrations_are_applied_once_and_recorded(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'm.sqlite3'}"
    first = await init_db(url)
    await close_db()
    second = await init_db(url)
    try:
        assert first == sorted(
            p.name for p in (MIGRATIONS_DIR / APP).glob("*.py") if p.name[0].isdigit()
        )
        assert second == []
        rows = await connections.get("default").execute_query_dict("SELECT version FROM aerich")
        assert [r["version"] for r in rows] == first
    finally:
        await close_db()


async def test_models_have_no_pending_migration(db_url: str) -> None:
    """Changing db/models.py needs a migration: `aerich migrate --name <what>` (see README)."""
    last = sorted(
        (MIGRATIONS_DIR / APP).glob("[0-9]*_*.py"), key=lambda p: int(p.name.split("_")[0])
    )[-1]
    recorded = decompress_dict(import_py_file(last).MODELS_STATE)
    assert get_models_describe(APP) == recorded


async def test_initial_migration_speaks_both_dialects() -> None:
    first = sorted((MIGRATIONS_DIR / APP).glob("0_*.py"))[0]
    module = import_py_file(first)
    postgres = await module.upgrade(
        SimpleNamespace(schema_generator=SimpleNamespace(DIALECT="postgres"))
    )
    sqlite = await module.upgrade(
        SimpleNamespace(schema_generator=SimpleNamespace(DIALECT="sqlite"))
    )
    assert "SERIAL" in postgres and "TIMESTAMPTZ" in postgres
    assert "AUTOINCREMENT" in sqlite


async def test_settings_default_without_writing(db_url: str) -> None:
    assert await get_settings(GUILD) == GuildConfig(
        guild_id=GUILD, language="ru", timezone="Europe/Moscow"
    )
    assert await GuildSettings.all().count() == 0


async def test_settings_round_trip(db_url: str) -> None:
    updated = await update_settings(
        GUILD,
        language="en",
        timezone="Asia/Yekaterinburg",
        game_category_id=GUILD + 1,
        host_role_id=GUILD + 2,
        moderator_role_id=GUILD + 3,
        log_channel_id=GUILD + 4,
    )
    assert updated == await get_settings(GUILD)
    assert updated.game_category_id == GUILD + 1 and updated.log_channel_id == GUILD + 4
    # Only the given fields change; None clears an id.
    again = await update_settings(GUILD, host_role_id=None)
    assert again.host_role_id is None
    assert again.language == "en" and again.moderator_role_id == GUILD + 3
    assert await update_settings(GUILD) == again
    assert await GuildSettings.all().count() == 1
    assert (await get_settings(GUILD + 99)).language == "ru"  # other guilds untouched


async def test_settings_survive_a_restart(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'r.sqlite3'}"
    await init_db(url)
    await update_settings(GUILD, timezone="Europe/Kaliningrad")
    await close_db()
    await init_db(url)
    try:
        assert (await get_settings(GUILD)).timezone == "Europe/Kaliningrad"
    finally:
        await close_db()


async def test_settings_refuse_bad_values(db_url: str) -> None:
    with pytest.raises(ValueError, match="time zone"):
        await update_settings(GUILD, timezone="Mars/Olympus")
    with pytest.raises(ValueError, match="language"):
        await update_settings(GUILD, language="r u!")
    assert await GuildSettings.all().count() == 0


def test_aerich_reads_the_database_url_like_the_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import db.config

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert (
        db.config.TORTOISE_ORM["connections"]["default"]["credentials"]["file_path"]
        == "mafia.sqlite3"
    )
    (tmp_path / ".env").write_text("DATABASE_URL=sqlite://from-dotenv.sqlite3\n", encoding="utf-8")
    assert (
        db.config.TORTOISE_ORM["connections"]["default"]["credentials"]["file_path"]
        == "from-dotenv.sqlite3"
    )
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db/mafia")
    assert db.config.TORTOISE_ORM["connections"]["default"]["engine"] == "tortoise.backends.asyncpg"
