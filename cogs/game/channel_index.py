"""Which running game a channel is one of, for the listeners that look at every guild message
(R-SANCT-1's breaches in cogs.game.auto_sanctions, R-SANCT-3's activity in cogs.game.activity):
every running game's own channels are read in one query and kept in memory, so a message costs
no query. Read again after :meth:`ChannelIndex.forget` — a game's channels made (the start), a
game over, and activity's periodic flush."""

from __future__ import annotations

import discord

from db.server_objects import running_game_channels

__all__ = ["ChannelIndex", "index"]


class ChannelIndex:
    def __init__(self) -> None:
        self._by_channel: dict[int, tuple[int, str]] | None = None  # None: to be read again

    def forget(self) -> None:
        self._by_channel = None

    async def game_of(self, channel: object) -> tuple[int, str] | None:
        """The running game whose own channel (or a thread in one) ``channel`` is, and the
        channel's kind ("discussion", "morgue", …); None for any other channel."""
        if self._by_channel is None:
            self._by_channel = await running_game_channels()
        found = self._by_channel.get(getattr(channel, "id", 0))
        if found is None and isinstance(channel, discord.Thread):
            found = self._by_channel.get(channel.parent_id or 0)
        return found


#: One bot per process (a test's restart starts it afresh: cogs.game.activity_watch's setup).
index = ChannelIndex()
