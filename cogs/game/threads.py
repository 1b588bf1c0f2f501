"""The bot's own threads found again: a thread is made, then remembered in the database; a crash
between the two must not make a second one when the work is done again (the day's thread, the
post-game thread). Discord has no nonce for threads, so the bot looks for its own."""

from __future__ import annotations

import hashlib

import discord

__all__ = ["nonce", "own_active_thread"]


async def own_active_thread(parent: discord.TextChannel, name: str) -> discord.Thread | None:
    """The bot's own active thread of that name under ``parent``, if it made it already (one
    read: the server's active threads)."""
    me = parent.guild.me
    for thread in await parent.guild.active_threads():
        if thread.parent_id == parent.id and thread.name == name and thread.owner_id == me.id:
            return thread
    return None


def nonce(key: str) -> str:
    """A message's nonce from what it is (Discord's enforce_nonce: the same send repeated within
    minutes answers with the first message instead of a second); 25 characters at most."""
    return hashlib.sha256(key.encode()).hexdigest()[:25]
