"""A game's record: creating it, finding it, its channels, cancelling it, and the draw's seed
once it is over (R-LIFE-3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import timedelta
from typing import Any

from tortoise.transactions import in_transaction

from db.deadlines import NO_DEADLINES
from db.errors import SeedSecret
from db.models import Game, GameStatus
from db.outbox import Effect, enqueue
from db.records import GameInfo
from db.rows import existing_game, game_info, locked_game, now
from db.schedule import GameSchedule
from db.unset import UNSET, Unset

__all__ = [
    "cancel_game",
    "create_game",
    "games_in_guild",
    "get_game",
    "reveal_seed",
    "set_channels",
    "set_lobby",
]

OVER = (GameStatus.FINISHED, GameStatus.CANCELLED)


async def create_game(
    guild_id: int,
    host_id: int,
    mode: str,
    *,
    category_id: int | None = None,
    channel_id: int | None = None,
    schedule: GameSchedule | None = None,
    title: str | None = None,
    effects: Callable[[int], Sequence[Effect]] | None = None,
) -> GameInfo:
    """A new game in signup; ``effects``: what to do on Discord for it (the lobby post), made
    from its new id and stored in the same transaction."""
    async with in_transaction() as connection:
        row = await Game.create(
            guild_id=guild_id,
            host_id=host_id,
            mode=str(mode),
            category_id=category_id,
            channel_id=channel_id,
            schedule=None if schedule is None else schedule.to_json(),
            title=title,
            using_db=connection,
        )
        if effects is not None:
            await enqueue(connection, row.id, effects(row.id))
    return game_info(row)


async def get_game(game_id: int) -> GameInfo:
    """The game (:class:`~db.errors.GameNotFound` if there is none)."""
    return game_info(await existing_game(game_id))


async def games_in_guild(
    guild_id: int, statuses: Iterable[GameStatus] = (GameStatus.SIGNUP, GameStatus.RUNNING)
) -> list[GameInfo]:
    """The guild's games of those statuses (default: not over), oldest first."""
    rows = await Game.filter(
        guild_id=guild_id, status__in=[GameStatus(s) for s in statuses]
    ).order_by("id")
    return [game_info(row) for row in rows]


async def games_of_player(
    user_id: int, guild_id: int | None, statuses: Iterable[GameStatus] = (GameStatus.RUNNING,)
) -> list[GameInfo]:
    """The games (of those statuses) ``user_id`` signed up for, on ``guild_id`` or on any server
    (``None``: a command from his DMs), oldest first: one query, no state loaded."""
    rows = Game.filter(players__user_id=user_id, status__in=[GameStatus(s) for s in statuses])
    if guild_id is not None:
        rows = rows.filter(guild_id=guild_id)
    return [game_info(row) for row in await rows.distinct().order_by("id")]


async def games_over_within(window: timedelta) -> list[GameInfo]:
    """The started games (those with a draw) that ended, by their rules or by their host, in
    the last ``window`` (by the database's own clock, the one its rows are stamped with),
    oldest first: what a restart may have left open on the server."""
    rows = Game.filter(
        status__in=[GameStatus.FINISHED, GameStatus.CANCELLED],
        updated_at__gte=now() - window,
        commitment__isnull=False,
    )
    return [game_info(row) for row in await rows.order_by("id")]


async def _update(game_id: int, changes: dict[str, Any]) -> GameInfo:
    """Set the given columns (those not UNSET) of the game's row, under its lock."""
    changes = {name: value for name, value in changes.items() if value is not UNSET}
    async with in_transaction() as connection:
        row = await locked_game(game_id, connection)
        if changes:
            row.update_from_dict(changes)
            await row.save(using_db=connection, update_fields=[*changes, "updated_at"])
    return game_info(row)


async def set_channels(
    game_id: int,
    *,
    category_id: int | None | Unset = UNSET,
    channel_id: int | None | Unset = UNSET,
) -> GameInfo:
    """Record the game's Discord category and main channel (``None`` clears one)."""
    return await _update(game_id, {"category_id": category_id, "channel_id": channel_id})


async def set_lobby(
    game_id: int,
    *,
    title: str | None | Unset = UNSET,
    lobby_message_id: int | None | Unset = UNSET,
    roles: Any = UNSET,
) -> GameInfo:
    """Record the lobby's title, its post, or the host's choice of roles (R-BAL:
    ``{"preset": name}`` or ``{"roles": [...]}``; ``None``: the proposal at the start)."""
    return await _update(
        game_id, {"title": title, "lobby_message_id": lobby_message_id, "roles": roles}
    )


async def cancel_game(game_id: int, effects: Sequence[Effect] = ()) -> GameInfo:
    """Cancel a game in signup or running (a game over stays as it ended); its deadlines go.
    ``effects`` (the reveal, the end on the server) are stored with the cancel, only if it
    happens (issue 17)."""
    async with in_transaction() as connection:
        row = await locked_game(game_id, connection)
        if row.status not in OVER:
            row.update_from_dict({"status": GameStatus.CANCELLED, **NO_DEADLINES})
            await row.save(
                using_db=connection, update_fields=["status", *NO_DEADLINES, "updated_at"]
            )
            await enqueue(connection, game_id, effects)
    return game_info(row)


async def reveal_seed(game_id: int) -> str | None:
    """The draw's seed (hex), once the game is over; :class:`~db.errors.SeedSecret` before."""
    row = await existing_game(game_id)
    if row.status not in OVER:
        raise SeedSecret(game_id)
    return row.seed
