"""What follows a host tool's change on the bot's side, and the host's end of a game.

The server's part of a tool's change (the dead lose the alive role, the autokilled and
disqualified may not write in the morgue, R-VOTE-4, R-SANCT-4; a game the tool ended is closed,
R-LIFE-6) is stored in the tool's own transaction (cogs.game.host_common.apply, issue 17); here
the delivery is woken and a death by day recounts the votes. ``/host end`` stores the reveal and
the end on the server with the cancel itself (:func:`end_by_host`)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from cogs.game.aftermath import wake_delivery
from cogs.game.start_post import reveal_effects
from cogs.game.vote_post import schedule_tally
from cogs.support.errors import UserFacingError
from db.games import GameInfo, GameStatus, get_game, load_state
from db.lifecycle import cancel_game
from db.outbox import finish
from engine import Event, GameState, Phase
from engine.events import Died

__all__ = ["after_tool", "end_by_host"]


async def after_tool(
    client: discord.Client, guild: discord.Guild | None, game_id: int, events: Sequence[Event]
) -> None:
    if guild is None:
        return
    wake_delivery(client)
    dead = {e.who for e in events if isinstance(e, Died)}
    state = (await load_state(game_id)).game_state()
    if dead and state.outcome is None and state.phase is Phase.DAY:
        schedule_tally(client, game_id, state.number)  # without him and the votes cast for him


async def end_by_host(
    client: discord.Client, game_id: int, by: int, *, by_is_server_host: bool
) -> tuple[GameInfo, GameState | None]:
    """``/host end``: the game cancelled, its deadlines gone, and in the same transaction the
    reveal in the announcements and (a started game) the end on the server (R-LIFE-6). Returns
    the game and its last state, None if it never started."""
    game = await get_game(game_id)
    if by != game.host_id and not by_is_server_host:
        raise UserFacingError("error-not-host")
    if game.status not in (GameStatus.SIGNUP, GameStatus.RUNNING):
        raise UserFacingError("error-game-over")
    running = game.status is GameStatus.RUNNING
    state = (await load_state(game_id)).game_state() if running else None
    effects = await reveal_effects(game, state)
    if state is not None:
        effects.append(finish(game.guild_id, game.id))
    ended = await cancel_game(game_id, effects)
    wake_delivery(client)
    return ended, state
