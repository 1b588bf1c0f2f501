"""A game by the clock through Discord (issue 10): Moscow time, the bot's scheduler on the
emulator's clock. Day choices close with 13:00 (R-TIME-1), votes with 21:00 (R-TIME-2: the whole
minute counts, 21:01:00 does not), the night with 22:00 (R-TIME-3); each judged by when the user
acted, each phase resolved once its minute is over."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import dealt_game, game_guild, vote_said

MOSCOW = ZoneInfo("Europe/Moscow")
DEAL = {
    "anna": "cop@town",
    "boris": "doctor@town",
    "vera": "lawyer@town",
    "gleb": "citizen@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
}


def _at(emu: Any, hour: int, minute: int, second: int = 0) -> None:
    """Move the emulator's clock to the next hh:mm:ss in Moscow."""
    now = emu.clock.now().astimezone(MOSCOW)
    target = now.replace(hour=hour, minute=minute, second=second, microsecond=0)
    if target <= now:
        target += timedelta(days=1)
    emu.clock.advance(target - now)


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = game_guild(emu, list(DEAL))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'clock.sqlite3'}"))
    async with run_bot(emu, bot):
        _at(emu, 10, 0)  # a day opens at 10:00 Moscow time
        await dealt_game(guild, bot, DEAL, timing="clock", activity=0)  # not about R-SANCT-3
        yield guild


async def _protect(guild: GuildHandle, target: str) -> str:
    handle = await guild.member("vera").run(
        "/mafia act", action="protect", target=str(guild.member(target).id)
    )
    return str((await vote_said(handle)).text)


async def _vote(guild: GuildHandle, voter: str, target: str) -> str:
    handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
    return str((await vote_said(handle)).text)


def _now(emu: Any) -> datetime:
    return emu.clock.now().astimezone(MOSCOW)


async def test_a_day_and_a_night_by_the_clock(emu: Any, game: GuildHandle) -> None:
    guild = game
    channel = guild.channel("game")
    # The lawyer has a day prompt (R-DAY-1) by DM; his choice there is /mafia act's.
    prompt = await guild.member("vera").wait_for_dm(lambda m: "День 1: ваш ход." in m.text)
    picked = await guild.member("vera").select(
        prompt, "choose:1:day:1:protect", [str(guild.member("boris").id)]
    )
    assert (await picked.reply()).text.startswith("Записано: защита Boris")
    _at(emu, 12, 59, 59)
    assert (await _protect(guild, "gleb")).startswith("Записано: защита Gleb")
    _at(emu, 13, 0, 0)
    emu.clock.advance(timedelta(milliseconds=500))  # R-TIME-1: the whole second 13:00:00 counts
    assert (await _protect(guild, "egor")).startswith("Записано: защита Egor")
    emu.clock.advance(timedelta(milliseconds=500))  # 13:00:01: late
    assert (await _protect(guild, "anna")).startswith("Поздно: срок истёк в <t:")
    _at(emu, 20, 59, 59)
    for voter in ("anna", "boris", "vera", "gleb", "egor"):
        assert "голосует:" in await _vote(guild, voter, "dina")
    _at(emu, 21, 0, 59)  # the whole minute 21:00 counts (R-TIME-2)
    assert "голосует:" in await _vote(guild, "dina", "anna")
    assert not any("Итоги дня 1" in m.text for m in channel.messages), "not before 21:01"
    emu.clock.advance(seconds=7)  # 21:01:06: the minute is over, and the grace
    results = await channel.wait_for_message(lambda m: "Итоги дня 1" in m.text)
    assert "Dina покидает город по итогам голосования." in results.text
    assert _now(emu).strftime("%H:%M") == "21:01"

    shot = await guild.member("egor").run(
        "/mafia act", action="shoot", target=str(guild.member("gleb").id)
    )
    assert "Записано" in (await shot.reply()).text
    _at(emu, 22, 1, 6)
    morning = await channel.wait_for_message(lambda m: "Утро после ночи 1" in m.text)
    assert "Найден мёртвым игрок: Gleb." in morning.text
    assert "День 2." in morning.text  # day 2 opens at once (R-TIME-6's default)
