"""Discord's rules for channels, categories, roles, DMs and per-route limits, as the game layer
will meet them: synced categories, DM refusals, the rename limit, server caps, how channel names
are stored, overwrites, locked threads and topics."""

from __future__ import annotations

from collections.abc import AsyncIterator

import discord
import pytest

from tests.emulator import permissions as P
from tests.emulator.clock import EmuClock
from tests.emulator.ratelimit import GLOBAL_PER_SECOND, RateLimits
from tests.emulator.story import Refused
from tests.emulator.testbot import make_demo_bot


@pytest.fixture
async def game(emu, start_bot) -> AsyncIterator[tuple]:
    guild = emu.make_guild(
        members=["alice", "boris", {"name": "mod", "roles": ["Moderators"]}],
        roles=[{"name": "Moderators", "permissions": P.MANAGE_THREADS}],
        channels=[
            "general",
            {"name": "game", "type": "category"},
            {"name": "day", "category": "game"},
            {"name": "mafia", "category": "game", "overwrites": {"@everyone": (0, P.VIEW_CHANNEL)}},
        ],
    )
    runner = await start_bot(make_demo_bot(max_ratelimit_timeout=30))
    yield guild, runner.bot, runner.bot.get_guild(guild.id)


def updates_of(emu, channel_id: int) -> int:
    session = emu.gateway.current
    return sum(1 for f in session.sent if f["t"] == "CHANNEL_UPDATE" and f["d"]["id"] == str(channel_id))


# -- 3. category permission sync -----------------------------------------------------------------


async def test_category_overwrite_edits_reach_its_synced_children(game, emu) -> None:
    guild, bot, g = game
    category, day, mafia = (g.get_channel(guild.channel(n).id) for n in ("game", "day", "mafia"))
    assert day.permissions_synced and not mafia.permissions_synced
    mafia_before = dict(guild.channel("mafia").raw.overwrites)
    await category.set_permissions(g.default_role, send_messages=False)
    alice = guild.member("alice")
    assert not alice.can(P.SEND_MESSAGES, guild.channel("day"))  # the synced child followed
    assert guild.channel("mafia").raw.overwrites == mafia_before  # its own overwrites stay
    assert updates_of(emu, day.id) == 1 and updates_of(emu, mafia.id) == 0
    await emu.wait_until(lambda: g.get_channel(day.id).overwrites_for(g.default_role).send_messages is False)
    assert g.get_channel(day.id).permissions_synced
    # A whole-list edit (PATCH) of the category is synced the same way ...
    await category.edit(overwrites={g.default_role: discord.PermissionOverwrite(add_reactions=False)})
    assert guild.channel("day").raw.overwrites == guild.channel("game").raw.overwrites
    assert updates_of(emu, day.id) == 2
    # ... but a child edited on its own is no longer synced and keeps its overwrites.
    await day.set_permissions(g.default_role, view_channel=False)
    own = dict(guild.channel("day").raw.overwrites)
    await category.set_permissions(g.default_role, overwrite=None)
    assert guild.channel("day").raw.overwrites == own


# -- 4. DMs ----------------------------------------------------------------------------------------


async def test_dm_to_someone_sharing_no_server_and_to_a_bot_fails_50007(game, emu) -> None:
    guild, bot, _ = game
    boris = guild.member("boris")
    await (await bot.fetch_user(boris.id)).send("your role card")
    assert [m.content for m in boris.dms] == ["your role card"]
    await boris.leave()  # now he shares no server with the bot
    with pytest.raises(discord.Forbidden) as err:
        await (await bot.fetch_user(boris.id)).send("a second card")
    assert (err.value.status, err.value.code) == (403, 50007)
    other_bot = guild.add_member("otherbot", bot=True)
    with pytest.raises(discord.HTTPException) as err:
        await (await bot.fetch_user(other_bot.id)).create_dm()
    assert (err.value.status, err.value.code) == (400, 50007)


# -- 5. per-route limits and the global rate ------------------------------------------------------


async def test_third_rename_within_ten_minutes_is_429_and_a_problem(game, emu) -> None:
    guild, bot, g = game
    day = g.get_channel(guild.channel("day").id)
    await day.edit(name="day-1")
    await day.edit(topic="vote until 21:00")
    await day.edit(nsfw=False, slowmode_delay=0)  # neither name nor topic: not counted
    with pytest.raises(discord.RateLimited) as err:
        await day.edit(name="day-1-closed")
    assert 590 < err.value.retry_after <= 600
    assert len(emu.take_problems("third channel name/topic edit within 10 minutes")) == 1
    assert guild.channel("day-1").topic == "vote until 21:00"  # the third edit was not applied
    await g.get_channel(guild.channel("general").id).edit(name="town")  # another channel: own limit
    emu.clock.advance(minutes=10)
    await day.edit(name="day-1-closed")
    assert guild.has_channel("day-1-closed")


def test_global_rate_is_counted_and_interactions_are_exempt() -> None:
    limits = RateLimits(EmuClock(), enforce_global=False)
    for _ in range(200):
        assert not limits.count_global("/interactions/{interaction_id}/{interaction_token}/callback")
    assert limits.peak_per_second == 0
    for _ in range(GLOBAL_PER_SECOND + 10):
        limits.count_global("/channels/{channel_id}/messages")
    assert limits.peak_per_second == GLOBAL_PER_SECOND + 10 and limits.over_global
    limits.clock.advance(seconds=1.5)
    limits.enforce_global = True
    over = [limits.count_global("/channels/{channel_id}/messages") for _ in range(GLOBAL_PER_SECOND + 1)]
    assert over == [False] * GLOBAL_PER_SECOND + [True]


# -- 7. server caps and what a game leaves behind -------------------------------------------------


async def test_server_caps_answer_discords_codes(emu, start_bot) -> None:
    guild = emu.make_guild(channels=["general", {"name": "full", "type": "category"}])
    for i in range(50):
        guild.add_channel(f"room-{i}", category="full")
    for i in range(500 - len(guild.channels) - 1):
        guild.add_channel(f"filler-{i}")
    for i in range(250 - (len(guild.raw.roles) - 1)):
        guild.add_role(f"role-{i}")
    runner = await start_bot(make_demo_bot())
    g = runner.bot.get_guild(guild.id)
    with pytest.raises(discord.HTTPException) as err:
        await g.create_text_channel("one-more", category=g.get_channel(guild.channel("full").id))
    assert err.value.code == 50035 and "Maximum number of channels in category reached (50)" in err.value.text
    with pytest.raises(discord.HTTPException) as err:  # moving one in is refused the same way
        await g.get_channel(guild.channel("general").id).edit(category=g.get_channel(guild.channel("full").id))
    assert err.value.code == 50035
    assert len(emu.take_problems("Maximum number of channels in category reached (50)")) == 2
    await g.create_text_channel("the-500th")
    with pytest.raises(discord.HTTPException) as err:
        await g.create_text_channel("the-501st")
    assert err.value.code == 30013
    with pytest.raises(discord.HTTPException) as err:
        await g.create_role(name="role-251")
    assert err.value.code == 30005
    general = g.get_channel(guild.channel("general").id)
    for i in range(15):
        await general.create_webhook(name=f"hook-{i}")
    with pytest.raises(discord.HTTPException) as err:
        await general.create_webhook(name="hook-16")
    assert err.value.code == 30007


async def test_pins_cap_and_bulk_delete_age(game, emu) -> None:
    guild, bot, g = game
    general = g.get_channel(guild.channel("general").id)
    old = [await general.send(f"old {i}") for i in range(2)]
    emu.clock.advance(days=14, seconds=1)
    new = [await general.send(f"new {i}") for i in range(2)]
    with pytest.raises(discord.HTTPException) as err:
        await general.delete_messages(old + new)
    assert err.value.code == 50034
    await general.delete_messages(new)
    assert [m.content for m in guild.channel("general").messages] == ["old 0", "old 1"]
    with pytest.raises(discord.HTTPException) as err:  # discord.py itself sends 1 as a single delete
        await bot.http.delete_messages(general.id, [old[0].id])
    # named by the spec (minItems 2) or, without it, by the emulator's own check
    assert err.value.code == 50035 and emu.take_problems("/messages/bulk-delete")
    for i in range(248):  # pinned by a moderator, without 500 requests from the bot
        (await guild.owner.post(guild.channel("general"), f"pin {i}")).raw.pinned = True
    for message in old:
        await message.pin()
    with pytest.raises(discord.HTTPException) as err:
        await (await general.send("one pin too many")).pin()
    assert err.value.code == 30003


async def test_left_behind_shows_what_a_game_did_not_clean_up(game, emu) -> None:
    guild, bot, g = game
    before = guild.snapshot()
    reply = await (await guild.member("alice").run("/demo room", name="cabinet", member=guild.member("boris"))).reply()
    assert reply.content.startswith("created")
    role = await g.create_role(name="alive-7")
    assert guild.left_behind(before) == {"roles": ["alive-7"], "channels": ["cabinet", "cabinet-category"]}
    for name in ("cabinet", "cabinet-category"):
        await g.get_channel(guild.channel(name).id).delete()
    await role.delete()
    assert guild.left_behind(before) == {"roles": [], "channels": []}


# -- 8. channel names ------------------------------------------------------------------------------


async def test_text_channel_names_are_stored_as_discord_stores_them(game, emu) -> None:
    guild, bot, g = game
    category = await g.create_category("Game 7 Night")
    text = await g.create_text_channel("Day 1  Votes", category=category)
    voice = await g.create_voice_channel("Town Hall")
    assert (text.name, category.name, voice.name) == ("day-1-votes", "Game 7 Night", "Town Hall")
    assert guild.has_channel("day-1-votes") and not guild.has_channel("Day 1  Votes")
    edited = await text.edit(name="Day 1 Closed")
    assert edited.name == "day-1-closed" == guild.channel("day-1-closed").name


# -- 10. overwrites, locked threads, topics, command registration ----------------------------------


async def test_manage_roles_overwrite_needs_an_administrator_bot(game, emu, start_bot) -> None:
    guild, bot, g = game
    day = g.get_channel(guild.channel("day").id)
    with pytest.raises(discord.Forbidden) as err:
        await day.set_permissions(g.get_member(guild.member("mod").id), manage_permissions=True)
    assert err.value.code == 50013
    await day.set_permissions(g.get_member(guild.member("mod").id), manage_messages=True)  # others are fine
    # Allowed MANAGE_ROLES in a channel by an admin's overwrite, the bot may grant it there.
    guild.channel("general").raw.overwrites[g.me.id] = P.Overwrite(g.me.id, 1, allow=P.MANAGE_ROLES)
    general = g.get_channel(guild.channel("general").id)
    await general.set_permissions(g.get_member(guild.member("mod").id), manage_permissions=True)
    assert guild.member("mod").can(P.MANAGE_ROLES, guild.channel("general"))


async def test_an_administrator_bot_may_grant_manage_roles(emu, start_bot) -> None:
    guild = emu.make_guild(members=["mod"], bot_permissions=P.ADMINISTRATOR)
    runner = await start_bot(make_demo_bot())
    g = runner.bot.get_guild(guild.id)
    general = g.get_channel(guild.channel("general").id)
    await general.set_permissions(g.get_member(guild.member("mod").id), manage_permissions=True)
    assert guild.member("mod").can(P.MANAGE_ROLES, guild.channel("general"))


async def test_locked_thread_takes_posts_only_from_thread_managers(game, emu) -> None:
    guild, bot, g = game
    general = g.get_channel(guild.channel("general").id)
    thread = await general.create_thread(name="Last Words", type=discord.ChannelType.public_thread)
    await guild.member("alice").post(guild.channel("Last Words"), "I was the doctor")
    await thread.edit(locked=True)
    with pytest.raises(Refused) as refused:
        await guild.member("alice").post(guild.channel("Last Words"), "one more thing")
    assert (refused.value.status, refused.value.code) == (403, 50013)
    await guild.member("mod").post(guild.channel("Last Words"), "thread closed by the host")
    await thread.send("the bot manages threads too")
    assert [m.content for m in guild.channel("Last Words").messages] == [
        "I was the doctor", "thread closed by the host", "the bot manages threads too",
    ]


async def test_text_channel_topic_is_limited_to_1024(game, emu) -> None:
    guild, bot, g = game
    day = g.get_channel(guild.channel("day").id)
    await day.edit(topic="t" * 1024)
    with pytest.raises(discord.HTTPException) as err:
        await day.edit(topic="t" * 1025)
    assert err.value.code == 50035
    assert emu.take_problems("'topic': 1025 characters, Discord allows 1024")


COMMAND_CASES = [
    ({"name": "Vote", "description": "Vote"}, "'0/name': 'Vote' must be 1-32 lower case"),
    ({"name": "vote now", "description": "Vote"}, "'0/name': 'vote now'"),
    ({"name": "v" * 33, "description": "Vote"}, "'0/name'"),
    ({"name": "голосовать", "description": ""}, "'0/description': a description must be 1-100"),
    ({"name": "vote", "description": "d" * 101}, "'0/description'"),
    ({"name": "vote", "description": "Vote", "name_localizations": {"ru": "Голос"}},
     "'0/name_localizations/ru'"),
    ({"name": "vote", "description": "Vote", "options": [
        {"type": 3, "name": "why", "description": "Why"},
        {"type": 6, "name": "target", "description": "Who", "required": True}]},
     "'0/options/1/required': required options must come before optional ones"),
]


@pytest.mark.parametrize(("command", "expected"), COMMAND_CASES, ids=[c[1][:30] for c in COMMAND_CASES])
async def test_command_registration_is_checked(game, emu, command, expected) -> None:
    _, bot, _ = game
    with pytest.raises(discord.HTTPException) as err:
        await bot.http.bulk_upsert_global_commands(bot.application_id, [command])
    assert err.value.code == 50035
    problems = emu.take_problems("PUT /applications/{application_id}/commands")
    assert any(expected in p for p in problems), problems


async def test_duplicate_command_names_are_refused_and_valid_ones_accepted(game, emu) -> None:
    _, bot, _ = game
    vote = {"name": "голосовать", "description": "Голосовать", "name_localizations": {"en-US": "vote"}}
    with pytest.raises(discord.HTTPException):
        await bot.http.bulk_upsert_global_commands(bot.application_id, [vote, vote])
    assert emu.take_problems("is registered twice")
    stored = await bot.http.bulk_upsert_global_commands(bot.application_id, [vote])
    assert [c["name"] for c in stored] == ["голосовать"]
