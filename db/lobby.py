"""Signup (R-LIFE-1): players join a game in signup with a character name, in order, or leave.

Each write locks the game's row first, so concurrent signups of one game are serialised: orders
stay 0, 1, 2, … and no two players get the same or confusable names (engine.names)."""

from __future__ import annotations

from collections.abc import Sequence

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.transactions import in_transaction

from db.errors import AlreadySignedUp, BadName, NameTaken, NotSignedUp, SignupClosed
from db.models import GamePlayer, GameStatus
from db.outbox import Effect, enqueue
from db.records import PlayerInfo
from db.rows import locked_game
from engine.names import clean_name, name_key, name_problem

__all__ = ["add_player", "create_seat", "players", "remove_player", "valid_name"]


async def add_player(
    game_id: int,
    user_id: int,
    name: str,
    locale: str | None = None,
    effects: Sequence[Effect] = (),
) -> PlayerInfo:
    """Sign ``user_id`` up as ``name`` (spacing tidied); the next signup order (0, 1, 2, …).

    Refused: :class:`~db.errors.SignupClosed`, :class:`~db.errors.AlreadySignedUp`,
    :class:`~db.errors.BadName`, :class:`~db.errors.NameTaken` (the same or a confusable name,
    R-LIFE-1), :class:`~db.errors.GameNotFound`. ``locale``: his client's, for his DMs.
    ``effects`` (the lobby post's edit) are stored with the signup."""
    clean, key = valid_name(game_id, name)
    async with in_transaction() as connection:
        row = await locked_game(game_id, connection)
        if row.status != GameStatus.SIGNUP:
            raise SignupClosed(game_id)
        signed = await GamePlayer.filter(game_id=game_id).using_db(connection)
        for player in signed:
            if player.user_id == user_id:
                raise AlreadySignedUp(game_id, str(user_id))
            if player.name_key == key:
                raise NameTaken(game_id, player.name)
        order = max((p.signup_order for p in signed), default=-1) + 1
        created = await create_seat(connection, game_id, user_id, order, (clean, key), locale)
        await enqueue(connection, game_id, effects)
    return PlayerInfo(created.user_id, created.signup_order, created.name)


def valid_name(game_id: int, name: str) -> tuple[str, str]:
    """``name`` as stored (spacing tidied) and its collision key (R-LIFE-1);
    :class:`~db.errors.BadName` if it cannot be a character's name."""
    clean = clean_name(name)
    problem = name_problem(clean)
    if problem is not None:
        raise BadName(game_id, problem)
    return clean, name_key(clean)


async def create_seat(
    connection: BaseDBAsyncClient, game_id: int, user_id: int, order: int,
    name: tuple[str, str], locale: str | None,
) -> GamePlayer:  # fmt: skip
    """The seat's row, in the caller's transaction (which checked the signup: the game's
    state, the name free); ``name``: :func:`valid_name`'s."""
    clean, key = name
    return await GamePlayer.create(
        game_id=game_id, user_id=user_id, signup_order=order, name=clean, name_key=key,
        locale=locale, using_db=connection,
    )  # fmt: skip


async def remove_player(game_id: int, user_id: int, effects: Sequence[Effect] = ()) -> None:
    """Withdraw a signup (signup only; later, a player leaves through the engine); ``effects``
    stored with it."""
    async with in_transaction() as connection:
        row = await locked_game(game_id, connection)
        if row.status != GameStatus.SIGNUP:
            raise SignupClosed(game_id)
        deleted = (
            await GamePlayer.filter(game_id=game_id, user_id=user_id).using_db(connection).delete()
        )
        if not deleted:
            raise NotSignedUp(game_id, str(user_id))
        await enqueue(connection, game_id, effects)


async def players(game_id: int) -> list[PlayerInfo]:
    """The game's players in signup order."""
    rows = await GamePlayer.filter(game_id=game_id).order_by("signup_order")
    return [PlayerInfo(r.user_id, r.signup_order, r.name) for r in rows]
