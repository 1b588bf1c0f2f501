"""Sanctions by the rules themselves: R-SANCT-1 (the dead posting outside the morgue) and
R-SANCT-3 (the inactive removed at the day's close)."""

from __future__ import annotations

from datetime import timedelta

from engine import Choice, Faction, GameState, Verb, new_game, resolve_day, resolve_night
from engine.events import Autokilled, Cause, Died, Event, HostAction, Won
from engine.forum.sanctions import (
    activity_threshold,
    breach_read_only,
    is_breach,
    morgue_post_allowed,
    remove_inactive,
    under_threshold,
)

DEAL = [("ann", "cop"), ("bob", "don"), ("cid", "mafioso"), ("fay", "citizen"),
        ("gus", "citizen"), ("hal", "citizen"), ("ivy", "citizen")]  # fmt: skip


def day() -> GameState:
    return new_game("two-sided", DEAL)


def with_fay_dead() -> GameState:
    s, _ = resolve_day(day(), [], vote_held=False)
    s, _ = resolve_night(s, [Choice("mafia", Verb.SHOOT, "fay")])
    return s


def test_a_dead_players_post_outside_the_morgue_is_a_breach() -> None:
    s = with_fay_dead()
    assert is_breach(s, "fay", in_morgue=False)  # R-SANCT-1c
    assert not is_breach(s, "fay", in_morgue=True)  # the dead write in the morgue freely
    assert not is_breach(s, "gus", in_morgue=False)  # the living are no breach
    assert not is_breach(s, "stranger", in_morgue=False)  # not a player of the game


def test_in_the_morgue_the_living_talk_only_with_the_dead() -> None:
    """R-SANCT-1a/b: the dead write freely; a living post stays only when it replies to a dead
    player's post or mentions a dead player; the host and non-players are not judged."""
    s = with_fay_dead()

    def allowed(author: str, replied_to: str | None = None, *mentioned: str) -> bool:
        return morgue_post_allowed(s, author, replied_to=replied_to, mentioned=mentioned)

    assert allowed("fay")  # the dead: freely
    assert allowed("gus", "fay")  # a reply to a dead player's post
    assert allowed("gus", None, "hal", "fay")  # a mention of a dead player among others
    assert not allowed("gus")  # a living player's own post
    assert not allowed("gus", "hal")  # a reply to a living one
    assert not allowed("gus", None, "hal", "gus")  # mentions of the living only
    assert not allowed("gus", "stranger", "host")  # nobody of the game is dead there
    assert allowed("host")  # not a player: not judged
    over = _over()
    assert morgue_post_allowed(over, "ann", replied_to=None, mentioned=())  # after the end


def test_no_breach_once_the_game_is_over() -> None:
    s = _over()
    assert s.outcome is not None and not s.get("bob").alive
    assert not is_breach(s, "bob", in_morgue=False)  # after the end everyone writes freely


def _over() -> GameState:
    deal = [("ann", "cop"), ("bob", "don"), ("fay", "citizen"), ("gus", "citizen")]
    s, _ = resolve_day(new_game("two-sided", deal), [], vote_held=False)
    s, _ = resolve_night(s, [Choice("ann", Verb.SHOOT, "bob"), Choice("mafia", Verb.SHOOT, "fay")])
    return s


def test_the_breach_ladder() -> None:
    """R-SANCT-1c: a warning, then 30 minutes read-only, each further breach 30 more."""
    assert breach_read_only(1) is None
    assert breach_read_only(2) == timedelta(minutes=30)
    assert breach_read_only(4) == timedelta(minutes=90)
    assert breach_read_only(100) == timedelta(minutes=30 * 99)


def test_the_activity_threshold() -> None:
    """R-SANCT-3: 10 by the clock; off in a fast game; the host's own, 0 for off."""
    assert activity_threshold(None, clock_game=True) == 10
    assert activity_threshold(None, clock_game=False) is None
    assert activity_threshold(3, clock_game=False) == 3
    assert activity_threshold(0, clock_game=True) is None


def test_under_the_threshold_a_vote_counts_as_one_post() -> None:
    s = day()
    posts = {"ann": 10, "bob": 9, "cid": 2, "fay": 0}
    voters = {"bob", "fay"}
    assert under_threshold(s, posts, voters, 10) == {
        "cid": 2, "fay": 1, "gus": 0, "hal": 0, "ivy": 0,
    }  # fmt: skip
    night, _ = resolve_day(s, [], vote_held=False)
    assert under_threshold(night, posts, voters, 10) == {}  # nights do not count


def test_the_inactive_leave_together_autokilled_then_one_win_check() -> None:
    """R-SANCT-3: each leaves at once (no morgue: autokilled), the win checked once after all
    of them, so the signup order cannot end the game between two removals."""
    s = day()
    votes = [Choice(v, Verb.VOTE, "hal") for v in ("ann", "bob", "cid", "fay", "gus", "ivy")]
    votes.append(Choice("hal", Verb.VOTE, "ann"))
    after, events = resolve_day(s, votes)
    assert not after.get("hal").alive and after.outcome is None
    done, all_events = remove_inactive(after, events, {"hal": 0, "fay": 1, "gus": 0})
    added: list[Event] = all_events[len(events) :]
    assert all_events[: len(events)] == events
    assert added[:4] == [
        HostAction("inactive", "fay"), Autokilled("fay"),
        HostAction("inactive", "gus"), Autokilled("gus"),
    ]  # fmt: skip  # hal left by the vote already: not removed twice
    assert {p.id for p in done.living()} == {"ann", "bob", "cid", "ivy"}
    assert done.outcome is not None and done.winner == [Faction.MAFIA]  # R-WIN-2 once
    assert [e for e in added if isinstance(e, Won)] == [Won((Faction.MAFIA,), "R-WIN-2")]
    assert all(e.cause is Cause.AUTOKILL for e in added if isinstance(e, Died))


def test_nobody_leaves_by_the_rule_once_the_game_is_over() -> None:
    s = _over()
    assert remove_inactive(s, [], {"ann": 0}) == (s, [])


def test_the_stuck_game_notice_counts_quiet_game_days() -> None:
    """R-WIN-5: told at the third game day in a row with nobody leaving, then each third more."""
    from engine.forum.stuck import quiet_streak, tell_host_stuck

    assert quiet_streak({1}, 4) == 3 and tell_host_stuck({1}, 4) == 3
    assert tell_host_stuck(set(), 3) == 3  # from the start
    assert tell_host_stuck(set(), 2) is None and tell_host_stuck({1}, 3) is None
    assert tell_host_stuck({3}, 3) is None  # somebody left on the third
    assert tell_host_stuck({1}, 5) is None and tell_host_stuck({1}, 7) == 6
