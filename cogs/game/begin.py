"""What follows a start on Discord, in one place for ``/host start`` and the tests' starts
(which impose a deal): the game's channels and roles, day 1's deadline to the scheduler, the
public commitment and the role cards, the day's vote post."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import discord

from cogs.game import server, table
from cogs.game.acquaintance import hold_deal
from cogs.game.aftermath import open_phase, wake_deadlines
from cogs.game.host_deal import host_deal_effects
from cogs.game.start import Started, day_opens_at
from cogs.game.start_post import announce_start
from db.outbox import add

__all__ = ["Begun", "begin"]

log = logging.getLogger(__name__)


@dataclass
class Begun:
    channels: server.GameChannels | None = None  # None: the game goes on in its lobby's channel
    undelivered: list[str] = field(default_factory=list)  # names whose role card found no DM


async def begin(
    client: discord.Client, guild: discord.Guild | None, started: Started, *, channels: bool = True
) -> Begun:
    """``channels``: give the game its own channels and roles (``/host start`` does; a game
    without them plays in the channel its lobby was opened in)."""
    begun = Begun()
    game = started.game
    opens = day_opens_at(game)  # R-LIFE-2: with an acquaintance, the deal is told at its end
    if channels and guild is not None:
        try:
            host = await guild.fetch_member(game.host_id)
            begun.channels = await table.open_on_server(
                guild, game, started.state, host, cabinet_members=opens is None
            )
            if any(not p.alive for p in started.state.players):  # a start with some out
                await table.sync_roles(guild, game.id, started.state)
        except (server.CannotHost, discord.HTTPException) as error:
            log.warning("game %s: no channels of its own: %s", game.id, error)
    wake_deadlines(client)  # day 1's deadline is new: its close and its reminder
    if opens is not None:
        await hold_deal(game.id, opens)
        deals = getattr(client, "deals", None)
        if deals is not None:
            deals.wake()
    begun.undelivered = await announce_start(client, started)
    if opens is None:
        await add(game.id, await host_deal_effects(game, started.state))  # with the phase
        # Day 1's thread, vote post and prompts (the lawyer's, the bouncer's): outbox rows.
        await open_phase(client, game.id)
    return begun
