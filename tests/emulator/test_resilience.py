"""Rate limits, server errors and dropped gateway connections: discord.py recovers, nothing is lost."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import discord
import pytest

from tests.emulator.botrunner import run_bot
from tests.emulator.testbot import DemoBot, make_demo_bot

SEND = ("POST", "/channels/{channel_id}/messages")


@pytest.fixture
async def running(emu):
    guild = emu.make_guild(members=["alice", "boris"], roles=["alive"])
    async with run_bot(emu, make_demo_bot()) as runner:
        channel = runner.bot.get_channel(guild.channel("general").id)
        yield guild, runner.bot, channel


async def test_forced_429_is_retried_and_nothing_lost(running, emu) -> None:
    guild, _, channel = running
    emu.fail_next(*SEND, status=429, retry_after=0.05)
    await channel.send("after a 429")
    assert [m.content for m in guild.channel("general").messages] == ["after a 429"]
    assert emu.count(*SEND) == 2
    assert [c.status for c in emu.calls if (c.method, c.route) == SEND] == [429, 200]


async def test_rate_limit_buckets_make_discord_py_wait(running, emu) -> None:
    guild, _, channel = running
    emu.rate_limits.limit(*SEND, limit=2, window=0.1)
    await asyncio.gather(*(channel.send(f"m{i}") for i in range(6)))
    # 6 messages at 2 per 0.1 s: discord.py waited on the bucket headers (or retried the 429s),
    # and nothing was lost.
    assert sorted(m.content for m in guild.channel("general").messages) == [f"m{i}" for i in range(6)]
    assert emu.count(*SEND) == 6 + emu.rate_limits.limited


async def test_forced_500_is_retried(running, emu) -> None:
    guild, _, channel = running
    emu.fail_next(*SEND, status=500)
    await channel.send("after a 500")  # discord.py sleeps 1 s and retries 500/502/504/524
    assert [m.content for m in guild.channel("general").messages] == ["after a 500"]
    assert [c.status for c in emu.calls if (c.method, c.route) == SEND] == [500, 200]


async def test_forced_503_is_surfaced(running, emu) -> None:
    guild, _, channel = running
    emu.fail_next(*SEND, status=503)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost to a 503")
    assert guild.channel("general").messages == []


async def test_dropped_gateway_is_resumed_without_losing_events(running, emu) -> None:
    guild, bot, _ = running
    bot: DemoBot
    alive = guild.role("alive")
    resumed = asyncio.Event()

    async def on_resumed() -> None:
        resumed.set()

    bot.add_listener(on_resumed)
    # The role change is answered, then the gateway drops before its GUILD_MEMBER_UPDATE arrives.
    emu.fail_next("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", drop_gateway=True)
    member = bot.get_guild(guild.id).get_member(guild.member("alice").id)
    await member.add_roles(discord.Object(alive.id))
    await emu.drop_gateway()  # and once more while it may still be down
    guild.add_member("late1")
    guild.add_member("late2")
    await guild.member("boris").change_nick("B")
    await asyncio.wait_for(resumed.wait(), 5)
    await emu.wait_until(lambda: len(bot.cog.events) >= 3, within=3)
    assert bot.cog.events == ["join late1", "join late2", "nick boris B"]
    assert [r.id for r in bot.get_guild(guild.id).get_member(member.id).roles if r.id == alive.id] == [alive.id]
    assert emu.gateway.resumes >= 1 and len(emu.gateway.sessions) == 1
    # the bot still answers interactions afterwards
    reply = await (await guild.member("alice").run("/demo echo", text="still here")).reply()
    assert reply.content == "still here"


async def test_a_fault_for_some_channels_only_and_for_a_spell_of_the_clock(emu) -> None:
    """One game's outage: only the named channels fail, and only until the clock says so."""
    guild = emu.make_guild(members=["alice"], channels=["down", "up"])
    async with run_bot(emu, make_demo_bot()) as runner:
        down = runner.bot.get_channel(guild.channel("down").id)
        up = runner.bot.get_channel(guild.channel("up").id)
        until = emu.clock.now() + timedelta(minutes=25)
        emu.fail_next(*SEND, status=503, params={"channel_id": {down.id}}, until=until)
        for _ in range(3):  # not a count: every request of the spell fails
            with pytest.raises(discord.DiscordServerError):
                await down.send("during")
        await up.send("elsewhere")
        emu.clock.advance(minutes=25)
        await down.send("after")
        assert [m.content for m in guild.channel("down").messages] == ["after"]
        assert [m.content for m in guild.channel("up").messages] == ["elsewhere"]


async def test_a_forbidden_fault_carries_discords_code(running, emu) -> None:
    _, _, channel = running
    emu.fail_next(*SEND, status=403)
    with pytest.raises(discord.Forbidden) as missing:
        await channel.send("no permission")
    emu.fail_next(*SEND, status=403, code=50007)
    with pytest.raises(discord.Forbidden) as closed:
        await channel.send("closed DMs")
    assert (missing.value.code, closed.value.code) == (50013, 50007)


async def test_global_limit_answers_discords_429_and_discord_py_waits(running, emu) -> None:
    """Discord's global limit: 50 requests in any second, the excess answered 429 as Discord
    answers it (``X-RateLimit-Global``, scope ``global``, ``Retry-After``, ``retry_after`` the
    time until the second has room); discord.py holds its requests that long and loses none.
    Interaction callbacks are exempt (checked in test_guild_rules)."""
    guild, bot, _ = running
    channels = [guild.add_channel(f"room-{i}") for i in range(60)]  # one per route bucket
    await emu.wait_until(lambda: all(bot.get_channel(c.id) for c in channels), what="channels seen")
    started = asyncio.get_running_loop().time()
    await asyncio.gather(*(bot.get_channel(c.id).send("hello") for c in channels))
    took = asyncio.get_running_loop().time() - started
    assert all([m.content for m in c.messages] == ["hello"] for c in channels)  # none lost
    statuses = [c.status for c in emu.calls if (c.method, c.route) == SEND]
    assert statuses.count(200) == 60 and statuses.count(429) >= 10
    assert emu.rate_limits.global_limited == statuses.count(429)
    assert took > 0.5  # the ten over 50 waited for the second's window, not sent at once


async def test_global_429_is_shaped_as_discords(emu) -> None:
    """The raw answer: what discord.py and other clients read of a global 429."""
    import aiohttp

    guild = emu.make_guild()
    url = f"{emu.api_base}/channels/{guild.channel('general').id}/messages"
    headers = {"Authorization": "Bot x"}
    async with aiohttp.ClientSession() as session:
        async def post(i: int) -> tuple[int, dict, dict]:
            async with session.post(url, json={"content": f"m{i}", "allowed_mentions": {"parse": []}}, headers=headers) as r:
                return r.status, dict(r.headers), await r.json()

        answers = await asyncio.gather(*(post(i) for i in range(55)))
    limited = [(h, b) for status, h, b in answers if status == 429]
    assert len(limited) == 5 and sum(1 for s, _, _ in answers if s == 200) == 50
    for head, body in limited:
        assert head["X-RateLimit-Global"] == "true" and head["X-RateLimit-Scope"] == "global"
        assert head["Via"] and int(head["Retry-After"]) == 1
        assert "X-RateLimit-Bucket" not in head  # a global limit is no route's bucket
        assert body["global"] is True and body["message"] == "You are being rate limited."
        assert 0 < body["retry_after"] <= 1.0
    assert len(guild.channel("general").messages) == 50


async def test_route_429_is_shaped_as_discords(emu) -> None:
    """A per-route bucket's 429: its bucket's headers (remaining 0), scope ``user``,
    ``Retry-After`` and ``"global": false`` — discord.py waits on that bucket alone."""
    import aiohttp

    guild = emu.make_guild()
    emu.rate_limits.limit(*SEND, limit=1, window=10.0)
    url = f"{emu.api_base}/channels/{guild.channel('general').id}/messages"
    body = {"content": "m", "allowed_mentions": {"parse": []}}
    async with aiohttp.ClientSession(headers={"Authorization": "Bot x"}) as session:
        async with session.post(url, json=body) as first:
            assert first.status == 200 and first.headers["X-RateLimit-Remaining"] == "0"
            bucket = first.headers["X-RateLimit-Bucket"]
        async with session.post(url, json=body) as second:
            head, answer = second.headers, await second.json()
    assert second.status == 429 and "X-RateLimit-Global" not in head
    assert head["X-RateLimit-Scope"] == "user" and head["X-RateLimit-Bucket"] == bucket
    assert head["X-RateLimit-Limit"] == "1" and head["X-RateLimit-Remaining"] == "0"
    assert int(head["Retry-After"]) == 10 and 9 < float(head["X-RateLimit-Reset-After"]) <= 10
    assert answer["global"] is False and 9 < answer["retry_after"] <= 10
    assert emu.rate_limits.global_limited == 0
