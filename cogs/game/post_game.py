"""The post-game thread (R-LIFE-6: "roles, the draw proof and the full log are revealed in the
post-game thread"): opened in the game's announcements when a game ends, by its rules or by the
host, with the draw's seed and the command that checks the deal, every role with its history
(dealt, changed, died: cogs.game.history), then every event of the game in order as the host
saw it (causes, orders, untold changes), under a title for each phase. Once per game (db.meta)."""

from __future__ import annotations

import logging

import discord

from cogs.game.history import log_by_phase, role_histories
from cogs.game.render import display_names
from cogs.game.server import ANNOUNCEMENTS
from cogs.game.start_post import proof
from cogs.game.table import channel_for
from cogs.game.threads import nonce, own_active_thread
from cogs.support.embeds import chunk_lines
from db.games import GameInfo, event_log, load_state, reveal_seed
from db.guild_settings import get_settings
from db.meta import get_meta, set_meta
from locales import t

__all__ = ["post_game_thread"]

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()
LIMIT = 2000


async def post_game_thread(client: discord.Client, game: GameInfo) -> int | None:
    """The thread's id (None for a game that never started or has no channel)."""
    key = f"postgame:{game.id}"
    if (done := await get_meta(key)) is not None:
        return int(done)
    target = await channel_for(game, ANNOUNCEMENTS)
    # Not cached (a start-up catch-up) is fetched, never skipped (issue 17).
    parent = (client.get_channel(target) or await client.fetch_channel(target)) if target else None
    if not isinstance(parent, discord.TextChannel) or game.commitment is None:
        return None
    locale = (await get_settings(game.guild_id)).language
    state = (await load_state(game.id)).game_state()
    names = display_names(state)
    name = t(locale, "postgame-thread", game=game.title or f"#{game.id}")[:100]
    # Done again after a crash: the same thread, and each post with its nonce (no second one).
    thread = await own_active_thread(parent, name) or await parent.create_thread(
        name=name, type=discord.ChannelType.public_thread, reason=f"game {game.id} is over"
    )
    posts: list[str] = []
    seed = await reveal_seed(game.id)
    if seed is not None:
        posts.append(proof(game, state, seed, locale)[:LIMIT])
    log = await event_log(game.id)
    dealt = (game.roles or {}).get("dealt", {})
    lines = [
        f"**{t(locale, 'postgame-roles')}**",
        *role_histories(state, dealt, log, locale, names),
    ]
    lines += ["", f"**{t(locale, 'postgame-log')}**", *log_by_phase(log, locale, names)]
    posts += chunk_lines(lines, LIMIT)
    for number, post in enumerate(posts):
        await thread.send(post, allowed_mentions=NONE, nonce=nonce(f"{key}:{number}"))
    await set_meta(key, str(thread.id))
    return thread.id
