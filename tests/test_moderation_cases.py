"""Cases and the ladder through Discord (R-MOD): the n-th offence gets the n-th step, three warns
for different violations mute, a mute is a Discord timeout, a ban comes after a DM, the
hierarchy is respected, a double click makes one case, and the mod-log has one post each."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.botdb import delivered
from tests.emulator.story import Refused
from tests.moderation_world import mod_guild, run_reply, running, set_log, settings_for


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> Any:
    guild = mod_guild(emu)
    async with running(emu, settings_for(tmp_path)) as bot:
        await set_log(guild)
        yield guild, bot


def _log(guild: Any) -> list[Any]:
    return guild.channel("modlog").messages


async def test_spam_ladder_mute_then_ban_with_a_dm_first(world: Any, emu: Any) -> None:
    guild, bot = world
    mod, admin, alice = guild.member("mod"), guild.member("admin"), guild.member("alice")
    first = await run_reply(mod, "/mod mute", member=alice, violation="spam", reason="links")
    assert first.ephemeral
    assert (
        first.text.startswith("Case #1: <@") and "1st `spam` (spam): **mute 20 min**" in first.text
    )
    assert "anything Discord refuses is noted in the mod-log" in first.text  # what was ordered
    await delivered(bot)  # the timeout, the DM and the mod-log post: the case's outbox rows
    assert alice.timed_out
    assert alice.timeout_until - emu.clock.now() == pytest.approx(
        timedelta(minutes=20), abs=timedelta(seconds=5)
    )
    # The member's DM is in the server's language (Russian by default): the bot knows no
    # member's own language outside his interactions.
    dm = await alice.wait_for_dm(lambda m: "Вам выдан мут на сервере" in m.text)
    assert "спам" in dm.text and "links" in dm.text and "мут 20 мин" in dm.text
    post = await guild.channel("modlog").wait_for_message(lambda m: "Дело №1" in m.text)
    assert "мут 20 мин" in post.text and "ступень 1 лестницы" in post.text

    emu.clock.advance(minutes=30)
    wrong = await run_reply(mod, "/mod mute", member=alice, violation="spam")
    assert "2nd `spam`: the rulebook gives **ban**. Use /mod ban." in wrong.text
    refused = await run_reply(mod, "/mod ban", member=alice, violation="spam")
    assert refused.text == "Bans need the Ban Members permission."

    banned = await run_reply(admin, "/mod ban", member=alice, violation="spam", reason="again")
    assert "Case #2" in banned.text and "2nd `spam` (spam): **ban**" in banned.text
    await delivered(bot)
    assert alice.banned and not alice.present
    notice = await alice.wait_for_dm(lambda m: "Вы забанены на сервере" in m.text)
    assert "Как обжаловать" in notice.text and "again" in notice.text
    await guild.channel("modlog").wait_for_message(lambda m: "Дело №2: бан" in m.text)
    assert len(_log(guild)) == 2  # one post per case; refusals post nothing


async def test_three_warns_for_different_violations_mute_and_are_used_up(
    world: Any, emu: Any
) -> None:
    guild, bot = world
    mod, boris = guild.member("mod"), guild.member("boris")
    no_length = await run_reply(mod, "/mod warn", member=boris, violation="spam", duration="1h")
    assert "1st `spam`: the rulebook gives **mute 20 min**" in no_length.text
    timeless = await run_reply(
        mod, "/mod warn", member=boris, violation="forward_bot", duration="1h"
    )
    assert timeless.text.endswith("the step is **warn**, which has no duration to change.")
    for code in ("forward_bot", "off_topic_judging"):
        answer = await run_reply(mod, "/mod warn", member=boris, violation=code)
        assert "**warn**" in answer.text and "automatic" not in answer.text
        assert not boris.timed_out
    third = await run_reply(mod, "/mod warn", member=boris, violation="random_day_one")
    assert "**warn + mute 6 h**" in third.text
    assert (
        "Three warns for three different violations: the automatic mute. "
        "Those warns no longer count toward another." in third.text
    )
    await delivered(bot)
    assert boris.timeout_until - emu.clock.now() == pytest.approx(
        timedelta(hours=6), abs=timedelta(seconds=5)
    )
    emu.clock.advance(hours=7)
    fourth = await run_reply(mod, "/mod warn", member=boris, violation="against_logic")
    assert "**warn**" in fourth.text and "automatic" not in fourth.text  # the three were used up
    assert not boris.timed_out
    # Each violation's own ladder goes on: the 2nd forward_bot is a 30-minute mute.
    second = await run_reply(mod, "/mod mute", member=boris, violation="forward_bot")
    assert "2nd `forward_bot`" in second.text and "**mute 30 min**" in second.text


async def test_a_mute_never_shortens_a_longer_running_timeout(world: Any, emu: Any) -> None:
    guild, bot = world
    mod, alice = guild.member("mod"), guild.member("alice")
    long = await run_reply(mod, "/mod mute", member=alice, violation="ruin", duration="2d")
    assert "**mute 2 days**" in long.text
    await delivered(bot)
    until = alice.timeout_until
    emu.clock.advance(minutes=2)
    short = await run_reply(mod, "/mod mute", member=alice, violation="insult")
    assert "**mute 30 min**" in short.text
    assert "A longer timeout is already running: it was left as it is." in short.text
    await delivered(bot)  # the row reads the running timeout back: it keeps the longer one
    assert alice.timeout_until == until


async def test_a_mute_longer_than_28_days_is_chained(world: Any, emu: Any) -> None:
    guild, bot = world
    mod, alice = guild.member("mod"), guild.member("alice")
    answer = await run_reply(mod, "/mod mute", member=alice, violation="ruin", duration="40d")
    assert "**mute 40 days**" in answer.text
    await delivered(bot)
    start = emu.clock.now()
    assert alice.timeout_until - start == pytest.approx(
        timedelta(days=28), abs=timedelta(seconds=5)
    )
    emu.clock.advance(days=28, seconds=1)
    worker = bot.moderation_expiry
    await worker.next_round()
    await delivered(bot)  # the next part of the mute: an outbox row stored with the renewal
    assert alice.timed_out
    assert alice.timeout_until - start == pytest.approx(
        timedelta(days=40), abs=timedelta(seconds=5)
    )


async def test_hierarchy_refusals(world: Any) -> None:
    guild, _ = world
    mod, admin = guild.member("mod"), guild.member("admin")
    cases = [
        (mod, guild.owner, "The server owner is above the rulebook here"),
        (mod, mod, "You cannot open a case against yourself."),
        (mod, guild.bot, "I will not act on myself."),
        (mod, guild.member("senior"), "This member's top role is not below yours."),
        (admin, guild.member("star"), "This member's top role is not below yours."),
        (guild.owner, guild.member("star"), "This member's top role is not below the bot's"),
    ]
    for actor, target, sentence in cases:
        answer = await run_reply(actor, "/mod warn", member=target, violation="spam")
        assert sentence in answer.text, (target, answer.text)
    other_bot = guild.add_member("helperbot", bot=True)
    answer = await run_reply(mod, "/mod warn", member=other_bot, violation="spam")
    assert answer.text == "Bots are not moderated by the rulebook."
    history = await run_reply(mod, "/mod history", member=guild.member("senior"))
    assert "No cases." in history.text


async def test_a_ban_of_a_member_with_closed_dms_still_bans(world: Any, emu: Any) -> None:
    """His closed DMs are noted once in the mod-log (the DM's row is recorded undeliverable,
    never tried again) and the ban, which waits for the DM (it goes first), still comes."""
    guild, bot = world
    closed = guild.member("closed")
    answer = await run_reply(guild.member("admin"), "/mod ban", member=closed, violation="ads")
    assert "1st `ads` (advertising): **ban**" in answer.text
    await delivered(bot)
    assert closed.banned
    note = "Дело №1: сообщить участнику в личку не удалось"
    await guild.channel("modlog").wait_for_message(lambda m: note in m.text)
    tries = emu.count("POST", "/channels/{channel_id}/messages")
    emu.clock.advance(minutes=30)
    await delivered(bot)
    assert emu.count("POST", "/channels/{channel_id}/messages") == tries  # nothing tried again
    assert sum(note in m.text for m in _log(guild)) == 1
    assert closed.dms == []


async def test_a_double_clicked_warn_makes_one_case(world: Any) -> None:
    guild, bot = world
    mod, alice = guild.member("mod"), guild.member("alice")
    first, second = await asyncio.gather(
        mod.run("/mod warn", member=alice, violation="forward_bot"),
        mod.run("/mod warn", member=alice, violation="forward_bot"),
    )
    texts = [(await first.reply(within=5)).text, (await second.reply(within=5)).text]
    texts.sort(key=lambda text: "moment ago" in text)
    assert texts[0].startswith("Case #1: ") and "1st `forward_bot`" in texts[0]
    assert texts[1] == "Case #1 was opened for this a moment ago: nothing more was done."
    history = await run_reply(mod, "/mod history", member=alice)
    assert "Cases (1)" in history.text
    await delivered(bot)
    assert len([m for m in _log(guild) if "Дело №" in m.text]) == 1


async def test_members_cannot_see_or_run_mod(world: Any) -> None:
    guild, _ = world
    with pytest.raises(Refused, match="not available"):
        await guild.member("alice").run("/mod warn", member=guild.member("boris"), violation="spam")
    with pytest.raises(Refused, match="not available"):
        await guild.member("alice").run("/mod history", member=guild.member("boris"))
    # A moderator sees it; the rulebook and the settings still need Manage Server.
    answer = await run_reply(guild.member("mod"), "/mod rules reset")
    assert answer.text == "Only members with Manage Server may change this."
