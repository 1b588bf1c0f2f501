"""REST: messages (send, edit, delete, history), DMs and webhooks.

The bot must hold VIEW_CHANNEL + SEND_MESSAGES where it posts, may edit only its own messages,
needs MANAGE_MESSAGES to delete others', and cannot DM a user who closed DMs, shares no server
with it, or is a bot (code 50007), exactly as on Discord.  Also Discord's: no empty messages
(50006), component rules (``rules.py``), 250 pins per channel (30003), 15 webhooks per channel
(30007), bulk delete of messages younger than 14 days only (50034), posts in a locked thread only
with MANAGE_THREADS, and ``enforce_nonce`` deduplication.  Each change is announced on the
gateway (MESSAGE_CREATE/UPDATE/DELETE).
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from . import checks
from . import permissions as P
from .routes import ApiError, Req, invalid_form_body, route
from .rules import component_problems, is_empty_message, missing_allowed_mentions
from .state import (
    DM,
    EPHEMERAL,
    LOADING,
    Attachment,
    Channel,
    Message,
    Webhook,
    now,
    snowflake_time,
)
from .validation import message_limits

MESSAGE_FIELDS = ("content", "embeds", "components", "flags")
#: Discord's documented caps (codes 30003 and 30007).  Pins: 250 per channel since 2025 (error
#: 30003 was 50 before; discord/discord-api-docs#8426 updated it).
MAX_PINS = 250
MAX_WEBHOOKS_PER_CHANNEL = 15
BULK_DELETE_MAX_AGE = dt.timedelta(days=14)
#: Discord: with ``enforce_nonce`` a message with the same nonce by the same author "within the
#: past few minutes" is returned instead of a new one; the window is not documented.
NONCE_WINDOW = dt.timedelta(minutes=5)


def enforce_limits(req: Req, body: Any) -> None:
    """Discord's size limits and component rules that the OpenAPI description does not carry
    → 400 50035."""
    where = f"{req.method} {req.template}"
    problems = message_limits(body, where)
    if problems:
        raise invalid_form_body(problems, "BASE_TYPE_MAX_LENGTH")
    problems = component_problems(body, where)
    if problems:
        raise invalid_form_body(problems, "COMPONENT_INVALID")


def flag_mentions(req: Req, author_id: int, webhook_id: int | None, body: Any) -> None:
    """A bot's body without allowed_mentions → a problem (``rules.missing_allowed_mentions``);
    a webhook's message is the bot's too (only the bot makes webhooks here)."""
    if author_id != req.emu.world.bot.id and webhook_id is None:
        return
    problem = missing_allowed_mentions(body, f"{req.method} {req.template}")
    if problem is not None:
        req.emu.problem(problem)


def refuse_empty(body: Any) -> None:
    if is_empty_message(body):
        raise ApiError(400, 50006, "Cannot send an empty message")


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
    placeholder: bool = False,
) -> Message:
    """Store a message and, unless it is ephemeral, announce it (MESSAGE_CREATE).
    ``placeholder``: the "thinking" message of a deferral, the only message allowed empty."""
    enforce_limits(req, body)
    if not placeholder:
        refuse_empty(body)
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
        nonce=body.get("nonce"),
        has_attachments=bool(body.get("attachments")),
        files=kept_files(req, body),
    )
    if not placeholder:  # a body Discord accepted
        flag_mentions(req, int(author["id"]), webhook_id, body)
    channel.messages.append(msg)
    if visible_to is None:
        req.emu.dispatch("MESSAGE_CREATE", message_event(msg, req))
    return msg


def kept_files(req: Req, body: dict[str, Any]) -> list[Attachment]:
    """The files uploaded with ``body``: each ``attachments`` entry ``{"id": n, "filename"}``
    names the multipart field ``files[n]`` (Discord's rule); a missing upload is refused."""
    kept = []
    for entry in body.get("attachments") or []:
        upload = req.files.get(f"files[{entry.get('id')}]")
        if upload is None:
            raise ApiError(400, 50035, "Invalid Form Body")
        filename, kind, content = upload
        kept.append(req.emu.world.add_attachment(req.emu.cdn_base, entry.get("filename") or filename, content, kind))
        if entry.get("description"):  # the alt text a client shows and reads out
            kept[-1].description = str(entry["description"])
    return kept


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
    after = {k: body[k] if body.get(k) is not None else getattr(msg, k) for k in ("content", "embeds", "components")}
    after["attachments"] = body["attachments"] if "attachments" in body else msg.has_attachments
    if is_empty_message(after) and not msg.flags & LOADING:
        raise ApiError(400, 50006, "Cannot send an empty message")  # an edit that empties it
    flag_mentions(req, msg.author_id, msg.webhook_id, body)
    msg.has_attachments = bool(after["attachments"])
    for key in MESSAGE_FIELDS:
        if key in body and body[key] is not None:
            value = body[key]
            if key == "flags":
                msg.flags = (msg.flags & EPHEMERAL) | (value & ~EPHEMERAL)  # ephemerality is fixed at creation
            elif key == "components":
                msg.components = number_components(value)
            else:
                setattr(msg, key, value)
    msg.flags &= ~LOADING  # no longer "thinking"
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


def shares_a_server(req: Req, user_id: int) -> bool:
    return any(user_id in g.members for g in req.emu.world.guilds.values())


def bot_can_post(req: Req, channel: Channel) -> None:
    world = req.emu.world
    if channel.type == DM:
        user = channel.recipients[0]
        if user.dms_closed or user.bot or not shares_a_server(req, user.id):
            raise ApiError(403, 50007, "Cannot send messages to this user")
        return
    guild = world.guild_of(channel)
    assert guild is not None
    send = P.SEND_MESSAGES_IN_THREADS if channel.is_thread else P.SEND_MESSAGES
    checks.require(world, guild, P.VIEW_CHANNEL | send, channel, what="send a message")
    if channel.is_thread:
        thread_open_for(world, guild, channel, world.bot.id)


def may_attach(req: Req, channel: Channel, body: dict[str, Any]) -> None:
    """A message with files needs ATTACH_FILES in a server's channel (Discord: 403 50013)."""
    guild = req.emu.world.guild_of(channel)
    if guild is not None and body.get("attachments"):
        checks.require(req.emu.world, guild, P.ATTACH_FILES, channel, what="attach files")


def thread_open_for(world: Any, guild: Any, thread: Channel, user_id: int) -> None:
    """A locked thread takes posts only from members with MANAGE_THREADS; a post in an archived,
    unlocked thread unarchives it.  Discord's thread documentation says so for unarchiving;
    for posting see Pycord-Development/pycord#2034.  The refusal's code is undocumented:
    403 50013 (Missing Permissions) is assumed."""
    if thread.locked and not world.permissions(guild, user_id, thread) & P.MANAGE_THREADS:
        raise checks.missing_permissions(f"#{thread.name} is locked: posting needs MANAGE_THREADS")
    thread.archived = False


def _same_nonce(req: Req, channel: Channel, body: dict[str, Any]) -> Message | None:
    """The bot's message with this nonce from the last few minutes (``enforce_nonce``)."""
    nonce = body.get("nonce")
    if nonce is None or not body.get("enforce_nonce"):
        return None
    since = req.emu.clock.now() - NONCE_WINDOW
    bot_id = req.emu.world.bot.id
    for msg in reversed(channel.messages):
        if msg.nonce is not None and str(msg.nonce) == str(nonce) and msg.author_id == bot_id and msg.timestamp >= since:
            return msg
    return None


# -- channel messages --------------------------------------------------------------------------


@route("POST", "/channels/{channel_id}/messages")
def send(req: Req) -> Any:
    channel = req.channel()
    bot_can_post(req, channel)
    body = req.body or {}
    may_attach(req, channel, body)
    earlier = _same_nonce(req, channel, body)
    if earlier is not None:
        return earlier.to_json()  # Discord: the existing message, no new one, no event
    return create_message(req, channel, req.emu.world.bot.to_json(), body).to_json()


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
    ids = req.body.get("messages", [])
    if not 2 <= len(ids) <= 100:
        raise invalid_form_body([f"field 'messages': {len(ids)} messages, Discord deletes 2 to 100 at once"])
    oldest = req.emu.clock.now() - BULK_DELETE_MAX_AGE
    found = [find_message(channel, int(mid)) for mid in ids]
    if any(snowflake_time(m.id) < oldest for m in found):
        raise ApiError(400, 50034, "You can only bulk delete messages that are under 14 days old.")
    for msg in found:
        delete_message(req, channel, msg)
    return None


@route("PUT", "/channels/{channel_id}/pins/{message_id}")
@route("PUT", "/channels/{channel_id}/messages/pins/{message_id}")
def pin(req: Req) -> Any:
    channel = req.channel()
    guild = req.emu.world.guild_of(channel)
    if guild is not None:
        checks.require(req.emu.world, guild, P.MANAGE_MESSAGES, channel, what="pin")
    msg = find_message(channel, req.id("message_id"))
    if not msg.pinned and sum(1 for m in channel.messages if m.pinned and not m.deleted) >= MAX_PINS:
        raise ApiError(400, 30003, f"Maximum number of pins reached ({MAX_PINS})")
    msg.pinned = True
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
    if user.bot:  # Discord: bots cannot open DMs with bots
        raise ApiError(400, 50007, "Cannot send messages to this user")
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
    if sum(1 for h in world.webhooks.values() if h.channel_id == channel.id) >= MAX_WEBHOOKS_PER_CHANNEL:
        raise ApiError(400, 30007, f"Maximum number of webhooks reached ({MAX_WEBHOOKS_PER_CHANNEL})")
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
