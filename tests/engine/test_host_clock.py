"""The host's changes to the clock (R-TIME intro, R-TIME-5, R-TIME-6): engine.forum.host_clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engine import Choice, Verb, clock, new_game, resolve_day, resolve_night
from engine.forum import host_clock

T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
DAY2, NIGHT2 = clock.Phase("day", 2), clock.Phase("night", 2)
FAST = clock.DurationSchedule()


def _d(kind: clock.ChoiceKind, minutes: int) -> clock.Deadline:
    at = T0 + timedelta(minutes=minutes)
    return clock.Deadline(kind, at, at, by_clock=False)


def test_a_days_deadline_may_change_until_that_day_is_over() -> None:
    assert not host_clock.day_over(DAY2, "vote", 2)  # today, by day
    assert host_clock.day_over(NIGHT2, "vote", 2)  # today's vote, asked at night: over
    assert not host_clock.day_over(NIGHT2, "night_choice", 2)  # tonight's choices: not yet
    assert host_clock.day_over(DAY2, "night_choice", 1)  # yesterday
    assert not host_clock.day_over(NIGHT2, "vote", 3)  # tomorrow


def test_a_change_touches_the_current_phase_only_for_its_kind_and_day() -> None:
    assert host_clock.touches_current(DAY2, "vote", None)  # the whole game, by day
    assert host_clock.touches_current(DAY2, "day_choice", 2)
    assert not host_clock.touches_current(DAY2, "night_choice", None)  # not the night's yet
    assert not host_clock.touches_current(DAY2, "vote", 3)
    assert host_clock.touches_current(NIGHT2, "night_choice", 2)


def test_a_fast_phase_opened_its_main_window_before_its_deadline() -> None:
    vote = _d("vote", 20)  # a 20-minute vote closing at T0 + 20 opened at T0
    assert host_clock.opened_at(FAST, DAY2, vote, T0 + timedelta(minutes=7)) == T0
    assert host_clock.length(FAST, NIGHT2, "night_choice") == timedelta(minutes=10)
    now = T0 + timedelta(minutes=3)
    assert host_clock.opened_at(FAST, DAY2, None, now) == now  # nothing stored: now
    assert host_clock.opened_at(clock.ClockSchedule(), DAY2, vote, now) == now  # wall times


def test_a_deadline_moved_into_the_past_is_refused() -> None:
    assert host_clock.is_past(_d("vote", 0), T0) and not host_clock.is_past(_d("vote", 1), T0)


def test_a_day_choice_never_outlasts_the_vote() -> None:
    """R-TIME-1 closes before R-TIME-2: a vote moved before the day choices cuts them."""
    choice, vote = _d("day_choice", 10), _d("vote", 20)
    earlier = _d("vote", 5)
    out = host_clock.with_deadline([choice, vote], earlier)
    assert out == [_d("day_choice", 5), earlier]
    assert host_clock.with_deadline([choice, vote], _d("vote", 30)) == [choice, _d("vote", 30)]
    cut = clock.Deadline("day_choice", vote.named, vote.close, by_clock=False)
    assert host_clock.with_deadline([vote], _d("day_choice", 25)) == [vote, cut]


def test_the_outage_reopens_the_vote_30_to_60_minutes_ahead() -> None:
    """R-TIME-5."""
    assert host_clock.outage_until(FAST, DAY2, T0, 30) == T0 + timedelta(minutes=30)
    assert host_clock.outage_until(FAST, DAY2, T0, 60) == T0 + timedelta(minutes=60)
    for minutes in (29, 61):
        with pytest.raises(clock.ClockError):
            host_clock.outage_until(FAST, DAY2, T0, minutes)


def test_the_outage_vote_is_complete_once_every_living_player_voted() -> None:
    s = new_game("two-sided", [("ann", "cop"), ("bob", "don"), ("fay", "citizen")])
    assert not host_clock.outage_vote_complete(s, {"ann", "bob"})
    assert host_clock.outage_vote_complete(s, {"ann", "bob", "fay", "stranger"})


def test_resume_moves_every_put_aside_deadline_by_the_pause() -> None:
    kept = [_d("day_choice", 10), _d("vote", 20)]
    moved = host_clock.resumed(kept, T0, T0 + timedelta(minutes=45))
    assert moved == [_d("day_choice", 55), _d("vote", 65)]


def test_a_later_opening_holds_for_the_day_a_night_opened() -> None:
    """R-TIME-6: the day opens later than now; not after a day, nor once the game is over."""
    s = new_game(
        "two-sided", [("ann", "cop"), ("bob", "don"), ("fay", "citizen"), ("gus", "citizen")]
    )
    night, _ = resolve_day(s, [], vote_held=False)
    day, _ = resolve_night(night, [Choice("mafia", Verb.SHOOT, "fay")])
    later = T0 + timedelta(hours=2)
    assert host_clock.later_opening(day, later, T0) == later
    assert host_clock.later_opening(day, T0, T0) is None  # at once
    assert host_clock.later_opening(night, later, T0) is None  # a night opens at once
    over, _ = resolve_night(
        night, [Choice("ann", Verb.SHOOT, "bob"), Choice("mafia", Verb.SHOOT, "fay")]
    )
    assert over.outcome is not None and host_clock.later_opening(over, later, T0) is None


def test_nothing_is_chosen_on_a_day_before_its_opening() -> None:
    opens = T0 + timedelta(hours=1)
    assert host_clock.not_open_yet("day", 3, 3, opens, T0)
    assert not host_clock.not_open_yet("day", 3, 3, opens, opens)  # from the opening on
    assert not host_clock.not_open_yet("day", 4, 3, opens, T0)  # another day's opening
    assert not host_clock.not_open_yet("night", 3, 3, opens, T0)
    assert not host_clock.not_open_yet(None, 3, 3, opens, T0)


def test_the_clock_stands_still_while_paused_and_an_outage_is_a_days() -> None:
    """No change of the clock while it is paused (a resume would move it again); R-TIME-5: an
    outage reopens the day's vote, so by night it is refused."""
    from engine.forum.host_clock import ClockRefusal, may_change_clock, may_declare_outage

    assert may_change_clock(paused=False) is None
    assert may_change_clock(paused=True) is ClockRefusal.PAUSED
    assert may_declare_outage("day", paused=False) is None
    assert may_declare_outage("night", paused=False) is ClockRefusal.OUTAGE_NOT_DAY
    assert may_declare_outage("night", paused=True) is ClockRefusal.PAUSED  # said first
