"""Choices and votes of a running game's current phase, each recorded once it is allowed.

One transaction per action: lock the game's row; refuse if the game is not running
(:class:`~db.errors.NotRunning`), if the action is for a phase that has ended
(:class:`~db.errors.PhaseClosed`) or if the user acted after its deadline
(:class:`~db.errors.DeadlinePassed`, judged by ``acted_at``, R-TIME-1..3); store it; bump the
game's version, so that a resolution that read the phase before this action fails its guard and
reads again (nothing accepted is lost). The caller checked the action with ``engine.check``
against the phase's state first.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from db.deadlines import Action, refuse_if_late
from db.errors import AlreadyVoted, NotRunning, PhaseClosed
from db.models import Game, GameChoice, GameStatus, GameVote
from db.rows import locked_game, now
from engine import Choice, Gun, Verb

__all__ = [
    "choices_for_phase",
    "insert_choice",
    "insert_vote",
    "locked_for_action",
    "record_choice",
    "record_vote",
    "votes_for_day",
]


@asynccontextmanager
async def locked_for_action(game_id: int) -> AsyncIterator[tuple[BaseDBAsyncClient, Game]]:
    """One action's transaction and the game's row, locked, read once: the service checks the
    action against it (cogs.game.play) and stores it with :func:`insert_vote` /
    :func:`insert_choice` on the same connection."""
    async with in_transaction() as connection:
        yield connection, await locked_game(game_id, connection)


def _open_phase(row: Game, phase: str, day_number: int, action: Action, acted_at: datetime) -> None:
    """Refuse unless (``phase``, ``day_number``) is the locked game's current phase and
    ``acted_at`` meets the deadline of ``action`` in it."""
    game_id = row.id
    if row.status != GameStatus.RUNNING:
        raise NotRunning(game_id)
    if (row.phase, row.day_number) != (str(phase), day_number):
        raise PhaseClosed(game_id, f"{phase} {day_number}; now {row.phase} {row.day_number}")
    refuse_if_late(row, action, acted_at)


async def _bump_version(connection: BaseDBAsyncClient, game_id: int) -> None:
    await Game.filter(id=game_id).using_db(connection).update(version=F("version") + 1)


async def record_choice(
    game_id: int, phase: str, day_number: int, choice: Choice, *, acted_at: datetime
) -> None:
    """Store ``choice`` for the engine phase (``phase``, ``day_number``), replacing the actor's
    earlier choice with the same verb in it: the last one in time is final (R-TIME-4).

    ``acted_at``: when the user acted (``interaction.created_at``, from its snowflake), aware.
    Refused: :class:`~db.errors.DeadlinePassed` if that is after the phase's choice deadline
    (R-TIME-1 by day, R-TIME-3 at night), :class:`~db.errors.PhaseClosed`,
    :class:`~db.errors.NotRunning`, :class:`~db.errors.GameNotFound`. Votes go through
    :func:`record_vote`."""
    async with locked_for_action(game_id) as (connection, row):
        await insert_choice(connection, row, phase, day_number, choice, acted_at=acted_at)


async def insert_choice(
    connection: BaseDBAsyncClient,
    row: Game,
    phase: str,
    day_number: int,
    choice: Choice,
    *,
    acted_at: datetime,
) -> None:
    """:func:`record_choice` inside :func:`locked_for_action`'s transaction."""
    if choice.verb is Verb.VOTE:
        raise ValueError("votes are recorded by record_vote")
    values = {"target": choice.target, "gun": None if choice.gun is None else str(choice.gun)}
    game_id = row.id
    _open_phase(row, phase, day_number, "choice", acted_at)
    phase_rows = GameChoice.filter(
        game_id=game_id, phase=str(phase), day_number=day_number, actor=choice.actor
    ).using_db(connection)
    # As engine.record: a skip replaces all the actor's choices, and a choice his skip;
    # otherwise a choice replaces his earlier one with the same verb and gun (R-TIME-4;
    # the woodman may fire two taken guns, R-NIGHT-10). The game's row is locked: nobody
    # writes these rows between the statements.
    if choice.verb is Verb.SKIP:
        await phase_rows.exclude(verb=str(Verb.SKIP)).delete()
    else:
        await phase_rows.filter(verb=str(Verb.SKIP)).delete()
    key = {"verb": str(choice.verb), "gun": values["gun"]}
    replaced = await phase_rows.filter(**key).update(target=choice.target, updated_at=now())
    if not replaced:
        await GameChoice.create(
            game_id=game_id,
            phase=str(phase),
            day_number=day_number,
            actor=choice.actor,
            **key,
            target=choice.target,
            using_db=connection,
        )
    await _bump_version(connection, game_id)


async def choices_for_phase(game_id: int, phase: str, day_number: int) -> list[Choice]:
    """The final choices of a phase (one per actor and verb), as the engine takes them."""
    rows = await GameChoice.filter(
        game_id=game_id, phase=str(phase), day_number=day_number
    ).order_by("updated_at", "id")
    return [
        Choice(r.actor, Verb(r.verb), r.target, None if r.gun is None else Gun(r.gun)) for r in rows
    ]


async def record_vote(
    game_id: int, day_number: int, voter: str, target: str, *, acted_at: datetime
) -> None:
    """``voter``'s vote on day ``day_number``: once, never changed (R-VOTE-2).

    ``acted_at``: when the user acted (``interaction.created_at``), aware. Refused:
    :class:`~db.errors.DeadlinePassed` if that is after the vote's deadline (R-TIME-2: a vote
    clicked at 20:59:59 and processed at 21:00:02 counts, one clicked at 21:01:00 does not),
    :class:`~db.errors.AlreadyVoted`, :class:`~db.errors.PhaseClosed` if that day is over,
    :class:`~db.errors.NotRunning`, :class:`~db.errors.GameNotFound`."""
    async with locked_for_action(game_id) as (connection, row):
        await insert_vote(connection, row, day_number, voter, target, acted_at=acted_at)


async def insert_vote(
    connection: BaseDBAsyncClient,
    row: Game,
    day_number: int,
    voter: str,
    target: str,
    *,
    acted_at: datetime,
) -> None:
    """:func:`record_vote` inside :func:`locked_for_action`'s transaction."""
    game_id = row.id
    _open_phase(row, "day", day_number, "vote", acted_at)
    voted = GameVote.filter(game_id=game_id, day_number=day_number, voter=voter)
    if await voted.using_db(connection).exists():
        raise AlreadyVoted(game_id, voter)
    await GameVote.create(
        game_id=game_id,
        day_number=day_number,
        voter=voter,
        target=target,
        using_db=connection,
    )
    await _bump_version(connection, game_id)


async def votes_for_day(game_id: int, day_number: int) -> list[Choice]:
    """The day's votes in the order they were cast, as engine ``vote`` choices."""
    rows = await GameVote.filter(game_id=game_id, day_number=day_number).order_by("id")
    return [Choice(r.voter, Verb.VOTE, r.target) for r in rows]
