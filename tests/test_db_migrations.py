"""Migrations on a database that has data: an existing database is upgraded, not rebuilt.

A database is brought to an older migration (only the files up to it, in a folder of their
own), filled the way the bot of that time filled it (plain SQL, since today's models no longer
match that schema), then opened by ``db.init_db``, which applies what is newer. On both backends.
"""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

from aerich import Command
from tortoise import Tortoise, connections
from tortoise.backends.base.executor import EXECUTOR_CACHE

from db import close_db, init_db
from db.config import APP, MIGRATIONS_DIR, tortoise_config
from db.games import StoredDeadline, event_log, get_game, load_state
from db.guild_settings import get_settings
from tests.test_db_schema import Schema, _schema

MIGRATIONS = sorted(
    (MIGRATIONS_DIR / APP).glob("[0-9]*_*.py"), key=lambda p: int(p.name.split("_")[0])
)
VERSION_AND_DEADLINES = next(p.name for p in MIGRATIONS if p.name.startswith("3_"))
FROM_3_ON = [p.name for p in MIGRATIONS if int(p.name.split("_")[0]) >= 3]
DEADLINE = datetime(2026, 12, 1, 18, 0, tzinfo=UTC)  # 21:00 in Moscow


async def _open_at(url: str, last: str, tmp_path: Path) -> Command:
    """``url`` opened with the migrations up to ``last`` applied (and no later one)."""
    location = tmp_path / "migrations"
    (location / APP).mkdir(parents=True)
    for path in MIGRATIONS:
        shutil.copy(path, location / APP / path.name)
        if path.name == last:
            break
    config = tortoise_config(url)
    EXECUTOR_CACHE.clear()
    await Tortoise.init(config=config)
    command = Command(tortoise_config=config, app=APP, location=str(location))
    await command.init()
    await command.upgrade(run_in_transaction=True)
    return command


async def _execute(*statements: str) -> None:
    client = connections.get("default")
    for statement in statements:
        await client.execute_script(statement)


async def test_migration_3_keeps_the_data(empty_url: str, tmp_path: Path) -> None:
    older = next(p.name for p in MIGRATIONS if p.name.startswith("2_"))
    await _open_at(empty_url, older, tmp_path)
    stamp = "'2026-12-01 18:00:00+00:00'"
    try:
        await _execute(
            "INSERT INTO guild_settings (guild_id, language, timezone, created_at, updated_at)"
            f" VALUES (1, 'en', 'Asia/Omsk', {stamp}, {stamp}), (2, 'ru', 'UTC', {stamp}, {stamp})",
            "INSERT INTO game (guild_id, host_id, mode, status, phase, day_number, phase_number,"
            " deadline_at, created_at, updated_at) VALUES"
            f" (1, 9, 'two-sided', 'running', 'day', 2, 7, {stamp}, {stamp}, {stamp}),"
            f" (1, 9, 'two-sided', 'running', 'night', 3, 11, {stamp}, {stamp}, {stamp}),"
            f" (1, 9, 'two-sided', 'signup', NULL, 0, 0, NULL, {stamp}, {stamp})",
            "INSERT INTO game_event (game_id, seq, phase_number, data, public, created_at)"
            f' VALUES (1, 1, 7, \'{{"type": "Notice", "code": "cop_missed"}}\', TRUE,'
            f" {stamp})",
        )
    finally:
        await close_db()
    assert await init_db(empty_url) == FROM_3_ON
    try:
        day, night, signup = [await get_game(i) for i in (1, 2, 3)]
        # The version counter keeps counting from where phase_number was.
        assert (day.version, night.version, signup.version) == (7, 11, 0)
        assert (await load_state(1)).version == 7
        assert [e.version for e in await event_log(1)] == [7]
        # The one stored deadline was the phase's end: the vote's by day, the choices' at night.
        assert day.votes_deadline == StoredDeadline(DEADLINE, DEADLINE)
        assert day.choices_deadline is None
        assert night.choices_deadline == StoredDeadline(DEADLINE, DEADLINE)
        assert night.votes_deadline is None
        assert signup.choices_deadline is None and signup.votes_deadline is None
        # A guild's stored language stays its choice.
        english, russian = await get_settings(1), await get_settings(2)
        assert (english.language, english.timezone, english.language_chosen) == (
            "en",
            "Asia/Omsk",
            True,
        )
        assert (russian.language, russian.language_chosen) == ("ru", True)
    finally:
        await close_db()


async def test_migration_3_downgrades_to_migration_2(empty_url: str, tmp_path: Path) -> None:
    older = next(p.name for p in MIGRATIONS if p.name.startswith("2_"))
    await _open_at(empty_url, older, tmp_path)
    try:
        before: Schema = await _schema()
    finally:
        await close_db()
    command = await _open_at(empty_url, VERSION_AND_DEADLINES, tmp_path / "again")
    try:
        assert await command.downgrade(-1, delete=False) == [VERSION_AND_DEADLINES]
        after = await _schema()
    finally:
        await close_db()
    assert after == before


async def test_migration_11_gives_each_seat_a_language(empty_url: str, tmp_path: Path) -> None:
    """Issue 19 (migration 11): the seats signed up before it keep everything and have no language yet (their
    DMs speak the server's until the player next interacts); then one is stored."""
    from db.player_locale import player_locales, remember_locale

    older = next(p.name for p in MIGRATIONS if p.name.startswith("10_"))
    await _open_at(empty_url, older, tmp_path)
    stamp = "'2026-12-01 18:00:00+00:00'"
    try:
        await _execute(
            "INSERT INTO game (guild_id, host_id, mode, status, day_number, version,"
            f" created_at, updated_at) VALUES (1, 9, 'two-sided', 'signup', 0, 0, {stamp}, {stamp})",
            "INSERT INTO game_player (game_id, user_id, signup_order, name, name_key, created_at)"
            f" VALUES (1, 42, 0, 'Anna', 'anna', {stamp})",
        )
    finally:
        await close_db()
    applied = await init_db(empty_url)
    assert applied and applied[0].startswith("11_")
    try:
        assert await player_locales(1) == {}
        assert await remember_locale(42, "en-US") == 1
        assert await player_locales(1) == {"42": "en-US"}
    finally:
        await close_db()
