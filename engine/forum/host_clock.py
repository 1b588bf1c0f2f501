"""The host's changes to the clock (RULES.md section 3): a deadline moved for the whole game or
one day (R-TIME intro), the outage's reopened vote (R-TIME-5), pause and resume, the day's later
opening (R-TIME-6). Pure functions over ``engine.clock``'s values: the Discord layer stores the
host's settings and asks these what they mean now.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable
from datetime import UTC, datetime, timedelta
from enum import StrEnum

from engine import clock
from engine.roles import Phase as GamePhase
from engine.state import GameState

#: Each choice window's phase.
PHASE_OF: dict[clock.ChoiceKind, clock.PhaseKind] = {
    "day_choice": "day",
    "vote": "day",
    "night_choice": "night",
}
_EPOCH = datetime(2000, 1, 3, tzinfo=UTC)  # any instant: a duration is the same from each


class ClockRefusal(StrEnum):
    """Why a host's change of the clock is refused (the cogs map each to its sentence)."""

    PAUSED = "paused"  # the clock is paused: resume it first (nothing moves while it stands)
    OUTAGE_NOT_DAY = "outage_not_day"  # R-TIME-5: an outage reopens a day's vote


def may_change_clock(*, paused: bool) -> ClockRefusal | None:
    """A deadline moved, an outage, a pause: none while the clock is paused — a deadline set
    then would be moved again by the resume (R-TIME intro: the host's changes are exact)."""
    return ClockRefusal.PAUSED if paused else None


def may_declare_outage(phase: str | None, *, paused: bool) -> ClockRefusal | None:
    """R-TIME-5: an outage reopens the current day's vote: refused by night, and while the
    clock is paused."""
    refused = may_change_clock(paused=paused)
    if refused is None and phase != "day":
        return ClockRefusal.OUTAGE_NOT_DAY
    return refused


def day_over(current: clock.Phase, kind: clock.ChoiceKind, day: int) -> bool:
    """A change of ``kind``'s deadline for day ``day`` (and its night) comes too late: that
    day is past, or it is the day's own deadline asked during its night."""
    if day < current.number:
        return True
    return day == current.number and PHASE_OF[kind] == "day" and current.kind == "night"


def touches_current(current: clock.Phase, kind: clock.ChoiceKind, day: int | None) -> bool:
    """Whether a change (``day`` None: for the whole game) moves a deadline of the current
    phase, whose stored deadlines then change at once."""
    return current.kind == PHASE_OF[kind] and day in (None, current.number)


def length(schedule: clock.Schedule, phase: clock.Phase, kind: clock.ChoiceKind) -> timedelta:
    """How long ``kind``'s window lasts from its phase's opening (a durations schedule)."""
    return clock.deadline(schedule, phase, kind, _EPOCH).named - _EPOCH


def opened_at(
    schedule: clock.Schedule, phase: clock.Phase, main: clock.Deadline | None, now: datetime
) -> datetime:
    """When the current phase opened, for a deadline counted from it: a fast game's is its
    main deadline (the vote by day, the night's choices by night) less that window's length;
    a clock game's deadlines are named wall times, found from ``now``."""
    if isinstance(schedule, clock.ClockSchedule) or main is None:
        return now
    return main.named - length(schedule, phase, main.kind)


def is_past(new: clock.Deadline, now: datetime) -> bool:
    """A deadline the host moves must still be ahead: one already closed is refused."""
    return new.close <= now


def with_deadline(deadlines: Iterable[clock.Deadline], new: clock.Deadline) -> list[clock.Deadline]:
    """The current phase's deadlines with ``new`` in its kind's place; a day choice never
    outlasts the vote (R-TIME-1 closes before R-TIME-2): it is cut to the vote's."""
    out = {d.kind: d for d in deadlines}
    out[new.kind] = new
    vote, choice = out.get("vote"), out.get("day_choice")
    if vote is not None and choice is not None and choice.close > vote.close:
        out["day_choice"] = dataclasses.replace(choice, named=vote.named, close=vote.close)
    return list(out.values())


def outage_until(
    schedule: clock.Schedule, day: clock.Phase, now: datetime, minutes: int
) -> datetime:
    """R-TIME-5: the reopened vote's exact deadline, ``minutes`` from now. Raises
    ``clock.ClockError`` by night (only a day's vote reopens) or outside 30-60 minutes."""
    until = now + timedelta(minutes=minutes)
    clock.reopen_vote(schedule, day, now, until)  # type: ignore[type-var]  # either schedule
    return until


def outage_vote_complete(state: GameState, voted: Collection[str]) -> bool:
    """R-TIME-5: the reopened vote closes early once every living player has voted."""
    return all(p.id in voted for p in state.living())


def resumed(
    kept: Iterable[clock.Deadline], paused_at: datetime, now: datetime
) -> list[clock.Deadline]:
    """Each deadline put aside by a pause, moved by the time the clock stood still."""
    shift = now - paused_at
    return [dataclasses.replace(d, named=d.named + shift, close=d.close + shift) for d in kept]


def later_opening(after: GameState, opened: datetime, now: datetime) -> datetime | None:
    """R-TIME-6: the opening of the day a resolution opened, when it opens later than now (its
    votes and day choices are refused until then); None when it is open at once."""
    if after.outcome is None and after.phase is GamePhase.DAY and opened > now:
        return opened
    return None


def not_open_yet(
    phase: str | None, number: int, opening_day: int, opens: datetime, acted_at: datetime
) -> bool:
    """R-TIME-6: a vote or day choice on day ``opening_day`` (the game now in ``phase``
    ``number``) before its opening is refused."""
    return phase == "day" and number == opening_day and acted_at < opens
