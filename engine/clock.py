"""Deadlines by the clock (R-TIME): pure functions over a game's schedule.

Why a module of its own: every "is this choice in time?" and every scheduler wake-up must agree
to the microsecond, across daylight-saving changes, for clock-time games (13:00 / 21:00 / 22:00
in the game's zone) and for fast games run on durations. Nothing here reads the clock: the
instants come in as timezone-aware datetimes; results are aware datetimes in UTC.

The boundaries (the only place they are decided is ``in_time``):

=============  ===============================  ============================
kind           clock-time schedule              durations schedule
=============  ===============================  ============================
day_choice     instant < named second + 1 s     instant < opened + duration
vote           instant < named minute + 1 min   instant < opened + duration
night_choice   instant < named minute + 1 min   instant < opened + duration
=============  ===============================  ============================

"Named" instants in a zone are found with zoneinfo: a wall time that does not exist (spring
forward) is shifted forward by the gap, an ambiguous one (fall back) is its first occurrence;
all arithmetic is then done in UTC, so "one minute later" is always 60 real seconds.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Literal, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

PhaseKind = Literal["day", "night"]
ChoiceKind = Literal["day_choice", "vote", "night_choice"]
KINDS_OF: dict[str, tuple[ChoiceKind, ...]] = {
    "day": ("day_choice", "vote"),
    "night": ("night_choice",),
}
ONE_MINUTE = timedelta(minutes=1)
ONE_SECOND = timedelta(seconds=1)
OUTAGE_MIN = timedelta(minutes=30)  # R-TIME-5: "a new exact deadline 30-60 minutes ahead"
OUTAGE_MAX = timedelta(minutes=60)


class ClockError(ValueError):
    """A bad schedule, override or instant; ``code`` is stable for translation."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class Phase:
    """Day N or night N (R-LIFE-5: a game day is a day phase then a night phase)."""

    kind: PhaseKind
    number: int

    def __post_init__(self) -> None:
        if self.kind not in KINDS_OF or self.number < 1:
            raise ClockError("bad_phase", f"bad phase {self.kind!r} {self.number!r}")


@dataclass(frozen=True)
class Override:
    """The host's change of one deadline for one phase (R-TIME intro, R-TIME-5).

    ``until`` is a wall-clock ``time`` (clock schedules: its next occurrence, as the defaults),
    a ``timedelta`` (duration schedules: from the phase's opening) or an aware ``datetime``
    (either schedule: that exact named instant, with the kind's boundary).
    A change for the whole game is a new schedule instead (``dataclasses.replace``).
    """

    phase: Phase
    kind: ChoiceKind
    until: time | timedelta | datetime

    def __post_init__(self) -> None:
        if self.kind not in KINDS_OF[self.phase.kind]:
            raise ClockError("kind_not_in_phase", f"no {self.kind} in a {self.phase.kind}")
        if isinstance(self.until, datetime):
            _require_aware(self.until, "override")
        elif isinstance(self.until, time) and self.until.tzinfo is not None:
            raise ClockError("bad_time", "an override time is a wall time: no tzinfo")
        elif isinstance(self.until, timedelta) and self.until <= timedelta(0):
            raise ClockError("bad_duration", "an override duration must be positive")


@dataclass(frozen=True)
class ClockSchedule:
    """Deadlines at wall-clock times in an IANA zone (R-TIME-1..3 defaults, R-TIME-6)."""

    zone: str = "Europe/Moscow"
    day_choice_until: time = time(13, 0)  # R-TIME-1
    vote_until: time = time(21, 0)  # R-TIME-2
    night_until: time = time(22, 0)  # R-TIME-3
    day_opens_at: time | None = None  # R-TIME-6: None = at once when the night is resolved
    overrides: tuple[Override, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        try:
            ZoneInfo(self.zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise ClockError("unknown_zone", f"unknown time zone {self.zone!r}") from None
        for value in (self.day_choice_until, self.vote_until, self.night_until, self.day_opens_at):
            if value is not None and value.tzinfo is not None:
                raise ClockError("bad_time", "schedule times are wall times: no tzinfo")
        _check_overrides(self.overrides, timedelta)

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.zone)


@dataclass(frozen=True)
class DurationSchedule:
    """Fast games: each window lasts a fixed time from its phase's opening ("the rules are the
    same", R-TIME intro). Day choices and the vote both count from the day's opening (R-TIME-1,
    R-TIME-2); the night from its own opening, i.e. the vote's close (R-TIME-3)."""

    day_choice: timedelta = timedelta(minutes=10)
    vote: timedelta = timedelta(minutes=20)
    night: timedelta = timedelta(minutes=10)
    day_opens_after: timedelta = timedelta(0)  # R-TIME-6: default at once
    overrides: tuple[Override, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if min(self.day_choice, self.vote, self.night) <= timedelta(0):
            raise ClockError("bad_duration", "durations must be positive")
        if self.day_opens_after < timedelta(0):
            raise ClockError("bad_duration", "the day opening delay cannot be negative")
        _check_overrides(self.overrides, time)


Schedule = ClockSchedule | DurationSchedule
S = TypeVar("S", ClockSchedule, DurationSchedule)


@dataclass(frozen=True)
class Deadline:
    """A choice window's end: ``named`` is the announced instant (e.g. 21:00 local), ``close``
    the first instant no longer in time (what a scheduler sleeps until). Both in UTC."""

    kind: ChoiceKind
    named: datetime
    close: datetime
    by_clock: bool  # a clock-time (named-minute) boundary, else a durations one


def _check_overrides(overrides: tuple[Override, ...], foreign: type) -> None:
    for override in overrides:
        if isinstance(override.until, foreign):
            raise ClockError("override_mode", f"a {foreign.__name__} override fits the other mode")


def _require_aware(instant: datetime, what: str) -> None:
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ClockError("naive_datetime", f"the {what} instant must be timezone-aware")


def _utc(instant: datetime) -> datetime:
    # Aware datetimes sharing a ZoneInfo compare by wall time (ignoring fold): convert to UTC.
    return instant.astimezone(UTC)


def _local(day: date, wall: time, zone: ZoneInfo) -> datetime:
    """The instant of ``wall`` on ``day`` in ``zone`` (gap: shifted forward; fold: first)."""
    return _utc(datetime.combine(day, wall.replace(fold=0), tzinfo=zone))


# --- the one place the boundaries are decided -------------------------------------------------


def _close(kind: ChoiceKind, named: datetime, by_clock: bool) -> datetime:
    """The first instant that is no longer in time, for a window ending at ``named``: the same
    rules as ``in_time`` below, stated as an instant (tests check the two agree)."""
    if not by_clock:
        return named  # durations: the window is exactly [opened, opened + duration)
    if kind == "day_choice":
        # R-TIME-1: "until 13:00:00 inclusive; a choice at 13:00:01 is refused", "inclusive"
        # covering the whole named second (13:00:00.999 counts) -> instant < that second + 1 s.
        return named.replace(microsecond=0) + ONE_SECOND
    # R-TIME-2 / R-TIME-3: "until 21:00 (22:00) inclusive; at 21:01:00 (22:01:00) refused":
    # the whole named minute is in time -> instant < start of the named minute + 1 minute.
    return named.replace(second=0, microsecond=0) + ONE_MINUTE


def in_time(deadline: Deadline, instant: datetime) -> bool:
    """Whether an action at ``instant`` meets ``deadline`` (R-TIME-1..3; R-TIME-4: the last
    in-time choice is final). Only the upper bound: whether the phase accepts the choice at
    all (e.g. a night choice given early, R-TIME-4) is the engine's business."""
    _require_aware(instant, "action")
    moment = _utc(instant)
    if deadline.by_clock and deadline.kind == "day_choice":
        return moment < deadline.named.replace(microsecond=0) + ONE_SECOND  # R-TIME-1
    if deadline.by_clock:
        return moment < deadline.named.replace(second=0, microsecond=0) + ONE_MINUTE  # R-TIME-2/3
    return moment < deadline.named  # durations: half-open window


# -----------------------------------------------------------------------------------------------


def _next_named(opened: datetime, wall: time, zone: ZoneInfo, kind: ChoiceKind) -> datetime:
    """The first occurrence of ``wall`` whose window is still open at ``opened``: a day opening
    at 22:01 votes until 21:00 tomorrow; a night opening at 21:01 ends at 22:00 today."""
    day = opened.astimezone(zone).date()
    for _ in range(3):  # today, tomorrow or (a DST edge) the day after
        named = _local(day, wall, zone)
        if _close(kind, named, by_clock=True) > opened:
            return named
        day += timedelta(days=1)
    raise AssertionError("unreachable: a wall time recurs every day")


def _override(schedule: Schedule, phase: Phase, kind: ChoiceKind) -> Override | None:
    found = None
    for override in schedule.overrides:  # the last one given wins
        if override.phase == phase and override.kind == kind:
            found = override
    return found


def _raw(schedule: Schedule, phase: Phase, kind: ChoiceKind, opened: datetime) -> datetime:
    override = _override(schedule, phase, kind)
    if override is not None and isinstance(override.until, datetime):
        return _utc(override.until)
    if isinstance(schedule, ClockSchedule):
        wall = {
            "day_choice": schedule.day_choice_until,
            "vote": schedule.vote_until,
            "night_choice": schedule.night_until,
        }[kind]
        if override is not None and isinstance(override.until, time):
            wall = override.until
        return _next_named(opened, wall, schedule.tz, kind)
    length = {
        "day_choice": schedule.day_choice,
        "vote": schedule.vote,
        "night_choice": schedule.night,
    }[kind]
    if override is not None and isinstance(override.until, timedelta):
        length = override.until
    return opened + length


def deadline(schedule: Schedule, phase: Phase, kind: ChoiceKind, opened_at: datetime) -> Deadline:
    """The deadline of ``kind`` in ``phase`` that opened at ``opened_at``.

    Decision: day choices never outlast the vote they act on (R-DAY-1/2): if their deadline
    would fall after the vote's (e.g. a day opened at 14:00), it is moved to the vote's named
    instant, keeping its own (R-TIME-1) boundary.
    """
    if kind not in KINDS_OF[phase.kind]:
        raise ClockError("kind_not_in_phase", f"no {kind} in a {phase.kind}")
    _require_aware(opened_at, "opening")
    opened = _utc(opened_at)
    by_clock = isinstance(schedule, ClockSchedule)
    named = _raw(schedule, phase, kind, opened)
    if kind == "day_choice":
        vote = _raw(schedule, phase, "vote", opened)
        if _close(kind, named, by_clock) > _close("vote", vote, by_clock):
            named = vote
    return Deadline(kind, named, _close(kind, named, by_clock), by_clock)


def deadlines(schedule: Schedule, phase: Phase, opened_at: datetime) -> dict[ChoiceKind, Deadline]:
    """Every deadline of the phase, keyed by choice kind."""
    return {kind: deadline(schedule, phase, kind, opened_at) for kind in KINDS_OF[phase.kind]}


def is_in_time(
    schedule: Schedule, phase: Phase, kind: ChoiceKind, opened_at: datetime, instant: datetime
) -> bool:
    """Shorthand: ``in_time(deadline(...), instant)``."""
    return in_time(deadline(schedule, phase, kind, opened_at), instant)


def close_instant(
    schedule: Schedule, phase: Phase, opened_at: datetime, kind: ChoiceKind | None = None
) -> datetime:
    """For a scheduler: the first instant no longer in time for ``kind`` (default: the phase's
    own end: the vote for a day, R-TIME-2 — the night choices for a night, R-TIME-3)."""
    if kind is None:
        kind = "vote" if phase.kind == "day" else "night_choice"
    return deadline(schedule, phase, kind, opened_at).close


def day_opening(schedule: Schedule, night_resolved_at: datetime) -> datetime:
    """R-TIME-6: when day N+1 opens, given when night N was resolved (UTC)."""
    _require_aware(night_resolved_at, "resolution")
    resolved = _utc(night_resolved_at)
    if isinstance(schedule, DurationSchedule):
        return resolved + schedule.day_opens_after
    if schedule.day_opens_at is None:
        return resolved
    zone = schedule.tz
    day = resolved.astimezone(zone).date()
    for _ in range(3):
        opening = _local(day, schedule.day_opens_at, zone)
        if opening >= resolved:
            return opening
        day += timedelta(days=1)
    raise AssertionError("unreachable: a wall time recurs every day")


def with_override(schedule: S, override: Override) -> S:
    """A copy of ``schedule`` with ``override`` added (it wins over earlier ones)."""
    if isinstance(schedule, ClockSchedule) and isinstance(override.until, timedelta):
        raise ClockError("override_mode", "a duration override needs a durations schedule")
    if isinstance(schedule, DurationSchedule) and isinstance(override.until, time):
        raise ClockError("override_mode", "a time override needs a clock schedule")
    return dataclasses.replace(schedule, overrides=(*schedule.overrides, override))


def reopen_vote(schedule: S, day: Phase, now: datetime, until: datetime) -> S:
    """R-TIME-5: after an outage the host reopens the vote with a new exact deadline 30-60
    minutes after ``now`` (both bounds allowed). The usual boundary applies to it (in a clock
    game the named minute is in time). Closing early once every vote is in is the caller's."""
    _require_aware(now, "current")
    _require_aware(until, "deadline")
    if day.kind != "day":
        raise ClockError("kind_not_in_phase", "only a day's vote can be reopened")
    ahead = _utc(until) - _utc(now)
    if not OUTAGE_MIN <= ahead <= OUTAGE_MAX:
        raise ClockError(
            "outage_deadline_out_of_range", "the new deadline must be 30-60 minutes ahead"
        )
    return with_override(schedule, Override(day, "vote", until))
