"""Discord failing for a long time (issue 17): 25 minutes of 5xx on every post route of one game
(its channels, its threads, its players' DMs). Its rows are all delivered when Discord recovers,
in order; another game's deliveries meanwhile are unaffected (its day's results, its night's).
The emulator's clock is advanced, nobody sleeps 25 minutes. And the host's channel is told once
when a row is stuck for 5 minutes, and again when it is through."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from db.outbox import pending
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild

MESSAGES = "/channels/{channel_id}/messages"
THREADS = "/channels/{channel_id}/threads"


async def _vote_dina_out(guild: GuildHandle) -> None:
    for voter in SIX:
        target = "anna" if voter == "dina" else "dina"
        await (
            await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        ).reply()


def _texts(guild: GuildHandle, channel: str) -> list[str]:
    return [m.text for m in guild.channel(channel).messages]


def _index(texts: list[str], part: str) -> int:
    return next(i for i, text in enumerate(texts) if part in text)


async def test_25_minutes_of_5xx_for_one_game_delay_it_and_only_it(
    emu: Any, tmp_path: Path
) -> None:
    first, second = game_guild(emu, list(SIX)), game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'outage.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(first, bot, SIX, channels=True, activity=0)
        await dealt_game(second, bot, SIX, channels=True, activity=0)
        await _vote_dina_out(first)
        await _vote_dina_out(second)
        emu.clock.advance(seconds=5)  # the tallies' debounce (not the outbox's)
        await delivered(bot)
        emu.clock.advance(minutes=19)
        # Every post route of the first game fails for 25 minutes, starting a minute before its
        # day closes: its day's results, its night's, its day 2's opening all wait.
        ids = {c.id for c in first.channels}
        ids |= {emu.world.dm_channel(first.member(name).user).id for name in SIX}
        until = emu.clock.now() + timedelta(minutes=25)
        for route in (MESSAGES, THREADS):
            emu.fail_next("POST", route, status=503, params={"channel_id": ids}, until=until)
        emu.clock.advance(timedelta(minutes=1, seconds=1))  # both days close
        await bot.scheduler.next_round()
        await delivered(bot)
        assert any("Итоги дня 1" in t for t in _texts(second, "объявления")), "the other game"
        assert not any("Итоги дня 1" in t for t in _texts(first, "объявления"))
        for _ in range(11):  # the nights close 10 minutes later, the outage still on
            emu.clock.advance(minutes=1)
            await delivered(bot)
        await second.channel("объявления").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        await delivered(bot)
        assert not any("Утро после ночи 1" in t for t in _texts(first, "объявления"))
        assert [r for r in await in_bot(bot, pending()) if r.game_id == 2] == []
        for _ in range(16):  # past the outage, and a capped backoff (2 minutes) more
            emu.clock.advance(minutes=1)
            await delivered(bot)
        assert await in_bot(bot, pending()) == []
    texts = _texts(first, "объявления")
    assert (
        sum("Итоги дня 1" in t for t in texts) == 1
        and sum("Утро после ночи 1" in t for t in texts) == 1
    )
    assert _index(texts, "Итоги дня 1") < _index(texts, "Утро после ночи 1"), "in order"
    # Night 1 ended the game (the mafia's last one made no choice): its end happened once too.
    assert [c.name for c in first.channels].count("После игры #1") == 1
    for name in ("anna", "boris"):  # the night's prompts reached them too, once
        assert sum("Ночь 1: ваш ход." in m.text for m in first.member(name).dms) == 1


async def test_the_host_hears_once_of_a_stuck_row_and_once_that_it_is_through(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'stuck.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True, activity=0)
        await _vote_dina_out(guild)
        emu.clock.advance(seconds=5)
        await delivered(bot)
        announcements = guild.channel("объявления").id
        until = emu.clock.now() + timedelta(minutes=28)  # 8 minutes past the close
        emu.fail_next(
            "POST", MESSAGES, status=503, params={"channel_id": announcements}, until=until
        )
        emu.clock.advance(timedelta(minutes=20, seconds=1))
        await bot.scheduler.next_round()
        for _ in range(12):
            emu.clock.advance(minutes=1)
            await delivered(bot)
        assert await in_bot(bot, pending()) == []
    host = [m.text for m in guild.channel("ведущий").messages]
    stuck = [t for t in host if t.startswith("⚠️")]
    through = [t for t in host if t.startswith("✅")]
    assert len(stuck) == 1 and "5 минут" in stuck[0] and "сообщения" in stuck[0]
    assert len(through) == 1
    assert _index(host, "⚠️") < _index(host, "✅")
    assert sum("Итоги дня 1" in t for t in _texts(guild, "объявления")) == 1
