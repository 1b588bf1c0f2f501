"""Two bot processes on one PostgreSQL (issue 17, item 5's outbox half): an outbox row leased by a
process that dies mid-delivery — Discord applied its post, the answer never came — is taken over
by the other once the lease runs out, and found in the channel's history instead of being posted
again: one vote post."""

from __future__ import annotations

import asyncio
import sys
from datetime import timedelta
from typing import Any

import pytest

from db import close_db, init_db
from db.outbox import OutboxItem, pending
from tests.gamesetup import SIX, game_guild
from tests.pg_server import fresh_database
from tests.test_crash import _bot, _prepare
from tests.test_crash_delivery import MESSAGES, _hit, _settled

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


async def test_a_dead_processs_row_is_finished_by_the_other_once(
    emu: Any, postgres_server: str
) -> None:
    async with fresh_database(postgres_server) as url:
        guild = game_guild(emu, list(SIX))
        await _prepare(emu, guild, url)  # the start written while no bot ran: its vote post waits
        channel = guild.channel("game")
        fault = emu.fail_next(
            "POST", MESSAGES, hang=True, after_apply=True, params={"channel_id": channel.id}
        )
        first = await _bot(emu, url)
        await _hit(fault)  # the first process is delivering the vote post: applied, unanswered
        second = await _bot(emu, url)
        await asyncio.sleep(1)  # the second is up, its worker running: the lease keeps it off
        # The first post in the channel (the lobby's, stored with the lobby: nothing ran since)
        # is the one under way, leased to the first process; the start's wait behind it.
        [row] = [r for r in await _waiting(url) if r.effect.target_id == channel.id and r.lease_owner]
        assert row.lease_owner is not None and row.effect.key == "lobby:1"
        await first.kill()
        emu.clock.advance(timedelta(minutes=6))  # past the lease, and past the nonce window
        await _settled(url, second)
        assert len([m for m in channel.messages if "lobby:join:1" in m.custom_ids]) == 1
        for text in ("Жеребьёвка запечатана", "День 1: голосование"):
            assert len([m for m in channel.messages if text in m.text]) == 1, text


async def _waiting(url: str) -> list[OutboxItem]:
    await init_db(url)
    try:
        return await pending()
    finally:
        await close_db()
