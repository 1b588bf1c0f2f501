"""The game's schedule as a typed value (db.schedule): what it stores is what it reads back, and
the rows written before it (plain dicts of the same shape) read as they were meant."""

from __future__ import annotations

from datetime import UTC, datetime

from db.schedule import (
    GameSchedule,
    HostChanges,
    HostOverride,
    Note,
    Opening,
    Paused,
    PausedDeadline,
)

AT = datetime(2026, 12, 1, 18, 30, tzinfo=UTC)


def test_a_full_schedule_survives_its_json() -> None:
    host = HostChanges(
        game={"vote": "20:00"},
        overrides=(
            HostOverride("day", 2, "vote", AT.isoformat()),
            HostOverride("night", 2, "night_choice", 15),
        ),
        opens="10:00",
        opening=Opening(3, AT),
        paused=Paused(AT, (PausedDeadline("vote", AT, AT, True),)),
        outage=2,
        notes=(Note("day", 2, "host-note-outage", {"until": "<t:1:f>"}),),
        continue_at_parity=True,
    )
    schedule = GameSchedule(
        "clock", "Asia/Tokyo", acquaintance_minutes=30, day_opens_at=AT, host=host
    )
    assert GameSchedule.from_json(schedule.to_json()) == schedule
    fast = GameSchedule("fast", day_minutes=7, night_minutes=3)
    assert GameSchedule.from_json(fast.to_json()) == fast


def test_rows_written_before_the_type_read_as_before() -> None:
    old = {
        "timing": "fast",
        "day_minutes": 12,
        "night_minutes": 4,
        "acquaintance_minutes": 0,
        "host": {
            "paused": {
                "at": AT.isoformat(),
                "deadlines": [["vote", AT.isoformat(), AT.isoformat(), False]],
            },
            "notes": [{"phase": "day", "number": 1, "key": "host-note-paused", "args": {}}],
            "outage": None,
            "opening": None,
        },
    }
    schedule = GameSchedule.from_json(old)
    assert (schedule.timing, schedule.day_minutes, schedule.night_minutes) == ("fast", 12, 4)
    assert schedule.host.paused == Paused(AT, (PausedDeadline("vote", AT, AT, False),))
    assert schedule.host.notes == (Note("day", 1, "host-note-paused"),)
    clock = GameSchedule.from_json(
        {"timing": "clock", "zone": "Europe/Moscow", "acquaintance_minutes": 0}
    )
    assert clock == GameSchedule("clock", "Europe/Moscow")


def test_a_game_made_without_a_schedule_is_untimed_and_stays_so() -> None:
    """Read as by the clock in Moscow time (its deadlines), but not a clock game where that
    matters (R-SANCT-3's threshold); a host's change stored on it keeps it untimed."""
    untimed = GameSchedule.from_json(None)
    assert (untimed.timing, untimed.zone, untimed.timed) == ("clock", "Europe/Moscow", False)
    changed = untimed.with_host(outage=1)
    assert GameSchedule.from_json(changed.to_json()) == changed
    assert "timing" not in changed.to_json()
