"""What the bot's start makes sure of, once the gateway has delivered the servers (issue 17,
item 4): every running game's current phase is open on Discord (its day's thread, vote post and
prompts), its dead hold the dead role and the autokilled are muted in the morgue, and every game
that ended lately is closed on the server. All of it is *enqueued*, with the idempotency keys the
resolutions use (cogs.game.aftermath): what is stored already — delivered or waiting — adds
nothing, and what a crash cut off (a resolution stored before a version of the bot that knew
these rows, a start written while no bot ran) is delivered like any other row."""

from __future__ import annotations

import asyncio
import logging

from cogs.game.acquaintance import deal_pending
from cogs.game.aftermath import death_effects, phase_opening_effects
from cogs.game.finish import CATCH_UP_WINDOW, finished_key
from cogs.game.server import load_game_channels
from cogs.game.table import silenced_in_morgue
from db.games import event_log, get_game, load_state, pending_deadlines
from db.lifecycle import games_over_within
from db.meta import get_meta
from db.outbox import Effect, add, finish
from db.quick import MODE as QUICK

__all__ = ["catch_up"]

log = logging.getLogger(__name__)
PARALLEL = 8  # games caught up at once


async def catch_up() -> int:
    """Enqueue what the running and lately ended games may miss; how many games were looked at."""
    limit = asyncio.Semaphore(PARALLEL)

    async def one(game_id: int) -> int:
        async with limit:
            try:
                await add(game_id, await _running(game_id))
                return 1
            except Exception:  # one game's trouble must not keep the others from catching up
                log.exception("game %s: could not catch up after the start", game_id)
                return 0

    # Games side by side, a few at a time (a restart with 1,000 running games, issue 20).
    seen = sum(await asyncio.gather(*(one(p.game_id) for p in await pending_deadlines())))
    for game in await games_over_within(CATCH_UP_WINDOW):
        if game.mode == QUICK:
            continue  # the quick game's end is rows stored with it (cogs.quick): no finish row
        if await get_meta(finished_key(game.id)) is None:
            await add(game.id, [finish(game.guild_id, game.id)])
            seen += 1
    return seen


async def _running(game_id: int) -> list[Effect]:
    game = await get_game(game_id)
    state = (await load_state(game_id)).game_state()
    # R-LIFE-2: during the acquaintance day 1 is not open on Discord yet (cogs.game.acquaintance
    # opens it when it tells the deal): no prompt may go out before the cards.
    effects = [] if await deal_pending(game_id) else await phase_opening_effects(game, state)
    channels = await load_game_channels(game_id)
    if channels is not None:
        silenced = silenced_in_morgue([e.event for e in await event_log(game_id)])
        dead = [p.id for p in state.players if not p.alive]  # however each one went
        effects = death_effects(game, channels, dead, silenced) + effects
    return effects
