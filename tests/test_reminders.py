"""Reminders before a deadline (cogs/game/reminders.py) through Discord: those who have not acted
get one DM a fifth of a fast phase before its close (an hour in a game by the clock); those who
acted get none; nobody is reminded twice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild

DEAL = SIX
DAY = "Напоминание: вы ещё не проголосовали."
NIGHT = "Напоминание: вы ещё не сделали ночной ход."


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = game_guild(emu, list(DEAL))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'remind.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, DEAL)
        yield guild, bot


def _reminded(guild: GuildHandle, text: str) -> set[str]:
    return {name for name in DEAL if any(text in m.text for m in guild.member(name).dms)}


async def test_reminders_go_to_those_who_have_not_acted(
    emu: Any, game: tuple[GuildHandle, Any]
) -> None:
    guild, bot = game
    for voter in ("anna", "boris", "vera", "gleb"):
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member("dina").id))
        await handle.reply()
    emu.clock.advance(timedelta(minutes=15, seconds=50))  # a fifth of 20 minutes is left soon
    bot.reminders.wake()  # type: ignore[attr-defined]  # a round now: nothing is due yet
    await bot.reminders.next_round()  # type: ignore[attr-defined]
    assert _reminded(guild, DAY) == set()
    emu.clock.advance(seconds=15)
    await guild.member("dina").wait_for_dm(lambda m: DAY in m.text)
    await guild.member("egor").wait_for_dm(lambda m: DAY in m.text)
    assert _reminded(guild, DAY) == {"dina", "egor"}
    emu.clock.advance(minutes=2)
    bot.reminders.wake()  # type: ignore[attr-defined]  # a round now: nothing is due yet
    await bot.reminders.next_round()  # type: ignore[attr-defined]
    assert sum(DAY in m.text for m in guild.member("dina").dms) == 1, "once"

    for voter, target in (("dina", "anna"), ("egor", "dina")):
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply()
    emu.clock.advance(minutes=2, seconds=10)  # the day closes: Dina leaves; night 1 (10 min)
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    shot = await guild.member("egor").run(
        "/mafia act", action="shoot", target=str(guild.member("vera").id)
    )
    await shot.reply()
    emu.clock.advance(minutes=8, seconds=5)  # two minutes (a fifth) before the night's close
    await guild.member("anna").wait_for_dm(lambda m: NIGHT in m.text)
    await guild.member("boris").wait_for_dm(lambda m: NIGHT in m.text)
    assert _reminded(guild, NIGHT) == {"anna", "boris"}  # the mafia chose; citizens have nothing
