"""A discussion thread per game day (R-LIFE-5: "Day N opens with a new discussion topic"): made
in the game's discussion channel when the day opens, once (remembered in db.meta, so the
catch-up at start never makes two; a crash between the thread and its mark finds the thread
among the server's active ones). It takes the channel's permissions: the living write, the
dead and spectators read (R-SANCT-1). A game without channels of its own has no day threads."""

from __future__ import annotations

import logging

import discord

from cogs.game.server import load_game_channels
from cogs.game.threads import own_active_thread
from db.games import GameStatus, get_game
from db.guild_settings import get_settings
from db.meta import get_meta, set_meta
from locales import t

__all__ = ["ensure_day_thread"]

log = logging.getLogger(__name__)


async def ensure_day_thread(client: discord.Client, game_id: int) -> int | None:
    """The thread of the game's current day (made if missing); None when there is none."""
    game = await get_game(game_id)
    channels = await load_game_channels(game_id)
    if game.status is not GameStatus.RUNNING or game.phase != "day" or channels is None:
        return None
    key = f"daythread:{game_id}:{game.day_number}"
    stored = await get_meta(key)
    if stored is not None:
        return int(stored)
    discussion = client.get_channel(channels.discussion)
    if not isinstance(discussion, discord.TextChannel):
        return None
    locale = (await get_settings(game.guild_id)).language
    name = t(locale, "day-thread", number=game.day_number)[:100]
    made = await own_active_thread(discussion, name)
    if made is not None:  # a crash came between the thread and its mark
        await set_meta(key, str(made.id))
        return made.id
    thread = await discussion.create_thread(
        name=name,
        type=discord.ChannelType.public_thread,
        auto_archive_duration=1440,  # a day of quiet before it archives (a post reopens it)
        reason=f"game {game_id}: day {game.day_number}",
    )
    await set_meta(key, str(thread.id))
    return thread.id
