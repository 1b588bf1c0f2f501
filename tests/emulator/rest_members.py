"""REST: roles, members (nicknames, roles, timeouts, kicks) and bans.

Each handler checks what Discord checks — the permission bit, the role hierarchy (only roles and
members strictly below the bot's top role; never the owner), never timing out an administrator —
then changes the state and announces it (GUILD_ROLE_*, GUILD_MEMBER_UPDATE/REMOVE, GUILD_BAN_ADD).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from . import checks
from . import permissions as P
from .routes import ApiError, Req, route
from .state import Guild, Member, Role

MAX_TIMEOUT = dt.timedelta(days=28)
MAX_ROLES = 250  # Discord's cap per server (code 30005), @everyone not counted


def member_event(member: Member) -> dict[str, Any]:
    return member.to_json() | {"guild_id": str(member.guild_id)}


# -- roles ---------------------------------------------------------------------------------------


def role_event(role: Role) -> dict[str, Any]:
    return {"guild_id": str(role.guild_id), "role": role.to_json()}


@route("GET", "/guilds/{guild_id}/roles")
def list_roles(req: Req) -> Any:
    return [r.to_json() for r in req.guild().roles.values()]


def _check_role_permissions(req: Req, guild: Guild, value: int) -> None:
    """Discord: a bot cannot grant permissions it does not have itself."""
    world = req.emu.world
    have = world.permissions(guild, world.bot.id)
    extra = value & ~have
    if extra and have != P.ALL:
        raise checks.missing_permissions(f"role would grant {', '.join(P.names(extra))}, which the bot does not have")


@route("POST", "/guilds/{guild_id}/roles")
def create_role(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    body = req.body or {}
    checks.require(world, guild, P.MANAGE_ROLES, what="create a role")
    if len(guild.roles) - 1 >= MAX_ROLES:
        raise ApiError(400, 30005, f"Maximum number of guild roles reached ({MAX_ROLES})")
    perms = int(body.get("permissions") or 0) if body.get("permissions") is not None else guild.everyone.permissions
    _check_role_permissions(req, guild, perms)
    role = Role(
        id=world.ids.next(), guild_id=guild.id, name=body.get("name") or "new role",
        permissions=perms, position=1, color=body.get("color") or 0,
        hoist=bool(body.get("hoist")), mentionable=bool(body.get("mentionable")),
    )
    for other in guild.roles.values():  # a new role goes just above @everyone
        if other.id != guild.id:
            other.position += 1
    guild.roles[role.id] = role
    req.emu.dispatch("GUILD_ROLE_CREATE", role_event(role))
    return role.to_json()


@route("PATCH", "/guilds/{guild_id}/roles")
def role_positions(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    checks.require(world, guild, P.MANAGE_ROLES, what="move roles")
    for item in req.body:
        role = guild.roles.get(int(item["id"]))
        if role is None:
            raise ApiError(404, 10011, "Unknown Role")
        checks.above_role(world, guild, role, what="move it")
        if item.get("position") is not None:
            if item["position"] >= world.top_position(guild, world.bot.id) and not checks.bot_is_owner(world, guild):
                raise checks.missing_permissions(f"cannot move role '{role.name}' to or above the bot's top role")
            role.position = item["position"]
        req.emu.dispatch("GUILD_ROLE_UPDATE", role_event(role))
    return [r.to_json() for r in guild.roles.values()]


@route("PATCH", "/guilds/{guild_id}/roles/{role_id}")
def edit_role(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    role = req.role(guild)
    body = req.body or {}
    checks.require(world, guild, P.MANAGE_ROLES, what="edit a role")
    if role.id != guild.id:
        checks.above_role(world, guild, role, what="edit it")
    if body.get("permissions") is not None:
        _check_role_permissions(req, guild, int(body["permissions"]))
        role.permissions = int(body["permissions"])
    for key in ("name", "color", "hoist", "mentionable"):
        if key in body and body[key] is not None:
            setattr(role, key, body[key])
    req.emu.dispatch("GUILD_ROLE_UPDATE", role_event(role))
    return role.to_json()


@route("DELETE", "/guilds/{guild_id}/roles/{role_id}")
def delete_role(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    role = req.role(guild)
    checks.require(world, guild, P.MANAGE_ROLES, what="delete a role")
    if role.id == guild.id:
        raise ApiError(400, 50028, "Invalid Role")
    checks.above_role(world, guild, role, what="delete it")
    del guild.roles[role.id]
    for member in guild.members.values():
        if role.id in member.roles:
            member.roles.remove(role.id)
    for channel in guild.channels.values():
        channel.overwrites.pop(role.id, None)
    req.emu.dispatch("GUILD_ROLE_DELETE", {"guild_id": str(guild.id), "role_id": str(role.id)})
    return None


# -- members -------------------------------------------------------------------------------------


@route("GET", "/guilds/{guild_id}/members/{user_id}")
def get_member(req: Req) -> Any:
    guild = req.guild()
    return req.member(guild).to_json()


@route("GET", "/guilds/{guild_id}/members")
def list_members(req: Req) -> Any:
    guild = req.guild()
    after = int(req.query.get("after", 0))
    limit = int(req.query.get("limit", 1))
    members = sorted((m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id)
    return [m.to_json() for m in members[:limit]]


@route("GET", "/guilds/{guild_id}/members/search")
def search_members(req: Req) -> Any:
    guild = req.guild()
    q = req.query.get("query", "").lower()
    limit = int(req.query.get("limit", 1))
    found = [m for m in guild.members.values() if m.user.username.lower().startswith(q) or (m.nick or "").lower().startswith(q)]
    return [m.to_json() for m in found[:limit]]


def _update_member(req: Req, guild: Guild, member: Member) -> Any:
    req.emu.dispatch("GUILD_MEMBER_UPDATE", member_event(member))
    return member.to_json()


@route("PATCH", "/guilds/{guild_id}/members/{user_id}")
def edit_member(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    member = req.member(guild)
    body = req.body or {}
    is_self = member.user.id == world.bot.id
    if "nick" in body:
        if is_self:
            checks.require(world, guild, P.CHANGE_NICKNAME, what="change its nickname")
        else:
            checks.require(world, guild, P.MANAGE_NICKNAMES, what="change a nickname")
            checks.above_member(world, guild, member, what="change their nickname")
        member.nick = body["nick"] or None
    if "roles" in body and body["roles"] is not None:
        checks.require(world, guild, P.MANAGE_ROLES, what="change roles")
        new = [int(r) for r in body["roles"]]
        for rid in set(new) ^ set(member.roles):
            role = guild.roles.get(rid)
            if role is None:
                raise ApiError(404, 10011, "Unknown Role")
            checks.above_role(world, guild, role, what=f"give or take it from {member.user.username}")
        member.roles = [r for r in new if r != guild.id]
    if "communication_disabled_until" in body:
        checks.require(world, guild, P.MODERATE_MEMBERS, what="time out members")
        checks.above_member(world, guild, member, what="time them out")
        checks.not_admin(world, guild, member, what="time them out")
        until = body["communication_disabled_until"]
        if until is None:
            member.timeout_until = None
        else:
            moment = dt.datetime.fromisoformat(until)
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=dt.UTC)
            if moment - req.emu.clock.now() > MAX_TIMEOUT:
                err = ApiError(400, 50035, "Invalid Form Body")
                err.detail = "communication_disabled_until is more than 28 days in the future"  # type: ignore[attr-defined]
                raise err
            member.timeout_until = moment
    return _update_member(req, guild, member)


@route("PATCH", "/guilds/{guild_id}/members/@me")
def edit_me(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    member = guild.members[world.bot.id]
    checks.require(world, guild, P.CHANGE_NICKNAME, what="change its nickname")
    member.nick = (req.body or {}).get("nick") or None
    return _update_member(req, guild, member)


@route("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
def add_role(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    member = req.member(guild)
    role = req.role(guild)
    checks.require(world, guild, P.MANAGE_ROLES, what="add a role")
    checks.above_role(world, guild, role, what=f"give it to {member.user.username}")
    if role.id not in member.roles:
        member.roles.append(role.id)
        _update_member(req, guild, member)
    return None


@route("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}")
def remove_role(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    member = req.member(guild)
    role = req.role(guild)
    checks.require(world, guild, P.MANAGE_ROLES, what="remove a role")
    checks.above_role(world, guild, role, what=f"take it from {member.user.username}")
    if role.id in member.roles:
        member.roles.remove(role.id)
        _update_member(req, guild, member)
    return None


def remove_member(req: Req, guild: Guild, member: Member) -> None:
    guild.part(member.user.id)
    for channel in guild.channels.values():
        channel.thread_members.discard(member.user.id)
    req.emu.dispatch("GUILD_MEMBER_REMOVE", {"guild_id": str(guild.id), "user": member.user.to_json()})


@route("DELETE", "/guilds/{guild_id}/members/{user_id}")
def kick(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    member = req.member(guild)
    checks.require(world, guild, P.KICK_MEMBERS, what="kick")
    checks.above_member(world, guild, member, what="kick them")
    remove_member(req, guild, member)
    return None


# -- bans ----------------------------------------------------------------------------------------


@route("GET", "/guilds/{guild_id}/bans")
def list_bans(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    checks.require(world, guild, P.BAN_MEMBERS, what="list bans")
    return [{"user": world.users[u].to_json(), "reason": r} for u, r in guild.bans.items()]


@route("GET", "/guilds/{guild_id}/bans/{user_id}")
def get_ban(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    checks.require(world, guild, P.BAN_MEMBERS, what="read bans")
    uid = req.id("user_id")
    if uid not in guild.bans:
        raise ApiError(404, 10026, "Unknown Ban")
    return {"user": world.users[uid].to_json(), "reason": guild.bans[uid]}


@route("PUT", "/guilds/{guild_id}/bans/{user_id}")
def ban(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    uid = req.id("user_id")
    user = world.users.get(uid)
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    checks.require(world, guild, P.BAN_MEMBERS, what="ban")
    member = guild.members.get(uid)
    if member is not None:
        checks.above_member(world, guild, member, what="ban them")
    guild.bans[uid] = req.reason
    if member is not None:
        remove_member(req, guild, member)
    req.emu.dispatch("GUILD_BAN_ADD", {"guild_id": str(guild.id), "user": user.to_json()})
    return None


@route("DELETE", "/guilds/{guild_id}/bans/{user_id}")
def unban(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    checks.require(world, guild, P.BAN_MEMBERS, what="unban")
    uid = req.id("user_id")
    if guild.bans.pop(uid, "missing") == "missing":
        raise ApiError(404, 10026, "Unknown Ban")
    req.emu.dispatch("GUILD_BAN_REMOVE", {"guild_id": str(guild.id), "user": world.users[uid].to_json()})
    return None
