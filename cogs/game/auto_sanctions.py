"""Sanctions that happen by themselves (issue 12).

R-SANCT-1: the dead write only in the morgue. Channel permissions already keep them out (the
dead role); a post that gets through anyway (an admin's overwrite, a race at the moment of
death) is deleted and counted. The first breach is a warning by DM; the second makes the player
read-only for 30 minutes, each further one 30 more, up to Discord's longest timeout (28 days,
longer than any game). The count is stored (db.host_tools) and the read-only period is a Discord
timeout, which ends by itself: both survive a restart.

R-SANCT-1b: in the morgue a living player may only talk with the dead. His post stays when it
replies to a dead player's post or mentions a dead player (engine.forum.sanctions decides, over
ids); any other is removed and he is told why by DM, with no count and no sanction.

It needs the bot to receive guild messages (the ``guild_messages`` intent, not privileged: no
message content is read, only who wrote where, whom he mentions and whose post he replies to —
Discord sends those without the Message Content intent).
"""

from __future__ import annotations

import logging
from datetime import timedelta

import discord

from cogs.game import channel_index
from cogs.game.host_common import game_language, host_log, wake
from cogs.game.server import MORGUE
from cogs.support import clock as bot_clock
from db.games import get_game, load_state
from db.host_tools import bump
from db.outbox import Effect, add, delete_message, dm, timeout
from engine.forum import sanctions
from locales import t

__all__ = ["BREACH_STEP", "breach_timeout", "on_guild_message"]

log = logging.getLogger(__name__)

BREACH_STEP = sanctions.BREACH_STEP  # R-SANCT-1
DISCORD_LONGEST = timedelta(days=28)  # Discord refuses a timeout any longer


def breach_timeout(breaches: int) -> timedelta | None:
    """R-SANCT-1's ladder (``engine.forum.sanctions``), within Discord's longest timeout."""
    period = sanctions.breach_read_only(breaches)
    return None if period is None else min(period, DISCORD_LONGEST)


async def on_guild_message(message: discord.Message) -> None:
    """R-SANCT-1 for one message: a dead player's post outside the morgue is removed."""
    if (
        message.guild is None
        or message.author.bot
        or not isinstance(message.author, discord.Member)
    ):
        return
    found = await channel_index.index.game_of(message.channel)  # no query per message
    if found is None:
        return
    if found[1] == MORGUE:
        await _in_morgue(message, found[0])
        return
    game_id = found[0]
    state = (await load_state(game_id)).game_state()
    if not sanctions.is_breach(state, str(message.author.id), in_morgue=False):
        return
    game = await get_game(game_id)
    # What Discord does about it are outbox rows (cogs.delivery): the post removed, the timeout.
    removal = [delete_message(message.channel.id, message.id)]
    breaches = await bump(f"breach:{game.id}:{message.author.id}")
    locale = await game_language(game)
    period = breach_timeout(breaches)
    effects = await host_log(game, message.author.id, "host-log-breach", number=breaches)
    if period is None:
        dm = t(locale, "sanct-breach-first")
    else:
        until = bot_clock.now() + period
        removal.append(
            timeout(game.guild_id, message.author.id, until, reason=f"R-SANCT-1: breach {breaches}")
        )
        dm = t(locale, "sanct-breach-read-only", number=breaches, until=int(until.timestamp()))
    await add(game.id, [*removal, Effect("dm", message.author.id, dm), *effects])
    wake()  # the outbox delivers the DM and the host's line now


def replied_author(message: discord.Message) -> str | None:
    """Whose post ``message`` replies to (Discord sends the replied message with it; a forward
    is no reply); None for no reply, or one to a post since deleted."""
    reference = message.reference
    if reference is None or reference.type is not discord.MessageReferenceType.reply:
        return None
    replied = reference.resolved or reference.cached_message
    return str(replied.author.id) if isinstance(replied, discord.Message) else None


async def _in_morgue(message: discord.Message, game_id: int) -> None:
    """R-SANCT-1b for one post in the morgue: a living player's post that talks with nobody
    dead is removed, and he is told why by DM (no count, no sanction)."""
    state = (await load_state(game_id)).game_state()
    mentioned = [str(user.id) for user in message.mentions]
    author = str(message.author.id)
    replied = replied_author(message)
    if sanctions.morgue_post_allowed(state, author, replied_to=replied, mentioned=mentioned):
        return
    game = await get_game(game_id)
    locale = await game_language(game)
    key = f"morgue-living:{game.id}:{message.id}"
    await add(
        game.id,
        [
            delete_message(message.channel.id, message.id, key=f"{key}:delete"),
            dm(message.author.id, t(locale, "sanct-morgue-living"), key=key),
        ],
    )
    wake()
