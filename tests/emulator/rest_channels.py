"""REST: the guild, its channels and categories, permission overwrites and threads.

Each handler checks what Discord checks (MANAGE_CHANNELS / MANAGE_ROLES / thread permissions in
the channel, overwrites granting only what the bot itself has, MANAGE_ROLES in an overwrite only
from an administrator), Discord's caps (500 channels per server: 30013; 50 per category: 400
CHANNEL_PARENT_MAX_CHANNELS), stores names and topics as Discord does (``rules.py``), changes
the state, and announces the change with the event Discord sends (CHANNEL_CREATE/UPDATE/DELETE,
THREAD_CREATE, ...).  Editing a category's overwrites also edits its synced children.
"""

from __future__ import annotations

from typing import Any

from . import checks
from . import permissions as P
from .rest_messages import find_message
from .routes import ApiError, Created, Req, invalid_form_body, route
from .rules import stored_channel_name, topic_problems
from .state import GUILD_CATEGORY, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Guild

MAX_GUILD_CHANNELS = 500  # threads do not count
MAX_CATEGORY_CHILDREN = 50


def channel_event(channel: Channel) -> dict[str, Any]:
    return channel.to_json()


def _overwrites_from(body: list[dict[str, Any]] | None) -> dict[int, P.Overwrite]:
    out: dict[int, P.Overwrite] = {}
    for ow in body or []:
        oid = int(ow["id"])
        out[oid] = P.Overwrite(oid, int(ow.get("type", 0)), int(ow.get("allow") or 0), int(ow.get("deny") or 0))
    return out


def _check_overwrite_bits(req: Req, guild: Guild, overwrites: dict[int, P.Overwrite], channel: Channel | None) -> None:
    """Discord: only permissions the bot itself has may be allowed or denied in overwrites, and
    MANAGE_ROLES ("Manage Permissions") only by an administrator or a bot allowed MANAGE_ROLES
    by an overwrite of that channel (API changelog of 22 January 2021; refusals reported in
    discord/discord-api-docs#7187 and #7978).  An overwrite already on the channel may be sent
    back unchanged: discord.py resends all of them on ``edit(overwrites=...)``."""
    if not overwrites:
        return
    world = req.emu.world
    checks.require(world, guild, P.MANAGE_ROLES, channel, what="edit permission overwrites")
    have = world.permissions(guild, world.bot.id)  # Discord: what the bot has in the guild
    existing = channel.overwrites if channel is not None else {}
    for ow in overwrites.values():
        extra = (ow.allow | ow.deny) & ~have
        if extra and have != P.ALL:
            raise checks.missing_permissions(
                f"overwrite for {ow.id} sets {', '.join(P.names(extra))}, which the bot does not have"
            )
        if (ow.allow | ow.deny) & P.MANAGE_ROLES and existing.get(ow.id) != ow and not _may_grant_manage_roles(world, guild, channel):
            raise checks.missing_permissions(
                f"overwrite for {ow.id} sets MANAGE_ROLES: only an administrator bot, or one allowed "
                f"MANAGE_ROLES by this channel's overwrites, may"
            )


def _may_grant_manage_roles(world: Any, guild: Guild, channel: Channel | None) -> bool:
    if world.permissions(guild, world.bot.id) == P.ALL:  # administrator or owner
        return True
    if channel is None:
        return False
    member = guild.members[world.bot.id]
    mine = {world.bot.id, guild.id, *member.roles}
    return any(ow.allow & P.MANAGE_ROLES for oid, ow in channel.overwrites.items() if oid in mine)


def _check_topic(req: Req, body: dict[str, Any], kind: int) -> None:
    problems = topic_problems(body, kind, f"{req.method} {req.template}")
    if problems:
        raise invalid_form_body(problems, "BASE_TYPE_MAX_LENGTH")


def _check_room(guild: Guild, parent_id: int | None, *, new: bool) -> None:
    """500 channels per server, 50 per category (a new channel, or one moved into it)."""
    if new and sum(1 for c in guild.channels.values() if not c.is_thread) >= MAX_GUILD_CHANNELS:
        raise ApiError(400, 30013, f"Maximum number of guild channels reached ({MAX_GUILD_CHANNELS})")
    if parent_id and sum(1 for c in guild.channels.values() if c.parent_id == parent_id and not c.is_thread) >= MAX_CATEGORY_CHILDREN:
        err = invalid_form_body([f"field 'parent_id': Maximum number of channels in category reached ({MAX_CATEGORY_CHILDREN})"],
                                "CHANNEL_PARENT_MAX_CHANNELS")
        raise err


def _sync_children(req: Req, guild: Guild, category: Channel, before: dict[int, P.Overwrite]) -> None:
    """Discord keeps "synced" channels synced: a child whose overwrites equalled the category's
    before the edit gets the same change (and its own CHANNEL_UPDATE).  Undocumented; seen by
    API users in Rapptz/discord.py#5169 (the children changed) and discordjs/discord.js#6004
    (a CHANNEL_UPDATE per child after the category's)."""
    if category.type != GUILD_CATEGORY or before == category.overwrites:
        return
    for child in guild.channels.values():
        if child.parent_id == category.id and not child.is_thread and child.overwrites == before:
            child.overwrites = dict(category.overwrites)
            req.emu.dispatch("CHANNEL_UPDATE", channel_event(child))


# -- guild ---------------------------------------------------------------------------------------


@route("GET", "/guilds/{guild_id}")
def get_guild(req: Req) -> Any:
    data = req.guild().to_json(with_members=False)
    for key in ("members", "channels", "threads", "voice_states", "presences"):
        data.pop(key, None)
    return data


@route("GET", "/users/@me/guilds")
def my_guilds(req: Req) -> Any:
    return [{"id": str(g.id), "name": g.name, "icon": None, "owner": g.owner_id == req.emu.world.bot.id,
             "permissions": str(req.emu.world.permissions(g, req.emu.world.bot.id)), "features": []}
            for g in req.emu.world.guilds.values()]


# -- channels ------------------------------------------------------------------------------------


@route("GET", "/guilds/{guild_id}/channels")
def list_channels(req: Req) -> Any:
    return [c.to_json() for c in req.guild().channels.values() if not c.is_thread]


@route("POST", "/guilds/{guild_id}/channels")
def create_channel(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    body = req.body
    checks.require(world, guild, P.MANAGE_CHANNELS, what="create a channel")
    parent_id = int(body["parent_id"]) if body.get("parent_id") else None
    parent = guild.channels.get(parent_id) if parent_id else None
    if parent_id and (parent is None or parent.type != GUILD_CATEGORY):
        raise ApiError(400, 50035, "Invalid Form Body")
    kind = int(body.get("type") or 0)
    _check_topic(req, body, kind)
    _check_room(guild, parent_id, new=True)
    overwrites = _overwrites_from(body.get("permission_overwrites"))
    _check_overwrite_bits(req, guild, overwrites, None)
    if not body.get("permission_overwrites") and parent is not None:
        overwrites = dict(parent.overwrites)  # a new channel syncs with its category
    channel = Channel(
        id=world.ids.next(),
        type=kind,
        name=stored_channel_name(body["name"], kind),
        guild_id=guild.id,
        position=body.get("position") or len(guild.channels),
        parent_id=parent_id,
        topic=body.get("topic"),
        nsfw=bool(body.get("nsfw")),
        rate_limit_per_user=body.get("rate_limit_per_user") or 0,
        overwrites=overwrites,
    )
    guild.channels[channel.id] = channel
    world.channels[channel.id] = channel
    req.emu.dispatch("CHANNEL_CREATE", channel_event(channel))
    return Created(channel.to_json())


@route("PATCH", "/guilds/{guild_id}/channels")
def channel_positions(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    checks.require(world, guild, P.MANAGE_CHANNELS, what="move channels")
    for item in req.body:
        channel = guild.channels.get(int(item["id"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        if item.get("position") is not None:
            channel.position = item["position"]
        if "parent_id" in item:
            parent_id = int(item["parent_id"]) if item["parent_id"] else None
            if parent_id and parent_id != channel.parent_id:
                _check_room(guild, parent_id, new=False)
            channel.parent_id = parent_id
        req.emu.dispatch("CHANNEL_UPDATE", channel_event(channel))
    return None


@route("GET", "/channels/{channel_id}")
def get_channel(req: Req) -> Any:
    return req.channel().to_json()


def _guild_channel(req: Req) -> tuple[Guild, Channel]:
    channel = req.channel()
    guild = req.emu.world.guild_of(channel)
    if guild is None:
        raise ApiError(400, 50003, "Cannot execute action on a DM channel")
    return guild, channel


@route("PATCH", "/channels/{channel_id}")
def edit_channel(req: Req) -> Any:
    world = req.emu.world
    guild, channel = _guild_channel(req)
    body = req.body or {}
    if channel.is_thread:
        if channel.owner_id != world.bot.id:
            checks.require(world, guild, P.MANAGE_THREADS, channel, what="edit a thread")
        for key in ("name", "archived", "locked", "invitable", "auto_archive_duration", "rate_limit_per_user"):
            if key in body and body[key] is not None:
                setattr(channel, key, body[key])
        req.emu.dispatch("THREAD_UPDATE", channel_event(channel))
        return channel.to_json()
    checks.require(world, guild, P.MANAGE_CHANNELS, channel, what="edit a channel")
    _check_topic(req, body, channel.type)
    new_parent = int(body["parent_id"]) if body.get("parent_id") else None
    if new_parent and new_parent != channel.parent_id:
        _check_room(guild, new_parent, new=False)
    before = dict(channel.overwrites)
    if "permission_overwrites" in body and body["permission_overwrites"] is not None:
        overwrites = _overwrites_from(body["permission_overwrites"])
        _check_overwrite_bits(req, guild, overwrites, channel)
        channel.overwrites = overwrites
    for key in ("topic", "nsfw", "rate_limit_per_user", "position"):
        if key in body and body[key] is not None:
            setattr(channel, key, body[key])
    if body.get("name") is not None:
        channel.name = stored_channel_name(body["name"], channel.type)
    if "parent_id" in body:
        channel.parent_id = new_parent
        if body.get("lock_permissions") and channel.parent_id:
            channel.overwrites = dict(guild.channels[channel.parent_id].overwrites)
    req.emu.dispatch("CHANNEL_UPDATE", channel_event(channel))
    _sync_children(req, guild, channel, before)
    return channel.to_json()


@route("DELETE", "/channels/{channel_id}")
def delete_channel(req: Req) -> Any:
    world = req.emu.world
    guild, channel = _guild_channel(req)
    if channel.is_thread:
        checks.require(world, guild, P.MANAGE_THREADS, channel, what="delete a thread")
    else:
        checks.require(world, guild, P.MANAGE_CHANNELS, channel, what="delete a channel")
    del guild.channels[channel.id]
    del world.channels[channel.id]
    if channel.type == GUILD_CATEGORY:
        for child in guild.channels.values():
            if child.parent_id == channel.id:
                child.parent_id = None
    req.emu.dispatch("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", channel_event(channel))
    return channel.to_json()


@route("PUT", "/channels/{channel_id}/permissions/{overwrite_id}")
def put_overwrite(req: Req) -> Any:
    guild, channel = _guild_channel(req)
    oid = req.id("overwrite_id")
    body = req.body or {}
    kind = int(body.get("type") or 0)
    if (kind == 0 and oid not in guild.roles) or (kind == 1 and oid not in guild.members):
        raise ApiError(404, 10009, "Unknown Overwrite")
    ow = P.Overwrite(oid, kind, int(body.get("allow") or 0), int(body.get("deny") or 0))
    _check_overwrite_bits(req, guild, {oid: ow}, channel)
    before = dict(channel.overwrites)
    channel.overwrites[oid] = ow
    req.emu.dispatch("CHANNEL_UPDATE", channel_event(channel))
    _sync_children(req, guild, channel, before)
    return None


@route("DELETE", "/channels/{channel_id}/permissions/{overwrite_id}")
def delete_overwrite(req: Req) -> Any:
    guild, channel = _guild_channel(req)
    checks.require(req.emu.world, guild, P.MANAGE_ROLES, channel, what="delete a permission overwrite")
    before = dict(channel.overwrites)
    channel.overwrites.pop(req.id("overwrite_id"), None)
    req.emu.dispatch("CHANNEL_UPDATE", channel_event(channel))
    _sync_children(req, guild, channel, before)
    return None


# -- threads -------------------------------------------------------------------------------------


def _new_thread(req: Req, guild: Guild, parent: Channel, name: str, kind: int, body: dict[str, Any]) -> Channel:
    world = req.emu.world
    need = P.CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else P.CREATE_PUBLIC_THREADS
    checks.require(world, guild, P.VIEW_CHANNEL | need, parent, what="create a thread")
    thread = Channel(
        id=world.ids.next(),
        type=kind,
        name=name,
        guild_id=guild.id,
        parent_id=parent.id,
        owner_id=world.bot.id,
        auto_archive_duration=body.get("auto_archive_duration") or 1440,
        invitable=body.get("invitable", True) if body.get("invitable") is not None else True,
        rate_limit_per_user=body.get("rate_limit_per_user") or 0,
        thread_members={world.bot.id},
    )
    guild.channels[thread.id] = thread
    world.channels[thread.id] = thread
    req.emu.dispatch("THREAD_CREATE", channel_event(thread) | {"newly_created": True})
    return thread


@route("POST", "/channels/{channel_id}/threads")
def create_thread(req: Req) -> Any:
    guild, parent = _guild_channel(req)
    body = req.body or {}
    kind = int(body.get("type") or PRIVATE_THREAD)
    return Created(_new_thread(req, guild, parent, body["name"], kind, body).to_json())


@route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
def thread_from_message(req: Req) -> Any:
    guild, parent = _guild_channel(req)
    find_message(parent, req.id("message_id"))
    body = req.body or {}
    return Created(_new_thread(req, guild, parent, body["name"], PUBLIC_THREAD, body).to_json())


@route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
@route("PUT", "/channels/{channel_id}/thread-members/@me")
def join_thread(req: Req) -> Any:
    _, thread = _guild_channel(req)
    uid = req.id("user_id") if "user_id" in req.params else req.emu.world.bot.id
    thread.thread_members.add(uid)
    return None


@route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
@route("DELETE", "/channels/{channel_id}/thread-members/@me")
def leave_thread(req: Req) -> Any:
    _, thread = _guild_channel(req)
    uid = req.id("user_id") if "user_id" in req.params else req.emu.world.bot.id
    thread.thread_members.discard(uid)
    return None


@route("GET", "/guilds/{guild_id}/threads/active")
def active_threads(req: Req) -> Any:
    guild = req.guild()
    threads = [c for c in guild.channels.values() if c.is_thread and not c.archived]
    return {"threads": [t.to_json() for t in threads], "members": []}
