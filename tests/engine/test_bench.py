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
    for label in ("(a)", "(b)", "(c)", "(d)", "(e)", "phases per game", "runs x", "JSON"):
        assert label in out
    assert out.count("plain re-implementation") == 3 and out.count("speed-up: x") == 3


def test_the_plain_version_gives_the_engines_events() -> None:
    """The ratio compares equal work: on the bench's inputs the plain re-implementation
    produces the engine's very events (``same_result`` raises otherwise)."""
    game = bench.preset_game(random.Random(7))
    night = bench.night_start(game)
    bench.same_result(night, bench.night_choices(night), game, bench.day_choices(game))


def test_measure_each_gives_every_call_its_own_input() -> None:
    ticks = itertools.count()
    made = itertools.count()
    seen: list[int] = []
    rate = bench.measure_each(lambda: float(next(ticks)), lambda: next(made), seen.append, 4, 2)
    assert seen == list(range(9))  # one warm-up, then a fresh input per call
    assert rate.rates == (1.0, 1.0)  # one tick per timed call: the making is not timed


def test_deep_size_counts_shared_parts_once() -> None:
    shared = ["x" * 100]
    assert bench.deep_size([shared, shared]) < bench.deep_size([shared, ["x" * 100]])
    assert bench.deep_size([shared, [1]], skip=[shared]) < bench.deep_size(shared)
