"""A case's Discord effects are outbox rows stored with the case and delivered by cogs.delivery
(issue 17), through the emulator with the real bot: one 503 on the member's DM and one on his
timeout delay them, and each arrives once; a timeout Discord refuses because the bot's role is
now below the member's is told in the mod-log with what to fix, not retried blindly, and goes
through after the fix at the next /mod command; ``/mod unban`` lifts the ban through a row,
once, even past a 503."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from db.outbox import pending
from tests.botdb import delivered, in_bot
from tests.emulator.story import GuildHandle
from tests.moderation_world import mod_guild, run_reply, running, set_log, settings_for

MEMBER = "/guilds/{guild_id}/members/{user_id}"
MESSAGES = "/channels/{channel_id}/messages"
BAN = "/guilds/{guild_id}/bans/{user_id}"
MUTED = "Вам выдан мут на сервере"


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = mod_guild(emu)
    async with running(emu, settings_for(tmp_path)) as bot:
        await set_log(guild)
        yield guild, bot


async def _settle(emu: Any, bot: Any, rounds: int = 5) -> None:
    """The outbox's retries: a few backoffs (2 s, 4 s…) of the emulator's clock."""
    for _ in range(rounds):
        await delivered(bot)
        emu.clock.advance(seconds=5)
    await delivered(bot)


async def _start_outbox(bot: Any) -> None:
    async def start() -> None:  # in the bot's context: its database
        bot.outbox.start()

    await in_bot(bot, start())


async def test_a_cases_dm_and_timeout_arrive_once_through_a_503_each(
    world: tuple[GuildHandle, Any], emu: Any
) -> None:
    guild, bot = world
    alice = guild.member("alice")
    dm = emu.world.dm_channel(alice.user).id
    timeouts = emu.fail_next("PATCH", MEMBER, status=503, params={"user_id": str(alice.id)})
    dms = emu.fail_next("POST", MESSAGES, status=503, params={"channel_id": str(dm)})
    answer = await run_reply(guild.member("mod"), "/mod mute", member=alice, violation="spam")
    assert answer.text.startswith("Case #1") and "**mute 20 min**" in answer.text
    await _settle(emu, bot)
    assert dms.hits == 1 and timeouts.hits == 1  # each was refused once, then went through
    assert alice.timed_out
    assert sum(MUTED in m.text for m in alice.dms) == 1
    assert emu.count("PATCH", MEMBER) == 2  # the 503, then the timeout: nothing more
    assert await in_bot(bot, pending()) == []
    posts = [m for m in guild.channel("modlog").messages if "Дело №1" in m.text]
    assert len(posts) == 1


async def test_a_refused_timeout_is_told_in_the_mod_log_and_goes_through_after_the_fix(
    world: tuple[GuildHandle, Any], emu: Any
) -> None:
    """Between the command and its delivery an admin gives Alice a role above the bot's: Discord
    refuses the timeout (403). The mod-log names the permission and the role's place; the row is
    not retried blindly; once the role is taken back, the next /mod command tries it again."""
    guild, bot = world
    alice, mod = guild.member("alice"), guild.member("mod")
    await bot.outbox.stop()
    start = emu.clock.now()
    answer = await run_reply(mod, "/mod mute", member=alice, violation="spam", duration="2h")
    assert answer.text.startswith("Case #1") and "**mute 2 h**" in answer.text
    guild.give_role(alice, "Stars")  # above the bot's role
    await asyncio.sleep(0.1)  # the member update reaches the bot's cache
    await _start_outbox(bot)
    await _settle(emu, bot)
    log = guild.channel("modlog")
    note = await log.wait_for_message(lambda m: m.text.startswith("⛔ Дело №1:"))
    assert "тайм-аут" in note.text and "**Управлять участниками**" in note.text
    assert "выше высшей роли этого участника" in note.text and "/мод" in note.text
    assert not alice.timed_out
    assert sum(MUTED in m.text for m in alice.dms) == 1  # the DM went out all the same
    tries = emu.count("PATCH", MEMBER)
    emu.clock.advance(minutes=30)
    await _settle(emu, bot)
    assert emu.count("PATCH", MEMBER) == tries  # blocked: it waits for the fix
    assert len([m for m in log.messages if m.text.startswith("⛔")]) == 1

    guild.take_role(alice, "Stars")
    await asyncio.sleep(0.1)
    await run_reply(mod, "/mod history", member=alice)  # any /mod command re-checks
    await _settle(emu, bot)
    assert alice.timed_out  # until the case's end, not 2 hours from the fix
    assert abs(alice.timeout_until - (start + timedelta(hours=2))) < timedelta(seconds=5)
    assert await in_bot(bot, pending()) == []


async def test_mod_unban_lifts_the_ban_through_a_row_once(
    world: tuple[GuildHandle, Any], emu: Any
) -> None:
    guild, bot = world
    admin, alice = guild.member("admin"), guild.member("alice")
    await run_reply(admin, "/mod ban", member=alice, violation="ads")
    await _settle(emu, bot)
    assert alice.banned
    lifts = emu.fail_next("DELETE", BAN, status=503, params={"user_id": str(alice.id)})
    answer = await run_reply(admin, "/mod unban", user=alice, reason="appeal accepted")
    assert answer.text == f"<@{alice.id}> is no longer banned."
    await delivered(bot)
    [waiting] = await in_bot(bot, pending())  # the 503: the row waits for its retry
    assert waiting.effect.kind == "unban" and waiting.attempts == 1
    assert alice.banned and lifts.hits == 1
    await _settle(emu, bot)
    assert not alice.banned
    assert emu.count("DELETE", BAN) == 2  # the 503, then the unban
    assert await in_bot(bot, pending()) == []
    case = await run_reply(guild.member("mod"), "/mod case", number=1)
    assert "ended" in case.text  # the ban's case ended with the unban, in one transaction
    log = guild.channel("modlog")
    await log.wait_for_message(lambda m: "бан снят (" in m.text)
    again = await run_reply(admin, "/mod unban", user=alice)
    assert again.text == f"<@{alice.id}> is not banned."
    assert emu.count("DELETE", BAN) == 2


async def test_the_mod_log_hears_once_of_a_stuck_timeout_and_once_that_it_is_through(
    world: tuple[GuildHandle, Any], emu: Any
) -> None:
    """Discord answers 503 to the member's timeout for 8 minutes: the row is retried all along
    (never dropped); after 5 minutes the mod-log is told once, and once more when it is through."""
    guild, bot = world
    alice = guild.member("alice")
    until = emu.clock.now() + timedelta(minutes=8)
    emu.fail_next("PATCH", MEMBER, status=503, params={"user_id": str(alice.id)}, until=until)
    await run_reply(guild.member("mod"), "/mod mute", member=alice, violation="ruin")
    for _ in range(12):
        emu.clock.advance(minutes=1)
        await delivered(bot)
    assert alice.timed_out
    assert await in_bot(bot, pending()) == []
    notes = [m.text for m in guild.channel("modlog").messages]
    stuck = [n for n in notes if n.startswith("⚠️")]
    through = [n for n in notes if n.startswith("✅")]
    assert len(stuck) == 1 and "1 действие модерации" in stuck[0] and "тайм-ауты" in stuck[0]
    assert through == ["✅ Discord принял все действия модерации, которые ждали отправки."]
    assert notes.index(stuck[0]) < notes.index(through[0])
