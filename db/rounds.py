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
    rows = await Game.filter(
        status=GameStatus.RUNNING, remind_at__lte=now, next_close_at__isnull=False
    ).values_list("id", "phase", "day_number", "next_close_at", "schedule")
    return [
        DueReminder(game_id, phase, number, closes, GameSchedule.from_json(schedule))
        for game_id, phase, number, closes, schedule in rows
    ]


async def next_reminder_at(now: datetime) -> datetime | None:
    """The earliest ``remind_at`` still to come."""
    rows = await (
        Game.filter(status=GameStatus.RUNNING, remind_at__gt=now)
        .order_by("remind_at")
        .limit(1)
        .values_list("remind_at")
    )
    first = rows[0][0] if rows else None
    return first if isinstance(first, datetime) else None


async def set_remind_at(due: DueReminder, at: datetime | None) -> None:
    """Write ``at`` (None: nothing more to remind of) if the game is still in that phase."""
    await Game.filter(
        id=due.game_id, phase=due.phase, day_number=due.day_number, next_close_at=due.closes_at
    ).update(remind_at=at)
