"""A finished game counted: its facts read from its stored log (db.game_facts) and stored as its
result and seats (db.stats_models), in the transaction of its end, once.

:func:`count_end` is what the end's transaction calls (db.state.advance_phase, when a game
becomes ``finished``): it derives the game's facts from what that same transaction stored (the
final state, the events, the choices), stores them, and rates the game (db.ratings). A game
already counted is left as it is, so an end that is replayed adds nothing. A game the host ended
is cancelled, never finished: it is not counted (issue 22: "only finished games count").
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient

from db.game_facts import ChoiceRow, GameFacts, game_facts
from db.models import Game, GameChoice, GameEvent, GameStatus
from db.stats_models import GameResult, GameSeat

__all__ = ["count_end", "derive", "store_result"]

log = logging.getLogger(__name__)


async def derive(connection: BaseDBAsyncClient, game: Game) -> tuple[GameFacts, datetime]:
    """The game's facts from its stored log, and the instant of its end (its last event's)."""
    rows = await GameEvent.filter(game_id=game.id).using_db(connection).order_by("seq")
    choices = (
        await GameChoice.filter(game_id=game.id).using_db(connection).order_by("updated_at", "id")
    )
    picked = [
        ChoiceRow(c.phase, c.day_number, c.actor, c.verb, c.target, order=i)
        for i, c in enumerate(choices)
    ]
    dealt: dict[str, str] = {}
    if isinstance(game.roles, dict) and isinstance(game.roles.get("dealt"), dict):
        dealt = {str(k): str(v) for k, v in game.roles["dealt"].items()}
    events: list[dict[str, Any]] = [dict(r.data) for r in rows]
    facts = game_facts(game.mode, game.state or "", events, picked, dealt)
    ended_at = rows[-1].created_at if rows else game.updated_at
    return facts, ended_at


async def store_result(
    connection: BaseDBAsyncClient, game: Game, facts: GameFacts, ended_at: datetime
) -> GameResult:
    result = await GameResult.create(
        game_id=game.id,
        guild_id=game.guild_id,
        kind=facts.kind,
        mode=facts.mode,
        winners=",".join(facts.winners),
        reason=facts.reason[:32],
        ended_at=ended_at,
        using_db=connection,
    )
    seats = [
        GameSeat(
            game_id=result.id,
            guild_id=game.guild_id,
            kind=facts.kind,
            user_id=s.user_id,
            dealt_role=s.dealt_role,
            final_role=s.final_role,
            roles=",".join(s.roles)[:200],
            side=s.side,
            won=s.won,
            survived=s.survived,
            cop_hits=s.cop_hits,
            checks_found=s.checks_found,
            saves=s.saves,
            ended_at=ended_at,
        )
        for s in facts.seats
    ]
    if seats:
        await GameSeat.bulk_create(seats, using_db=connection)
    return result


async def count_end(connection: BaseDBAsyncClient, game_id: int) -> None:
    """Count the finished game (its result, seats and ratings), once; called in the
    transaction that stores its end."""
    from db.ratings import rate_result  # db.ratings reads results: imported when needed

    if await GameResult.filter(game_id=game_id).using_db(connection).exists():
        return
    game = await Game.filter(id=game_id).using_db(connection).get()
    if game.status != GameStatus.FINISHED or not game.state:
        return
    try:
        facts, ended_at = await derive(connection, game)
    except (ValueError, KeyError, TypeError):  # engine.InvalidState is a ValueError
        # A log the statistics cannot read must not stop the game's end: it is logged, and
        # ``python -m db.rebuild_ratings`` counts the game once the reading is fixed.
        log.exception("game %s: its end is not counted in the statistics", game_id)
        return
    result = await store_result(connection, game, facts, ended_at)
    await rate_result(connection, result)
