"""A game's end on the server, once, whatever ended it (its rules at a resolution, the host's
``/host end``, a host tool's decision): the post-game thread (R-LIFE-6), then the channels
read-only and the roles back to the pool; remembered in db.meta when all is done. A crash
before that leaves the mark missing, and the bot's start does it again (each step idempotent:
the thread is found again and its posts carry nonces, the close is safe to repeat)."""

from __future__ import annotations

import logging
from datetime import timedelta

import discord

from cogs.game.post_game import post_game_thread
from cogs.game.table import close_on_server
from db.games import GameInfo, games_over_within, load_state
from db.meta import get_meta, set_meta

__all__ = ["CATCH_UP_WINDOW", "catch_up_finished", "finish_on_server"]

log = logging.getLogger(__name__)
#: How far back the start looks for a game whose end was cut off (the bot is rarely down longer).
CATCH_UP_WINDOW = timedelta(days=7)


def _key(game_id: int) -> str:
    return f"finished:{game_id}"


async def finish_on_server(client: discord.Client, guild: discord.Guild, game: GameInfo) -> None:
    if await get_meta(_key(game.id)) is not None:
        return
    state = (await load_state(game.id)).game_state()
    await post_game_thread(client, game)
    await close_on_server(guild, game, state)
    await set_meta(_key(game.id), "done")


async def catch_up_finished(client: discord.Client) -> int:
    """Finish on the server the games that ended lately without it; returns how many."""
    done = 0
    for game in await games_over_within(CATCH_UP_WINDOW):
        guild = client.get_guild(game.guild_id)
        if guild is None or await get_meta(_key(game.id)) is not None:
            continue
        try:
            await finish_on_server(client, guild, game)
            done += 1
        except Exception:  # one game's trouble must not stop the others'
            log.exception("game %s: could not finish it on the server", game.id)
    return done
