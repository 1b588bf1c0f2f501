"""REST: messages (send, edit, delete, history), DMs and webhooks.

The bot must hold VIEW_CHANNEL + SEND_MESSAGES where it posts, may edit only its own messages,
needs MANAGE_MESSAGES to delete others', and cannot DM a user who closed DMs (403, code 50007),
exactly as on Discord.  Each change is announced on the gateway (MESSAGE_CREATE/UPDATE/DELETE).
"""

from __future__ import annotations

import secrets
from typing import Any

from . import checks
from . import permissions as P
from .routes import ApiError, Req, invalid_form_body, route
from .state import DM, EPHEMERAL, Channel, Message, Webhook, now
from .validation import message_limits

MESSAGE_FIELDS = ("content", "embeds", "components", "flags")


def enforce_limits(req: Req, body: Any) -> None:
    """Discord's size limits that the OpenAPI description does not carry → 400 50035."""
    problems = message_limits(body, f"{req.method} {req.template}")
    if problems:
        raise invalid_form_body(problems, "BASE_TYPE_MAX_LENGTH")


def number_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Discord gives every component of a message a numeric ``id`` (1, 2, ... in tree order)."""
    counter = 0

    def walk(comp: dict[str, Any]) -> dict[str, Any]:
        nonlocal counter
        comp = dict(comp)
        counter += 1
        comp.setdefault("id", counter)
        for key in ("components", "items"):
            if isinstance(comp.get(key), list):
                comp[key] = [walk(c) if isinstance(c, dict) and "type" in c else c for c in comp[key]]
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                comp[key] = walk(comp[key])
        return comp

    return [walk(c) for c in components]


def message_event(msg: Message, req: Req) -> dict[str, Any]:
    data = msg.to_json()
    if msg.guild_id is not None:
        data["guild_id"] = str(msg.guild_id)
        guild = req.emu.world.guilds.get(msg.guild_id)
        member = guild.members.get(msg.author_id) if guild else None
        if member is not None and msg.webhook_id is None:
            data["member"] = member.to_json(with_user=False)
    return data


def create_message(
    req: Req,
    channel: Channel,
    author: dict[str, Any],
    body: dict[str, Any],
    *,
    visible_to: int | None = None,
    interaction: dict[str, Any] | None = None,
    webhook_id: int | None = None,
    flags: int = 0,
) -> Message:
    """Store a message and, unless it is ephemeral, announce it (MESSAGE_CREATE)."""
    enforce_limits(req, body)
    world = req.emu.world
    msg = Message(
        id=world.ids.next(),
        channel_id=channel.id,
        author=author,
        content=body.get("content") or "",
        guild_id=channel.guild_id,
        embeds=list(body.get("embeds") or []),
        components=number_components(body.get("components") or []),
        flags=(body.get("flags") or 0) | flags,
        webhook_id=webhook_id,
        interaction=interaction,
        visible_to=visible_to,
        message_reference=_reference(body, channel),
    )
    channel.messages.append(msg)
    if visible_to is None:
        req.emu.dispatch("MESSAGE_CREATE", message_event(msg, req))
    return msg


def _reference(body: dict[str, Any], channel: Channel) -> dict[str, Any] | None:
    ref = body.get("message_reference")
    if not ref:
        return None
    out = {"message_id": str(ref.get("message_id")), "channel_id": str(ref.get("channel_id") or channel.id)}
    if channel.guild_id:
        out["guild_id"] = str(channel.guild_id)
    return out


def edit_message(req: Req, msg: Message, body: dict[str, Any]) -> Message:
    enforce_limits(req, body)
    for key in MESSAGE_FIELDS:
        if key in body and body[key] is not None:
            value = body[key]
            if key == "flags":
                msg.flags = (msg.flags & EPHEMERAL) | (value & ~EPHEMERAL)  # ephemerality is fixed at creation
            elif key == "components":
                msg.components = number_components(value)
            else:
                setattr(msg, key, value)
    msg.flags &= ~(1 << 7)  # no longer "thinking"
    msg.edited = now()
    if msg.visible_to is None:
        req.emu.dispatch("MESSAGE_UPDATE", message_event(msg, req))
    return msg


def delete_message(req: Req, channel: Channel, msg: Message) -> None:
    msg.deleted = True
    if msg.visible_to is None:
        data = {"id": str(msg.id), "channel_id": str(channel.id)}
        if channel.guild_id:
            data["guild_id"] = str(channel.guild_id)
        req.emu.dispatch("MESSAGE_DELETE", data)


def find_message(channel: Channel, message_id: int, *, ephemeral_ok: bool = False) -> Message:
    """The live message; an ephemeral one only for the interaction webhook routes
    (``ephemeral_ok``): Discord keeps no ephemeral message in the channel, so the channel
    routes (GET/PATCH/DELETE, pins, reactions, threads) answer 404 10008 for it."""
    for msg in channel.messages:
        if msg.id == message_id and not msg.deleted and (ephemeral_ok or msg.visible_to is None):
            return msg
    raise ApiError(404, 10008, "Unknown Message")


def bot_can_post(req: Req, channel: Channel) -> None:
    world = req.emu.world
    if channel.type == DM:
        user = channel.recipients[0]
        if user.dms_closed or user.bot:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        return
    guild = world.guild_of(channel)
    assert guild is not None
    send = P.SEND_MESSAGES_IN_THREADS if channel.is_thread else P.SEND_MESSAGES
    checks.require(world, guild, P.VIEW_CHANNEL | send, channel, what="send a message")


# -- channel messages --------------------------------------------------------------------------


@route("POST", "/channels/{channel_id}/messages")
def send(req: Req) -> Any:
    channel = req.channel()
    bot_can_post(req, channel)
    return create_message(req, channel, req.emu.world.bot.to_json(), req.body or {}).to_json()


@route("GET", "/channels/{channel_id}/messages")
def history(req: Req) -> Any:
    channel = req.channel()
    guild = req.emu.world.guild_of(channel)
    if guild is not None:
        checks.require(req.emu.world, guild, P.VIEW_CHANNEL | P.READ_MESSAGE_HISTORY, channel, what="read history")
    limit = int(req.query.get("limit", 50))
    msgs = [m for m in channel.messages if not m.deleted and m.visible_to is None]
    if "before" in req.query:
        msgs = [m for m in msgs if m.id < int(req.query["before"])]
    if "after" in req.query:
        msgs = [m for m in msgs if m.id > int(req.query["after"])][:limit]
    msgs = list(reversed(msgs))[:limit]
    return [m.to_json() for m in msgs]


@route("GET", "/channels/{channel_id}/messages/{message_id}")
def get_message(req: Req) -> Any:
    return find_message(req.channel(), req.id("message_id")).to_json()


@route("PATCH", "/channels/{channel_id}/messages/{message_id}")
def patch_message(req: Req) -> Any:
    channel = req.channel()
    msg = find_message(channel, req.id("message_id"))
    if msg.author_id != req.emu.world.bot.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    return edit_message(req, msg, req.body or {}).to_json()


@route("DELETE", "/channels/{channel_id}/messages/{message_id}")
def remove_message(req: Req) -> Any:
    channel = req.channel()
    msg = find_message(channel, req.id("message_id"))
    guild = req.emu.world.guild_of(channel)
    if msg.author_id != req.emu.world.bot.id and guild is not None:
        checks.require(req.emu.world, guild, P.MANAGE_MESSAGES, channel, what="delete others' messages")
    delete_message(req, channel, msg)
    return None


@route("POST", "/channels/{channel_id}/messages/bulk-delete")
def bulk_delete(req: Req) -> Any:
    channel = req.channel()
    guild = req.emu.world.guild_of(channel)
    if guild is not None:
        checks.require(req.emu.world, guild, P.MANAGE_MESSAGES, channel, what="bulk delete")
    for mid in req.body.get("messages", []):
        delete_message(req, channel, find_message(channel, int(mid)))
    return None


@route("PUT", "/channels/{channel_id}/pins/{message_id}")
@route("PUT", "/channels/{channel_id}/messages/pins/{message_id}")
def pin(req: Req) -> Any:
    channel = req.channel()
    guild = req.emu.world.guild_of(channel)
    if guild is not None:
        checks.require(req.emu.world, guild, P.MANAGE_MESSAGES, channel, what="pin")
    find_message(channel, req.id("message_id")).pinned = True
    return None


@route("DELETE", "/channels/{channel_id}/pins/{message_id}")
@route("DELETE", "/channels/{channel_id}/messages/pins/{message_id}")
def unpin(req: Req) -> Any:
    channel = req.channel()
    find_message(channel, req.id("message_id")).pinned = False
    return None


@route("POST", "/channels/{channel_id}/typing")
def typing(req: Req) -> Any:
    req.channel()
    return None


@route("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me")
def react(req: Req) -> Any:
    channel = req.channel()
    find_message(channel, req.id("message_id"))
    guild = req.emu.world.guild_of(channel)
    if guild is not None:
        checks.require(req.emu.world, guild, P.VIEW_CHANNEL | P.ADD_REACTIONS | P.READ_MESSAGE_HISTORY, channel, what="react")
    return None


# -- DMs -----------------------------------------------------------------------------------------


@route("POST", "/users/@me/channels")
def open_dm(req: Req) -> Any:
    world = req.emu.world
    user = world.users.get(int(req.body["recipient_id"]))
    if user is None:
        raise ApiError(400, 50033, "Invalid Recipient(s)")
    return world.dm_channel(user).to_json()


# -- webhooks ------------------------------------------------------------------------------------


@route("POST", "/channels/{channel_id}/webhooks")
def create_webhook(req: Req) -> Any:
    world = req.emu.world
    channel = req.channel()
    guild = world.guild_of(channel)
    if guild is None:
        raise ApiError(400, 50003, "Cannot execute action on a DM channel")
    checks.require(world, guild, P.MANAGE_WEBHOOKS, channel, what="create a webhook")
    hook = Webhook(world.ids.next(), secrets.token_urlsafe(32), channel.id, guild.id, req.body.get("name") or "Webhook", world.bot.id)
    world.webhooks[hook.id] = hook
    return hook.to_json(world.bot)


@route("GET", "/channels/{channel_id}/webhooks")
def channel_webhooks(req: Req) -> Any:
    world = req.emu.world
    channel = req.channel()
    return [h.to_json(world.users.get(h.creator_id)) for h in world.webhooks.values() if h.channel_id == channel.id]


@route("GET", "/guilds/{guild_id}/webhooks")
def guild_webhooks(req: Req) -> Any:
    world = req.emu.world
    guild = req.guild()
    return [h.to_json(world.users.get(h.creator_id)) for h in world.webhooks.values() if h.guild_id == guild.id]


def _hook(req: Req) -> Webhook:
    hook = req.emu.world.webhooks.get(req.id("webhook_id"))
    if hook is None or ("webhook_token" in req.params and req.params["webhook_token"] != hook.token):
        raise ApiError(404, 10015, "Unknown Webhook")
    return hook


@route("GET", "/webhooks/{webhook_id}")
def get_webhook(req: Req) -> Any:
    hook = _hook(req)
    return hook.to_json(req.emu.world.users.get(hook.creator_id))


@route("DELETE", "/webhooks/{webhook_id}")
def delete_webhook(req: Req) -> Any:
    del req.emu.world.webhooks[_hook(req).id]
    return None


def execute_webhook(req: Req) -> Any:
    """POST /webhooks/{id}/{token} for a real (incoming) webhook: custom name and avatar."""
    hook = _hook(req)
    channel = req.emu.world.channels[hook.channel_id]
    body = req.body or {}
    author = {
        "id": str(hook.id),
        "username": body.get("username") or hook.name,
        "discriminator": "0000",
        "global_name": None,
        "avatar": None,
        "avatar_url": body.get("avatar_url"),
        "bot": True,
        "flags": 0,
        "public_flags": 0,
        "primary_guild": None,
    }
    msg = create_message(req, channel, author, body, webhook_id=hook.id)
    return msg.to_json() if req.query.get("wait") in ("true", "1", "True") else None


def webhook_message(req: Req) -> tuple[Channel, Message]:
    hook = _hook(req)
    channel = req.emu.world.channels[hook.channel_id]
    msg = find_message(channel, req.id("message_id"))
    if msg.webhook_id != hook.id:
        raise ApiError(404, 10008, "Unknown Message")
    return channel, msg
