"""The acquaintance before day 1 (R-LIFE-2) through Discord: announced with day 1's opening; no
vote or choice before it; the host may shorten or end it; day 1's deadlines count from it."""

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
from tests.gamesetup import SIX, dealt_game, game_guild, vote_said


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'acq.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, acquaintance_minutes=30)
        yield guild


async def _vote(guild: GuildHandle, voter: str, target: str) -> str:
    handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
    return str((await vote_said(handle)).text)


async def test_no_vote_during_the_acquaintance_then_day_1(emu: Any, game: GuildHandle) -> None:
    guild = game
    assert any("Знакомство" in m.text for m in guild.channel("game").messages)
    assert (await _vote(guild, "anna", "dina")).startswith("Ещё идёт знакомство: день 1 начнётся в")
    emu.clock.advance(minutes=30)
    assert await _vote(guild, "anna", "dina") == "Anna голосует против Dina."
    emu.clock.advance(timedelta(minutes=19))  # the vote counts 20 minutes from the opening
    late = await guild.member("boris").run("/mafia vote", target=str(guild.member("dina").id))
    assert not (await vote_said(late)).ephemeral, "still day 1: 20 minutes from the opening"


async def test_the_host_ends_the_acquaintance(emu: Any, game: GuildHandle) -> None:
    guild = game
    ended = await guild.member("host").run("/host acquaintance", minutes=0)
    assert (await ended.reply()).text.startswith("День 1 теперь начнётся в")
    assert await _vote(guild, "anna", "dina") == "Anna голосует против Dina."
    again = await guild.member("host").run("/host acquaintance", minutes=0)
    assert (await again.reply()).text == "В этой игре сейчас нет знакомства."
