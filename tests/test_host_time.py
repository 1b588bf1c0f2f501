"""The host's clock tools through Discord (issue 12, R-TIME): a deadline moved past midnight in
Moscow, the outage's reopened vote and its early close (R-TIME-5), pause and resume across a
restart, the next days' opening time (R-TIME-6). Each answers the host ephemerally, is
announced in public, and leaves a line in the host's channel."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from bot import create_bot
from cogs.game import host_time
from cogs.support.errors import UserFacingError
from settings import Settings
from tests.botdb import in_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused
from tests.gamesetup import SIX, dealt_game, game_guild, vote_said

MOSCOW = ZoneInfo("Europe/Moscow")


def _at(emu: Any, hour: int, minute: int, second: int = 0) -> None:
    """Move the emulator's clock to the next hh:mm:ss in Moscow."""
    now = emu.clock.now().astimezone(MOSCOW)
    target = now.replace(hour=hour, minute=minute, second=second, microsecond=0)
    if target <= now:
        target += timedelta(days=1)
    emu.clock.advance(target - now)


def _moscow(emu: Any) -> datetime:
    return emu.clock.now().astimezone(MOSCOW)


async def _host(guild: GuildHandle, command: str, **options: Any) -> Any:
    reply = await (await guild.member("host").run(command, **options)).reply()
    assert reply.ephemeral, "a host tool answers the host alone"
    return reply


async def _vote(guild: GuildHandle, voter: str, target: str) -> Any:
    handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
    return await vote_said(handle)


def _settings(tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite://{tmp_path / 'host_time.sqlite3'}")


async def test_a_vote_deadline_moved_past_midnight_in_moscow(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(_settings(tmp_path))) as runner:
        _at(emu, 10, 0)
        await dealt_game(guild, runner.bot, SIX, channels=True, timing="clock", activity=0)
        _at(emu, 20, 0)
        done = await _host(guild, "/host time deadline", kind="vote", value="00:30", day=1)
        assert done.text.startswith("Готово. Текущий срок теперь: <t:")
        announced = await guild.channel("объявления").wait_for_message(
            lambda m: "Ведущий изменил срок голосования на день 1" in m.text
        )
        # The announced instant is 00:30 tomorrow, Moscow time (21:30 UTC today).
        stamp = int(announced.text.split("<t:")[1].split(":")[0])
        named = datetime.fromtimestamp(stamp, MOSCOW)
        assert (named.hour, named.minute) == (0, 30) and named.date() > _moscow(emu).date()
        await guild.channel("ведущий").wait_for_message(lambda m: "срок vote → 00:30" in m.text)

        _at(emu, 21, 5)  # the old deadline is past: still day 1
        assert not (await _vote(guild, "anna", "dina")).ephemeral
        for voter in ("boris", "vera", "gleb", "egor"):
            await _vote(guild, voter, "dina")
        _at(emu, 0, 30, 59)  # the whole named minute counts (R-TIME-2)
        assert not (await _vote(guild, "dina", "anna")).ephemeral
        assert not any("Итоги дня 1" in m.text for m in guild.channel("объявления").messages)
        _at(emu, 0, 31, 6)
        results = await guild.channel("объявления").wait_for_message(
            lambda m: "Итоги дня 1" in m.text
        )
        assert "Dina покидает город" in results.text
        # ... and the change is announced again with the day's results (R-TIME intro).
        await guild.channel("объявления").wait_for_message(
            lambda m: (
                m.text.startswith("**Изменения Ведущего**")
                and "срок голосования на день 1" in m.text
            )
        )


async def test_a_past_day_and_a_bad_time_are_refused(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(_settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        bad = await _host(guild, "/host time deadline", kind="vote", value="21:30")
        assert bad.text == "«21:30» — не число минут (от 1 до 10080): это быстрая игра."
        # The whole game's vote: 30 minutes from each day's opening, today's included.
        moved = await _host(guild, "/host time deadline", kind="vote", value="30")
        assert moved.text.startswith("Готово. Текущий срок теперь: <t:")
        with pytest.raises(Refused, match="not available"):
            await guild.member("anna").run("/host time pause")
        anna = guild.member("anna").id
        with pytest.raises(UserFacingError) as refused:  # a member the admin let see /host
            await in_bot(runner.bot, host_time.pause(1, anna, by_is_server_host=False))
        assert refused.value.key == "error-not-host"
        emu.clock.advance(minutes=25)
        assert not (await _vote(guild, "anna", "dina")).ephemeral, "30 minutes now, not 20"


async def test_outage_reopens_the_vote_and_closes_once_all_voted(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(_settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        emu.clock.advance(minutes=15)
        done = await _host(guild, "/host time outage", minutes=40)
        assert done.text.startswith("Готово: голосование открыто до <t:")
        await guild.channel("объявления").wait_for_message(
            lambda m: "Форс-мажор: голосование открыто до" in m.text
        )
        emu.clock.advance(minutes=10)  # the first deadline (20 min) is past: the vote is open
        for voter in ("anna", "boris", "vera", "gleb", "egor"):
            assert not (await _vote(guild, voter, "dina")).ephemeral
        assert not any("Проголосовали все" in m.text for m in guild.channel("объявления").messages)
        assert not (await _vote(guild, "dina", "anna")).ephemeral  # the last vote: closes now
        await guild.channel("объявления").wait_for_message(lambda m: "Проголосовали все" in m.text)
        emu.clock.advance(seconds=6)  # the scheduler's grace, not the 40 minutes
        results = await guild.channel("объявления").wait_for_message(
            lambda m: "Итоги дня 1" in m.text
        )
        assert "Dina покидает город" in results.text
        await guild.channel("ведущий").wait_for_message(lambda m: "форс-мажор" in m.text)
        at_night = await _host(guild, "/host time outage", minutes=30)
        assert at_night.text == "Форс-мажор открывает голосование дня, а сейчас ночь."


async def test_pause_and_resume_across_a_restart(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    settings = _settings(tmp_path)
    async with run_bot(emu, create_bot(settings)) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        emu.clock.advance(minutes=5)  # 15 minutes of the day's 20 are left
        assert (await _host(guild, "/host time pause")).text == "Пауза."
        again = await _host(guild, "/host time pause")
        assert again.text.startswith("Игра на паузе")
        await guild.channel("объявления").wait_for_message(lambda m: "на паузу" in m.text)
    emu.clock.advance(hours=2)  # the bot is down while paused
    async with run_bot(emu, create_bot(settings)):
        emu.clock.advance(minutes=30)
        assert not any("Итоги дня 1" in m.text for m in guild.channel("объявления").messages)
        assert (await _host(guild, "/host time resume")).text == "Часы снова идут."
        assert (await _host(guild, "/host time resume")).text == "Игра не на паузе."
        emu.clock.advance(minutes=14)  # 15 minutes were left
        assert not (await _vote(guild, "anna", "dina")).ephemeral
        assert not any("Итоги дня 1" in m.text for m in guild.channel("объявления").messages)
        emu.clock.advance(minutes=1, seconds=6)
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        await guild.channel("ведущий").wait_for_message(lambda m: "продолжение" in m.text)


async def test_days_open_at_the_hosts_time(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(_settings(tmp_path))) as runner:
        _at(emu, 10, 0)
        await dealt_game(guild, runner.bot, SIX, channels=True, timing="clock", activity=0)
        done = await _host(guild, "/host time opening", value="09:00")
        assert done.text == "Готово: следующие дни откроются, как вы задали."
        for voter in SIX:
            await _vote(guild, voter, "anna" if voter == "dina" else "dina")
        _at(emu, 21, 1, 6)
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        gleb = str(guild.member("gleb").id)
        await (await guild.member("egor").run("/mafia act", action="shoot", target=gleb)).reply()
        _at(emu, 22, 1, 6)  # night 1 is resolved at 22:01: day 2 waits for 09:00
        morning = await guild.channel("объявления").wait_for_message(
            lambda m: "Следующий день откроется в" in m.text
        )
        assert "<t:" in morning.text
        early = await _vote(guild, "anna", "egor")
        assert early.ephemeral and early.text.startswith("День ещё не начался")
        _at(emu, 9, 0, 1)
        assert not (await _vote(guild, "anna", "egor")).ephemeral
