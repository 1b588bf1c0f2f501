"""Requests a delivery does not need to make (issue 20: a restart's 250 resolutions cost 16
requests each, against Discord's global 50 per second): a player's DM channel is made once and
kept in the database, so a DM after a restart is one request, not two; a thread's first attempt
does not read the server's threads first — only a retry, which a crash may have preceded, does,
and then finds the thread it made."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import create_bot
from db.meta import get_meta, set_meta
from db.outbox import Effect, add_unbound, dm
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot

CREATE_DM = ("POST", "/users/@me/channels")
THREADS = ("POST", "/channels/{channel_id}/threads")
ACTIVE = ("GET", "/guilds/{guild_id}/threads/active")


async def _deliver(emu: Any, url: str, guild_id: int, effects: list[Effect]) -> None:
    """One run of the bot on ``url``: ``effects`` stored and delivered, then the bot stops."""
    bot = create_bot(Settings(database_url=url))
    async with run_bot(emu, bot):
        await in_bot(bot, add_unbound(guild_id, effects))
        await delivered(bot)


async def test_a_dm_after_a_restart_needs_no_new_dm_channel(emu: Any, tmp_path: Path) -> None:
    guild = emu.make_guild(members=["anna"])
    anna = guild.member("anna")
    url = f"sqlite://{tmp_path / 'dms.sqlite3'}"
    await _deliver(emu, url, guild.id, [dm(anna.id, "первое")])
    await _deliver(emu, url, guild.id, [dm(anna.id, "второе")])  # a new process: empty cache
    assert [m.text for m in anna.dms] == ["первое", "второе"]  # one channel, both DMs
    assert emu.count(*CREATE_DM) == 1


async def test_a_dm_channel_discord_forgot_is_made_anew(emu: Any, tmp_path: Path) -> None:
    guild = emu.make_guild(members=["anna"])
    anna = guild.member("anna")
    url = f"sqlite://{tmp_path / 'dms.sqlite3'}"
    bot = create_bot(Settings(database_url=url))
    async with run_bot(emu, bot):
        await in_bot(bot, set_meta(f"dm:{anna.id}", "1234567890"))  # no such channel
        await in_bot(bot, add_unbound(guild.id, [dm(anna.id, "дошло")]))
        await delivered(bot)
        stored = await in_bot(bot, get_meta(f"dm:{anna.id}"))
    assert [m.text for m in anna.dms] == ["дошло"]  # not given up as undeliverable
    assert emu.count(*CREATE_DM) == 1 and stored == str(emu.world.dm_channels[anna.id])


async def test_a_thread_is_made_without_a_read_and_found_again_on_a_retry(
    emu: Any, tmp_path: Path
) -> None:
    guild = emu.make_guild()
    general = guild.channel("general")
    emu.fail_next(*THREADS, after_apply=True)  # made, then the answer lost: a retry follows
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'threads.sqlite3'}"))
    async with run_bot(emu, bot):
        await in_bot(bot, add_unbound(guild.id, [Effect("thread", general.id, "После игры",
                                                        key="thread:test")]))  # fmt: skip
        await delivered(bot)
        assert emu.count(*ACTIVE) == 0 and emu.count(*THREADS) == 1  # the first: no read
        emu.clock.advance(seconds=5)  # the retry's backoff
        await delivered(bot)
    assert emu.count(*ACTIVE) == 1 and emu.count(*THREADS) == 1  # found, not made twice
    assert [c.name for c in guild.channels].count("После игры") == 1
