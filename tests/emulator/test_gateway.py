"""Gateway behaviour: member chunks on request, guilds joined after READY, a bot process killed
and restarted against the same emulator."""

from __future__ import annotations

import pytest

from tests.emulator.botprocess import BotProcess
from tests.emulator.botrunner import run_bot
from tests.emulator.fixtures import emulator_for_test
from tests.emulator.testbot import make_demo_bot


@pytest.fixture
async def emu_chunking():
    """An emulator that, like Discord for large guilds, sends members only on request (op 8)."""
    async for emulator in emulator_for_test(members_in_guild_create=False):
        yield emulator


async def test_members_arrive_by_chunk_request(emu_chunking) -> None:
    emu = emu_chunking
    guild = emu.make_guild(members=[f"p{i}" for i in range(30)])
    async with run_bot(emu, make_demo_bot()) as runner:
        cached = runner.bot.get_guild(guild.id)
        assert cached is not None and cached.chunked
        assert len(cached.members) == 32  # 30 players, the owner, the bot


async def test_guild_created_after_ready_reaches_the_bot(emu) -> None:
    emu.make_guild(name="first")
    async with run_bot(emu, make_demo_bot()) as runner:
        second = emu.make_guild(name="second", members=["zoe"])
        await emu.wait_until(lambda: runner.bot.get_guild(second.id) is not None)
        reply = await (await second.member("zoe").run("/demo echo", text="new guild")).reply()
        assert reply.content == "new guild"


async def test_bot_process_killed_and_restarted(emu) -> None:
    guild = emu.make_guild(members=["alice"])
    proc = await BotProcess.start(emu, "tests.emulator.testbot:make_demo_bot")
    try:
        assert (await (await guild.member("alice").run("/demo echo", text="one")).reply()).content == "one"
    finally:
        await proc.kill()
    proc = await BotProcess.start(emu, "tests.emulator.testbot:make_demo_bot")
    try:
        assert (await (await guild.member("alice").run("/demo echo", text="two")).reply()).content == "two"
    finally:
        await proc.stop()
    assert len(emu.gateway.sessions) == 2 and emu.count("GET", "/users/@me") == 2


async def test_in_process_restart_and_request_accounting(emu) -> None:
    guild = emu.make_guild(members=["alice"])
    for text in ("first life", "second life"):
        async with run_bot(emu, make_demo_bot()):
            reply = await (await guild.member("alice").run("/demo echo", text=text)).reply()
            assert reply.content == text
    counts = emu.route_counts()
    assert counts["PUT /applications/{application_id}/commands"] == 2
    assert counts["POST /interactions/{interaction_id}/{interaction_token}/callback"] == 2
    assert all(c.ms >= 0 for c in emu.calls)


async def test_admin_side_changes_reach_the_bot(emu) -> None:
    guild = emu.make_guild(roles=["Host"], members=["alice"])
    async with run_bot(emu, make_demo_bot()) as runner:
        alice = guild.member("alice")
        guild.give_role(alice, "Host")
        cached = runner.bot.get_guild(guild.id)
        await emu.wait_until(lambda: [r.name for r in cached.get_member(alice.id).roles] == ["@everyone", "Host"])
        guild.take_role(alice, "Host")
        await emu.wait_until(lambda: [r.name for r in cached.get_member(alice.id).roles] == ["@everyone"])
        room = guild.add_channel("late-room", overwrites={"@everyone": (0, 1 << 10)})
        await emu.wait_until(lambda: cached.get_channel(room.id) is not None)
        assert not alice.can(1 << 10, room)


async def test_a_privileged_intent_switched_off_in_the_portal(emu) -> None:
    """Discord closes IDENTIFY with 4014 when it asks for a privileged intent the portal has not
    switched on (discord.py raises PrivilegedIntentsRequired); the application's flags tell
    which are on (the *_LIMITED flags of an unverified bot)."""
    emu.make_guild(members=["alice"])
    emu.privileged_intents.discard(1 << 1)  # Server Members off; the demo bot asks for it
    with pytest.raises(RuntimeError, match="PrivilegedIntentsRequired"):
        async with run_bot(emu, make_demo_bot()):
            pass
    emu.privileged_intents.add(1 << 1)
    ok = make_demo_bot()
    async with run_bot(emu, ok):
        flags = (await ok.application_info()).flags
        assert flags.gateway_guild_members_limited and flags.gateway_message_content_limited
