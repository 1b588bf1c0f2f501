"""The acquaintance before day 1 (R-LIFE-2) through Discord: announced with day 1's opening (the draw
sealed then, the roles told only at its end, a restart included); no
vote or choice before it; the host may shorten or end it; day 1's deadlines count from it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.botdb import delivered
from tests.emulator import permissions as P
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
    assert await _vote(guild, "anna", "dina") == "Anna голосует: Dina."
    emu.clock.advance(timedelta(minutes=19))  # the vote counts 20 minutes from the opening
    late = await guild.member("boris").run("/mafia vote", target=str(guild.member("dina").id))
    assert not (await vote_said(late)).ephemeral, "still day 1: 20 minutes from the opening"


async def test_the_host_ends_the_acquaintance(emu: Any, game: GuildHandle) -> None:
    guild = game
    ended = await guild.member("host").run("/host acquaintance", minutes=0)
    assert (await ended.reply()).text.startswith("День 1 теперь начнётся в")
    assert await _vote(guild, "anna", "dina") == "Anna голосует: Dina."
    again = await guild.member("host").run("/host acquaintance", minutes=0)
    assert (await again.reply()).text == "В этой игре сейчас нет знакомства."


async def _no_deal_yet(guild: GuildHandle) -> None:
    """R-LIFE-2: during the acquaintance nobody knows his role: no card, no cabinet, no day 1."""
    assert not any("Ваша роль" in m.text for name in SIX for m in guild.member(name).dms)
    assert not guild.member("dina").can(P.VIEW_CHANNEL, guild.channel("кабинет-мафии"))
    refused = await (await guild.member("anna").run("/mafia role")).reply()
    assert refused.ephemeral and refused.text.startswith("Роли раздадут в конце знакомства")
    assert not guild.channel("голосование").messages


async def _dealt(emu: Any, guild: GuildHandle) -> None:
    """The acquaintance is over: the cards by DM, the cabinets open, day 1's vote post."""
    for name in SIX:
        await guild.member(name).wait_for_dm(lambda m: m.text.startswith("Ваша роль"))
    cabinet = guild.channel("кабинет-мафии")
    await emu.wait_until(
        lambda: all(guild.member(n).can(P.VIEW_CHANNEL, cabinet) for n in ("dina", "egor"))
    )
    assert not guild.member("anna").can(P.VIEW_CHANNEL, guild.channel("кабинет-мафии"))
    await guild.channel("голосование").wait_for_message(lambda m: "День 1" in m.text)
    role = await (await guild.member("anna").run("/mafia role")).reply()
    assert role.text.startswith("Ваша роль: Комиссар")


async def test_the_deal_is_told_at_the_acquaintances_end(emu: Any, tmp_path: Path) -> None:
    """The commitment when the acquaintance opens; the roles at its end, just before day 1."""
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'deal.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True, acquaintance_minutes=30)
        news = [m.text for m in guild.channel("объявления").messages]
        assert news[0].startswith("**Жеребьёвка запечатана.**")  # sealed when it opens
        assert news[1].startswith("**Знакомство**")
        await _no_deal_yet(guild)
        emu.clock.advance(minutes=29)
        await _no_deal_yet(guild)
        emu.clock.advance(minutes=1)
        await _dealt(emu, guild)
        deal = await guild.channel("ведущий").wait_for_message(lambda m: "Раздача" in m.text)
        assert "Anna: Комиссар (Мирные)" in deal.text


async def test_ending_the_acquaintance_deals_at_once(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'deal.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True, acquaintance_minutes=30)
        await _no_deal_yet(guild)
        await (await guild.member("host").run("/host acquaintance", minutes=0)).reply()
        await _dealt(emu, guild)


async def test_a_restart_during_the_acquaintance_keeps_the_deal_for_its_end(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(SIX))
    settings = Settings(database_url=f"sqlite://{tmp_path / 'deal.sqlite3'}")
    bot = create_bot(settings)
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True, acquaintance_minutes=30)
    async with run_bot(emu, create_bot(settings)) as runner:  # the start's catch-up: nothing yet
        await runner.bot.members_catch_up
        await delivered(runner.bot)
        await _no_deal_yet(guild)
    emu.clock.advance(minutes=31)  # the end passes while the bot is down
    async with run_bot(emu, create_bot(settings)):
        await _dealt(emu, guild)


async def test_a_substitute_during_the_acquaintance_learns_nothing_before_its_end(
    emu: Any, tmp_path: Path
) -> None:
    """R-LIFE-2: the host replaces a mafioso during the acquaintance. The substitute sees no
    cabinet and gets no card until it ends (a cabinet seen is a role told); then both come
    with everyone's."""
    from tests.test_host_decisions import host_says

    guild = game_guild(emu, [*SIX, "yan"])
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'sub.sqlite3'}"))
    async with run_bot(emu, bot) as runner:
        await dealt_game(guild, bot, SIX, channels=True, acquaintance_minutes=30)
        yan, egor = guild.member("yan"), guild.member("egor")
        said = await host_says(guild, "/host replace", player=egor, substitute=yan)
        assert said.startswith("Готово: yan теперь играет Egor")
        await delivered(runner.bot)
        cabinet = guild.channel("кабинет-мафии")
        assert not yan.can(P.VIEW_CHANNEL, cabinet)
        assert not any("Ваша роль" in m.text for m in yan.dms)
        emu.clock.advance(minutes=30)
        await yan.wait_for_dm(lambda m: m.text.startswith("Ваша роль"))
        await emu.wait_until(lambda: yan.can(P.VIEW_CHANNEL, cabinet))
        assert not egor.can(P.VIEW_CHANNEL, cabinet)
