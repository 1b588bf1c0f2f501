"""The real discord.py client, unmodified, against the emulator: the TEST bot of testbot.py.

Each test reads as what users do and see.  Refusals Discord would give (a member posting where
he may not, the bot acting above its top role) come back as they would from Discord.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from tests.emulator import permissions as P
from tests.emulator.botrunner import BotRunner, run_bot
from tests.emulator.story import GuildHandle, Refused
from tests.emulator.testbot import DemoBot, make_demo_bot


@pytest.fixture
async def world(emu) -> AsyncIterator[tuple[GuildHandle, BotRunner]]:
    guild = emu.make_guild(
        name="Mafia Club",
        roles=["alive", {"name": "Moderator", "permissions": P.MODERATE_MEMBERS}, {"name": "Admins", "permissions": P.ADMINISTRATOR, "above_bot": True}],
        members=[
            "alice",
            {"name": "boris", "locale": "ru"},
            {"name": "carol", "dms_closed": True},
            {"name": "mod", "roles": ["Moderator"]},
            {"name": "boss", "roles": ["Admins"]},
        ],
        channels=["general", {"name": "announcements", "overwrites": {"@everyone": (0, P.SEND_MESSAGES)}}],
    )
    async with run_bot(emu, make_demo_bot()) as runner:
        yield guild, runner


async def test_startup_and_first_interaction(world) -> None:
    guild, runner = world  # speed is measured by tests/emulator/bench.py, not asserted here
    assert runner.startup_seconds is not None
    reply = await (await guild.member("alice").run("/demo echo", text="hi")).reply()
    assert reply.content == "hi" and not reply.ephemeral
    assert guild.channel("general").last_message.content == "hi"


async def test_slash_command_with_options_and_locale_ephemeral(world) -> None:
    guild, _ = world
    boris = guild.member("boris")
    h = await boris.run("/demo secret", locale="ru")
    reply = await h.reply()
    assert reply.ephemeral and reply.content == "секрет"
    assert boris.ephemerals[-1].content == "секрет"
    assert guild.channel("general").messages == []  # nobody else saw it
    en = await (await guild.member("alice").run("/demo secret")).reply()
    assert en.content == "a secret"
    echo = await (await guild.member("alice").run("/demo echo", text="yo", times=3)).reply()
    assert echo.content == "yo yo yo"


async def test_option_checks_happen_like_discords_client(world) -> None:
    guild, _ = world
    alice = guild.member("alice")
    with pytest.raises(LookupError, match="no options"):
        await alice.run("/demo echo", text="x", bogus=1)
    with pytest.raises(ValueError, match="required"):
        await alice.run("/demo echo")
    with pytest.raises(LookupError, match="no slash command /nope"):
        await alice.run("/nope")
    with pytest.raises(Refused, match="not available"):
        await alice.run("/mute", member=guild.member("boris"), minutes=5)  # default_permissions


async def test_autocomplete(world) -> None:
    guild, _ = world
    choices = await guild.member("alice").autocomplete("/demo pick", "target", "b")
    assert [c["value"] for c in choices] == ["boris", "boss"]
    reply = await (await guild.member("alice").run("/demo pick", target="boris")).reply()
    assert reply.content == "picked boris"


async def test_dm_and_closed_dms(world) -> None:
    guild, _ = world
    alice, boris, carol = guild.member("alice"), guild.member("boris"), guild.member("carol")
    reply = await (await alice.run("/demo dm", member=boris, text="your role is Doctor")).reply()
    assert reply.content == "sent"
    assert [m.content for m in boris.dms] == ["your role is Doctor"]
    reply = await (await alice.run("/demo dm", member=carol, text="psst")).reply()
    assert reply.content == "cannot DM carol (50007)"
    assert carol.dms == []


async def test_button_click_and_select(world) -> None:
    guild, _ = world
    alice, boris = guild.member("alice"), guild.member("boris")
    msg = await (await alice.run("/demo button")).reply()
    assert msg.custom_ids == ["demo:press", "demo:colour"]
    chosen = await (await boris.select(msg, "demo:colour", ["blue"])).reply()
    assert chosen.ephemeral and chosen.content == "you chose blue"
    h = await boris.click(msg, "demo:press")
    updated = await h.reply()
    assert updated.id == msg.id and msg.content == "pressed by boris" and msg.components == []


async def test_modal(world) -> None:
    guild, _ = world
    alice = guild.member("alice")
    opened = await alice.run("/demo modal")
    modal = await opened.modal()
    assert modal.title == "Feedback" and [f["custom_id"] for f in modal.fields] == ["demo:answer"]
    reply = await (await alice.submit_modal(opened, {"demo:answer": "great game"})).reply()
    assert reply.content == "thanks: great game" and reply.ephemeral


async def test_channel_created_with_overwrites_after_deferral(world, emu) -> None:
    guild, _ = world
    alice, boris = guild.member("alice"), guild.member("boris")
    h = await alice.run("/demo room", name="cabinet", member=boris)
    reply = await h.reply()
    assert h.callback_type == 5 and reply.ephemeral and reply.content.startswith("created <#")
    room = guild.channel("cabinet")
    assert room.category == "cabinet-category"
    assert emu.permissions(boris, room) & P.SEND_MESSAGES
    assert not emu.permissions(alice, room) & P.VIEW_CHANNEL
    assert room.messages[0].content == f"welcome <@{boris.id}>"
    with pytest.raises(Refused) as refused:
        await alice.post(room, "let me in")
    assert refused.value.status == 403 and refused.value.code == 50013
    assert emu.count("POST", "/guilds/{guild_id}/channels") == 2


async def test_member_refused_where_he_may_not_post(world, emu) -> None:
    guild, runner = world
    news = guild.channel("announcements")
    with pytest.raises(Refused) as refused:
        await guild.member("alice").post(news, "hello?")
    assert (refused.value.status, refused.value.code) == (403, 50013)
    await guild.member("alice").post(guild.channel("general"), "hello all")
    bot: DemoBot = runner.bot  # type: ignore[assignment]
    await emu.wait_until(lambda: "message alice: hello all" in bot.cog.events)


async def test_role_added_and_refused_above_top_role(world, emu) -> None:
    guild, _ = world
    alice, boris = guild.member("alice"), guild.member("boris")
    reply = await (await alice.run("/demo promote", member=boris, role=guild.role("alive"))).reply()
    assert reply.content == "boris is now alive"
    assert boris.has_role("alive")
    reply = await (await alice.run("/demo promote", member=boris, role=guild.role("Admins"))).reply()
    assert reply.content == "refused (50013)"
    assert not boris.has_role("Admins")
    assert any("not below the bot's top role" in r for r in emu.refusals)


async def test_timeout_and_admin_refusal(world) -> None:
    guild, _ = world
    mod, alice, boss = guild.member("mod"), guild.member("alice"), guild.member("boss")
    reply = await (await mod.run("/mute", member=alice, minutes=10)).reply()
    assert reply.content == "muted alice"
    assert alice.timed_out
    assert not alice.can(P.SEND_MESSAGES, guild.channel("general"))
    with pytest.raises(Refused):
        await alice.post(guild.channel("general"), "why?")
    reply = await (await mod.run("/mute", member=boss, minutes=10)).reply()
    assert reply.content == "refused (50013)"
    assert not boss.timed_out


async def test_thread_and_webhook_with_custom_name(world, emu) -> None:
    guild, _ = world
    h = await guild.member("alice").run("/demo thread", name="day-1")
    reply = await h.reply()
    assert reply.content == "thread day-1 opened"
    assert guild.channel("day-1").raw.is_thread
    narrator = guild.channel("general").messages[-1]
    assert narrator.author_name == "Narrator" and narrator.content == "The night falls."
    assert emu.count("POST", "/webhooks/{webhook_id}/{webhook_token}") == 1


async def test_member_events_reach_the_bot(world, emu) -> None:
    guild, runner = world
    bot: DemoBot = runner.bot  # type: ignore[assignment]
    guild.add_member("dave")
    await guild.member("alice").change_nick("Al")
    await guild.member("boris").leave()
    await emu.wait_until(lambda: len(bot.cog.events) >= 3)
    assert bot.cog.events == ["join dave", "nick alice Al", "leave boris"]
    discord_guild = bot.get_guild(guild.id)
    assert discord_guild is not None and discord_guild.get_member(guild.member("dave").id) is not None


async def test_unacknowledged_interaction_is_reported(world, emu) -> None:
    guild, _ = world
    emu.interaction_deadline = 0.2
    h = await guild.member("alice").run("/demo silent")
    await emu.wait_until(lambda: emu.problems, within=1)
    assert emu.take_problems("/demo silent") == ["interaction 'alice: /demo silent' not acknowledged within 0.2s"]
    assert not h.record.acked


async def test_message_limits_fail_the_request(world, emu) -> None:
    guild, runner = world
    channel = runner.bot.get_channel(guild.channel("general").id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as err:
        await channel.send("x" * 2001)
    assert err.value.status == 400 and err.value.code == 50035
    with pytest.raises(discord.HTTPException):
        await channel.send(embed=discord.Embed(title="t" * 257))
    problems = emu.take_problems("/channels/{channel_id}/messages")
    assert any("'content': 2001 characters, Discord allows 2000" in p for p in problems)
    # named by the OpenAPI schema (maxLength 256) or, without the spec, by the emulator's limits
    assert any("'embeds/0/title'" in p and "257" in p for p in problems), problems


async def test_emulator_answers_match_discords_documented_responses(emu) -> None:
    """Fidelity of the emulator itself: its JSON answers validate against the spec's responses."""
    if emu.validator is None:
        pytest.skip(emu.validation_skipped or "no spec")
    emu.check_responses = True
    guild = emu.make_guild(roles=["alive"], members=["alice", "boris", {"name": "carol", "dms_closed": True}])
    async with run_bot(emu, make_demo_bot()):
        alice, boris = guild.member("alice"), guild.member("boris")
        await (await alice.run("/demo echo", text="hi")).reply()
        await (await alice.run("/demo dm", member=boris, text="psst")).reply()
        await (await alice.run("/demo room", name="r1", member=boris)).reply()
        await (await alice.run("/demo promote", member=boris, role=guild.role("alive"))).reply()
        await (await alice.run("/demo thread", name="t1")).reply()
        msg = await (await alice.run("/demo button")).reply()
        await (await boris.click(msg, "demo:press")).reply()
    assert emu.response_problems == []


async def test_commands_and_messages_in_dms(world, emu) -> None:
    guild, runner = world
    boris = guild.member("boris")
    reply = await (await boris.run("/demo secret", in_dm=True)).reply()
    assert reply.ephemeral and reply.content == "секрет"  # boris's client is Russian
    public = await (await boris.run("/demo echo", text="in dm", in_dm=True)).reply()
    assert [m.content for m in boris.dms] == [public.content] == ["in dm"]
    with pytest.raises(Refused, match="cannot be used in DMs"):
        await guild.member("mod").run("/mute", member=boris, minutes=1, in_dm=True)
    bot: DemoBot = runner.bot  # type: ignore[assignment]
    await boris.dm_bot("hello bot")
    await emu.wait_until(lambda: "message boris: hello bot" in bot.cog.events)


async def test_bot_refused_where_it_may_not_post(emu, start_bot) -> None:
    guild = emu.make_guild(channels=["general", {"name": "readonly", "overwrites": {"@everyone": (0, P.SEND_MESSAGES)}},
                                     {"name": "hidden", "overwrites": {"@everyone": (0, P.VIEW_CHANNEL)}}])
    runner = await start_bot(make_demo_bot())
    readonly = runner.bot.get_channel(guild.channel("readonly").id)
    with pytest.raises(discord.Forbidden) as err:
        await readonly.send("hi")
    assert err.value.code == 50013
    hidden = runner.bot.get_channel(guild.channel("hidden").id)
    with pytest.raises(discord.Forbidden) as err:
        await hidden.send("hi")
    assert err.value.code == 50001  # Missing Access: the bot cannot even see it
    assert guild.channel("readonly").messages == [] and guild.channel("hidden").messages == []
    user = await runner.bot.fetch_user(guild.owner.id)
    await user.send("dm works")
    assert (await guild.owner.wait_for_dm()).content == "dm works"


async def test_an_admin_opens_a_command_to_a_role_as_in_integrations(world) -> None:
    """Discord's command permissions (Server Settings → Integrations) override
    default_member_permissions: a role allowed gets the command, a member denied loses it."""
    guild, _ = world
    alice = guild.member("alice")
    with pytest.raises(Refused):
        await alice.run("/mute", member=guild.member("boris"), minutes=5)
    guild.give_role(alice, "alive")
    guild.allow_command("mute", "alive")
    answer = await (await alice.run("/mute", member=guild.member("boris"), minutes=5)).reply()
    assert answer.text == "muted boris"
    guild.allow_command("mute", "Moderator", allowed=False)  # closed to the moderators' role
    with pytest.raises(Refused):
        await guild.member("mod").run("/mute", member=guild.member("boris"), minutes=5)
    # An administrator always has every command.
    await (await guild.member("boss").run("/mute", member=guild.member("boris"), minutes=1)).reply()


async def test_a_timeout_outlasts_leaving_and_rejoining(world) -> None:
    """Discord keeps a member's timeout when he leaves: rejoining does not end it (Help Center,
    Time Out FAQ); a kick keeps it too."""
    guild, _ = world
    alice = guild.member("alice")
    await (await guild.member("mod").run("/mute", member=alice, minutes=10)).reply()
    until = alice.timeout_until
    assert until is not None
    await alice.leave()
    back = guild.join(alice)
    assert back.timed_out and back.timeout_until == until
