"""A game's server objects through the emulator, with the real bot's discord.py client: the
permission matrix (who reads and writes where, by Discord's algorithm, and posts refused), a
death as one member edit, channels created with their overwrites in one request each, the
role pool reused across games, the bot's missing permissions reported before anything is made,
and nothing left behind after the cleanup."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import discord
import pytest

from bot import MafiaBot, create_bot
from cogs.delivery.adapter import perform
from cogs.delivery.close_kind import close_game
from cogs.delivery.setup_kind import set_up
from cogs.game import server
from cogs.game.aftermath import MORGUE_MUTE
from cogs.game.server import GameChannels
from cogs.game.server.checks import POOL_ROLE_ABOVE_BOT
from cogs.game.server.objects import plan
from cogs.game.server.overwrites import CABINET_MEMBER
from db import close_db, init_db
from db.games import create_game, game_channels, pooled_roles
from db.guild_settings import update_settings
from db.outbox import OutboxItem, member_roles, overwrite, unoverwrite
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.story import (
    DEFAULT_BOT_PERMISSIONS,
    ChannelHandle,
    GuildHandle,
    MemberHandle,
    Refused,
)

T = TypeVar("T")

MEMBERS_ROUTE = "PATCH /guilds/{guild_id}/members/{user_id}"
CREATE_CHANNEL = "POST /guilds/{guild_id}/channels"
CREATE_ROLE = "POST /guilds/{guild_id}/roles"
EDIT_ROLE = "PATCH /guilds/{guild_id}/roles/{role_id}"
#: A moderator's server role: moderation powers, no game powers.
MODERATOR_PERMISSIONS = P.KICK_MEMBERS | P.MANAGE_MESSAGES | P.MANAGE_NICKNAMES | P.MODERATE_MEMBERS
PEOPLE = [
    *("hana", "ann", "boris", "dima", "sveta", "petr", "kolya"),
    {"name": "mod", "roles": ["Moderator"]},
]
#: Everyone a game gives a role: the host, the players, the spectator.
EVERYONE = ("hana", "ann", "boris", "dima", "sveta")


@dataclass
class World:
    emu: Any
    guild: GuildHandle
    bot: MafiaBot

    @property
    def discord_guild(self) -> discord.Guild:
        found = self.bot.get_guild(self.guild.id)
        assert found is not None
        return found

    async def member(self, name: str) -> discord.Member:
        """The member as the bot reads him now (its cache is not kept live: no members intent)."""
        return await self.discord_guild.fetch_member(self.guild.member(name).id)

    def ids(self, names: Iterable[str]) -> list[int]:
        return [self.guild.member(name).id for name in names]

    def channel(self, channel_id: int) -> ChannelHandle:
        return next(c for c in self.guild.channels if c.id == channel_id)

    async def costs(self, action: Callable[[], Awaitable[T]]) -> tuple[T, Counter[str]]:
        """What ``action`` returned and the requests it sent, by route (reads excluded)."""
        before = self.emu.route_counts()
        result = await action()
        after = self.emu.route_counts()
        sent = Counter({r: n - before[r] for r, n in after.items() if not r.startswith("GET ")})
        return result, +sent

    async def new_game(self, title: str | None = "Test") -> tuple[GameChannels, Counter[str]]:
        """The start's setup row as the delivery performs it (cogs.delivery.setup_kind)."""
        game = await create_game(self.guild.id, self.guild.member("hana").id, "two-sided")
        mafia = [str(i) for i in self.ids(["ann", "dima"])]  # the start's: alive, in the cabinet
        spec = plan(game.id, title, self.guild.member("hana").id, {"mafia": mafia}, mafia, [])

        async def made() -> GameChannels:
            await set_up(self.discord_guild, spec)
            channels = await server.load_game_channels(game.id)
            assert channels is not None
            return channels

        return await self.costs(made)

    async def roles(self, name: str, channels: GameChannels, add: str, remove: set[str]) -> None:
        """One ``roles`` row (a start's, a death's, a spectator's) as the delivery performs it."""
        by_kind = channels.roles.by_kind()
        row = member_roles(self.guild.id, self.guild.member(name).id, add=[by_kind[add]],
                           remove=[by_kind[k] for k in remove])  # fmt: skip
        await perform(self.bot, OutboxItem(0, channels.game_id, row, 0))

    async def play(self, channels: GameChannels) -> None:
        """Ann, Boris and Dima alive, Sveta watching; then Dima dies."""
        for name in ("ann", "boris", "dima"):
            await self.roles(name, channels, server.ALIVE, set())
        await self.roles("sveta", channels, server.SPECTATOR, set())
        await self.roles("dima", channels, server.DEAD, {server.ALIVE})


def _make_guild(emu: Any, **options: Any) -> GuildHandle:
    options.setdefault("members", PEOPLE)
    options.setdefault("roles", [{"name": "Moderator", "permissions": MODERATOR_PERMISSIONS}])
    guild: GuildHandle = emu.make_guild(**options)
    return guild


async def _world(emu: Any, start_bot: Any, tmp_path: Path, **options: Any) -> World:
    """The guild and the real bot on one database, which the test opens too: the test calls the
    adapter as the game layer will, with the bot's discord.py objects."""
    guild = _make_guild(emu, **options)
    url = f"sqlite://{tmp_path / 'server.sqlite3'}"
    await init_db(url)
    await update_settings(guild.id, language="en")  # the bot's default is Russian
    bot = create_bot(Settings(database_url=url))
    await start_bot(bot)
    return World(emu, guild, bot)


@pytest.fixture
async def opened_db() -> AsyncIterator[None]:
    try:
        yield
    finally:
        await close_db()


@pytest.fixture
async def world(emu: Any, start_bot: Any, tmp_path: Path, opened_db: None) -> AsyncIterator[World]:
    yield await _world(emu, start_bot, tmp_path)


def _cell(member: MemberHandle, channel: ChannelHandle) -> str:
    read = member.can(P.VIEW_CHANNEL | P.READ_MESSAGE_HISTORY, channel)
    write = member.can(P.SEND_MESSAGES, channel)
    assert member.can(P.SEND_MESSAGES_IN_THREADS, channel) == write, (member, channel)
    # Writing is all or nothing (reactions and threads follow messages), but for the posts
    # alone of "p": the living in the morgue, whose posts the bot judges (R-SANCT-1b).
    full = member.can(P.ADD_REACTIONS | P.CREATE_PUBLIC_THREADS, channel)
    assert not full or write, (member, channel)
    return ("r" if read else "-") + ("w" if full else "p" if write else "")


def _matrix(world: World, channels: GameChannels) -> dict[str, tuple[str, ...]]:
    ids = [
        channels.announcements,
        channels.discussion,
        channels.voting,
        channels.morgue,
        channels.cabinets["mafia"],
        channels.host,
    ]
    who = {
        "host": "hana",
        "alive, in the cabinet": "ann",
        "alive": "boris",
        "dead, in the cabinet": "dima",
        "autokilled": "kolya",
        "spectator": "sveta",
        "plain member": "petr",
        "moderator": "mod",
    }
    return {
        label: tuple(_cell(world.guild.member(name), world.channel(i)) for i in ids)
        for label, name in who.items()
    }


async def test_the_permission_matrix(world: World) -> None:
    channels, _ = await world.new_game()
    await world.play(channels)
    # Kolya is autokilled (R-VOTE-4): dead, and muted in the morgue as the game layer does it.
    kolya = await world.member("kolya")
    await world.roles("kolya", channels, server.ALIVE, set())
    await world.roles("kolya", channels, server.DEAD, {server.ALIVE})
    mute = overwrite(channels.morgue, kolya.id, deny=MORGUE_MUTE)  # the outbox row's effect
    await perform(world.bot, OutboxItem(0, channels.game_id, mute, 0))
    # announcements, discussion, voting, morgue, cabinet, host (r: reads, w: writes, p: posts only, -: hidden)
    assert _matrix(world, channels) == {
        "host": ("rw", "rw", "r", "rw", "rw", "rw"),
        # R-SANCT-1a/b: the living read the morgue and may post (the bot judges each post)
        "alive, in the cabinet": ("r", "rw", "r", "rp", "rw", "-"),
        "alive": ("r", "rw", "r", "rp", "-", "-"),
        "dead, in the cabinet": ("r", "r", "r", "rw", "r", "-"),  # R-SANCT-1
        "autokilled": ("r", "r", "r", "r", "-", "-"),  # R-VOTE-4: reads the morgue, no more
        "spectator": ("r", "r", "r", "-", "-", "-"),
        "plain member": ("r", "r", "r", "-", "-", "-"),
        "moderator": ("r", "r", "r", "-", "-", "-"),
    }


async def test_the_emulator_refuses_the_posts_the_matrix_forbids(world: World) -> None:
    channels, _ = await world.new_game()
    await world.play(channels)
    g = world.guild
    discussion, voting = world.channel(channels.discussion), world.channel(channels.voting)
    morgue, cabinet = world.channel(channels.morgue), world.channel(channels.cabinets["mafia"])
    announcements = world.channel(channels.announcements)
    # The day's thread in the discussion, opened by the bot.
    day = await world.discord_guild.get_channel_or_thread(channels.discussion).create_thread(  # type: ignore[union-attr]
        name="day-1", type=discord.ChannelType.public_thread
    )
    thread = world.channel(day.id)

    assert (await g.member("ann").post(discussion, "I suspect Boris")).text == "I suspect Boris"
    await g.member("ann").post(thread, "day 1: my vote goes to Boris")
    await g.member("ann").post(cabinet, "shoot Petr tonight")
    await g.member("dima").post(morgue, "hello from the other side")
    await g.member("hana").post(announcements, "Day 1 begins")
    refused = [
        ("dima", discussion),  # R-SANCT-1: the dead post only in the morgue
        ("dima", thread),
        ("dima", cabinet),
        ("ann", voting),  # votes are the bot's posts
        ("hana", voting),
        ("sveta", discussion),
        ("sveta", morgue),
        ("petr", announcements),
        ("mod", discussion),
        ("mod", cabinet),
        ("boris", cabinet),
    ]
    for name, channel in refused:
        with pytest.raises(Refused) as caught:
            await g.member(name).post(channel, "psst")
        assert caught.value.status == 403, (name, channel)
    # The bot itself posts everywhere, the voting channel included.
    vote_post = await world.discord_guild.get_channel(channels.voting).send("Day 1: vote")  # type: ignore[union-attr]
    assert voting.last_message is not None and voting.last_message.id == vote_post.id
    assert [m.text for m in morgue.messages] == ["hello from the other side"]


async def test_a_death_is_one_member_edit(world: World) -> None:
    channels, _ = await world.new_game()
    await world.play(channels)
    _, sent = await world.costs(lambda: world.roles("boris", channels, server.DEAD, {server.ALIVE}))
    assert sent == Counter({MEMBERS_ROUTE: 1})
    handle = world.guild.member("boris")
    assert channels.roles.dead in handle.member.roles
    assert channels.roles.alive not in handle.member.roles
    await handle.post(world.channel(channels.morgue), "I was a citizen")
    with pytest.raises(Refused):
        await handle.post(world.channel(channels.discussion), "avenge me")
    # Delivered again (an outbox replay): nothing is sent.
    _, sent = await world.costs(lambda: world.roles("boris", channels, server.DEAD, {server.ALIVE}))
    assert sent == Counter()


async def test_channels_are_created_with_their_overwrites_one_request_each(world: World) -> None:
    channels, sent = await world.new_game()
    # Category + announcements, discussion, voting, morgue, host + one cabinet; the four roles
    # of an empty pool; the host's role and the two players'. No overwrite or channel edit
    # after the creates.
    assert sent == Counter({CREATE_CHANNEL: 7, CREATE_ROLE: 4, MEMBERS_ROUTE: 3})
    assert await server.load_game_channels(channels.game_id) == channels
    recorded = await game_channels(channels.game_id)
    assert len(recorded) == 7 and {r.channel_id for r in recorded} == set(channels.channel_ids())
    morgue = world.channel(channels.morgue)
    assert morgue.category == "Mafia #1: Test" and morgue.name == "morgue"
    assert world.guild.member("hana").has_role("Mafia #1: host")


async def test_channel_names_are_in_the_servers_language(world: World) -> None:
    await update_settings(world.guild.id, language="ru")
    channels, _ = await world.new_game(title=None)
    names = [world.channel(i).name for i in channels.channel_ids()]
    assert names == [
        "объявления",
        "обсуждение",
        "голосование",
        "морг",
        "ведущий",
        "кабинет-мафии",
        "Мафия №1",
    ]
    assert world.guild.has_role("Мафия №1: мёртвые")


async def test_a_long_title_is_cut_to_discords_limit(world: World) -> None:
    channels, _ = await world.new_game(title="T" * 100)  # the longest title the lobby takes
    name = world.channel(channels.category).name
    assert len(name) == 100 and name.startswith("Mafia #1: TTT")


async def test_cabinet_membership_changes_by_member_overwrite(world: World) -> None:
    channels, _ = await world.new_game()
    await world.play(channels)
    cabinet = channels.cabinets["mafia"]
    boris = world.guild.member("boris")
    joins = overwrite(cabinet, boris.id, allow=CABINET_MEMBER[0].value)  # the child's, R-LIFE-4
    _, sent = await world.costs(
        lambda: perform(world.bot, OutboxItem(0, channels.game_id, joins, 0))
    )
    assert sent == Counter({"PUT /channels/{channel_id}/permissions/{overwrite_id}": 1})
    await boris.post(world.channel(cabinet), "I am the child, I am in")
    leaves = unoverwrite(cabinet, boris.id)
    _, sent = await world.costs(
        lambda: perform(world.bot, OutboxItem(0, channels.game_id, leaves, 0))
    )
    assert sent == Counter({"DELETE /channels/{channel_id}/permissions/{overwrite_id}": 1})
    assert not boris.can(P.VIEW_CHANNEL, world.channel(cabinet))


async def test_the_role_pool_is_reused_by_the_next_game(world: World) -> None:
    first, sent = await world.new_game()
    assert sent[CREATE_ROLE] == 4
    await world.play(first)
    await close_game(world.discord_guild, first.game_id, world.ids(EVERYONE))
    # Every game role taken back from its holders, every role free again.
    for name in ("hana", "ann", "boris", "dima", "sveta"):
        assert not set(world.guild.member(name).member.roles) & first.roles.ids(), name
    assert all(p.game_id is None for p in await pooled_roles(world.guild.id))

    second, sent = await world.new_game()
    assert sent[CREATE_ROLE] == 0 and sent[EDIT_ROLE] == 4  # renamed for game 2, not created
    assert second.roles == first.roles
    assert world.guild.has_role("Mafia #2: alive") and not world.guild.has_role("Mafia #1: alive")
    # A third game while the second runs: the pool has nothing free, so it grows by four.
    third, sent = await world.new_game()
    assert sent[CREATE_ROLE] == 4 and not third.roles.ids() & second.roles.ids()
    assert len(await pooled_roles(world.guild.id)) == 8


async def test_the_game_is_read_only_after_the_close(world: World) -> None:
    channels, _ = await world.new_game()
    await world.play(channels)
    _, sent = await world.costs(
        lambda: close_game(world.discord_guild, channels.game_id, world.ids(EVERYONE))
    )
    # One edit per channel; one member edit per member holding a game role (host, 3 players,
    # the spectator).
    assert sent == Counter({"PATCH /channels/{channel_id}": 7, MEMBERS_ROUTE: 5})
    for name in ("hana", "ann", "dima", "petr"):
        for channel_id in channels.channel_ids()[:-1]:
            assert _cell(world.guild.member(name), world.channel(channel_id)) == "r", name
    with pytest.raises(Refused):
        await world.guild.member("ann").post(world.channel(channels.discussion), "one more")
    assert await server.load_game_channels(channels.game_id) is None  # roles given back


async def _cleanup(world: World, game_id: int) -> int:
    """``/host cleanup``'s part for one game: its deletions, outbox rows, delivered in order."""
    from db.outbox import pending
    from db.outbox_claims import delivered

    count = await server.delete_game_channels(game_id)
    for row in await pending(game_id=game_id):
        await perform(world.bot, row)
        await delivered(row.id)
    return count


async def test_cleanup_leaves_nothing_behind(world: World) -> None:
    g = world.guild
    before_any_game = g.snapshot()
    first, _ = await world.new_game()
    await world.play(first)
    await close_game(world.discord_guild, first.game_id, world.ids(EVERYONE))
    assert await _cleanup(world, first.game_id) == 7
    # What remains is the pool, kept for the next game.
    assert g.left_behind(before_any_game) == {
        "roles": sorted(f"Mafia #1: {kind}" for kind in ("alive", "dead", "host", "spectator")),
        "channels": [],
    }
    assert await game_channels(first.game_id) == []

    with_pool = g.snapshot()
    second, _ = await world.new_game()
    await world.play(second)
    await close_game(world.discord_guild, second.game_id, world.ids(EVERYONE))
    await _cleanup(world, second.game_id)
    assert g.left_behind(with_pool) == {"roles": [], "channels": []}


async def test_missing_permissions_are_reported_before_anything_is_made(
    emu: Any, start_bot: Any, tmp_path: Path, opened_db: None
) -> None:
    lacking = P.MANAGE_ROLES | P.MANAGE_CHANNELS | P.MANAGE_THREADS
    world = await _world(
        emu, start_bot, tmp_path, bot_permissions=DEFAULT_BOT_PERMISSIONS & ~lacking
    )
    problems = await server.check_bot_can_host(world.discord_guild)
    assert problems == ["manage_channels", "manage_roles", "manage_threads"]
    before = emu.route_counts()
    with pytest.raises(server.CannotHost) as caught:
        await world.new_game()
    assert caught.value.problems == problems
    sent = emu.route_counts() - before
    assert [route for route in sent if not route.startswith("GET ")] == []  # nothing made
    assert server.explain_problems(problems, "en", world.discord_guild) == [
        "I need the “Manage Channels” permission on this server.",
        "I need the “Manage Roles” permission on this server.",
        "I need the “Manage Threads” permission on this server.",
    ]
    assert "«Управлять ролями»" in server.explain_problems(problems, "ru", world.discord_guild)[1]


async def test_a_pooled_role_above_the_bot_is_reported(world: World) -> None:
    channels, _ = await world.new_game()
    await close_game(world.discord_guild, channels.game_id, world.ids(EVERYONE))
    assert await server.check_bot_can_host(world.discord_guild) == []
    # A server admin drags the pool's dead role above the bot's role.
    raw = world.guild.raw.roles[channels.roles.dead]
    raw.position = max(r.position for r in world.guild.raw.roles.values()) + 1
    world.emu.dispatch(
        "GUILD_ROLE_UPDATE", {"guild_id": str(world.guild.id), "role": raw.to_json()}
    )
    await world.emu.wait_until(
        lambda: world.discord_guild.get_role(raw.id).position == raw.position  # type: ignore[union-attr]
    )
    problems = await server.check_bot_can_host(world.discord_guild)
    assert problems == [POOL_ROLE_ABOVE_BOT]
    bot_role = world.discord_guild.me.top_role.name
    assert server.explain_problems(problems, "en", world.discord_guild) == [
        f"Move my role “{bot_role}” above the game roles in the server's role list: "
        "I cannot give roles above my own."
    ]


async def test_a_setup_refused_half_way_is_finished_by_its_retry(world: World) -> None:
    """The setup row retried after a refusal (the host fixed the permission) finishes what the
    first attempt began: nothing made twice, every channel and role there once."""
    g = world.guild
    before = g.snapshot()
    # The category is made, then Discord answers 403 (an admin took a permission meanwhile).
    world.emu.fail_next("POST", "/guilds/{guild_id}/channels", status=403, after_apply=True)
    with pytest.raises(discord.Forbidden):
        await world.new_game()
    assert len(g.left_behind(before)["channels"]) == 1  # the category, which the bot never heard of
    game_id = max(p.game_id or 0 for p in await pooled_roles(g.id))
    mafia = [str(i) for i in world.ids(["ann", "dima"])]
    spec = plan(game_id, "Test", g.member("hana").id, {"mafia": mafia}, mafia, [])
    await set_up(world.discord_guild, spec)
    made = g.left_behind(before)
    assert len(made["channels"]) == 7 and len(set(made["channels"])) == 7
    assert len(made["roles"]) == 4
    assert g.member("hana").has_role("Mafia #1: host")
