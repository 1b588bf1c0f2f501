"""The bot's pace under Discord's global limit (issue 20): the outbox delivers many lanes at once,
and every request of the process passes one shared bucket (cogs.delivery.pace), so a backlog of a
hundred posts in a hundred channels goes out at 45 per second — no global 429, which on Discord
would hold every request of the bot, the votes' answers included."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.delivery.pace import PER_SECOND, Pace, counted, share
from db.outbox import add_unbound, post
from settings import Settings, SettingsError, load_settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot


async def test_a_busy_spell_goes_at_the_rate_and_a_lone_request_at_once() -> None:
    pace = Pace(rate=200.0)
    loop = asyncio.get_running_loop()
    started = loop.time()
    await pace.wait()
    assert loop.time() - started < 0.004 and pace.waited == 0  # alone: no wait
    await asyncio.gather(*(pace.wait() for _ in range(40)))
    assert loop.time() - started >= 40 / 200 - 0.01  # 41 at 200/s: 0.2 s at least
    assert pace.waited == 40


def test_what_counts_against_the_global_limit() -> None:
    assert counted("/api/v10/channels/1/messages")
    assert counted("/api/v10/users/@me/channels")
    assert not counted("/api/v10/interactions/1/token/callback")  # exempt, as on Discord
    assert not counted("/api/v10/webhooks/1/token/messages/@original")
    assert not counted("/")  # the gateway
    assert not counted("/attachments/1/a.png")  # the CDN


def test_each_process_takes_its_shards_share() -> None:
    assert share(None, None) == PER_SECOND
    assert share(4, None) == PER_SECOND  # one process runs all four
    assert share(4, (0, 1)) == PER_SECOND / 2
    assert share(4, (0, 1), per_second=90.0) == 45.0
    with pytest.raises(ValueError):
        Pace(rate=0)


def test_rest_per_second_is_a_setting() -> None:
    assert load_settings({}, dotenv_path=None).rest_per_second == 45.0
    assert load_settings({"REST_PER_SECOND": "90"}, dotenv_path=None).rest_per_second == 90.0
    for bad in ("0", "fast", "-5"):
        with pytest.raises(SettingsError, match="REST_PER_SECOND"):
            load_settings({"REST_PER_SECOND": bad}, dotenv_path=None)


async def test_a_hundred_lanes_go_out_under_the_global_limit(emu: Any, tmp_path: Path) -> None:
    guild = emu.make_guild(channels=[f"room-{i}" for i in range(100)])
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'pace.sqlite3'}"))
    async with run_bot(emu, bot):
        await in_bot(bot, add_unbound(guild.id, [
            post(guild.channel(f"room-{i}").id, f"notice {i}") for i in range(100)
        ]))  # fmt: skip
        started = asyncio.get_running_loop().time()
        await delivered(bot)
        took = asyncio.get_running_loop().time() - started
    assert all(len(guild.channel(f"room-{i}").messages) == 1 for i in range(100))
    assert emu.rate_limits.global_limited == 0  # no global 429: the pace kept under it
    assert emu.rate_limits.peak_per_second <= 50
    assert took >= 99 / PER_SECOND - 0.1  # the pace, not the emulator's 429s, spread them
    assert bot.pace.waited >= 50


async def test_a_slow_row_holds_back_only_its_own_lane(emu: Any, tmp_path: Path) -> None:
    """The outbox is a pipeline: while one channel's post waits out Discord's 429 (discord.py
    sleeps and retries it), another channel's posts follow one another at once — each one's
    next only after it (one lane, in order), none waiting for the slow one."""
    guild = emu.make_guild(channels=["slow", "busy"])
    slow, busy = guild.channel("slow"), guild.channel("busy")
    emu.fail_next("POST", "/channels/{channel_id}/messages", status=429, retry_after=2.0,
                  params={"channel_id": {str(slow.id)}})  # fmt: skip
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'lanes.sqlite3'}"))
    async with run_bot(emu, bot):
        await in_bot(bot, add_unbound(guild.id, [
            post(slow.id, "slow"), *(post(busy.id, f"busy {i}") for i in range(5)),
        ]))  # fmt: skip
        await emu.wait_until(lambda: len(busy.messages) == 5, within=1.5, what="the busy lane")
        assert slow.messages == []  # still waiting out its 429
        await delivered(bot)
    assert [m.content for m in busy.messages] == [f"busy {i}" for i in range(5)]
    assert [m.content for m in slow.messages] == ["slow"]
