"""A game's end on the server, once, whatever ended it (its rules at a resolution, the host's
``/host end``, a host tool's decision): the post-game thread (R-LIFE-6), then the channels
read-only and the roles back to the pool, then each player's summary by DM (his role, his
side's result); remembered in db.meta when all is done. A crash
before that leaves the mark missing, and the bot's start does it again (each step idempotent:
the thread is found again and its posts carry nonces, the close is safe to repeat)."""

from __future__ import annotations

import logging
from datetime import timedelta

import discord

from cogs.game.lobby_post import game_title
from cogs.game.post_game import post_game_thread
from cogs.game.table import close_on_server
from cogs.game.threads import nonce
from db.games import GameInfo, load_state
from db.guild_settings import get_settings
from db.meta import get_meta, set_meta
from engine import GameState
from locales import t

__all__ = ["CATCH_UP_WINDOW", "finish_on_server", "finished_key", "summary"]

log = logging.getLogger(__name__)
#: How far back the start looks for a game whose end was cut off (the bot is rarely down longer).
CATCH_UP_WINDOW = timedelta(days=7)


def finished_key(game_id: int) -> str:
    return f"finished:{game_id}"


async def finish_on_server(client: discord.Client, guild: discord.Guild, game: GameInfo) -> None:
    if await get_meta(finished_key(game.id)) is not None:
        return
    state = (await load_state(game.id)).game_state()
    await post_game_thread(client, game)
    await close_on_server(guild, game, state)
    await _summaries(client, game, state)
    await set_meta(finished_key(game.id), "done")


def summary(game: GameInfo, state: GameState, pid: str, locale: object) -> str:
    """What one player is told at the end: his last role and side, and whether his side won
    (or that the host ended the game), and where the whole story is."""
    player = state.get(pid)
    outcome = state.outcome
    if outcome is None:
        result = t(locale, "summary-ended")
    elif player.faction in outcome.winners:
        result = t(locale, "summary-won")
    else:
        result = t(locale, "summary-lost")
    return t(
        locale,
        "summary",
        game=game_title(game, locale),
        role=t(locale, f"role-{player.role}"),
        faction=t(locale, f"faction-{player.faction}"),
        result=result,
    )


async def _summaries(client: discord.Client, game: GameInfo, state: GameState) -> None:
    """Each player's summary by DM (a nonce each: a redo after a crash sends none twice);
    closed DMs are skipped (the reveal is public anyway)."""
    locale = (await get_settings(game.guild_id)).language
    for player in state.players:
        if not player.id.isdigit():
            continue
        try:
            user = client.get_user(int(player.id)) or await client.fetch_user(int(player.id))
            await user.send(
                summary(game, state, player.id, locale),
                nonce=nonce(f"summary:{game.id}:{player.id}"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException as error:  # 50007: closed DMs, or he left every server
            log.info("game %s: no summary for %s: %s", game.id, player.id, error)
