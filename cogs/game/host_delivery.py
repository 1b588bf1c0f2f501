"""What a host tool's change needs on the server beyond its posts: the dead lose the alive role,
the autokilled and disqualified may not write in the morgue (R-VOTE-4, R-SANCT-4), and a game the
tool ended is closed and revealed (R-LIFE-6) — as outbox rows (cogs.game.aftermath.tool_effects),
delivered by cogs.delivery like a resolution's.

Stored here in a transaction of their own right after the tool's; a service that commits
through a session passes ``tool_effects(...)`` into its commit instead (issue 17)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.game.aftermath import MORGUE_MUTE, tool_effects, wake_delivery
from cogs.game.server import load_game_channels
from cogs.game.start_post import reveal_effects
from cogs.game.vote_post import schedule_tally
from db.games import GameInfo, get_game, load_state
from db.outbox import add, finish, overwrite
from engine import Event, GameState, Phase
from engine.events import Died

__all__ = ["after_tool", "end_on_server", "mute_in_morgue_later"]


async def after_tool(
    client: discord.Client, guild: discord.Guild | None, game_id: int, events: Sequence[Event]
) -> None:
    if guild is None:
        return
    game = await get_game(game_id)
    state = (await load_state(game_id)).game_state()
    await add(game_id, await tool_effects(game, state, events))
    wake_delivery(client)
    dead = {e.who for e in events if isinstance(e, Died)}
    if dead and state.outcome is None and state.phase is Phase.DAY:
        schedule_tally(client, game_id, state.number)  # without him and the votes cast for him


async def end_on_server(client: discord.Client, game: GameInfo, state: GameState | None) -> None:
    """``/host end``: the reveal in the announcements, then (a started game) the end on the
    server (R-LIFE-6), as rows."""
    effects = await reveal_effects(game, state)
    if state is not None:
        effects.append(finish(game.guild_id, game.id))
    await add(game.id, effects)
    wake_delivery(client)


async def mute_in_morgue_later(client: discord.Client, game_id: int, player_id: int) -> None:
    """``/host morgue``: the player may not write in the morgue (R-SANCT-4), as a row."""
    channels = await load_game_channels(game_id)
    if channels is None:
        return
    key = f"morgue-mute:{game_id}:{player_id}"
    await add(game_id, [overwrite(channels.morgue, player_id, deny=MORGUE_MUTE, key=key)])
    wake_delivery(client)
