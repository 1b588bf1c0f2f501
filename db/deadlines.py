"""A phase's deadlines as the game's row keeps them, and the one lateness check.

engine.clock decides every boundary (R-TIME-1..3) and states it as ``Deadline.close``, the first
instant no longer in time: ``in_time(deadline, t)`` is exactly ``t < deadline.close``. The row
keeps that instant beside the announced one (``named``: 13:00, 21:00, 22:00), so the check here
needs no schedule and cannot disagree with the engine:

=============  =================================  ====================================
phase          ``choices_*``                      ``votes_*``
=============  =================================  ====================================
day            day choices (R-TIME-1: 13:00:00    the vote (R-TIME-2: the whole minute
               inclusive)                         21:00 is in time, 21:01:00 is not)
night          night choices (R-TIME-3)           (none)
=============  =================================  ====================================
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Literal

from db.errors import DeadlinePassed
from db.models import Game
from engine.clock import KINDS_OF, Deadline

__all__ = ["NO_DEADLINES", "REMIND_LOOK_AHEAD", "Action", "deadline_columns", "refuse_if_late"]

Action = Literal["choice", "vote"]

#: No reminder comes earlier than this before a close (an hour in a clock game, a fifth of a
#: fast phase of at most 1440 minutes: cogs.game.reminders.lead_time).
REMIND_LOOK_AHEAD = timedelta(hours=24)

#: Every deadline column, cleared: a phase without deadlines (nothing is refused for lateness).
NO_DEADLINES: dict[str, datetime | None] = dict.fromkeys(
    (
        "choices_deadline_at",
        "choices_close_at",
        "votes_deadline_at",
        "votes_close_at",
        "next_close_at",
        "remind_at",
    )
)


def deadline_columns(phase: str, deadlines: Iterable[Deadline]) -> dict[str, datetime | None]:
    """The row's deadline columns for ``phase`` ("day" / "night") with ``deadlines`` (e.g.
    ``engine.clock.deadlines(schedule, phase, opened_at).values()``); the others cleared.
    ValueError for a kind the phase does not have (a vote at night) or a kind given twice."""
    columns = dict(NO_DEADLINES)
    seen: set[str] = set()
    for deadline in deadlines:
        if deadline.kind not in KINDS_OF[phase] or deadline.kind in seen:
            raise ValueError(f"a {phase} cannot have this {deadline.kind} deadline")
        seen.add(deadline.kind)
        prefix = "votes" if deadline.kind == "vote" else "choices"
        columns[f"{prefix}_deadline_at"] = deadline.named
        columns[f"{prefix}_close_at"] = deadline.close
    # The phase's end, what the scheduler resolves at (the vote by day, the choices at night),
    # and, for the reminders round, a time no reminder comes before: the round then writes the
    # exact one (it knows the schedule's lead). Both indexed, so that rounds read only what is
    # due (issue 20).
    ending = columns["votes_close_at" if phase == "day" else "choices_close_at"]
    columns["next_close_at"] = ending
    columns["remind_at"] = None if ending is None else ending - REMIND_LOOK_AHEAD
    return columns


def refuse_if_late(row: Game, action: Action, acted_at: datetime) -> None:
    """:class:`DeadlinePassed` if ``acted_at`` (when the user acted: the interaction's creation
    time, not when the bot got to it) is not before the close of ``action``'s deadline in the
    game's current phase. Called inside the transaction that records the action."""
    if acted_at.tzinfo is None or acted_at.utcoffset() is None:
        raise ValueError("acted_at must be timezone-aware")
    if action == "vote":
        announced_at, closes_at = row.votes_deadline_at, row.votes_close_at
    else:
        announced_at, closes_at = row.choices_deadline_at, row.choices_close_at
    if closes_at is not None and acted_at >= closes_at:
        raise DeadlinePassed(row.id, announced_at or closes_at, acted_at)
