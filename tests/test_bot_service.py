"""The bot as a service: checked settings, the database before Discord, exit codes, a graceful
stop on SIGTERM with the interaction in flight answered, no resync of unchanged commands, the
ready line with the invite URL."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

import bot as bot_module
from bot import REQUIRED_PERMISSIONS, Exit, create_bot
from settings import DOTENV_PATHS, Settings, SettingsError, load_settings
from tests.emulator.botrunner import run_bot
from tests.test_bot_startup import BOT_PY, clean_env, run_bot_py

# --- settings are checked before anything connects ---------------------------------------------


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("nosuch://x", "unsupported scheme 'nosuch://'"),
        ("mysql://user:secret@db/mafia", "unsupported scheme 'mysql://'"),
        ("sqlite:///nonexistent/dir/x.db", "'/nonexistent/dir' of the SQLite file does not exist"),
        ("postgres://user:pw@db:port/mafia", "malformed"),
    ],
)
def test_a_bad_database_url_is_one_line_and_exit_2(tmp_path: Path, url: str, says: str) -> None:
    result = run_bot_py(tmp_path, DISCORD_TOKEN="x", DATABASE_URL=url)
    output = result.stdout + result.stderr
    assert result.returncode == Exit.BAD_SETTING == 2
    assert output.strip().splitlines() == [output.strip()], output
    assert says in output and "DATABASE_URL" in output
    assert "Traceback" not in output and "secret" not in output
    assert not list(tmp_path.iterdir()), "nothing is created"


def test_dotenv_beside_bot_py_is_found_from_another_directory(tmp_path: Path) -> None:
    assert DOTENV_PATHS[-1] == BOT_PY.parent / ".env"
    beside = tmp_path / "project" / ".env"
    beside.parent.mkdir()
    beside.write_text("DISCORD_TOKEN=from-beside\nDEFAULT_LOCALE=en\n", encoding="utf-8")
    settings = load_settings({}, dotenv_path=[tmp_path / "cwd" / ".env", beside])
    assert settings.discord_token == "from-beside" and settings.default_locale == "en"
    here = tmp_path / "cwd" / ".env"
    here.parent.mkdir()
    here.write_text("DISCORD_TOKEN=from-cwd\n", encoding="utf-8")
    assert load_settings({}, dotenv_path=[here, beside]).discord_token == "from-cwd"


@pytest.mark.parametrize("value", ["0", "-3", "soon", "9999"])
def test_db_connect_timeout_must_be_sensible(tmp_path: Path, value: str) -> None:
    with pytest.raises(SettingsError, match="DB_CONNECT_TIMEOUT"):
        load_settings({"DB_CONNECT_TIMEOUT": value}, dotenv_path=None)


# --- the database is opened before Discord, within a timeout ------------------------------------


async def _silent_server() -> tuple[asyncio.Server, int]:
    """A TCP port that accepts connections and never says a word (a database that hangs)."""

    async def hold(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.read()  # until the client gives up
        writer.close()

    server = await asyncio.start_server(hold, "127.0.0.1", 0)
    return server, server.sockets[0].getsockname()[1]


async def _run_bot_py(cwd: Path, **env: str) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(BOT_PY),
        cwd=cwd,
        env=clean_env(**env),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    stdout, stderr = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, (stdout + stderr).decode()


async def test_a_database_that_does_not_answer_is_exit_5_before_any_login(tmp_path: Path) -> None:
    server, port = await _silent_server()
    async with server:
        code, output = await _run_bot_py(
            tmp_path,
            DISCORD_TOKEN="x",
            # nothing listens here: a login attempt would fail with exit 1, not 5
            DISCORD_API_BASE="http://127.0.0.1:9/api/v10",
            DATABASE_URL=f"postgres://mafia:pw@127.0.0.1:{port}/mafia",
            DB_CONNECT_TIMEOUT="1",
            LOG_LEVEL="WARNING",
            LOG_FILE=str(tmp_path / "bot.log"),
        )
    assert code == Exit.DATABASE_UNAVAILABLE == 5, output
    assert output.strip().splitlines() == [
        "Cannot open the database (no answer within 1 s): check DATABASE_URL."
    ]


async def test_a_refused_database_connection_is_exit_5(tmp_path: Path) -> None:
    server, port = await _silent_server()
    server.close()
    await server.wait_closed()  # the port is now closed: connection refused
    code, output = await _run_bot_py(
        tmp_path,
        DISCORD_TOKEN="x",
        DISCORD_API_BASE="http://127.0.0.1:9/api/v10",
        DATABASE_URL=f"postgres://mafia:pw@127.0.0.1:{port}/mafia",
        LOG_LEVEL="WARNING",
        LOG_FILE=str(tmp_path / "bot.log"),
    )
    assert code == 5, output
    [line] = output.strip().splitlines()
    assert line.startswith("Cannot open the database (") and "Traceback" not in output


def test_any_other_failure_is_one_line_and_the_log_has_the_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log_file = tmp_path / "bot.log"

    async def broken_start(self: Any, token: str, *, reconnect: bool = True) -> None:
        raise RuntimeError("the flux capacitor is missing")

    monkeypatch.setattr(bot_module.MafiaBot, "start", broken_start)
    monkeypatch.setattr(
        bot_module,
        "load_settings",
        lambda: Settings(
            discord_token="x",
            database_url=f"sqlite://{tmp_path / 'bot.sqlite3'}",
            log_file=str(log_file),
            log_level="INFO",
        ),
    )
    try:
        assert bot_module.main() == Exit.FAILED == 6
    finally:
        logging.basicConfig(handlers=[logging.NullHandler()], force=True)  # close the file
    terminal = capsys.readouterr().err
    assert "Traceback" not in terminal
    assert terminal.strip().splitlines()[-1] == (
        "The bot stopped on an unexpected error: RuntimeError('the flux capacitor is missing')"
        f" (details in {log_file})."
    )
    logged = log_file.read_text(encoding="utf-8")
    assert "Traceback" in logged and "flux capacitor" in logged and "broken_start" in logged


# --- a graceful stop -----------------------------------------------------------------------------


class Lines:
    """A process's stderr, line by line, kept for the assertions."""

    def __init__(self, stream: asyncio.StreamReader) -> None:
        self.stream = stream
        self.seen: list[str] = []

    async def until(self, text: str, within: float = 30.0) -> str:
        async with asyncio.timeout(within):
            while True:
                raw = await self.stream.readline()
                if not raw:
                    raise EOFError(f"the process ended before {text!r}; it said: {self.seen}")
                line = raw.decode().rstrip("\n")
                self.seen.append(line)
                if text in line:
                    return line

    async def rest(self) -> list[str]:
        self.seen += (await self.stream.read()).decode().splitlines()
        return self.seen


@pytest.fixture
async def bot_py(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[asyncio.subprocess.Process, Lines]]:
    """``python bot.py`` as a service would run it, against the emulator."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(BOT_PY),
        cwd=tmp_path,
        env=clean_env(
            DISCORD_TOKEN="emulator-token",
            DISCORD_API_BASE=emu.api_base,
            DISCORD_GATEWAY_URL=emu.gateway_url,
            DATABASE_URL=f"sqlite://{tmp_path / 'bot.sqlite3'}",
            LOG_FILE=str(tmp_path / "bot.log"),
        ),
        stderr=asyncio.subprocess.PIPE,
    )
    assert process.stderr is not None
    try:
        yield process, Lines(process.stderr)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
async def test_sigterm_answers_the_interaction_in_flight_then_exits_0(
    emu: Any, bot_py: tuple[asyncio.subprocess.Process, Lines], monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    guild = emu.make_guild(members=[{"name": "alice"}, {"name": "boris", "locale": "ru"}])
    process, stderr = bot_py
    # Hold the bot's answer to the first interaction at "Discord" until the stop has begun:
    # that interaction is in flight when SIGTERM arrives.
    held, release = asyncio.Event(), asyncio.Event()
    answer = emu._answer

    async def holding(request: Any, method: str, path: str, *rest: Any) -> Any:
        if method == "POST" and path.endswith("/callback") and not held.is_set():
            held.set()
            await release.wait()
        return await answer(request, method, path, *rest)

    monkeypatch.setattr(emu, "_answer", holding)
    await stderr.until("ready:")
    in_flight = await guild.member("alice").run("/mafia help", locale="en-US")
    await asyncio.wait_for(held.wait(), 10)

    process.send_signal(signal.SIGTERM)
    await stderr.until("waiting for 1 interaction(s) to be answered")
    # While the bot stops, a new command gets a clear answer, not silence.
    late = await guild.member("boris").run("/mafia help", locale="ru")
    assert "перезапускается" in (await late.reply(within=10)).text
    release.set()

    reply = await in_flight.reply(within=10)
    assert reply.ephemeral and "Mafia — how to play" in reply.text
    assert await asyncio.wait_for(process.wait(), 30) == 0
    said = await stderr.rest()
    assert said[-1] == "Stopped."
    assert not any("Traceback" in line for line in said)
    logged = (tmp_path / "bot.log").read_text(encoding="utf-8")
    assert "received SIGTERM: stopping" in logged and "stopped (0 interaction(s) cut off)" in logged


# --- commands are synced only when they changed -------------------------------------------------

SYNC = ("PUT", "/applications/{application_id}/commands")


async def test_commands_are_synced_only_when_the_tree_changed(emu: Any, tmp_path: Path) -> None:
    emu.make_guild(members=["alice"])
    settings = Settings(database_url=f"sqlite://{tmp_path / 'sync.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        pass
    assert emu.count(*SYNC) == 1
    async with run_bot(emu, create_bot(settings)):
        pass
    assert emu.count(*SYNC) == 1, "a restart with the same commands sends no sync"

    changed = create_bot(settings)

    @changed.tree.command(name="ping", description="A new command")
    async def ping(interaction: Any) -> None:  # pragma: no cover - never run
        raise AssertionError

    async with run_bot(emu, changed):
        pass
    assert emu.count(*SYNC) == 2, "a changed tree is synced"


async def test_a_changed_translation_is_a_changed_tree(
    emu: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from locales.translator import FluentTranslator

    emu.make_guild(members=["alice"])
    settings = Settings(database_url=f"sqlite://{tmp_path / 'sync.sqlite3'}")
    async with run_bot(emu, create_bot(settings)):
        pass
    original = FluentTranslator.translate

    async def reworded(self: Any, string: Any, locale: Any, context: Any) -> str | None:
        text = await original(self, string, locale, context)
        return None if text is None else text.replace("Mafia", "Mafia!").replace("Мафия", "Мафия!")

    monkeypatch.setattr(FluentTranslator, "translate", reworded)
    async with run_bot(emu, create_bot(settings)):
        pass
    assert emu.count(*SYNC) == 2


# --- the ready line --------------------------------------------------------------------------------


async def test_on_ready_one_line_with_name_servers_and_invite(
    emu: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    emu.make_guild(members=["alice"])
    emu.make_guild(members=["boris"])
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'ready.sqlite3'}"))
    with caplog.at_level(logging.INFO, logger="mafiabot"):
        async with run_bot(emu, bot):
            await emu.wait_until(lambda: any("ready:" in r.getMessage() for r in caplog.records))
            user = bot.user
    [line] = [r.getMessage() for r in caplog.records if "ready:" in r.getMessage()]
    assert user is not None
    assert line.startswith(f"ready: {user} in 2 server(s); invite: https://discord.com/oauth2/authorize?")
    assert f"client_id={user.id}" in line
    assert f"permissions={REQUIRED_PERMISSIONS.value}" in line
    assert "scope=bot+applications.commands" in line
    assert line.endswith(f"(permissions {REQUIRED_PERMISSIONS.value})")


def test_the_readme_states_the_permissions_the_bot_asks_for() -> None:
    readme = (BOT_PY.parent / "README.md").read_text(encoding="utf-8")
    assert f"permissions={REQUIRED_PERMISSIONS.value}" in readme
    assert f"`{REQUIRED_PERMISSIONS.value}`" in readme


async def test_default_locale_is_the_language_of_new_servers(tmp_path: Path) -> None:
    from db.guild_settings import get_settings, set_default_language

    bot = create_bot(
        Settings(database_url=f"sqlite://{tmp_path / 'lang.sqlite3'}", default_locale="en")
    )
    try:
        await bot.open_database()
        assert (await get_settings(12345)).language == "en"
    finally:
        await bot.close()
        create_bot(Settings())  # the process-wide defaults back to ru
        set_default_language("ru")


def test_the_invite_asks_for_everything_a_games_setup_checks() -> None:
    """A bot invited with the printed link passes /host start's check on a server whose
    @everyone has no permissions at all: the invite holds what the setup needs on the server
    (cogs.game.server.overwrites.BOT_NEEDS: the channels' overwrites name those bits)."""
    from cogs.game.server.overwrites import BOT_NEEDS

    missing = BOT_NEEDS.value & ~REQUIRED_PERMISSIONS.value
    assert [name for name, on in discord.Permissions(missing) if on] == []
