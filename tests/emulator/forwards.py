"""A member forwards a message, as Discord does it (the client's "Forward"): a new message with
no content of its own, a ``message_reference`` of type FORWARD (1) pointing at the original,
and ``message_snapshots`` holding a copy of the original's content (Discord's "Message
Snapshot Object": type, content, embeds, attachments, timestamps, flags, components, mentions).

What Discord refuses is refused here too: forwarding a message he cannot see (another's DM, a
channel he cannot read, an ephemeral message), or into a channel he may not post in. Without
the Message Content intent the gateway empties the snapshot's content as it does a message's
(the reference stays: who forwarded what is not content)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from . import permissions as P
from .state import DM, Channel, Guild, Message, User
from .views import MessageView, Refused

if TYPE_CHECKING:
    from .server import Emulator

FORWARD = 1  # MessageReferenceType.FORWARD


def _readable(emu: Emulator, user: User, original: Message) -> bool:
    world = emu.world
    channel = world.channels[original.channel_id]
    if original.visible_to not in (None, user.id) or original.ephemeral:
        return False  # Discord offers no Forward on an ephemeral message
    if channel.type == DM:
        return any(r.id == user.id for r in channel.recipients)
    guild = world.guilds[original.guild_id or 0]
    need = P.VIEW_CHANNEL | P.READ_MESSAGE_HISTORY
    return world.permissions(guild, user.id, channel) & need == need


def snapshot_of(original: Message) -> dict[str, Any]:
    body = original.to_json()
    keep = ("type", "content", "embeds", "attachments", "timestamp", "edited_timestamp", "flags")
    message = {key: body[key] for key in keep}
    message |= {"components": body["components"], "mentions": [], "mention_roles": []}
    return {"message": message}


async def forward(
    emu: Emulator, guild: Guild, user: User, original: Message, channel: Channel
) -> MessageView:
    """``user`` forwards ``original`` into ``channel`` of ``guild``; raises Refused as Discord."""
    world = emu.world
    if not _readable(emu, user, original):
        raise Refused(403, 50001, "Missing Access: cannot forward a message he cannot see")
    need = P.VIEW_CHANNEL | (P.SEND_MESSAGES_IN_THREADS if channel.is_thread else P.SEND_MESSAGES)
    if world.permissions(guild, user.id, channel) & need != need:
        raise Refused(403, 50013, f"Missing Permissions: cannot post in #{channel.name}")
    reference = {"type": FORWARD, "channel_id": str(original.channel_id)}
    reference["message_id"] = str(original.id)
    if original.guild_id is not None:
        reference["guild_id"] = str(original.guild_id)
    msg = Message(
        id=world.ids.next(),
        channel_id=channel.id,
        author=user.to_json(),
        guild_id=guild.id,
        message_reference=reference,
        message_snapshots=[snapshot_of(original)],
    )
    channel.messages.append(msg)
    member = guild.members[user.id]
    data = msg.to_json() | {"guild_id": str(guild.id)}
    emu.dispatch("MESSAGE_CREATE", data | {"member": member.to_json(with_user=False)})
    await asyncio.sleep(0)
    return MessageView(emu, msg)


__all__ = ["FORWARD", "forward", "snapshot_of"]
