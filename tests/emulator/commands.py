"""Slash command payloads built the way Discord's client builds them.

Why: a test saying ``alice.run("/mafia vote", target=boris)`` must produce exactly the
APPLICATION_COMMAND (or AUTOCOMPLETE) ``data`` Discord would send for the command the bot really
synced, and must be refused what Discord's client would not let the user send (unknown options,
missing required ones, values outside ``choices``, commands hidden by ``default_member_permissions``
or not allowed in DMs).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import permissions as P
from .state import DM, Channel, Guild
from .views import Refused

if TYPE_CHECKING:
    from .server import Emulator
    from .story import MemberHandle


def find_command(emu: Emulator, guild: Guild, name: str, *, global_only: bool = False) -> dict[str, Any]:
    world = emu.world
    tables = [world.global_commands] if global_only else [world.guild_commands.get(guild.id, {}), world.global_commands]
    for table in tables:
        for cmd in table.values():
            if cmd["name"] == name and cmd.get("type", 1) == 1:
                return cmd
    known = sorted({c["name"] for c in world.global_commands.values()} | {c["name"] for c in world.guild_commands.get(guild.id, {}).values()})
    raise LookupError(f"no slash command /{name} was synced (did the bot call tree.sync()?); synced: {known}")


def message_menu_data(emu: Emulator, member: MemberHandle, name: str, message: Any, channel: Channel) -> dict[str, Any]:
    """The ``data`` of a message context menu command (type 3) used on ``message``, as Discord's
    client sends it: ``target_id`` and the message in ``resolved.messages``; refused like a slash
    command when the member lacks its ``default_member_permissions``."""
    guild = member.guild
    tables = [emu.world.guild_commands.get(guild.id, {}), emu.world.global_commands]
    cmd = next((c for t in tables for c in t.values() if c["name"] == name and c.get("type") == 3), None)
    if cmd is None:
        raise LookupError(f"no message command {name!r} was synced")
    dmp = cmd.get("default_member_permissions")
    if channel.type != DM and not _may_use(emu, guild, member, channel, name, dmp):
        raise Refused(403, 50013, f"{name!r} is not available to {member.name} (needs {P.names(int(dmp or 0))})")
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 3, "target_id": str(message.id),
                            "resolved": {"messages": {str(message.id): message.to_json()}}}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    return data


def resolve_ids(emu: Emulator, guild: Guild, ids: Iterable[Any]) -> dict[str, Any]:
    world = emu.world
    out: dict[str, dict[str, Any]] = {}
    for raw in ids:
        i = int(raw)
        if i in world.users:
            out.setdefault("users", {})[str(i)] = world.users[i].to_json()
            if i in guild.members:
                member = guild.members[i].to_json(with_user=False)
                member["permissions"] = str(world.permissions(guild, i))
                out.setdefault("members", {})[str(i)] = member
        elif i in guild.roles:
            out.setdefault("roles", {})[str(i)] = guild.roles[i].to_json()
        elif i in world.channels:
            ch = world.channels[i]
            out.setdefault("channels", {})[str(i)] = ch.to_json() | {"permissions": str(world.permissions(guild, world.bot.id, ch))}
    return out


def _option_value(emu: Emulator, guild: Guild, opt: dict[str, Any], value: Any, resolved: list[int],
                  attachments: list[Any]) -> Any:
    kind = opt["type"]
    if kind in (6, 7, 8, 9):  # user, channel, role, mentionable
        if isinstance(value, str) and kind == 8:
            role = next((r for r in guild.roles.values() if r.name == value), None)
            if role is None:
                raise LookupError(f"no role named {value!r}")
            value = role
        i = int(getattr(value, "id", value))
        resolved.append(i)
        return str(i)
    if kind == 3:
        return str(value)
    if kind == 4:
        return int(value)
    if kind == 5:
        return bool(value)
    if kind == 10:
        return float(value)
    if kind == 11:  # an attachment: the client uploads it first; given here as (filename, bytes)
        filename, content = value
        attachment = emu.world.add_attachment(emu.cdn_base, filename, content)
        attachments.append(attachment)
        return str(attachment.id)
    raise ValueError(f"option type {kind} ({opt['name']}) is not supported by the emulator")


def _may_use(emu: Emulator, guild: Guild, member: MemberHandle, channel: Channel, name: str,
             dmp: str | None) -> bool:
    """Whether Discord's client offers the command to ``member``: an administrator always; else
    the admin's overrides for the command (Integrations) — the member's own, else his roles' (an
    allow on any wins), else @everyone's — and without any, ``default_member_permissions``."""
    perms = emu.world.permissions(guild, member.id, channel)
    if perms & P.ADMINISTRATOR:
        return True
    overrides = guild.command_overrides.get(name, {})
    if member.id in overrides:
        return overrides[member.id]
    held = guild.members[member.id].roles if member.id in guild.members else []
    roles = [overrides[r] for r in held if r in overrides]
    if roles:
        return any(roles)
    if guild.id in overrides:
        return overrides[guild.id]
    return dmp is None or perms & int(dmp) == int(dmp)


def build_command_data(emu: Emulator, member: MemberHandle, command: str, values: dict[str, Any],
                       channel: Channel, *, focused: str | None) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND / AUTOCOMPLETE interaction, checked like Discord's
    client would: the command and options must exist, required ones be given, choices respected,
    and the member must hold the command's ``default_member_permissions``."""
    parts = command.lstrip("/").split()
    guild = member.guild
    in_dm = channel.type == DM
    cmd = find_command(emu, guild, parts[0], global_only=in_dm)
    if in_dm and (cmd.get("dm_permission") is False or (cmd.get("contexts") is not None and 1 not in cmd["contexts"])):
        raise Refused(403, 50001, f"/{parts[0]} cannot be used in DMs (contexts {cmd.get('contexts')})")
    dmp = cmd.get("default_member_permissions")
    if not in_dm and not _may_use(emu, guild, member, channel, cmd["name"], dmp):
        raise Refused(403, 50013, f"/{parts[0]} is not available to {member.name} (needs {P.names(int(dmp or 0))})")
    data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    defs = cmd.get("options") or []
    container = data
    for part in parts[1:]:
        sub = next((o for o in defs if o["name"] == part and o["type"] in (1, 2)), None)
        if sub is None:
            raise LookupError(f"/{' '.join(parts)}: no subcommand {part!r}; has {[o['name'] for o in defs]}")
        node: dict[str, Any] = {"name": part, "type": sub["type"], "options": []}
        container.setdefault("options", []).append(node)
        container, defs = node, sub.get("options") or []
    if any(o["type"] in (1, 2) for o in defs):
        raise LookupError(f"/{' '.join(parts)} needs a subcommand: {[o['name'] for o in defs]}")
    by_name = {o["name"]: o for o in defs}
    unknown = set(values) - set(by_name)
    if unknown:
        raise LookupError(f"/{' '.join(parts)} has no options {sorted(unknown)}; it has {sorted(by_name)}")
    resolved: list[int] = []
    attachments: list[Any] = []
    opts = []
    for name, value in values.items():
        opt = by_name[name]
        if name == focused:
            opts.append({"name": name, "type": opt["type"], "value": str(value), "focused": True})
            continue
        converted = _option_value(emu, guild, opt, value, resolved, attachments)
        if opt.get("choices") and converted not in [c["value"] for c in opt["choices"]]:
            raise ValueError(f"{name}={value!r} is not one of the choices {[c['value'] for c in opt['choices']]}")
        opts.append({"name": name, "type": opt["type"], "value": converted})
    if focused is None:
        missing = [o["name"] for o in defs if o.get("required") and o["name"] not in values]
        if missing:
            raise ValueError(f"/{' '.join(parts)}: required options missing: {missing}")
    container["options"] = opts
    if resolved:
        data["resolved"] = resolve_ids(emu, guild, resolved)
    if attachments:
        data.setdefault("resolved", {})["attachments"] = {str(a.id): a.to_json() for a in attachments}
    return data
