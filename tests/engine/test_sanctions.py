"""Sanctions by the rules themselves: R-SANCT-1 (the dead posting outside the morgue) and
R-SANCT-3 (the inactive removed at the day's close)."""

from __future__ import annotations

from datetime import timedelta

from engine import Choice, GameState, Verb, new_game, resolve_day, resolve_night
from engine.forum.sanctions import (
    breach_read_only,
    is_breach,
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
