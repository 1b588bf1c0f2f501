"""The REST routes a game + moderation bot uses, driven through discord.py's own API objects.

Each call is validated against the OpenAPI description on the way in (any mismatch would fail
the test at teardown) and must change the emulator's state and reach the bot's cache through the
gateway event Discord sends.
"""

from __future__ import annotations

import datetime as dt

import discord
import pytest

from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import Refused
from tests.emulator.testbot import make_demo_bot


@pytest.fixture
async def env(emu):
    guild = emu.make_guild(
        roles=["alive", "dead", {"name": "Top", "above_bot": True}],
        members=["alice", "boris", {"name": "vip", "roles": ["Top"]}],
        channels=[{"name": "games", "type": "category"}, {"name": "lobby", "category": "games"}, "general"],
    )
    emu.check_responses = True  # the emulator's answers must match the documented responses too
    async with run_bot(emu, make_demo_bot()) as runner:
        bot = runner.bot
        yield guild, bot, bot.get_guild(guild.id)
    assert emu.response_problems == []


async def test_messages_send_edit_history_pin_delete(env, emu) -> None:
    guild, bot, g = env
    channel = g.get_channel(guild.channel("general").id)
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Vote", custom_id="vote"))
    embed = discord.Embed(title="Day 1", description="Discuss").add_field(name="Alive", value="3")
    sent = await channel.send("hello", embed=embed, view=view)
    assert guild.channel("general").last_message.custom_ids == ["vote"]
    edited = await sent.edit(content="hello again")
    assert edited.content == "hello again" and guild.channel("general").last_message.content == "hello again"
    await guild.member("alice").post(guild.channel("general"), "hi bot")
    history = [m.content async for m in channel.history(limit=10)]
    assert history == ["hi bot", "hello again"]
    await sent.pin()
    await sent.add_reaction("✅")
    fetched = await channel.fetch_message(sent.id)
    assert fetched.embeds[0].title == "Day 1"
    await sent.delete()
    assert [m.content for m in guild.channel("general").messages] == ["hi bot"]
    other = guild.channel("general").messages[0]
    await channel.get_partial_message(other.id).delete()  # needs MANAGE_MESSAGES: the bot has it
    assert guild.channel("general").messages == []


async def test_channels_categories_and_overwrites(env, emu) -> None:
    guild, bot, g = env
    alive = g.get_role(guild.role("alive").id)
    hidden = {
        g.default_role: discord.PermissionOverwrite(view_channel=False),
        g.me: discord.PermissionOverwrite(view_channel=True),  # or the bot could not manage it
    }
    category = await g.create_category("game-7", overwrites=hidden)
    day = await g.create_text_channel("day-1", category=category)
    assert guild.channel("day-1").category == "game-7"
    alice = guild.member("alice")
    assert not emu.permissions(alice, guild.channel("day-1")) & P.VIEW_CHANNEL  # synced with category
    await day.set_permissions(alive, view_channel=True, send_messages=True)
    await g.get_member(alice.id).add_roles(alive)
    assert emu.permissions(alice, guild.channel("day-1")) & P.SEND_MESSAGES
    await day.set_permissions(alive, overwrite=None)
    assert not emu.permissions(alice, guild.channel("day-1")) & P.VIEW_CHANNEL
    await day.edit(name="day-1-closed", topic="over")
    await emu.wait_until(lambda: g.get_channel(day.id).name == "day-1-closed")
    assert guild.channel("day-1-closed").topic == "over"
    await day.delete()
    await category.delete()
    assert not guild.has_channel("day-1-closed") and not guild.has_channel("game-7")
    await emu.wait_until(lambda: g.get_channel(day.id) is None)


async def test_overwrite_granting_what_the_bot_lacks_is_refused(env, emu) -> None:
    guild, bot, g = env
    lobby = g.get_channel(guild.channel("lobby").id)
    with pytest.raises(discord.Forbidden) as err:
        await lobby.set_permissions(g.default_role, administrator=True)
    assert err.value.code == 50013


async def test_roles_create_edit_delete_and_hierarchy(env, emu) -> None:
    guild, bot, g = env
    role = await g.create_role(name="mafia-7", permissions=discord.Permissions(send_messages=True))
    assert guild.has_role("mafia-7")
    await emu.wait_until(lambda: g.get_role(role.id) is not None)
    await role.edit(name="mafia-seven")
    assert guild.role("mafia-seven").id == role.id
    vip = g.get_member(guild.member("vip").id)
    with pytest.raises(discord.Forbidden):
        await vip.edit(nick="nope")  # vip's top role is above the bot's
    with pytest.raises(discord.Forbidden):
        await g.get_role(guild.role("Top").id).edit(name="Bottom")
    with pytest.raises(discord.Forbidden):
        await g.create_role(name="god", permissions=discord.Permissions(administrator=True))
    await role.delete()
    assert not guild.has_role("mafia-seven")


async def test_members_nick_roles_timeout_kick_ban(env, emu) -> None:
    guild, bot, g = env
    alice, boris = guild.member("alice"), guild.member("boris")
    m = g.get_member(alice.id)
    await m.edit(nick="Alice the Doctor", roles=[g.get_role(guild.role("alive").id)])
    assert alice.nick == "Alice the Doctor" and alice.roles == ["alive"]
    await m.remove_roles(g.get_role(guild.role("alive").id))
    assert alice.roles == []
    await m.timeout(dt.timedelta(minutes=5))
    assert alice.timed_out
    await m.timeout(None)
    assert not alice.timed_out
    with pytest.raises(discord.HTTPException):
        await m.timeout(dt.timedelta(days=29))
    emu.take_problems("more than 28 days")
    await g.kick(discord.Object(boris.id))
    assert not boris.present
    await g.ban(discord.Object(alice.id), reason="R-MOD-3")
    assert alice.banned and not alice.present
    bans = [entry.user.id async for entry in g.bans()]
    assert bans == [alice.id]
    await g.unban(discord.Object(alice.id))
    assert not alice.banned


async def test_dm_channel_and_webhook_management(env, emu) -> None:
    guild, bot, g = env
    alice = guild.member("alice")
    user = await bot.fetch_user(alice.id)
    await user.send("your role: Sheriff")
    assert [m.content for m in alice.dms] == ["your role: Sheriff"]
    lobby = g.get_channel(guild.channel("lobby").id)
    hook = await lobby.create_webhook(name="Host")
    assert [h.name for h in await lobby.webhooks()] == ["Host"]
    msg = await hook.send("game starts", username="Ведущий", wait=True)
    assert guild.channel("lobby").last_message.author_name == "Ведущий"
    await msg.edit(content="game starts now")
    assert guild.channel("lobby").last_message.content == "game starts now"
    await hook.delete()


async def test_threads(env, emu) -> None:
    guild, bot, g = env
    lobby = g.get_channel(guild.channel("lobby").id)
    starter = await lobby.send("Day 1 thread below")
    thread = await starter.create_thread(name="day-1")
    await thread.send("discuss here")
    private = await lobby.create_thread(name="cabinet", type=discord.ChannelType.private_thread)
    await private.add_user(discord.Object(guild.member("alice").id))
    assert guild.member("alice").id in guild.channel("cabinet").raw.thread_members
    await guild.member("alice").post(guild.channel("cabinet"), "we kill boris")
    with pytest.raises(Refused):
        await guild.member("boris").post(guild.channel("cabinet"), "can I join?")  # private thread
    await emu.wait_until(lambda: g.get_thread(thread.id) is not None)
    await thread.edit(archived=True, locked=True)
    assert guild.channel("day-1").raw.archived
    assert [m.content for m in guild.channel("day-1").messages] == ["discuss here"]


async def test_interaction_followups_and_original_edits(env, emu) -> None:
    guild, bot, g = env
    seen: list[discord.Interaction] = []

    async def on_interaction(interaction: discord.Interaction) -> None:
        seen.append(interaction)

    bot.add_listener(on_interaction)
    h = await guild.member("alice").run("/demo echo", text="base")
    await h.reply()
    await emu.wait_until(lambda: seen)
    interaction = seen[0]
    follow = await interaction.followup.send("second", ephemeral=True, wait=True)
    assert (await h.followup(0)).content == "second" and h.followups[0].ephemeral
    await interaction.followup.edit_message(follow.id, content="second, edited")
    assert h.followups[0].content == "second, edited"
    await interaction.edit_original_response(content="base, edited")
    assert (await interaction.original_response()).content == "base, edited"
    await interaction.delete_original_response()
    assert guild.channel("general").messages == []
