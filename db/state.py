"""A running game's engine state: the start, each change of it under the version guard, and
the deadlines the scheduler waits for.

:func:`advance_phase` is the one way to change a running game's state: a conditional ``UPDATE …
WHERE version = expected``, so of two workers (or a restarted bot and a late deadline) resolving
the same phase, exactly one wins; the other gets :class:`~db.errors.StaleVersion` and nothing of
its work is stored (DESIGN.md: a phase transition is done once).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from db.deadlines import NO_DEADLINES, deadline_columns
from db.errors import NotRunning, SignupClosed, StaleVersion
from db.events import append_events
from db.game_facts import ChoiceRow
from db.lifecycle import OVER
from db.meta import put_meta
from db.models import Game, GameChoice, GameStatus, GameVote
from db.outbox import Effect, enqueue
from db.records import PendingDeadline, StoredState
from db.results import count_end
from db.rows import existing_game, locked_game, now, stored_state
from db.schedule import GameSchedule
from db.unset import UNSET, Unset
from engine import Event, GameState, Phase
from engine.clock import Deadline

#: What :func:`advance_phase` composes last in its transaction: more effects, on its connection.
Then = Callable[[BaseDBAsyncClient], Awaitable[Sequence[Effect]]]

__all__ = [
    "Then",
    "advance_phase",
    "load_state",
    "pending_deadline",
    "due_deadlines",
    "pending_deadlines",
    "schedules_of",
    "start_game",
    "store_choices",
]


def _state_text(state: GameState | str) -> tuple[str, str, int]:
    """The state as JSON text, with its phase and number."""
    text = state.to_json() if isinstance(state, GameState) else state
    data = json.loads(text)
    return text, str(data["phase"]), int(data["number"])


async def start_game(
    game_id: int,
    state: GameState | str,
    *,
    commitment: str,
    seed: str,
    events: Sequence[Event] = (),
    schedule: GameSchedule | None = None,
    deadlines: Iterable[Deadline] = (),
    roles: Sequence[str] | None = None,
    dealt: Mapping[str, str] | None = None,
    effects: Sequence[Effect] = (),
    marks: Mapping[str, str] | None = None,
) -> StoredState:
    """Signup → running with the engine's first state (``engine.new_game`` over the deal), the
    draw's commitment and secret seed (hex), the committed role list (``roles``, in the draw's
    order: with the seed it lets anyone check the deal after the game; ``dealt``: each player's
    card, ``role@faction``, what he was told at the start), and the first phase's
    ``deadlines`` (as ``engine.clock.deadlines`` gives them; none: no deadline), and the
    start's Discord ``effects`` (its setup, the commitment, the cards), and ``marks`` (db.meta
    keys and values: the acquaintance's held deal); one transaction.
    :class:`~db.errors.SignupClosed` if the game is no longer in signup (e.g. started by
    another command meanwhile)."""
    text, phase, number = _state_text(state)
    columns = deadline_columns(phase, deadlines)
    async with in_transaction() as connection:
        updated = (
            await Game.filter(id=game_id, status=GameStatus.SIGNUP)
            .using_db(connection)
            .update(
                status=GameStatus.RUNNING,
                state=text,
                phase=phase,
                day_number=number,
                version=F("version") + 1,
                commitment=commitment,
                seed=seed,
                schedule=None if schedule is None else schedule.to_json(),
                updated_at=now(),
                **columns,
                **({} if roles is None else {"roles": _deal_record(roles, dealt)}),
            )
        )
        if not updated:
            await locked_game(game_id, connection)  # GameNotFound if there is none
            raise SignupClosed(game_id)
        row = await Game.filter(id=game_id).using_db(connection).get()
        await append_events(connection, game_id, row.version, events, Phase(phase), number)
        await enqueue(connection, game_id, effects)
        for key, value in (marks or {}).items():
            await put_meta(connection, key, value)
    return stored_state(row)


def _deal_record(roles: Sequence[str], dealt: Mapping[str, str] | None) -> dict[str, Any]:
    record: dict[str, Any] = {"roles": list(roles)}
    if dealt is not None:
        record["dealt"] = dict(dealt)
    return record


async def load_state(game_id: int) -> StoredState:
    """The game's engine state (JSON; ``.game_state()`` parses it) and its version."""
    return stored_state(await existing_game(game_id))


async def _void_votes(
    connection: BaseDBAsyncClient, game_id: int, day: int, targets: Sequence[str]
) -> None:
    """Today's votes for ``targets`` deleted (a player the host removed mid-day)."""
    votes = GameVote.filter(game_id=game_id, day_number=day, target__in=list(targets))
    await votes.using_db(connection).delete()


async def advance_phase(
    game_id: int,
    expected_version: int,
    new_state: GameState | str,
    events: Sequence[Event],
    *,
    status: GameStatus | None = None,
    schedule: GameSchedule | Unset = UNSET,
    deadlines: Iterable[Deadline] | Unset = UNSET,
    effects: Sequence[Effect] = (),
    void_votes_for: Sequence[str] = (),
    choices: Sequence[ChoiceRow] = (),
    then: Then | None = None,
) -> int:
    """Store a running game's new state and its events, once: in one transaction, only if the
    game's ``version`` is still ``expected_version``, which it then bumps. Returns the new
    version.

    For phase resolutions and host overrides alike. ``effects`` (its posts and DMs) are stored
    in the same transaction for the outbox worker to deliver (db.outbox). ``void_votes_for``:
    today's votes for these players are deleted with it (a player the host removed mid-day:
    his voters vote again). ``status`` ends the game (``finished`` /
    ``cancelled``: its deadlines are cleared). ``schedule`` replaces the stored one when given.
    ``deadlines`` are the new state's phase's (``engine.clock.deadlines(...).values()``); not
    given, a host override (same phase) keeps the current ones and a resolution (a new phase)
    has none, since the old phase's cannot apply to it. ``choices``: the resolved phase's final
    choices, stored as its rows (the quick game keeps them in its state until its stage ends).
    ``then``: effects composed in the transaction after the end is counted (the quick game's
    end DMs tell the rating change stored with it), on its connection.

    Raises :class:`~db.errors.StaleVersion` if the game changed since ``expected_version`` was
    read (nothing is stored), :class:`~db.errors.NotRunning`, :class:`~db.errors.GameNotFound`;
    ``ValueError`` for a deadline the new phase does not have."""
    text, phase, number = _state_text(new_state)
    changes = _changes(text, phase, number, status, schedule, deadlines)
    async with in_transaction() as connection:
        # The phase that produced the events is the stored one (a resolution moves the state on;
        # a host override keeps it). If the row changes after this read, the guard below fails.
        before = await existing_game(game_id, connection)
        if (before.phase, before.day_number) != (phase, number):
            for column, value in NO_DEADLINES.items():
                changes.setdefault(column, value)
        await _guarded_update(connection, game_id, expected_version, changes)
        new_version = expected_version + 1
        produced_in = Phase(before.phase) if before.phase else Phase(phase)
        number_before = before.day_number if before.phase else number
        await append_events(connection, game_id, new_version, events, produced_in, number_before,
                            mode=before.mode)  # fmt: skip
        await store_choices(connection, game_id, choices)
        if void_votes_for and before.phase == "day":
            await _void_votes(connection, game_id, before.day_number, void_votes_for)
        await enqueue(connection, game_id, effects)
        if status == GameStatus.FINISHED:
            await count_end(connection, game_id)  # its statistics and ratings, with its end
        if then is not None:
            await enqueue(connection, game_id, await then(connection))
    return new_version


async def _guarded_update(
    connection: BaseDBAsyncClient, game_id: int, expected_version: int, changes: dict[str, Any]
) -> None:
    """The guard: the row changes only if nobody changed it since the caller loaded it. On
    PostgreSQL a concurrent UPDATE waits for this transaction, then finds no row to update."""
    updated = (
        await Game.filter(id=game_id, version=expected_version, status=GameStatus.RUNNING)
        .using_db(connection)
        .update(**changes)
    )
    if not updated:
        row = await existing_game(game_id, connection)
        if row.status != GameStatus.RUNNING:
            raise NotRunning(game_id)
        raise StaleVersion(game_id, f"expected version {expected_version}, is {row.version}")


async def store_choices(
    connection: BaseDBAsyncClient, game_id: int, choices: Sequence[ChoiceRow]
) -> None:
    """A resolved phase's final choices as rows (db.game_facts reads them), in their order."""
    rows = [
        GameChoice(game_id=game_id, phase=c.phase, day_number=c.number, actor=c.actor,
                   verb=c.verb, target=c.target)
        for c in sorted(choices, key=lambda c: c.order)
    ]  # fmt: skip
    if rows:
        await GameChoice.bulk_create(rows, using_db=connection)


def _changes(
    text: str,
    phase: str,
    number: int,
    status: GameStatus | None,
    schedule: GameSchedule | Unset,
    deadlines: Iterable[Deadline] | Unset,
) -> dict[str, Any]:
    """The game row's new columns for :func:`advance_phase`."""
    changes: dict[str, Any] = {
        "state": text,
        "phase": phase,
        "day_number": number,
        "version": F("version") + 1,
        "updated_at": now(),
    }
    if status is not None:
        changes["status"] = GameStatus(status)
    if not isinstance(schedule, Unset):
        changes["schedule"] = schedule.to_json()
    if not isinstance(deadlines, Unset):
        changes.update(deadline_columns(phase, deadlines))
    if status in OVER:
        changes.update(NO_DEADLINES)
    return changes


async def pending_deadlines() -> list[PendingDeadline]:
    """Every running game's current phase end, earliest first (each scheduler round): the
    vote's close in a day (R-TIME-2), the night choices' close at night (R-TIME-3). A game whose
    phase has no such deadline is left to its host. Only the indexed status and the deadline
    columns are read, never a game's state (DESIGN.md: background rounds read indexed columns)."""
    # The quick chat game's phases are its own scheduler's (db.quick.pending_quick).
    running = Game.filter(status=GameStatus.RUNNING, phase__isnull=False).exclude(mode="chat")
    rows = await running.values_list(
        "id", "version", "phase", "day_number", "votes_close_at", "choices_close_at"
    )
    pending = [
        PendingDeadline(game_id, version, phase, number, votes if phase == "day" else choices)
        for game_id, version, phase, number, votes, choices in rows
        if (votes if phase == "day" else choices) is not None
    ]
    return sorted(pending, key=lambda p: (p.closes_at, p.game_id))


_CLAIM = ("id", "version", "phase", "day_number", "next_close_at")


async def due_deadlines(until: datetime) -> list[PendingDeadline]:
    """The scheduler's round: every running game whose phase closes by ``until``, earliest
    first, then the first to close after it (when to look again). Two reads of the indexed
    ``next_close_at``: a round costs what is due, not what is running (issue 20)."""
    # By the index on next_close_at alone (a game's end clears it); the status is checked
    # here: in the query it would make SQLite scan the running games by their status.
    due = Game.filter(next_close_at__lte=until).order_by("next_close_at", "id")
    later = Game.filter(next_close_at__gt=until).order_by("next_close_at", "id").limit(1)
    following = await later.values_list("status", *_CLAIM)
    if following and following[0][0] != GameStatus.RUNNING:  # a stale row (never expected)
        later = later.filter(status=GameStatus.RUNNING)
        following = await later.values_list("status", *_CLAIM)
    rows = [*await due.values_list("status", *_CLAIM), *following]
    return [
        PendingDeadline(game_id, v, phase, n, closes)
        for status, game_id, v, phase, n, closes in rows
        if status == GameStatus.RUNNING
    ]


async def pending_deadline(game_id: int) -> PendingDeadline | None:
    """The game's current phase end as the scheduler would claim it (None: none pending)."""
    rows = await Game.filter(
        id=game_id, status=GameStatus.RUNNING, next_close_at__isnull=False
    ).values_list(*_CLAIM)
    return next((PendingDeadline(*row) for row in rows), None)


async def schedules_of(game_ids: Sequence[int]) -> dict[int, GameSchedule]:
    """The games' schedules, read alone (one query; not their states)."""
    if not game_ids:
        return {}
    rows = await Game.filter(id__in=list(game_ids)).values_list("id", "schedule")
    return {game_id: GameSchedule.from_json(stored) for game_id, stored in rows}
