"""R-WIN-5 on Discord: the host's channel is told when a game may be stuck (engine.forum.stuck
counts the quiet game days), as an outbox row of the night's resolution that completes them."""

from __future__ import annotations

from collections.abc import Sequence

from cogs.game.host_common import game_language
from cogs.game.server import load_game_channels
from db.games import GameInfo, event_log
from db.outbox import Effect, post
from engine import Event, GameState, Phase
from engine.events import Died
from engine.forum.stuck import tell_host_stuck
from locales import t

__all__ = ["stuck_effects"]


def _game_day(produced_in: str | None) -> int | None:
    """The game day of a logged event's phase ("day 2", "night 2" → 2)."""
    number = (produced_in or "").rpartition(" ")[2]
    return int(number) if number.isdigit() else None


async def stuck_effects(
    game: GameInfo, before: GameState, after: GameState, events: Sequence[Event]
) -> list[Effect]:
    """After night ``before.number`` (the end of a game day): the host's notice, if due."""
    if before.phase is not Phase.NIGHT or after.outcome is not None:
        return []
    channels = await load_game_channels(game.id)
    if channels is None:
        return []
    left_on = {
        day
        for entry in await event_log(game.id)
        if isinstance(entry.event, Died) and (day := _game_day(entry.produced_in)) is not None
    }
    if any(isinstance(event, Died) for event in events):
        left_on.add(before.number)
    streak = tell_host_stuck(left_on, before.number)
    if streak is None:
        return []
    text = t(await game_language(game), "host-stuck", days=streak)
    return [post(channels.host, text, key=f"stuck:{game.id}:{before.number}")]
