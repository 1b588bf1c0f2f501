"""Finding a post again that may have been made already (issue 17: "a restart after any downtime
posts nothing twice").

A post is sent with its row's nonce and ``enforce_nonce``: within Discord's window (a few
minutes) a repeat answers with the first message. A row whose first attempt is older than
:data:`NONCE_TRUSTED` (2 minutes: well inside the window, whatever its exact length) may have been
applied by Discord before a crash or a lost answer, beyond the nonce's protection: before it is
sent again it is looked for in the channel's recent history.

**The marker** (Discord returns no nonces in the history): a message of the bot's own, made no
earlier than the row's first attempt (a minute of slack for clocks), whose content is the row's
content exactly, and — for a post with components — whose first component's ``custom_id`` is the
row's (it names the game and the phase: :func:`cogs.delivery.views.first_custom_id`), whose
files are the row's by name (db.outbox_files), and which no other delivered row already stands
for (two rows of identical text in one channel each find their own). The other kinds need no marker: a member's roles, an overwrite and a timeout are read
back before they are set, a thread is found by its name (cogs.game.threads), an edit, a pin and a
deletion are idempotent on Discord.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import discord

from cogs.delivery.files import file_names
from cogs.delivery.views import first_custom_id
from db.outbox import OutboxItem
from db.outbox_claims import result_taken

__all__ = ["NONCE_TRUSTED", "find_sent", "needs_reconciling"]

NONCE_TRUSTED = timedelta(minutes=2)
SLACK = timedelta(minutes=1)
HISTORY = 100  # how many recent messages are read back (a game's channel is rarely busier)


def needs_reconciling(item: OutboxItem, now: datetime) -> bool:
    first = item.first_attempt_at
    return first is not None and now - first > NONCE_TRUSTED


async def find_sent(
    channel: discord.abc.Messageable, item: OutboxItem, me: int
) -> discord.Message | None:
    """The bot's message that is ``item`` already, if Discord applied an earlier attempt."""
    assert item.first_attempt_at is not None
    since = discord.utils.time_snowflake(item.first_attempt_at - SLACK)
    view: Any = item.effect.data.get("view")
    async for message in channel.history(limit=HISTORY, after=discord.Object(since)):
        if message.author.id != me or message.content != item.effect.content:
            continue
        if view is not None and _custom_id(message) != first_custom_id(view):
            continue
        embed = item.effect.data.get("embed")
        if embed is not None and _title(message) != embed.get("title"):
            continue  # an embed stored with the row (a case in the mod-log): its title names it
        # (a row whose embed is rendered at delivery, the lobby's, is known by its view instead)
        if [a.filename for a in message.attachments] != file_names(item.effect.data):
            continue
        if not await result_taken(message.id):
            return message
    return None


def _title(message: discord.Message) -> str | None:
    return message.embeds[0].title if message.embeds else None


def _custom_id(message: discord.Message) -> str | None:
    for row in message.components:
        for child in getattr(row, "children", []):
            custom_id = getattr(child, "custom_id", None)
            if custom_id is not None:
                return str(custom_id)
    return None
