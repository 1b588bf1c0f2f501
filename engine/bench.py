"""Benchmarks of the rules engine: ``python -m engine.bench [--quick] [--seed N]``.

Prints each rule pack's figures (``engine.packs.PACKS``, in order: the forum game's first;
``engine.forum.bench`` says what each figure is), each the median rate over several timed runs
with its spread. The timing tools are ``engine.measure``. Only ``main`` reads the clock and
prints.

The clock is the process's CPU time (``time.process_time``), not the wall clock: on a shared
machine (the development one has 2 cores for several sessions' test suites) the wall clock
counts the time other processes ran, which made the figures swing by 3x from run to run; the
CPU time the engine itself spent is what a phase costs the bot.
"""

from __future__ import annotations

import argparse
import platform
import random
from collections.abc import Sequence

from engine.measure import Clock
from engine.packs import PACKS


def report(seed: int, clock: Clock, *, quick: bool) -> list[str]:
    """Every pack's lines under its name, each pack with a generator of its own from ``seed``."""
    out: list[str] = []
    for pack in PACKS:
        out.append(f"== {pack.name} ==")
        out.extend(pack.bench(random.Random(seed), clock, quick=quick))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    import gc
    import time  # the clock is read here only; the rest of the module is pure

    parser = argparse.ArgumentParser(prog="python -m engine.bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--no-gc",
        action="store_true",
        help="run with CPython's cyclic garbage collector off (as timeit does): what is left is "
        "the engine's own cost, flat per player; with it on, a large game's many objects make "
        "each collection longer",
    )
    args = parser.parse_args(argv)
    was_on = gc.isenabled()
    if args.no_gc:
        gc.disable()
    print(
        f"engine benchmark: seed {args.seed}{', quick' if args.quick else ''}"
        f"{', garbage collector off' if args.no_gc else ''}; "
        f"Python {platform.python_version()} ({platform.python_implementation()}); "
        "CPU time of this process; median of the runs [min .. max]"
    )
    try:
        for line in report(args.seed, time.process_time, quick=args.quick):
            print(line)
    finally:
        if was_on:
            gc.enable()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
