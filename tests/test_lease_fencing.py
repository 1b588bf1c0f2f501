"""Lease fencing (issue 17: "a dead process's lease expires and another takes over" — and a
process that was only *stalled* must not come back and post again). Through the emulator with
the real bot: one process claims a post and stalls before sending it, longer than its lease and
past Discord's nonce window; another takes the row over and posts it; the first wakes up. Its
send is refused by the fence (its lease is no longer its own) and its mark too: the post is in
the channel once, with the second process's result."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.delivery import adapter
from cogs.delivery.worker import DeliveryWorker
from db.models import OutboxRow
from db.outbox import add, pending, post
from settings import Settings
from tests.botdb import in_bot
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild

TEXT = "Утро после ночи 1: всё тихо."


async def test_a_stalled_process_does_not_post_what_another_took_over(
    emu: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'fence.sqlite3'}"))
    async with run_bot(emu, bot):
        game_id = await dealt_game(guild, bot, SIX)
        await bot.outbox.stop()  # the two "processes" below are the only deliverers
        channel = guild.channel("game")
        await in_bot(bot, add(game_id, [post(channel.id, TEXT, key="fenced")]))
        [row] = [r for r in await in_bot(bot, pending()) if r.effect.key == "fenced"]

        stalled, resume = asyncio.Event(), asyncio.Event()
        real_target = adapter._target
        calls = 0

        async def slow_target(item: Any) -> int:
            nonlocal calls
            calls += 1
            if calls == 1:  # the first process: a long GC pause, a frozen VM, a lost network
                stalled.set()
                await resume.wait()
            return await real_target(item)

        monkeypatch.setattr(adapter, "_target", slow_target)
        first = DeliveryWorker(bot, owner="first", lease=timedelta(minutes=1))
        second = DeliveryWorker(bot, owner="second", lease=timedelta(minutes=1))
        first._keep_lease = _no_renewal  # type: ignore[method-assign]  (stalled: it renews nothing)
        stuck = asyncio.create_task(in_bot(bot, first.round()))
        await asyncio.wait_for(stalled.wait(), 5)

        emu.clock.advance(timedelta(minutes=7))  # past the lease and the nonce window
        await in_bot(bot, second.round())
        assert [m.text for m in channel.messages].count(TEXT) == 1
        taken = await in_bot(bot, _row(row.id))
        assert taken.delivered_at is not None and taken.result is not None

        # The first process wakes up, its request still in hand, when even the second's post is
        # past the nonce window (Discord would not recognise a repeat of it any more).
        emu.clock.advance(timedelta(minutes=6))
        resume.set()
        await asyncio.wait_for(stuck, 5)
        assert [m.text for m in channel.messages].count(TEXT) == 1, "posted twice"
        kept = await in_bot(bot, _row(row.id))
        assert kept.result == taken.result  # the second's mark stands


async def _row(row_id: int) -> OutboxRow:
    return await OutboxRow.get(id=row_id)


async def _no_renewal(item_id: int) -> None:
    await asyncio.Event().wait()
