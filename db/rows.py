"""Reading a game's row: locked for a write, or turned into the plain values callers get."""

from __future__ import annotations

from datetime import UTC, datetime

from tortoise.backends.base.client import BaseDBAsyncClient

from db.errors import GameNotFound
from db.models import Game, GameStatus
from db.records import GameInfo, StoredDeadline, StoredState
from db.schedule import GameSchedule

__all__ = ["existing_game", "game_info", "locked_game", "now", "stored_state"]


async def locked_game(game_id: int, connection: BaseDBAsyncClient) -> Game:
    """The game's row, locked until the end of ``connection``'s transaction (``SELECT … FOR
    UPDATE`` on PostgreSQL; SQLite has one writer at a time anyway). :class:`GameNotFound`."""
    row = await Game.filter(id=game_id).select_for_update().using_db(connection).get_or_none()
    if row is None:
        raise GameNotFound(game_id)
    return row


async def existing_game(game_id: int, connection: BaseDBAsyncClient | None = None) -> Game:
    """The game's row, unlocked (read on ``connection`` if given); :class:`GameNotFound`."""
    row = await Game.filter(id=game_id).using_db(connection).get_or_none()
    if row is None:
        raise GameNotFound(game_id)
    return row


def _deadline(announced_at: datetime | None, closes_at: datetime | None) -> StoredDeadline | None:
    if announced_at is None or closes_at is None:
        return None
    return StoredDeadline(announced_at, closes_at)


def game_info(row: Game) -> GameInfo:
    return GameInfo(
        id=row.id,
        guild_id=row.guild_id,
        host_id=row.host_id,
        mode=row.mode,
        title=row.title,
        lobby_message_id=row.lobby_message_id,
        roles=row.roles,
        status=GameStatus(row.status),
        category_id=row.category_id,
        channel_id=row.channel_id,
        phase=row.phase,
        day_number=row.day_number,
        version=row.version,
        schedule=GameSchedule.from_json(row.schedule),
        choices_deadline=_deadline(row.choices_deadline_at, row.choices_close_at),
        votes_deadline=_deadline(row.votes_deadline_at, row.votes_close_at),
        commitment=row.commitment,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def stored_state(row: Game) -> StoredState:
    return StoredState(
        game_id=row.id,
        status=GameStatus(row.status),
        version=row.version,
        phase=row.phase,
        day_number=row.day_number,
        state_json=row.state,
    )


def now() -> datetime:
    return datetime.now(UTC)
