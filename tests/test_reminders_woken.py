"""Nobody is autokilled without having been reminded (R-VOTE-4, issue 19): the reminders worker
is woken by ``/host start`` itself, by ``/host acquaintance`` and by the host's time tools, so
day 1's non-voters get their reminder before its close without anything else waking it (the
tests here never wake the worker by hand)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import game_guild, open_and_join

NAMES = ["anna", "boris", "vera", "gleb", "dina", "egor"]
DAY_RU = "Напоминание: вы ещё не проголосовали."


@pytest.fixture
async def started(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = game_guild(emu, NAMES)
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'woken.sqlite3'}"))
    async with run_bot(emu, bot):
        await open_and_join(guild, NAMES, acquaintance_minutes=30)
        await (await guild.member("host").run("/host start")).reply(within=10)
        yield guild, bot


async def test_day_1_non_voters_are_reminded_before_its_close(
    emu: Any, started: tuple[GuildHandle, Any]
) -> None:
    guild, bot = started
    # The host ends the acquaintance now: day 1 (20 minutes) opens, its reminder 4 minutes
    # before its close.
    await (await guild.member("host").run("/host acquaintance", minutes=0)).reply()
    for voter, target in (("anna", "dina"), ("boris", "dina")):
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply()
    emu.clock.advance(timedelta(minutes=15, seconds=30))
    await bot.reminders.next_round()  # type: ignore[attr-defined]
    assert not any(DAY_RU in m.text for n in NAMES for m in guild.member(n).dms), "not yet"
    emu.clock.advance(timedelta(seconds=40))  # a fifth of the day is left
    for name in ("vera", "gleb", "dina", "egor"):
        reminder = await guild.member(name).wait_for_dm(lambda m: DAY_RU in m.text)
        assert "<t:" in reminder.text and "автокилл" in reminder.text
    assert not any(DAY_RU in m.text for n in ("anna", "boris") for m in guild.member(n).dms)
    # Reminded before the close: day 1's results are not out yet.
    assert not [m for m in guild.channel("объявления").messages if "Итоги дня 1" in m.text]


async def test_reminded_with_no_host_tool_after_the_start(emu: Any, tmp_path: Path) -> None:
    """The plain start (no acquaintance): ``/host start`` alone wakes the reminders."""
    guild = game_guild(emu, NAMES)
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'plain.sqlite3'}"))
    async with run_bot(emu, bot):
        await open_and_join(guild, NAMES)
        await (await guild.member("host").run("/host start")).reply(within=10)
        emu.clock.advance(timedelta(minutes=16, seconds=10))
        await guild.member("vera").wait_for_dm(lambda m: DAY_RU in m.text)
        await guild.member("egor").wait_for_dm(lambda m: DAY_RU in m.text)


async def test_a_host_tool_that_moves_the_close_moves_the_reminder(
    emu: Any, tmp_path: Path
) -> None:
    """The host shortens day 1's vote to 5 minutes: the reminder comes before that close, not
    at the old time (after it)."""
    guild = game_guild(emu, NAMES)
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'moved.sqlite3'}"))
    async with run_bot(emu, bot):
        await open_and_join(guild, NAMES)
        await (await guild.member("host").run("/host start")).reply(within=10)
        await delivered(bot)  # the game's channels (the reminder's DM is another lane)
        moved = await guild.member("host").run("/host time deadline", kind="vote", value="5", day=1)
        await moved.reply()
        emu.clock.advance(timedelta(minutes=4, seconds=10))
        await guild.member("vera").wait_for_dm(lambda m: DAY_RU in m.text)
        assert not [m for m in guild.channel("объявления").messages if "Итоги дня 1" in m.text]
