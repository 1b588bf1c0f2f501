"""The chat bench runs (quickly), its choices are legal and every acting role acts."""

from __future__ import annotations

import itertools

import pytest

from engine.chat import ChatRole, check
from engine.chat import bench as chat_bench
from engine.chat.events import CoinDrawn
from engine.chat.night import resolve_night
from engine.chat.roles import has_night_choice


def test_every_acting_role_acts_legally_and_a_coin_is_drawn() -> None:
    night = chat_bench.table(25)
    choices = chat_bench.night_choices(night)
    assert all(check(night, c) is None for c in choices)
    acting = {p.id for p in night.players if has_night_choice(p.role)}
    assert {c.actor for c in choices} == acting
    day, events = resolve_night(night, choices)
    assert any(isinstance(e, CoinDrawn) for e in events)
    votes = chat_bench.day_choices(day)
    assert all(check(day, c) is None for c in votes if c.verb.value == "vote") and votes


@pytest.mark.parametrize("players", [25, 200, 1000])
def test_the_scaled_tables(players: int) -> None:
    s = chat_bench.table(players)
    assert len(s.players) == players and [p.role for p in s.players].count(ChatRole.DON) == 1


def test_the_lines_use_the_clock_they_are_given() -> None:
    ticks = itertools.count()
    out = chat_bench.lines(lambda: float(next(ticks)) / 1000, quick=True)
    text = "\n".join(out)
    assert "nights/s" in text and "days/s" in text and "1000 players" in text


def test_engine_bench_prints_both_packs(capsys: pytest.CaptureFixture[str]) -> None:
    from engine import bench

    assert bench.main(["--quick", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "== forum ==" in out and "(a) night resolution, three-sided" in out
    assert "chat (a) night resolution" in out and "chat (b) day resolution" in out
