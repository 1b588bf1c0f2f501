"""A game's Discord objects as ids: its channels by kind, and the server's pool of game roles.

Discord objects never enter db/ (DESIGN.md): callers give and get ids and plain values.

The pool: each server keeps its alive / dead / host / spectator roles between games, because
Discord limits role creation (about 250 per 48 h, 250 roles per server). A game *claims* a free
role of a kind (:func:`claim_pooled_role`), or records one it had to create
(:func:`add_pooled_role`); at its end :func:`release_pooled_roles` frees them for the next game.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tortoise.transactions import in_transaction

from db.models import GameChannel, GameStatus, PooledRole
from db.outbox import Effect, enqueue
from db.rows import existing_game

__all__ = [
    "GameChannelRecord",
    "PooledRoleRecord",
    "add_pooled_role",
    "claim_pooled_role",
    "drop_pooled_roles",
    "forget_game_channels",
    "game_channels",
    "game_roles",
    "pooled_roles",
    "record_game_channels",
    "release_pooled_roles",
    "running_game_channels",
]


@dataclass(frozen=True, slots=True)
class GameChannelRecord:
    kind: str  # "category", "announcements", "discussion", "voting", "morgue", "cabinet", "host"
    channel_id: int
    cabinet: str | None = None  # the cabinet's key for kind "cabinet"


@dataclass(frozen=True, slots=True)
class PooledRoleRecord:
    guild_id: int
    role_id: int
    kind: str  # "alive", "dead", "host", "spectator"
    game_id: int | None  # the game using it; None while free


def _pooled(row: PooledRole) -> PooledRoleRecord:
    # ``game_id`` is the foreign key's column, set by tortoise beside the relation.
    return PooledRoleRecord(row.guild_id, row.role_id, row.kind, row.game_id)  # type: ignore[attr-defined]


async def record_game_channels(game_id: int, channels: Iterable[GameChannelRecord]) -> None:
    """Remember the game's channels (in one transaction; :class:`~db.errors.GameNotFound`)."""
    async with in_transaction() as connection:
        game = await existing_game(game_id, connection)
        for channel in channels:
            await GameChannel.create(
                game=game,
                kind=channel.kind,
                cabinet=channel.cabinet,
                channel_id=channel.channel_id,
                using_db=connection,
            )


async def game_channels(game_id: int) -> list[GameChannelRecord]:
    """The game's channels, in the order they were recorded."""
    rows = await GameChannel.filter(game_id=game_id).order_by("id")
    return [GameChannelRecord(row.kind, row.channel_id, row.cabinet) for row in rows]


async def running_game_channels() -> dict[int, tuple[int, str]]:
    """Every running game's own channels: channel id → (game id, kind), in one query."""
    rows = await GameChannel.filter(game__status=GameStatus.RUNNING)
    return {row.channel_id: (row.game_id, row.kind) for row in rows}  # type: ignore[attr-defined]


async def forget_game_channels(
    game_id: int, channel_ids: Iterable[int] | None = None, effects: Sequence[Effect] = ()
) -> int:
    """Forget the game's channels (those of ``channel_ids``, or all); how many were forgotten.
    ``effects`` (their deletion on Discord) are stored in the same transaction."""
    async with in_transaction() as connection:
        query = GameChannel.filter(game_id=game_id).using_db(connection)
        if channel_ids is not None:
            query = query.filter(channel_id__in=list(channel_ids))
        forgotten = int(await query.delete())
        await enqueue(connection, game_id, effects)
    return forgotten


async def pooled_roles(guild_id: int) -> list[PooledRoleRecord]:
    """Every role of the server's pool, free or in use, oldest first."""
    return [_pooled(row) for row in await PooledRole.filter(guild_id=guild_id).order_by("id")]


async def game_roles(game_id: int) -> dict[str, int]:
    """The roles the game holds, by kind."""
    return {row.kind: row.role_id for row in await PooledRole.filter(game_id=game_id)}


async def claim_pooled_role(
    guild_id: int, kind: str, game_id: int, *, skip: Iterable[int] = ()
) -> int | None:
    """Lend a free role of ``kind`` to the game and return its id; ``None`` when the pool has
    none (the caller creates one and :func:`add_pooled_role`). ``skip``: role ids not to claim
    (gone from the server). The row is locked, so two games never get the same role."""
    async with in_transaction() as connection:
        row = (
            await PooledRole.filter(guild_id=guild_id, kind=kind, game_id=None)
            .exclude(role_id__in=list(skip))
            .order_by("id")
            .select_for_update()
            .using_db(connection)
            .first()
        )
        if row is None:
            return None
        row.game_id = game_id
        await row.save(using_db=connection, update_fields=["game_id", "updated_at"])
        return int(row.role_id)


async def add_pooled_role(guild_id: int, kind: str, role_id: int, game_id: int | None) -> None:
    """A role just created for the pool, lent to ``game_id`` (or free if ``None``)."""
    await PooledRole.create(guild_id=guild_id, kind=kind, role_id=role_id, game_id=game_id)


async def release_pooled_roles(game_id: int) -> list[int]:
    """Give the game's roles back to the pool; their ids."""
    async with in_transaction() as connection:
        rows = await PooledRole.filter(game_id=game_id).select_for_update().using_db(connection)
        for row in rows:
            row.game_id = None
            await row.save(using_db=connection, update_fields=["game_id", "updated_at"])
    return [row.role_id for row in rows]


async def drop_pooled_roles(role_ids: Iterable[int]) -> int:
    """Forget pooled roles (deleted from the server, by an admin or by the bot); how many."""
    return int(await PooledRole.filter(role_id__in=list(role_ids)).delete())
