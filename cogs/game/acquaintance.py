"""The deal after the acquaintance (R-LIFE-2): "the draw is sealed (its commitment published)
when the acquaintance opens, and the roles are dealt and told at its end, just before day 1".

At a start with an acquaintance the draw is made and committed as at any start (the deal is a
function of the committed inputs, so drawing it now or at the end is the same deal), and the
commitment is posted; but nothing tells anyone his role yet: no role card, no cabinet opened to
its members, ``/mafia role`` refused, no day-1 prompt. The game is marked (db.meta
``deal-at:<game>``: when to tell it) and :class:`DealWorker` tells it at the acquaintance's end
— the role cards, the cabinets opened, the host's deal, day 1's thread, vote post and prompts —
then clears the mark. The host's ``/host acquaintance`` moves the mark with day 1's opening.
A restart loses nothing: the mark is stored, and the worker looks at it on start.
"""

from __future__ import annotations

import logging
from datetime import datetime

import discord

from cogs.game.aftermath import open_phase, wake_delivery, where
from cogs.game.host_deal import host_deal_effects
from cogs.game.server import load_game_channels
from cogs.game.server.overwrites import CABINET_MEMBER
from cogs.game.worker import Worker
from cogs.support import clock
from db.games import GameInfo, GameStatus, get_game, load_state, players
from db.guild_settings import get_settings
from db.meta import delete_meta, get_meta, meta_keys, set_meta
from db.outbox import Effect, add, overwrite
from engine import GameState

__all__ = [
    "DealWorker",
    "cabinet_openings",
    "deal_mark",
    "deal_pending",
    "hold_deal",
    "move_deal",
    "untold_until",
]

log = logging.getLogger(__name__)
PREFIX = "deal-at:"


def deal_mark(game_id: int, opens: datetime) -> dict[str, str]:
    """The mark that the deal of ``game_id`` is told at ``opens`` (the acquaintance's end), not
    now: stored with the start's commit (db.state.start_game's ``marks``), so that no crash
    can leave a started game whose deal nobody will tell."""
    return {f"{PREFIX}{game_id}": opens.isoformat()}


async def hold_deal(game_id: int, opens: datetime) -> None:
    """The deal's mark moved to ``opens`` (the host's ``/host acquaintance``)."""
    await set_meta(f"{PREFIX}{game_id}", opens.isoformat())


async def deal_pending(game_id: int) -> bool:
    """Whether the game's deal is still to be told (by :class:`DealWorker`)."""
    return await get_meta(f"{PREFIX}{game_id}") is not None


async def untold_until(game_id: int, now: datetime) -> datetime | None:
    """When the game's roles are told, while that is still to come (its acquaintance is on)."""
    stored = await get_meta(f"{PREFIX}{game_id}")
    opens = None if stored is None else datetime.fromisoformat(stored)
    return opens if opens is not None and opens > now else None


async def move_deal(game_id: int, opens: datetime) -> None:
    """The host moved day 1's opening (``/host acquaintance``): the deal moves with it."""
    if await deal_pending(game_id):
        await hold_deal(game_id, opens)


def cabinet_openings(game: GameInfo, state: GameState, cabinets: dict[str, int]) -> list[Effect]:
    """Each cabinet opened to its members (R-LIFE-4): one member overwrite each, as rows."""
    allow = CABINET_MEMBER[0].value
    return [
        overwrite(channel, int(pid), allow=allow, key=f"cabinet-open:{game.id}:{key}:{pid}",
                  reason=f"game {game.id}: the deal (R-LIFE-2)")  # fmt: skip
        for key, channel in sorted(cabinets.items())
        for pid in state.cabinets.get(key, ())
        if pid.isdigit()
    ]


async def tell_the_deal(client: discord.Client, game_id: int) -> None:
    """The acquaintance is over: every player is told his role, and day 1 opens on Discord."""
    from cogs.game.start_effects import card_effects  # the start's own cards

    game = await get_game(game_id)
    if game.status is GameStatus.RUNNING:
        state = (await load_state(game_id)).game_state()
        channels = await load_game_channels(game_id)
        effects = await host_deal_effects(game, state)
        if channels is not None:
            effects += cabinet_openings(game, state, dict(channels.cabinets))
        at = await where(game)
        locale = (await get_settings(game.guild_id)).language
        effects += await card_effects(game, state, await players(game_id), at, locale)
        await add(game_id, effects)
        await open_phase(client, game_id)  # day 1's thread, vote post and prompts
        wake_delivery(client)
    await delete_meta(f"{PREFIX}{game_id}")


class DealWorker(Worker):
    """Tells each held deal when its acquaintance ends (R-LIFE-2)."""

    name = "deal-after-acquaintance"

    def __init__(self, client: discord.Client) -> None:
        super().__init__()
        self.client = client

    async def round(self) -> datetime | None:
        now = clock.now()
        upcoming: list[datetime] = []
        for key in await meta_keys(PREFIX):
            stored = await get_meta(key)
            if stored is None:
                continue
            due = datetime.fromisoformat(stored)
            if due > now:
                upcoming.append(due)
                continue
            game_id = int(key.removeprefix(PREFIX))
            try:
                await tell_the_deal(self.client, game_id)
            except Exception:  # one game's trouble never stops the others; tried again later
                log.exception("game %s: telling the deal failed", game_id)
                upcoming.append(now + self.retry_after)
        return min(upcoming, default=None)
