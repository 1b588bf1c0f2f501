"""Database start-up, migrations, SQLite pragmas and the guild settings repository."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from aerich.utils import compress_dict, decompress_dict, get_models_describe, import_py_file
from tortoise import connections

from db import close_db, init_db
from db.config import APP, MIGRATIONS_DIR, tortoise_config
from db.guild_settings import BUILT_IN_LANGUAGE, GuildConfig, get_settings, update_settings
from db.models import GuildSettings

GUILD = 1_180_000_000_000_000_001  # a real-sized snowflake


# Every test that opens a database (fixtures ``db_url`` / ``empty_url``, tests/conftest.py)
# runs on each backend: SQLite (a file in tmp_path) and PostgreSQL (the session's database on a
# throw-away server, emptied for each test: tests/pg_server.py; those tests are skipped when no
# PostgreSQL is available). A test limited to one backend says so with ONLY_SQLITE /
# ONLY_POSTGRES.
ONLY_SQLITE = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
ONLY_POSTGRES = pytest.mark.parametrize("backend", ["postgres"], indirect=True)


async def _pragma(name: str) -> object:
    rows = await connections.get("default").execute_query_dict(f"PRAGMA {name}")
    return next(iter(rows[0].values()))


@ONLY_SQLITE
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


async def test_migrations_are_applied_once_and_recorded(empty_url: str) -> None:
    url = empty_url
    first = await init_db(url)
    await close_db()
    second = await init_db(url)
    try:
        assert first == sorted(  # in their numbers' order: 10_ comes after 9_
            (p.name for p in (MIGRATIONS_DIR / APP).glob("*.py") if p.name[0].isdigit()),
            key=lambda name: int(name.split("_")[0]),
        )
        assert second == []
        rows = await connections.get("default").execute_query_dict("SELECT version FROM aerich")
        assert [r["version"] for r in rows] == first
    finally:
        await close_db()


async def test_models_have_no_pending_migration(db_url: str) -> None:
    """Changing db/models.py needs a migration: `aerich migrate --name <what>` (see docs/development.md)."""
    last = sorted(
        (MIGRATIONS_DIR / APP).glob("[0-9]*_*.py"), key=lambda p: int(p.name.split("_")[0])
    )[-1]
    recorded = decompress_dict(import_py_file(last).MODELS_STATE)
    # Compared as aerich stores it (JSON): a model's tuples come back as lists.
    assert decompress_dict(compress_dict(get_models_describe(APP))) == recorded


async def test_settings_default_without_writing(db_url: str) -> None:
    assert await get_settings(GUILD) == GuildConfig(
        guild_id=GUILD, language="ru", timezone="Europe/Moscow"
    )
    assert await GuildSettings.all().count() == 0


async def test_a_new_server_speaks_the_configured_default_language(empty_url: str) -> None:
    """One default language: DEFAULT_LOCALE (given to init_db) is also every new server's, and
    a server that never chose one follows it when it changes; a chosen one stays."""
    await init_db(empty_url, default_language="en")
    try:
        fresh = await get_settings(GUILD)
        assert (fresh.language, fresh.language_chosen) == ("en", False)
        # Changing another setting does not pin the language.
        assert (await update_settings(GUILD, timezone="Asia/Omsk")).language == "en"
        assert (await update_settings(GUILD + 1, language="ru")).language_chosen
    finally:
        await close_db()
    await init_db(empty_url, default_language="ru")  # the operator changed DEFAULT_LOCALE
    try:
        follows, chose = await get_settings(GUILD), await get_settings(GUILD + 1)
        assert (follows.language, follows.timezone, follows.language_chosen) == (
            "ru",
            "Asia/Omsk",
            False,
        )
        assert (chose.language, chose.language_chosen) == ("ru", True)
        back = await update_settings(GUILD + 1, language="en")
        assert (back.language, back.language_chosen) == ("en", True)
        # None: back to the bot's default.
        reset = await update_settings(GUILD + 1, language=None)
        assert (reset.language, reset.language_chosen) == ("ru", False)
        assert (await get_settings(GUILD + 2)).language == "ru"
    finally:
        await close_db()


def test_the_built_in_default_language_is_the_bots() -> None:
    """Without DEFAULT_LOCALE the settings, the translator and the db say the same language."""
    from locales import DEFAULT_LOCALE
    from settings import Settings

    assert BUILT_IN_LANGUAGE == Settings().default_locale == DEFAULT_LOCALE


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


async def test_settings_survive_a_restart(empty_url: str) -> None:
    url = empty_url
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


# --- beyond the settings round trip: what differs between the backends ---------------------


async def test_ids_use_the_whole_bigint_range(db_url: str) -> None:
    """Discord ids are unsigned 64-bit but stay below 2**63 for centuries; BIGINT holds them."""
    largest = 2**63 - 1
    await update_settings(largest, game_category_id=largest, log_channel_id=GUILD)
    config = await get_settings(largest)
    assert config.guild_id == largest and config.game_category_id == largest
    assert config.log_channel_id == GUILD


async def test_timestamps_are_aware_utc(db_url: str) -> None:
    before = datetime.now(UTC)
    await update_settings(GUILD, language="en")
    first = await GuildSettings.get(guild_id=GUILD)
    await update_settings(GUILD, language="ru")
    second = await GuildSettings.get(guild_id=GUILD)
    for stamp in (first.created_at, first.updated_at, second.created_at, second.updated_at):
        assert stamp.utcoffset() == timedelta(0)
    assert second.created_at == first.created_at
    assert second.updated_at > first.updated_at
    # The instants of the writes themselves, in UTC (not shifted by a zone on the way).
    assert before <= first.created_at < second.updated_at <= datetime.now(UTC)


async def test_concurrent_first_writes_to_one_guild_keep_every_change(db_url: str) -> None:
    """Two commands of a new guild at once: one row, and neither change is lost (on
    PostgreSQL both race to INSERT; tortoise's update_or_create retries the loser as an
    update of the row, locked with SELECT … FOR UPDATE)."""
    await asyncio.gather(
        update_settings(GUILD, language="en"),
        update_settings(GUILD, timezone="Asia/Omsk"),
        update_settings(GUILD, host_role_id=GUILD + 2),
        update_settings(GUILD, log_channel_id=GUILD + 4),
    )
    config = await get_settings(GUILD)
    assert (config.language, config.timezone) == ("en", "Asia/Omsk")
    assert (config.host_role_id, config.log_channel_id) == (GUILD + 2, GUILD + 4)
    assert await GuildSettings.all().count() == 1


@ONLY_POSTGRES
async def test_one_process_can_open_sqlite_then_postgres(empty_url: str, tmp_path: Path) -> None:
    """tortoise caches each model's SQL by connection name for the life of the process;
    init_db drops that cache, or the second backend gets the first one's SQL."""
    for url in (f"sqlite://{tmp_path / 'first.sqlite3'}", empty_url):
        await init_db(url)
        try:
            await update_settings(GUILD, language="en")
            await update_settings(GUILD, timezone="Asia/Omsk")
            assert (await get_settings(GUILD)).timezone == "Asia/Omsk"
        finally:
            await close_db()
