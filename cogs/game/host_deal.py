"""The deal, for the host's eyes (his channel): every player's role and side as dealt.

The host runs the game and must know the roles; and since the child's own card says citizen
(R-ROLE-3), his channel is the one place on Discord that names the child before the reveal.
An outbox row, keyed: a catch-up adds nothing twice.
"""

from __future__ import annotations

from cogs.game.results import POST_LIMIT, reveal_lines
from cogs.game.server import load_game_channels
from cogs.support.embeds import chunk_lines
from db.games import GameInfo
from db.guild_settings import get_settings
from db.outbox import Effect, post
from engine import GameState
from locales import t

__all__ = ["host_deal_chunks", "host_deal_effects"]


async def host_deal_effects(game: GameInfo, state: GameState) -> list[Effect]:
    """The deal's post in the host's channel (none for a game without channels)."""
    channels = await load_game_channels(game.id)
    if channels is None:
        return []
    locale = (await get_settings(game.guild_id)).language
    return [
        post(channels.host, chunk, key=f"host-deal:{game.id}:{i}")
        for i, chunk in enumerate(host_deal_chunks(state, locale))
    ]


def host_deal_chunks(state: GameState, locale: str) -> list[str]:
    """The deal's text, in posts of Discord's length."""
    lines = [f"**{t(locale, 'host-deal-title')}**", *reveal_lines(state, locale)]
    return chunk_lines(lines, POST_LIMIT)
