"""Tests for engine.clock (R-TIME-1..6)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from engine.clock import (
    ClockError,
    ClockSchedule,
    Deadline,
    DurationSchedule,
    Override,
    Phase,
    close_instant,
    day_opening,
    deadline,
    deadlines,
    in_time,
    is_in_time,
    reopen_vote,
    with_override,
)

MSK = ZoneInfo("Europe/Moscow")
BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
DAY2, NIGHT2 = Phase("day", 2), Phase("night", 2)
US = timedelta(microseconds=1)


def msk(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0, us: int = 0
) -> datetime:
    return datetime(year, month, day, hour, minute, second, us, tzinfo=MSK)


SCHEDULE = ClockSchedule()  # Europe/Moscow, 13:00 / 21:00 / 22:00
DAY_OPENED = msk(2026, 5, 1, 22, 1, 5)  # night 1 resolved at once (R-TIME-6)
NIGHT_OPENED = msk(2026, 5, 2, 21, 1, 0)  # at the vote's close (R-TIME-3)


def day_ok(kind: str, instant: datetime) -> bool:
    return is_in_time(SCHEDULE, DAY2, kind, DAY_OPENED, instant)  # type: ignore[arg-type]


# --- the boundaries (R-TIME-1..3) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("instant", "ok"),
    [
        (msk(2026, 5, 2, 12, 59, 59, 999999), True),
        (msk(2026, 5, 2, 13, 0, 0), True),  # R-TIME-1: 13:00:00 inclusive
        (msk(2026, 5, 2, 13, 0, 0, 999000), True),  # the whole second: 13:00:00.999 counts
        (msk(2026, 5, 2, 13, 0, 0, 999999), True),
        (msk(2026, 5, 2, 13, 0, 1), False),  # R-TIME-1: 13:00:01 refused
    ],
)
def test_r_time_1_day_choice(instant: datetime, ok: bool) -> None:
    assert day_ok("day_choice", instant) is ok


@pytest.mark.parametrize(
    ("instant", "ok"),
    [
        (msk(2026, 5, 2, 20, 59, 59), True),
        (msk(2026, 5, 2, 21, 0, 0), True),
        (msk(2026, 5, 2, 21, 0, 59, 999999), True),  # the whole named minute
        (msk(2026, 5, 2, 21, 1, 0), False),  # R-TIME-2: 21:01:00 refused
        (msk(2026, 5, 2, 21, 1, 0, 1), False),
    ],
)
def test_r_time_2_vote(instant: datetime, ok: bool) -> None:
    assert day_ok("vote", instant) is ok


@pytest.mark.parametrize(
    ("instant", "ok"),
    [
        (msk(2026, 5, 2, 22, 0, 0), True),
        (msk(2026, 5, 2, 22, 0, 59, 999999), True),
        (msk(2026, 5, 2, 22, 1, 0), False),  # R-TIME-3: 22:01:00 refused
    ],
)
def test_r_time_3_night(instant: datetime, ok: bool) -> None:
    assert is_in_time(SCHEDULE, NIGHT2, "night_choice", NIGHT_OPENED, instant) is ok


def test_instants_in_other_zones_compare_as_instants() -> None:
    # 18:00:59 UTC is 21:00:59 in Moscow: in time; 18:01 UTC is not.
    assert day_ok("vote", datetime(2026, 5, 2, 18, 0, 59, tzinfo=UTC))
    assert not day_ok("vote", datetime(2026, 5, 2, 18, 1, tzinfo=UTC))


def test_deadlines_and_close_instants() -> None:
    found = deadlines(SCHEDULE, DAY2, DAY_OPENED)
    assert set(found) == {"day_choice", "vote"}
    assert found["day_choice"].named == msk(2026, 5, 2, 13, 0)
    assert found["day_choice"].close == msk(2026, 5, 2, 13, 0, 1)  # R-TIME-1: the whole second
    assert found["vote"].named == msk(2026, 5, 2, 21, 0)
    assert found["vote"].close == msk(2026, 5, 2, 21, 1)
    assert found["vote"].named.tzinfo is UTC
    assert close_instant(SCHEDULE, DAY2, DAY_OPENED) == msk(2026, 5, 2, 21, 1)
    assert close_instant(SCHEDULE, DAY2, DAY_OPENED, "day_choice") == found["day_choice"].close
    assert close_instant(SCHEDULE, NIGHT2, NIGHT_OPENED) == msk(2026, 5, 2, 22, 1)


def all_deadlines() -> list[Deadline]:
    durations = DurationSchedule()
    opened = datetime(2026, 5, 2, 12, 3, 27, 123456, tzinfo=UTC)
    return [
        *deadlines(SCHEDULE, DAY2, DAY_OPENED).values(),
        *deadlines(SCHEDULE, NIGHT2, NIGHT_OPENED).values(),
        *deadlines(durations, DAY2, opened).values(),
        *deadlines(durations, NIGHT2, opened).values(),
    ]


@pytest.mark.parametrize("found", all_deadlines(), ids=lambda d: f"{d.kind}-{d.by_clock}")
def test_close_is_the_first_instant_not_in_time(found: Deadline) -> None:
    assert in_time(found, found.close - US)
    assert not in_time(found, found.close)
    if found.by_clock:  # the named instant itself is always in time by the clock rules
        assert in_time(found, found.named)


def test_the_next_occurrence_is_taken() -> None:
    # a night opening right at the vote's close ends the same evening
    assert deadline(SCHEDULE, NIGHT2, "night_choice", NIGHT_OPENED).named == msk(2026, 5, 2, 22)
    # a day opened in the morning votes the same day
    morning = deadline(SCHEDULE, DAY2, "vote", msk(2026, 5, 2, 9, 0))
    assert morning.named == msk(2026, 5, 2, 21, 0)
    # opened at 21:00:30, the minute 21:00 is still open (an edge, host may override)
    late = deadline(SCHEDULE, DAY2, "vote", msk(2026, 5, 2, 21, 0, 30))
    assert late.named == msk(2026, 5, 2, 21, 0)


def test_day_choice_never_outlasts_the_vote() -> None:
    # Day opened at 14:00: the next 13:00 is tomorrow, after today's 21:00 vote: clamped.
    found = deadlines(SCHEDULE, DAY2, msk(2026, 5, 2, 14, 0))
    assert found["vote"].named == msk(2026, 5, 2, 21, 0)
    assert found["day_choice"].named == msk(2026, 5, 2, 21, 0)
    assert found["day_choice"].close == msk(2026, 5, 2, 21, 0, 1)


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ClockError) as error:
        deadline(SCHEDULE, DAY2, "vote", datetime(2026, 5, 2, 9, 0))
    assert error.value.code == "naive_datetime"
    found = deadline(SCHEDULE, DAY2, "vote", DAY_OPENED)
    with pytest.raises(ClockError):
        in_time(found, datetime(2026, 5, 2, 9, 0))


def test_kind_must_belong_to_the_phase() -> None:
    with pytest.raises(ClockError) as error:
        deadline(SCHEDULE, NIGHT2, "vote", NIGHT_OPENED)
    assert error.value.code == "kind_not_in_phase"
    with pytest.raises(ClockError):
        Phase("dusk", 1)  # type: ignore[arg-type]
    with pytest.raises(ClockError):
        Phase("day", 0)


def test_schedule_validation() -> None:
    with pytest.raises(ClockError) as error:
        ClockSchedule(zone="Mars/Olympus")
    assert error.value.code == "unknown_zone"
    with pytest.raises(ClockError):
        DurationSchedule(vote=timedelta(0))
    with pytest.raises(ClockError):
        ClockSchedule(vote_until=time(21, 0, tzinfo=UTC))


# --- daylight saving -----------------------------------------------------------------------------


def test_dst_spring_forward_berlin() -> None:
    # 2026-03-29 02:00 CET -> 03:00 CEST. Day opened the evening before (CET, UTC+1).
    berlin = ClockSchedule(zone="Europe/Berlin")
    opened = datetime(2026, 3, 28, 22, 1, tzinfo=BERLIN)
    found = deadlines(berlin, DAY2, opened)
    assert found["day_choice"].named == datetime(2026, 3, 29, 11, 0, tzinfo=UTC)  # 13:00 CEST
    assert found["vote"].named == datetime(2026, 3, 29, 19, 0, tzinfo=UTC)  # 21:00 CEST
    assert found["vote"].close == datetime(2026, 3, 29, 19, 1, tzinfo=UTC)
    assert is_in_time(berlin, DAY2, "vote", opened, datetime(2026, 3, 29, 21, 0, 59, tzinfo=BERLIN))
    assert not is_in_time(berlin, DAY2, "vote", opened, datetime(2026, 3, 29, 21, 1, tzinfo=BERLIN))


def test_dst_fall_back_berlin() -> None:
    # 2026-10-25 03:00 CEST -> 02:00 CET: the day is 25 hours long.
    berlin = ClockSchedule(zone="Europe/Berlin")
    opened = datetime(2026, 10, 24, 22, 1, tzinfo=BERLIN)
    found = deadlines(berlin, DAY2, opened)
    assert found["vote"].named == datetime(2026, 10, 25, 20, 0, tzinfo=UTC)  # 21:00 CET
    night = deadline(berlin, NIGHT2, "night_choice", found["vote"].close)
    assert night.named == datetime(2026, 10, 25, 21, 0, tzinfo=UTC)
    assert night.close - found["vote"].close == timedelta(hours=1)


def test_dst_new_york_nonexistent_and_ambiguous_wall_times() -> None:
    # 2026-03-08 02:00 EST -> 03:00 EDT: 02:30 does not exist, shifted forward to 03:30 EDT.
    spring = ClockSchedule(zone="America/New_York", day_opens_at=time(2, 30))
    resolved = datetime(2026, 3, 8, 1, 0, tzinfo=NEW_YORK)
    assert day_opening(spring, resolved) == datetime(2026, 3, 8, 7, 30, tzinfo=UTC)
    # 2026-11-01 02:00 EDT -> 01:00 EST: 01:30 happens twice; the first (EDT) is taken.
    fall = ClockSchedule(zone="America/New_York", day_opens_at=time(1, 30))
    resolved = datetime(2026, 11, 1, 0, 0, tzinfo=NEW_YORK)
    assert day_opening(fall, resolved) == datetime(2026, 11, 1, 5, 30, tzinfo=UTC)
    # A night deadline at 01:30 during the repeated hour: the minute is 60 real seconds.
    night = dataclasses.replace(fall, night_until=time(1, 30))
    found = deadline(night, NIGHT2, "night_choice", resolved)
    assert found.close - found.named == timedelta(minutes=1)


def test_dst_durations_are_real_time() -> None:
    # 10 minutes from 01:55 EST on the spring-forward day ends at 03:05 EDT.
    opened = datetime(2026, 3, 8, 1, 55, tzinfo=NEW_YORK)
    found = deadline(DurationSchedule(), NIGHT2, "night_choice", opened)
    assert found.close == datetime(2026, 3, 8, 3, 5, tzinfo=NEW_YORK)
    assert found.close - opened.astimezone(UTC) == timedelta(minutes=10)


def test_moscow_has_no_dst() -> None:
    for month in (1, 7):
        found = deadline(SCHEDULE, DAY2, "vote", msk(2026, month, 1, 0, 0))
        assert found.named == datetime(2026, month, 1, 18, 0, tzinfo=UTC)


# --- durations mode ------------------------------------------------------------------------------


def test_durations_mode() -> None:
    fast = DurationSchedule()  # day choices 10 min, vote 20 min, night 10 min
    opened = datetime(2026, 5, 2, 12, 3, 27, tzinfo=UTC)
    found = deadlines(fast, DAY2, opened)
    assert found["day_choice"].close == opened + timedelta(minutes=10)
    assert found["vote"].close == opened + timedelta(minutes=20)
    vote_close = found["vote"].close
    assert is_in_time(fast, DAY2, "vote", opened, vote_close - US)
    assert not is_in_time(fast, DAY2, "vote", opened, vote_close)  # half-open window
    assert close_instant(fast, NIGHT2, vote_close) == vote_close + timedelta(minutes=10)


def test_durations_day_choice_clamped_to_vote() -> None:
    fast = DurationSchedule(day_choice=timedelta(minutes=30), vote=timedelta(minutes=20))
    opened = datetime(2026, 5, 2, 12, 0, tzinfo=UTC)
    assert deadline(fast, DAY2, "day_choice", opened).close == opened + timedelta(minutes=20)


# --- R-TIME-6 day opening ------------------------------------------------------------------------


def test_day_opening() -> None:
    resolved = msk(2026, 5, 2, 22, 1, 3)
    assert day_opening(SCHEDULE, resolved) == resolved  # at once by default
    at_nine = ClockSchedule(day_opens_at=time(9, 0))
    assert day_opening(at_nine, resolved) == msk(2026, 5, 3, 9, 0)
    assert day_opening(at_nine, msk(2026, 5, 3, 9, 0)) == msk(2026, 5, 3, 9, 0)
    assert day_opening(at_nine, msk(2026, 5, 3, 2, 0)) == msk(2026, 5, 3, 9, 0)
    fast = DurationSchedule(day_opens_after=timedelta(minutes=2))
    assert day_opening(fast, resolved) == resolved + timedelta(minutes=2)
    assert day_opening(DurationSchedule(), resolved) == resolved


# --- overrides (R-TIME intro) ----------------------------------------------------------------------


def test_override_for_one_day_only() -> None:
    early = with_override(SCHEDULE, Override(DAY2, "vote", time(20, 0)))
    assert deadline(early, DAY2, "vote", DAY_OPENED).named == msk(2026, 5, 2, 20, 0)
    assert not is_in_time(early, DAY2, "vote", DAY_OPENED, msk(2026, 5, 2, 20, 1))
    day3_opened = msk(2026, 5, 2, 22, 1)
    assert deadline(early, Phase("day", 3), "vote", day3_opened).named == msk(2026, 5, 3, 21, 0)
    assert SCHEDULE.overrides == ()  # schedules are values: the original is untouched


def test_override_exact_instant_and_last_wins() -> None:
    exact = msk(2026, 5, 2, 21, 30)
    schedule = with_override(SCHEDULE, Override(DAY2, "vote", time(20, 0)))
    schedule = with_override(schedule, Override(DAY2, "vote", exact))
    found = deadline(schedule, DAY2, "vote", DAY_OPENED)
    assert found.named == exact
    assert found.close == msk(2026, 5, 2, 21, 31)  # still the whole named minute (R-TIME-2)


def test_override_night_and_day_choice() -> None:
    schedule = with_override(SCHEDULE, Override(NIGHT2, "night_choice", time(23, 30)))
    schedule = with_override(schedule, Override(DAY2, "day_choice", time(12, 0)))
    assert close_instant(schedule, NIGHT2, NIGHT_OPENED) == msk(2026, 5, 2, 23, 31)
    assert deadline(schedule, DAY2, "day_choice", DAY_OPENED).named == msk(2026, 5, 2, 12, 0)


def test_override_for_the_whole_game() -> None:
    whole = dataclasses.replace(SCHEDULE, vote_until=time(20, 30))
    for day, opened in ((DAY2, DAY_OPENED), (Phase("day", 3), msk(2026, 5, 2, 22, 1))):
        assert deadline(whole, day, "vote", opened).named.astimezone(MSK).time() == time(20, 30)


def test_override_in_durations_mode() -> None:
    fast = with_override(DurationSchedule(), Override(DAY2, "vote", timedelta(minutes=45)))
    opened = datetime(2026, 5, 2, 12, 0, tzinfo=UTC)
    assert close_instant(fast, DAY2, opened) == opened + timedelta(minutes=45)
    assert close_instant(fast, Phase("day", 3), opened) == opened + timedelta(minutes=20)


def test_override_validation() -> None:
    with pytest.raises(ClockError) as error:
        with_override(SCHEDULE, Override(DAY2, "vote", timedelta(minutes=5)))
    assert error.value.code == "override_mode"
    with pytest.raises(ClockError):
        with_override(DurationSchedule(), Override(DAY2, "vote", time(20, 0)))
    with pytest.raises(ClockError):
        ClockSchedule(overrides=(Override(DAY2, "vote", timedelta(minutes=5)),))
    with pytest.raises(ClockError):
        Override(NIGHT2, "vote", time(20, 0))
    with pytest.raises(ClockError):
        Override(DAY2, "vote", datetime(2026, 5, 2, 21, 0))  # naive
    with pytest.raises(ClockError):
        Override(DAY2, "vote", timedelta(0))


# --- R-TIME-5 outage -----------------------------------------------------------------------------


@pytest.mark.parametrize("minutes", [30, 45, 60])
def test_outage_reopening_in_range(minutes: int) -> None:
    now = msk(2026, 5, 2, 21, 10)
    until = now + timedelta(minutes=minutes)
    reopened = reopen_vote(SCHEDULE, DAY2, now, until)
    found = deadline(reopened, DAY2, "vote", DAY_OPENED)
    assert found.named == until
    assert in_time(found, until + timedelta(seconds=59))
    assert not in_time(found, until + timedelta(minutes=1))


@pytest.mark.parametrize(
    "delta",
    [timedelta(minutes=29, seconds=59), timedelta(minutes=60, seconds=1), timedelta(minutes=-40)],
)
def test_outage_reopening_out_of_range(delta: timedelta) -> None:
    now = msk(2026, 5, 2, 21, 10)
    with pytest.raises(ClockError) as error:
        reopen_vote(SCHEDULE, DAY2, now, now + delta)
    assert error.value.code == "outage_deadline_out_of_range"


def test_outage_reopening_validation() -> None:
    now = msk(2026, 5, 2, 21, 10)
    with pytest.raises(ClockError):
        reopen_vote(SCHEDULE, NIGHT2, now, now + timedelta(minutes=40))
    with pytest.raises(ClockError):
        reopen_vote(SCHEDULE, DAY2, now.replace(tzinfo=None), now + timedelta(minutes=40))
    fast = reopen_vote(DurationSchedule(), DAY2, now, now + timedelta(minutes=40))
    assert close_instant(fast, DAY2, now - timedelta(hours=1)) == now + timedelta(minutes=40)
