"""Interactions as Discord treats them: ephemeral answers live only behind the interaction's
webhook, tokens expire after 15 minutes, and the fixture's acknowledgement deadline keeps a
network margin.  Time is crossed with the emulator's clock, never by sleeping."""

from __future__ import annotations

import asyncio
import datetime as dt
import re
from collections.abc import AsyncIterator

import discord
import pytest
from discord.http import Route

from tests.emulator.fixtures import ACK_DEADLINE
from tests.emulator.testbot import DemoBot, make_demo_bot, record_interactions


@pytest.fixture
async def running(emu, start_bot) -> AsyncIterator[tuple]:
    guild = emu.make_guild(members=["alice"])
    bot = (await start_bot(make_demo_bot())).bot
    yield guild, bot, record_interactions(bot)


def channel_message(method: str, channel_id: int, message_id: int) -> Route:
    return Route(method, "/channels/{channel_id}/messages/{message_id}", channel_id=channel_id, message_id=message_id)


async def test_ephemeral_messages_are_not_reachable_through_channel_routes(running, emu) -> None:
    guild, bot, seen = running
    handle = await guild.member("alice").run("/demo secret")
    reply = await handle.reply()
    assert reply.ephemeral
    interaction = seen[0]
    cid = guild.channel("general").id
    for method, body in (("GET", None), ("PATCH", {"content": "edited"}), ("DELETE", None)):
        with pytest.raises(discord.NotFound) as err:
            await bot.http.request(channel_message(method, cid, reply.id), json=body)
        assert err.value.code == 10008, method  # Unknown Message
    with pytest.raises(discord.NotFound):
        await bot.http.pin_message(cid, reply.id)
    # The interaction's own webhook reaches it: edit, follow-up, delete.
    await interaction.edit_original_response(content="edited through the interaction")
    assert reply.content == "edited through the interaction"
    follow = await interaction.followup.send("ephemeral follow-up", ephemeral=True, wait=True)
    with pytest.raises(discord.NotFound):
        await bot.http.request(channel_message("GET", cid, follow.id))
    await interaction.followup.edit_message(follow.id, content="follow-up, edited")
    assert handle.followups[0].content == "follow-up, edited"
    await interaction.delete_original_response()
    assert reply.deleted


async def test_interaction_token_expires_after_15_minutes(running, emu) -> None:
    guild, _, seen = running
    before = emu.clock.now()
    await (await guild.member("alice").run("/demo echo", text="day 1")).reply()
    interaction = seen[0]
    # discord.py's created_at comes from the interaction's snowflake (milliseconds): the
    # emulator's clock.
    assert before - dt.timedelta(milliseconds=1) <= interaction.created_at <= emu.clock.now()
    emu.clock.advance(minutes=14, seconds=50)
    await interaction.followup.send("still in time")
    await interaction.edit_original_response(content="day 1, edited")
    emu.clock.advance(seconds=11)  # 15 minutes and a second after the interaction
    with pytest.raises(discord.HTTPException) as err:
        await interaction.followup.send("too late")
    assert (err.value.status, err.value.code) == (401, 50027)  # Invalid Webhook Token
    with pytest.raises(discord.HTTPException) as err:
        await interaction.edit_original_response(content="too late")
    assert (err.value.status, err.value.code) == (401, 50027)
    assert [m.content for m in guild.channel("general").messages] == ["day 1, edited", "still in time"]


async def _held(emu, guild, bot: DemoBot, seconds: float):
    """Run /demo held, let ``seconds`` pass on the emulator's clock while the handler is
    busy, then let it answer."""
    handle = await guild.member("alice").run("/demo held")
    gate = await asyncio.wait_for(bot.held.get(), 2)  # the handler is running now
    emu.clock.advance(seconds=seconds)
    gate.set()
    return handle


async def test_acknowledgement_deadline_keeps_a_network_margin(running, emu) -> None:
    guild, bot, _ = running
    assert emu.interaction_deadline == ACK_DEADLINE == 2.5
    fast = await _held(emu, guild, bot, 2.4)
    assert (await fast.reply()).content == "released"
    # 2.8 s passes Discord's 3 s only without network latency: refused here, as there.
    slow = await _held(emu, guild, bot, 2.8)
    await emu.wait_until(lambda: any("acknowledged after" in p for p in emu.problems), what="the late answer")
    # The answer is held 2.8 s of the emulator's clock; a loaded machine may add a few
    # milliseconds of real scheduling on top, which is still a late answer.
    [late] = emu.take_problems("alice: /demo held")
    found = re.fullmatch(r"interaction 'alice: /demo held' acknowledged after (\d+\.\d+)s \(limit 2\.5s\)", late)
    assert found is not None, late
    assert 2.8 <= float(found.group(1)) < 2.9
    assert not slow.record.acked
    assert any("10062 Unknown interaction" in r for r in emu.refusals)
    await emu.wait_until(lambda: any("discord.py logged an error" in p for p in emu.problems))
    emu.take_problems("discord.py logged an error")  # the bot's NotFound 10062, as in production
