"""The benchmark runs (quickly) and reports every figure, for every game size."""

from __future__ import annotations

import itertools
import random

import pytest

from engine import bench, check, measure
from engine.forum import bench as forum_bench
from engine.packs import PACKS


def test_bench_choices_are_legal_and_every_role_acts() -> None:
    game = forum_bench.preset_game(random.Random(5))
    night = forum_bench.night_start(game)
    choices = forum_bench.night_choices(night)
    assert all(check(night, c) is None for c in choices)
    verbs = {c.verb.value for c in choices}
    assert {"shoot", "heal", "block", "choose", "hide"} <= verbs
    day = forum_bench.day_choices(game)
    assert all(check(game, c) is None for c in day)
    assert {"vote", "protect", "void"} == {c.verb.value for c in day}
    assert len({c.actor for c in day if c.verb.value == "vote"}) == 25


@pytest.mark.parametrize("players", forum_bench.SIZES)
def test_every_size_is_a_legal_game_with_every_role_acting(players: int) -> None:
    game = forum_bench.preset_game(random.Random(2), players)
    assert len(game.players) == players
    night = forum_bench.night_start(game)
    verbs = {c.verb.value for c in forum_bench.night_choices(night)}  # checked legal as made
    assert {"shoot", "heal", "block", "choose", "hide"} <= verbs
    assert len([c for c in forum_bench.day_choices(game) if c.verb.value == "vote"]) == players


def test_measure_uses_the_clock_it_is_given() -> None:
    ticks = itertools.count()
    calls: list[int] = []
    rate = measure.measure(lambda: float(next(ticks)), lambda: calls.append(1), 10, 3)
    assert rate.rates == (10.0, 10.0, 10.0) and len(calls) == 31  # one warm-up call
    assert "10 x/s" in rate.describe("x") and "3 runs x 10" in rate.describe("x")


def test_bench_main_quick(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    forum = out.split("== forum ==\n")[1].split("\n== ")[0]  # the forum pack's lines
    for label in ("(a)", "(b)", "(c)", "(d)", "(e)", "phases per game", "JSON"):
        assert label in forum
    for size in ("25 players", "200 players", "1,000 players"):
        assert forum.count(size) == 2, size  # a night rate and a day rate
    assert forum.count("nights/s") == 3 and forum.count("days/s") == 3
    assert forum.count("µs per player") == 6


def test_the_bench_can_run_without_the_garbage_collector_and_turns_it_back_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import gc

    assert gc.isenabled()
    assert bench.main(["--quick", "--no-gc"]) == 0
    assert "garbage collector off" in capsys.readouterr().out.splitlines()[0]
    assert gc.isenabled()


def test_every_pack_is_benched_under_its_name() -> None:
    lines = bench.report(1, itertools.count().__next__, quick=True)  # a clock of whole ticks
    assert [line for line in lines if line.startswith("== ")] == [f"== {p.name} ==" for p in PACKS]


def test_measure_each_gives_every_call_its_own_input() -> None:
    ticks = itertools.count()
    made = itertools.count()
    seen: list[int] = []
    rate = measure.measure_each(lambda: float(next(ticks)), lambda: next(made), seen.append, 4, 2)
    assert seen == list(range(9))  # one warm-up, then a fresh input per call
    assert rate.rates == (1.0, 1.0)  # one tick per timed call: the making is not timed


def test_deep_size_counts_shared_parts_once() -> None:
    shared = ["x" * 100]
    assert measure.deep_size([shared, shared]) < measure.deep_size([shared, ["x" * 100]])
    assert measure.deep_size([shared, [1]], skip=[shared]) < measure.deep_size(shared)
