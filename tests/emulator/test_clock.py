"""A game by the clock in seconds: the emulator's clock and the bot's clock advance together,
in the test's process and for a bot in its own process, across 21:00 in Europe/Moscow."""

from __future__ import annotations

import asyncio
import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from cogs.support import clock
from tests.emulator.botprocess import BotProcess
from tests.emulator.clock import EmuClock
from tests.emulator.state import snowflake_time
from tests.emulator.testbot import make_demo_bot
from tests.emulator.views import wait_until

MOSCOW = ZoneInfo("Europe/Moscow")


def tomorrow_at(emu, hour: int, minute: int, second: int = 0) -> dt.datetime:
    day = (emu.clock.now().astimezone(MOSCOW) + dt.timedelta(days=1)).date()
    return dt.datetime.combine(day, dt.time(hour, minute, second), MOSCOW)


async def play_across_21h(emu, guild) -> None:
    """The poll closes at 21:00 Moscow time: a vote at 20:59:40 counts, the bot closes the poll
    when the clock passes 21:00 (its sleep wakes at the advance), a vote after that is late."""
    alice, boris = guild.member("alice"), guild.member("boris")
    closes = tomorrow_at(emu, 21, 0)
    emu.clock.advance_to(closes - dt.timedelta(seconds=30))
    opened = await (await alice.run("/demo poll")).reply()
    assert opened.content == f"vote until <t:{int(closes.timestamp())}:t>"
    emu.clock.advance(seconds=10)
    first = await alice.run("/demo vote")
    assert (await first.reply()).content == "counted"
    assert snowflake_time(first.record.id).astimezone(MOSCOW).time() >= dt.time(20, 59, 40)
    general = guild.channel("general")
    assert not any(m.content == "poll closed" for m in general.messages)
    emu.clock.advance(seconds=25)  # 21:00:05 in Moscow
    closed = await general.wait_for_message(lambda m: m.content == "poll closed")
    assert closed.raw.timestamp >= closes
    assert (await (await boris.run("/demo vote")).reply()).content == "too late"


async def test_in_process_bot_crosses_21h_moscow(emu, start_bot) -> None:
    guild = emu.make_guild(members=["alice", "boris"])
    await start_bot(make_demo_bot())
    assert clock.current() is emu.clock  # while the bot runs, its clock is the emulator's
    await play_across_21h(emu, guild)


async def test_bot_process_crosses_21h_moscow(emu) -> None:
    guild = emu.make_guild(members=["alice", "boris"])
    proc = await BotProcess.start(emu, "tests.emulator.testbot:make_demo_bot")
    try:
        await play_across_21h(emu, guild)
    finally:
        await proc.stop()


async def test_timeouts_end_on_the_emulators_clock(emu, start_bot) -> None:
    guild = emu.make_guild(members=["alice"])
    runner = await start_bot(make_demo_bot())
    member = runner.bot.get_guild(guild.id).get_member(guild.member("alice").id)
    await member.timeout(dt.timedelta(hours=24), reason="R-MOD: a day's mute")
    alice = guild.member("alice")
    assert alice.timed_out
    emu.clock.advance(hours=23, minutes=59)
    assert alice.timed_out
    emu.clock.advance(minutes=2)
    assert not alice.timed_out
    await alice.post(guild.channel("general"), "I'm back")


# -- the clocks themselves -------------------------------------------------------------------------


def waiting(emu_clock: EmuClock) -> int:
    return sum(1 for fut in emu_clock._waiters if not fut.done())


async def test_sleep_until_wakes_when_the_clock_is_advanced() -> None:
    emu_clock = EmuClock()
    moment = emu_clock.now() + dt.timedelta(hours=5)
    sleeper = asyncio.create_task(clock.sleep_until(moment, emu_clock))
    await wait_until(lambda: waiting(emu_clock) == 1, what="the sleeper waiting")
    emu_clock.advance(hours=4)
    # it woke, saw an hour left, and waits again
    await wait_until(lambda: waiting(emu_clock) == 1 or sleeper.done(), what="the sleeper waiting again")
    assert not sleeper.done()
    emu_clock.advance(hours=1)
    await asyncio.wait_for(sleeper, 1)
    assert emu_clock.now() >= moment


async def test_file_clock_follows_the_emulator_clock(tmp_path) -> None:
    emu_clock = EmuClock()
    try:
        follower = clock.FileOffsetClock(emu_clock.shared_file())
        assert abs((follower.now() - emu_clock.now()).total_seconds()) < 1
        moment = emu_clock.now() + dt.timedelta(days=1)
        sleeper = asyncio.create_task(clock.sleep_until(moment, follower))
        emu_clock.advance(days=1, seconds=1)
        await asyncio.wait_for(sleeper, 2)
        assert follower.now() >= moment
        assert abs((follower.now() - emu_clock.now()).total_seconds()) < 1
    finally:
        emu_clock.close()


def test_clock_moves_forward_only_and_defaults_to_the_system_clock(monkeypatch) -> None:
    with pytest.raises(ValueError):
        EmuClock().advance(seconds=-1)
    previous = clock.use(None)
    try:
        monkeypatch.delenv(clock.ENV_FILE, raising=False)
        assert isinstance(clock.current(), clock.SystemClock)
        assert clock.now().tzinfo is not None
    finally:
        clock.use(previous)
