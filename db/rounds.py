"""What the reminders round reads and writes: the indexed ``remind_at`` of the running games
(issue 20: a background round reads what is due, never every game's state).

``remind_at`` is written with a phase's deadlines (db.deadlines: a day before its close, no
reminder comes earlier); the round then writes the exact time (it knows the schedule's lead),
and clears it once the phase's reminder is out or its close has passed. Each write is guarded by
the phase and its close as read, so a game that moved on meanwhile keeps its new value.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from db.models import Game, GameStatus
from db.schedule import GameSchedule

__all__ = ["DueReminder", "next_reminder_at", "reminders_due", "set_remind_at"]


@dataclass(frozen=True, slots=True)
class DueReminder:
    game_id: int
    phase: str
    day_number: int
    closes_at: datetime
    schedule: GameSchedule


async def reminders_due(now: datetime) -> list[DueReminder]:
    """The running games whose ``remind_at`` has come."""
    # By the index on remind_at alone; the status is checked here (a game's end clears
    # remind_at, so this is a guard, not a filter): with it in the query SQLite would scan
    # the running games by their status.
    rows = await Game.filter(remind_at__lte=now).values_list(
        "id", "status", "phase", "day_number", "next_close_at", "schedule"
    )
    return [
        DueReminder(game_id, phase, number, closes, GameSchedule.from_json(schedule))
        for game_id, status, phase, number, closes, schedule in rows
        if status == GameStatus.RUNNING and closes is not None
    ]


async def next_reminder_at(now: datetime) -> datetime | None:
    """The earliest ``remind_at`` still to come."""
    # remind_at alone (a game's end clears it): the index gives the first row at once, where
    # a status filter would make SQLite scan the running games and sort them.
    rows = await (
        Game.filter(remind_at__gt=now).order_by("remind_at").limit(1).values_list("remind_at")
    )
    first = rows[0][0] if rows else None
    return first if isinstance(first, datetime) else None


async def set_remind_at(due: DueReminder, at: datetime | None) -> None:
    """Write ``at`` (None: nothing more to remind of) if the game is still in that phase."""
    await Game.filter(
        id=due.game_id, phase=due.phase, day_number=due.day_number, next_close_at=due.closes_at
    ).update(remind_at=at)
