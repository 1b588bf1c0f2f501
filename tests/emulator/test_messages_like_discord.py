"""Messages as Discord checks them beyond the JSON schema (components, empty messages), in a
channel and in an interaction's answer, and the faults exactly-once code must survive: a request
applied and then answered 502 or dropped, and ``enforce_nonce`` deduplication."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord.http import Route

from tests.emulator.testbot import make_demo_bot, record_interactions

SEND = ("POST", "/channels/{channel_id}/messages")
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"

NO_PINGS = {"parse": []}  # every bot body carries allowed_mentions (rules.missing_allowed_mentions)


@pytest.fixture
async def running(emu, start_bot) -> AsyncIterator[tuple]:
    guild = emu.make_guild(members=["alice"])
    bot = (await start_bot(make_demo_bot())).bot
    yield guild, bot, bot.get_channel(guild.channel("general").id), record_interactions(bot)


def button(custom_id: str | None = "b", **kw) -> dict:
    data = {"type": 2, "style": kw.pop("style", 1), "label": "B", **kw}
    if custom_id is not None:
        data["custom_id"] = custom_id
    return data


def select(custom_id: str = "s", options: int = 2, **kw) -> dict:
    return {"type": 3, "custom_id": custom_id, "options": [{"label": f"o{i}", "value": f"o{i}"} for i in range(options)], **kw}


def row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


BAD_COMPONENTS = [
    ("duplicate custom_id", [row(button("vote"), button("vote"))], "custom_id 'vote' is also used"),
    ("min over max", [row(select(min_values=2, max_values=1))], "min_values 2 is greater than max_values 1"),
    ("max over options", [row(select(options=2, max_values=3))], "max_values 3 is greater than the 2 options"),
    ("button without custom_id", [row(button(None))], "a non-link button needs a custom_id"),
    ("link with custom_id", [row(button("x", style=5, url="https://example.com"))], "a link button cannot have a custom_id"),
    ("link without url", [row(button(None, style=5))], "a link button needs a url"),
    ("six rows", [row(button(f"b{i}")) for i in range(6)], "6 action rows, Discord allows 5"),
    ("select not alone", [row(select(), button("b"))], "a select menu must be alone in its action row"),
]


@pytest.mark.parametrize(("components", "expected"), [c[1:] for c in BAD_COMPONENTS], ids=[c[0] for c in BAD_COMPONENTS])
async def test_component_rules_in_channel_messages(running, emu, components, expected) -> None:
    guild, bot, channel, _ = running
    route = Route(*SEND, channel_id=channel.id)
    with pytest.raises(discord.HTTPException) as err:
        await bot.http.request(route, json={"content": "vote", "components": components})
    assert (err.value.status, err.value.code) == (400, 50035)
    assert any(expected in p for p in emu.take_problems("POST /channels/{channel_id}/messages")), expected
    assert guild.channel("general").messages == []


async def test_valid_components_and_components_v2_are_accepted(running, emu) -> None:
    guild, bot, channel, _ = running
    route = Route(*SEND, channel_id=channel.id)
    rows = [row(select("pick", options=3, min_values=1, max_values=3))] + [
        row(*(button(f"b{r}{i}") for i in range(5))) for r in range(3)
    ] + [row(button(None, style=5, url="https://example.com"))]
    await bot.http.request(route, json={"content": "five rows", "components": rows, "allowed_mentions": NO_PINGS})
    v2 = [{"type": 10, "content": f"line {i}"} for i in range(6)]  # text displays, 6 top-level
    await bot.http.request(route, json={"flags": 1 << 15, "components": v2, "allowed_mentions": NO_PINGS})
    assert len(guild.channel("general").messages) == 2


async def test_empty_message_is_refused_50006(running, emu) -> None:
    guild, bot, channel, _ = running
    with pytest.raises(discord.HTTPException) as err:
        await bot.http.request(Route(*SEND, channel_id=channel.id), json={"content": "", "embeds": [], "components": []})
    assert (err.value.status, err.value.code) == (400, 50006)
    assert emu.take_problems("Cannot send an empty message")
    sent = await channel.send("vote here")
    with pytest.raises(discord.HTTPException) as err:
        await sent.edit(content="")  # an edit that leaves nothing is refused the same way
    assert err.value.code == 50006
    assert emu.take_problems("Cannot send an empty message")
    assert guild.channel("general").last_message.content == "vote here"


async def test_component_and_empty_rules_in_interaction_answers(running, emu) -> None:
    guild, bot, _, seen = running
    handle = await guild.member("alice").run("/demo silent")  # the handler never answers
    await emu.wait_until(lambda: seen, what="the interaction")
    interaction = seen[0]
    route = Route("POST", CALLBACK, interaction_id=interaction.id, interaction_token=interaction.token)
    with pytest.raises(discord.HTTPException) as err:
        await bot.http.request(route, json={"type": 4, "data": {"content": "x", "components": [row(button("a"), button("a"))]}})
    assert err.value.code == 50035
    assert emu.take_problems("custom_id 'a' is also used")
    with pytest.raises(discord.HTTPException) as err:
        await bot.http.request(route, json={"type": 4, "data": {"content": ""}})
    assert err.value.code == 50006
    assert emu.take_problems("Cannot send an empty message")
    assert not handle.record.acked  # refused answers do not acknowledge
    await bot.http.request(route, json={"type": 4, "data": {"content": "now valid", "components": [row(button("a"))], "allowed_mentions": NO_PINGS}})
    assert (await handle.reply()).content == "now valid"


# -- 12. exactly-once faults ---------------------------------------------------------------------


def contents(guild) -> list[str]:
    return [m.content for m in guild.channel("general").messages]


async def test_applied_then_502_is_retried_into_a_duplicate_without_a_nonce(running, emu) -> None:
    guild, bot, channel, _ = running
    emu.fail_next(*SEND, status=502, after_apply=True)
    await bot.http.request(Route(*SEND, channel_id=channel.id), json={"content": "tally", "allowed_mentions": NO_PINGS})  # retried after 1 s
    assert contents(guild) == ["tally", "tally"]  # what a retry without a nonce does on Discord too
    assert [c.status for c in emu.calls if (c.method, c.route) == SEND] == [502, 200]


async def test_enforce_nonce_makes_the_retry_return_the_same_message(running, emu) -> None:
    guild, _, channel, _ = running
    emu.fail_next(*SEND, status=502, after_apply=True)
    # discord.py 2.7 gives every channel.send a random nonce with enforce_nonce: its own retry
    # after the 502 gets the message the first attempt created.
    sent = await channel.send("tally")
    assert contents(guild) == ["tally"] and sent.id == guild.channel("general").messages[0].id
    assert [c.status for c in emu.calls if (c.method, c.route) == SEND] == [502, 200]
    # A nonce of the bot's choosing deduplicates across its own retries (after a restart, say).
    first = await channel.send("day 2 tally", nonce="g7-day2-tally")
    again = await channel.send("day 2 tally", nonce="g7-day2-tally")
    assert again.id == first.id and contents(guild) == ["tally", "day 2 tally"]
    emu.clock.advance(minutes=6)  # outside Discord's window the nonce no longer deduplicates
    await channel.send("day 2 tally", nonce="g7-day2-tally")
    assert contents(guild) == ["tally", "day 2 tally", "day 2 tally"]


async def test_applied_then_dropped_connection(running, emu) -> None:
    guild, _, channel, _ = running
    emu.fail_next(*SEND, status=None, after_apply=True)
    with pytest.raises(aiohttp.ClientError):
        await channel.send("night falls")
    assert contents(guild) == ["night falls"]  # applied although the bot saw an error
