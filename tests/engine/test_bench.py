"""The benchmark module runs (quickly) and reports every figure."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import bench
from engine.choices import check


def test_bench_choices_are_legal_and_every_role_acts() -> None:
    game = bench.preset_game(random.Random(5))
    night = bench.night_start(game)
    choices = bench.night_choices(night)
    assert all(check(night, c) is None for c in choices)
    verbs = {c.verb.value for c in choices}
    assert {"shoot", "heal", "block", "choose", "hide"} <= verbs
    day = bench.day_choices(game)
    assert all(check(game, c) is None for c in day)
    assert {"vote", "protect", "void"} == {c.verb.value for c in day}
    assert len({c.actor for c in day if c.verb.value == "vote"}) == 25


def test_measure_uses_the_clock_it_is_given() -> None:
    ticks = itertools.count()
    calls: list[int] = []
    rate = bench.measure(lambda: float(next(ticks)), lambda: calls.append(1), 10, 3)
    assert rate.rates == (10.0, 10.0, 10.0) and len(calls) == 31  # one warm-up call
    assert "10 x/s" in rate.describe("x") and "3 runs x 10" in rate.describe("x")


def test_bench_main_quick(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for label in ("(a)", "(b)", "(c)", "(d)", "phases per game", "runs x"):
        assert label in out
