"""What a host tool's change needs on the server beyond its posts (the outbox's): the dead
lose the alive role, the autokilled and disqualified may not write in the morgue (R-VOTE-4,
R-SANCT-4), and a game the tool ended is closed and revealed (R-LIFE-6), as after a
resolution (cogs.deadlines)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.game.finish import finish_on_server
from cogs.game.table import mute_in_morgue, silenced_in_morgue, sync_roles
from cogs.game.vote_post import schedule_tally
from db.games import get_game, load_state
from engine import Event, Phase
from engine.events import Died

__all__ = ["after_tool"]


async def after_tool(
    client: discord.Client, guild: discord.Guild | None, game_id: int, events: Sequence[Event]
) -> None:
    if guild is None:
        return
    game = await get_game(game_id)
    state = (await load_state(game_id)).game_state()
    if state.outcome is not None:
        await finish_on_server(client, guild, game)
        return
    dead = {e.who for e in events if isinstance(e, Died)}
    if dead:
        await sync_roles(guild, game_id, state, only=dead)
        await mute_in_morgue(guild, game_id, silenced_in_morgue(events))
        if state.phase is Phase.DAY:  # the tally without him and the votes cast for him
            schedule_tally(client, game_id, state.number)
