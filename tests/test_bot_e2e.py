"""The real bot (``create_bot``) against the Discord emulator: login, setup_hook (database,
cogs, translator, command sync validated against Discord's OpenAPI description), ``/mafia help``
and the error handler through discord.py's own interaction path."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import MafiaBot, create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, MafiaBot]]:
    guild = emu.make_guild(
        members=[{"name": "boris", "locale": "ru"}, {"name": "alice", "locale": "en-US"}]
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'e2e.sqlite3'}"))

    @discord.app_commands.command(name="boom", description="Always fails")
    async def boom(interaction: discord.Interaction[Any]) -> None:
        raise RuntimeError("boom")

    @discord.app_commands.command(name="late-boom", description="Defers, then fails")
    async def late_boom(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer(ephemeral=True)
        raise RuntimeError("late boom")

    bot.tree.add_command(boom)
    bot.tree.add_command(late_boom)
    async with run_bot(emu, bot):
        yield guild, bot


async def test_help_is_ephemeral_in_the_users_language(world: tuple[GuildHandle, MafiaBot]) -> None:
    guild, _ = world
    ru = await guild.member("boris").run("/mafia help", locale="ru")
    reply = await ru.reply()
    assert ru.ephemeral and "Мафия — как играть" in reply.text and "/мафия помощь" in reply.text
    en = await guild.member("alice").run("/mafia help", section="roles", locale="en-US")
    reply = await en.reply()
    assert en.ephemeral and "Mafia — how to play" in reply.text and "Tin Woodman" in reply.text


async def test_unexpected_errors_show_an_id(
    world: tuple[GuildHandle, MafiaBot], caplog: pytest.LogCaptureFixture
) -> None:
    guild, _ = world
    handle = await guild.member("boris").run("/boom", locale="ru")
    reply = await handle.reply()
    assert handle.ephemeral
    match = re.search(r"`([0-9a-f]{8})`", reply.text)
    assert match and reply.text.startswith("Что-то пошло не так"), reply.text
    assert match.group(1) in caplog.text and "Traceback" in caplog.text


async def test_an_error_after_defer_is_sent_as_followup(
    world: tuple[GuildHandle, MafiaBot],
) -> None:
    guild, _ = world
    handle = await guild.member("alice").run("/late-boom", locale="en-US")
    reply = await handle.reply()
    assert handle.ephemeral
    assert re.search(r"Error code: `[0-9a-f]{8}`", reply.text), reply.text
