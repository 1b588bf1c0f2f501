"""The outbox kinds that are a game's compound steps, each idempotent step by step: its setup
on the server (cogs.delivery.setup_kind), its end (which expands into the end's own rows,
cogs.game.finish) and its close (cogs.delivery.close_kind: channels read-only, roles back to the pool)."""

from __future__ import annotations

import logging

import discord

from cogs.delivery.adapter import Fence, Kind
from cogs.delivery.common import guild_of
from cogs.game.server import CannotHost
from db.outbox import OutboxItem, add, post

__all__ = ["GAME_KINDS"]

log = logging.getLogger(__name__)


async def _setup(client: discord.Client, item: OutboxItem, fence: Fence) -> str | None:
    """The game's roles and channels; when the bot cannot host here (it lost a permission since
    ``/host start`` checked), the game goes on in its lobby's channel, which is told so — the
    rows that follow this one then post there."""
    from cogs.delivery.setup_kind import set_up
    from db.games import get_game
    from db.guild_settings import get_settings
    from locales import t

    assert item.game_id is not None
    guild = await guild_of(client, item.effect.target_id)
    try:
        return str(await set_up(guild, item.effect.data))
    except CannotHost as cannot:
        log.warning("game %s: no channels of its own: %s", item.game_id, cannot)
        game = await get_game(item.game_id)
        if game.channel_id is not None:
            note = t((await get_settings(guild.id)).language, "start-no-channels")
            await add(item.game_id, [post(game.channel_id, note, key=f"no-channels:{game.id}")])
        return None


async def _finish(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    """The end expands into its rows (cogs.game.finish), delivered after this one."""
    from cogs.game.finish import end_effects
    from db.games import get_game

    assert item.game_id is not None
    await add(item.game_id, await end_effects(await get_game(item.game_id)))


async def _close(client: discord.Client, item: OutboxItem, fence: Fence) -> None:
    from cogs.delivery.close_kind import close_on_server
    from db.games import get_game, load_state

    assert item.game_id is not None
    guild = await guild_of(client, item.effect.target_id)
    state = (await load_state(item.game_id)).game_state()
    await close_on_server(guild, await get_game(item.game_id), state)


async def _quick(client: discord.Client, item: OutboxItem, fence: Fence) -> str | None:
    """The quick game's own server changes (cogs.delivery.quick_kind)."""
    from cogs.delivery.quick_kind import perform_quick

    return await perform_quick(client, item)


GAME_KINDS: dict[str, Kind] = {
    "setup": _setup,
    "finish": _finish,
    "close": _close,
    "quick": _quick,
}
