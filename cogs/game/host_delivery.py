"""What a host tool's change needs on the server beyond its posts (the outbox's): the dead
lose the alive role, the autokilled and disqualified may not write in the morgue (R-VOTE-4,
R-SANCT-4), and a game the tool ended is closed and revealed (R-LIFE-6), as after a
resolution (cogs.deadlines)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.game.post_game import post_game_thread
from cogs.game.table import close_on_server, mute_in_morgue, sync_roles
from db.games import get_game, load_state
from engine import Event
from engine.events import Cause, Died

__all__ = ["after_tool", "silenced"]


def silenced(events: Sequence[Event]) -> set[str]:
    """Who leaves by the host's sanction: autokilled or disqualified, no morgue either."""
    return {
        e.who
        for e in events
        if isinstance(e, Died) and e.cause in (Cause.AUTOKILL, Cause.DISQUALIFIED)
    }


async def after_tool(
    client: discord.Client, guild: discord.Guild | None, game_id: int, events: Sequence[Event]
) -> None:
    if guild is None:
        return
    game = await get_game(game_id)
    state = (await load_state(game_id)).game_state()
    if state.outcome is not None:
        await post_game_thread(client, game)
        await close_on_server(guild, game, state)
        return
    dead = {e.who for e in events if isinstance(e, Died)}
    if dead:
        await sync_roles(guild, game_id, state, only=dead)
        await mute_in_morgue(guild, game_id, silenced(events))
