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
        assert runner.startup_seconds < 1.0


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
