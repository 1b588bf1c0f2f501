"""Starting the bot: settings, the messages of ``python bot.py`` when it cannot run, setup_hook."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from aiohttp import web

import bot as bot_module
from bot import MafiaBot, create_bot
from db.guild_settings import get_settings
from locales.translator import FluentTranslator
from settings import Settings, SettingsError, load_settings

BOT_PY = Path(bot_module.__file__).resolve()


def clean_env(**extra: str) -> dict[str, str]:
    """An environment with none of the bot's variables, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "SYSTEMROOT")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(extra)
    return env


def run_bot_py(cwd: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BOT_PY)],
        cwd=cwd,
        env=clean_env(**extra),
        capture_output=True,
        text=True,
        timeout=60,
    )


# --- python bot.py ---------------------------------------------------------------------------


def test_without_a_token_one_line_and_exit_2(tmp_path: Path) -> None:
    result = run_bot_py(tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 2
    assert "Traceback" not in output
    assert len(output.strip().splitlines()) == 1, output
    assert "DISCORD_TOKEN" in output and "Developer Portal" in output and ".env" in output
    assert "Reset Token" in output
    assert not list(tmp_path.iterdir()), "nothing is created without a token"


def test_an_invalid_setting_from_dotenv_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nLOG_LEVEL=LOUD\n", encoding="utf-8")
    result = run_bot_py(tmp_path)
    output = result.stdout + result.stderr
    assert result.returncode == 2
    assert "Traceback" not in output
    assert len(output.strip().splitlines()) == 1 and "LOG_LEVEL" in output


class FakeDiscord:
    """A few routes of Discord's REST API: enough for login to fail or to hang."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.login_seen = asyncio.Event()

    async def users_me(self, request: web.Request) -> web.Response:
        self.login_seen.set()
        if self.mode == "hang":
            await asyncio.sleep(3600)
        return web.Response(
            status=401,
            text='{"message": "401: Unauthorized", "code": 0}',
            headers={"Content-Type": "application/json"},
        )


@pytest.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[tuple[FakeDiscord, str]]:
    fake = FakeDiscord(request.param)
    app = web.Application()
    app.router.add_get("/api/v10/users/@me", fake.users_me)
    runner = web.AppRunner(app, shutdown_timeout=0.1)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield fake, f"http://127.0.0.1:{port}/api/v10"
    await runner.cleanup()


async def _spawn(cwd: Path, api_base: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        str(BOT_PY),
        cwd=cwd,
        env=clean_env(DISCORD_TOKEN="not.a.token", DISCORD_API_BASE=api_base, LOG_LEVEL="WARNING"),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


@pytest.mark.parametrize("fake_discord", ["reject"], indirect=True)
async def test_a_rejected_token_one_clear_line_and_exit_3(
    tmp_path: Path, fake_discord: tuple[FakeDiscord, str]
) -> None:
    fake, api_base = fake_discord
    process = await _spawn(tmp_path, api_base)
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    output = (stdout + stderr).decode()
    assert process.returncode == 3, output
    assert fake.login_seen.is_set()
    assert "Traceback" not in output
    assert output.strip().splitlines() == [bot_module.BAD_TOKEN]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
@pytest.mark.parametrize("fake_discord", ["hang"], indirect=True)
async def test_ctrl_c_exits_cleanly(tmp_path: Path, fake_discord: tuple[FakeDiscord, str]) -> None:
    fake, api_base = fake_discord
    process = await _spawn(tmp_path, api_base)
    await asyncio.wait_for(fake.login_seen.wait(), 60)
    process.send_signal(signal.SIGINT)
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    output = (stdout + stderr).decode()
    assert process.returncode == 0, output
    assert "Traceback" not in output
    assert output.strip().splitlines() == ["Stopped."]


# --- settings --------------------------------------------------------------------------------


def test_settings_defaults(tmp_path: Path) -> None:
    settings = load_settings({}, dotenv_path=tmp_path / ".env")
    assert settings == Settings()
    assert settings.database_url == "sqlite://mafia.sqlite3"
    assert settings.default_locale == "ru" and settings.log_level == "INFO"
    assert settings.discord_token is None and settings.test_guild_id is None


def test_settings_environment_wins_over_dotenv(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "DISCORD_TOKEN=from-file\nDATABASE_URL=postgres://u:p@db/mafia\nTEST_GUILD_ID=123\nDEFAULT_LOCALE=en\n",
        encoding="utf-8",
    )
    settings = load_settings(
        {"DISCORD_TOKEN": "from-env", "LOG_LEVEL": "debug"}, dotenv_path=dotenv
    )
    assert settings.discord_token == "from-env"
    assert settings.database_url == "postgres://u:p@db/mafia"
    assert settings.test_guild_id == 123
    assert settings.default_locale == "en" and settings.log_level == "DEBUG"
    assert "from-env" not in repr(settings)


@pytest.mark.parametrize(
    ("variable", "value"),
    [("TEST_GUILD_ID", "my-server"), ("DEFAULT_LOCALE", "de"), ("LOG_LEVEL", "LOUD")],
)
def test_settings_refuse_bad_values(tmp_path: Path, variable: str, value: str) -> None:
    with pytest.raises(SettingsError, match=variable):
        load_settings({variable: value}, dotenv_path=tmp_path / ".env")


# --- the bot object ---------------------------------------------------------------------------


async def test_setup_hook_opens_the_db_loads_cogs_sets_the_translator_and_syncs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(database_url=f"sqlite://{tmp_path / 'bot.sqlite3'}", test_guild_id=555)
    bot = create_bot(settings, application_id=1)
    assert isinstance(bot, MafiaBot)
    synced: list[dict[str, Any]] = []

    async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        synced.append(
            {"guild": guild, "commands": [c.name for c in bot.tree.get_commands(guild=guild)]}
        )
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    try:
        await bot.setup_hook()
        assert "cogs.game.player_commands" in bot.extensions
        assert isinstance(bot.tree.translator, FluentTranslator)
        assert (await get_settings(1)).language == "ru"  # the database is open and migrated
        [call] = synced
        assert call["guild"] is not None and call["guild"].id == 555
        assert "mafia" in call["commands"]
    finally:
        await bot.close()
    assert (tmp_path / "bot.sqlite3").exists()


async def test_global_sync_without_a_test_guild(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'g.sqlite3'}"), application_id=1)
    guilds: list[Any] = []

    async def fake_sync(*, guild: discord.abc.Snowflake | None = None) -> list[Any]:
        guilds.append(guild)
        return []

    monkeypatch.setattr(bot.tree, "sync", fake_sync)
    try:
        await bot.open_database()
        await bot.sync_commands()
    finally:
        await bot.close()
    assert guilds == [None]


def test_default_locale_setting_is_applied() -> None:
    from locales import default_locale

    try:
        create_bot(Settings(default_locale="en"))
        assert default_locale() == "en"
    finally:
        create_bot(Settings())
    assert default_locale() == "ru"
