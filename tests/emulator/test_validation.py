"""Requests are validated against Discord's OpenAPI description; mismatches fail the test.

Raw requests go through the bot's own ``discord.http.HTTPClient`` (what the bot's code would do
with a wrong field), so the request path, headers and JSON are exactly discord.py's.
"""

from __future__ import annotations

import discord
import pytest
from discord.http import Route

from tests.emulator import validation
from tests.emulator.botrunner import run_bot
from tests.emulator.fixtures import emulator_for_test
from tests.emulator.testbot import make_demo_bot

needs_spec = pytest.mark.skipif(validation.load_spec() is None, reason=validation.skip_reason() or "")


@pytest.fixture
async def running(emu):
    guild = emu.make_guild(members=["alice"])
    async with run_bot(emu, make_demo_bot()) as runner:
        yield guild, runner.bot


@needs_spec
async def test_bad_field_fails_the_request_naming_route_and_field(running, emu) -> None:
    guild, bot = running
    cid = guild.channel("general").id
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=cid)
    with pytest.raises(discord.HTTPException) as err:
        await bot.http.request(route, json={"content": "hi", "embeds": [{"fields": [{"name": "a", "value": 5}]}]})
    assert err.value.status == 400 and err.value.code == 50035
    problems = emu.take_problems()
    assert len(problems) == 1
    assert "POST /channels/{channel_id}/messages" in problems[0]
    assert "'embeds/0/fields/0/value'" in problems[0] and "is not of type 'string'" in problems[0]
    assert guild.channel("general").messages == []


@needs_spec
async def test_bad_path_parameter_and_interaction_callback(running, emu) -> None:
    _, bot = running
    with pytest.raises(discord.HTTPException):
        await bot.http.request(Route("PATCH", "/channels/{channel_id}", channel_id="general"), json={"name": "x"})
    assert any("path parameter channel_id='general'" in p for p in emu.take_problems("PATCH /channels/{channel_id}"))
    # A wrong field inside an interaction callback is named within the branch of its type.
    route = Route("POST", "/interactions/{interaction_id}/{interaction_token}/callback", interaction_id=1, interaction_token="t")
    with pytest.raises(discord.HTTPException):
        await bot.http.request(route, json={"type": 4, "data": {"content": "x", "flags": "ephemeral"}})
    problems = emu.take_problems("/callback")
    assert any("body field 'data/flags'" in p for p in problems), problems


@needs_spec
async def test_query_parameters_are_validated(running, emu) -> None:
    guild, bot = running
    route = Route("GET", "/channels/{channel_id}/messages", channel_id=guild.channel("general").id)
    assert await bot.http.request(route, params={"limit": 100}) == []
    with pytest.raises(discord.HTTPException):
        await bot.http.request(route, params={"limit": 500})
    problems = emu.take_problems("query parameter limit='500'")
    assert problems and "GET /channels/{channel_id}/messages" in problems[0]


async def test_unknown_and_unimplemented_routes_are_reported(running, emu) -> None:
    guild, bot = running
    with pytest.raises(discord.NotFound):
        await bot.http.request(Route("GET", "/no/such/{thing}", thing=1))
    assert emu.take_problems("GET /no/such/1: no such route")
    if validation.load_spec() is not None:
        with pytest.raises(discord.NotFound):
            await bot.http.request(Route("GET", "/guilds/{guild_id}/audit-logs", guild_id=guild.id))
        assert emu.take_problems("GET /guilds/{guild_id}/audit-logs: route exists in Discord's API but the emulator does not implement it")


@needs_spec
async def test_a_recorded_violation_fails_the_test_at_teardown() -> None:
    """What the ``emu`` fixture does at teardown, run by hand so the failure can be observed."""
    fixture = emulator_for_test()
    emu = await anext(fixture)
    emu.make_guild()
    async with run_bot(emu, make_demo_bot()) as runner:
        with pytest.raises(discord.HTTPException):
            await runner.bot.http.request(Route("POST", "/guilds/{guild_id}/roles", guild_id=next(iter(emu.world.guilds))), json={"name": 42})
    with pytest.raises(pytest.fail.Exception) as failed:
        await anext(fixture)
    text = str(failed.value)
    assert "POST /guilds/{guild_id}/roles" in text and "body field 'name'" in text


async def test_late_acknowledgement_is_reported(running, emu) -> None:
    guild, _ = running
    emu.interaction_deadline = 0.2
    await guild.member("alice").run("/demo slow")
    await emu.wait_until(lambda: any("Unknown interaction" in p for p in emu.problems), within=2)
    assert emu.take_problems("alice: /demo slow") == ["interaction 'alice: /demo slow' not acknowledged within 0.2s"]
    assert any("10062 Unknown interaction" in r for r in emu.refusals)  # the late answer was refused
    emu.take_problems("discord.py logged an error")  # the bot's NotFound 10062, logged by discord.py


def test_limits_helpers() -> None:
    assert validation.message_limits({"content": "x" * 2000}, "R") == []
    embed = {"title": "t", "fields": [{"name": "n", "value": "v" * 1025}] + [{"name": "n", "value": "v"}] * 25}
    problems = validation.message_limits({"embeds": [embed]}, "R")
    assert any("fields/0/value" in p for p in problems) and any("26 fields" in p for p in problems)
    assert validation.message_limits({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "R")
    assert validation.autocomplete_limits([{"name": "a", "value": "a"}] * 26, "R")


async def test_task_exception_never_retrieved_fails_the_test() -> None:
    """A task of the bot dying silently ("Task exception was never retrieved") is a problem."""
    import asyncio
    import gc

    fixture = emulator_for_test()
    await anext(fixture)

    async def crash() -> None:
        raise RuntimeError("boom in a background task")

    task = asyncio.get_running_loop().create_task(crash())
    await asyncio.wait([task])  # done, its exception never retrieved
    del task
    gc.collect()
    with pytest.raises(pytest.fail.Exception) as failed:
        await anext(fixture)
    assert "Task exception was never retrieved" in str(failed.value) and "boom" in str(failed.value)
