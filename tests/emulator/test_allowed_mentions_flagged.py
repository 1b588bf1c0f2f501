"""The emulator flags every bot message body without ``allowed_mentions`` (the project's rule:
user text the bot repeats is inert) — a send, an edit, a DM, an interaction answer, a follow-up
and their edits — as a problem that fails the test; the same bodies with it pass. Discord
itself accepts them (it would ping), so the message is still stored."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord.http import Route

from tests.emulator.testbot import make_demo_bot, record_interactions

SEND = ("POST", "/channels/{channel_id}/messages")
EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
HOOK = "/webhooks/{webhook_id}/{webhook_token}"
NO_PINGS = {"parse": []}


@pytest.fixture
async def running(emu: Any, start_bot: Any) -> Any:
    guild = emu.make_guild(members=["alice"])
    bot = (await start_bot(make_demo_bot())).bot
    yield guild, bot, guild.channel("general").id, record_interactions(bot)


async def test_channel_sends_and_edits_without_it_are_problems(running: Any, emu: Any) -> None:
    guild, bot, channel_id, _ = running
    sent = await bot.http.request(Route(*SEND, channel_id=channel_id), json={"content": "<@1>"})
    assert emu.take_problems("carries no allowed_mentions") == [
        "POST /channels/{channel_id}/messages: the bot's message body (content) carries no "
        "allowed_mentions"
    ]
    assert guild.channel("general").last_message.content == "<@1>"  # Discord accepts it
    edit = Route(*EDIT, channel_id=channel_id, message_id=sent["id"])
    await bot.http.request(edit, json={"embeds": [{"title": "tally"}]})
    assert len(emu.take_problems("PATCH /channels/{channel_id}/messages/{message_id}")) == 1
    await bot.http.request(
        edit, json={"embeds": [{"title": "tally"}], "allowed_mentions": NO_PINGS}
    )
    # discord.py's Message.edit without content sends no allowed_mentions, even with the
    # client's default: the call must name it.
    message = await bot.get_channel(channel_id).fetch_message(int(sent["id"]))
    await message.edit(embed=discord.Embed(title="bare"))
    assert len(emu.take_problems("carries no allowed_mentions")) == 1
    await message.edit(
        embed=discord.Embed(title="named"), allowed_mentions=discord.AllowedMentions.none()
    )
    user = await bot.fetch_user(guild.member("alice").id)
    dm = await user.create_dm()
    await bot.http.request(Route(*SEND, channel_id=dm.id), json={"content": "card"})
    assert len(emu.take_problems("carries no allowed_mentions")) == 1
    assert emu.problems == []


async def test_interaction_answers_followups_and_their_edits(running: Any, emu: Any) -> None:
    guild, bot, _, seen = running
    handle = await guild.member("alice").run("/demo silent")
    await emu.wait_until(lambda: seen, what="the interaction")
    interaction = seen[0]
    route = Route(
        "POST", CALLBACK, interaction_id=interaction.id, interaction_token=interaction.token
    )
    await bot.http.request(route, json={"type": 4, "data": {"content": "hi"}})
    assert len(emu.take_problems("POST " + CALLBACK)) == 1
    assert (await handle.reply()).content == "hi"
    hook = Route("POST", HOOK, webhook_id=bot.application_id, webhook_token=interaction.token)
    followup = await bot.http.request(hook, json={"content": "more"})
    assert len(emu.take_problems("POST " + HOOK)) == 1
    original = Route(
        "PATCH",
        HOOK + "/messages/@original",
        webhook_id=bot.application_id,
        webhook_token=interaction.token,
    )
    await bot.http.request(original, json={"content": "edited"})
    assert len(emu.take_problems("@original")) == 1
    other = Route(
        "PATCH",
        HOOK + "/messages/{message_id}",
        webhook_id=bot.application_id,
        webhook_token=interaction.token,
        message_id=followup["id"],
    )
    await bot.http.request(other, json={"content": "edited too"})
    assert len(emu.take_problems("{message_id}")) == 1
    await bot.http.request(other, json={"content": "fine", "allowed_mentions": NO_PINGS})
    assert emu.problems == []
