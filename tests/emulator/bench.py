"""Benchmark: bot startup to ready, and interaction round trips through the emulator.

    .venv/bin/python -m tests.emulator.bench [-n 200] [--burst 0] [--process] [--no-validate]

Round trip = a member's slash command dispatched on the gateway → the bot's ephemeral reply
received by the emulator.  ``--process`` runs the bot in its own process (the realistic setting:
in one process bot and emulator share a CPU-bound event loop); ``--burst N`` also sends N
interactions at once and reports their latency distribution (queueing).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from .botprocess import BotProcess
from .botrunner import BotRunner
from .server import Emulator
from .testbot import make_demo_bot

FACTORY = "tests.emulator.testbot:make_demo_bot"


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def one(member) -> float:
    started = time.perf_counter()
    handle = await member.run("/demo secret")
    await handle.reply(within=10)
    return (time.perf_counter() - started) * 1000


async def bench(n: int, burst: int, separate: bool, validate: bool) -> None:
    async with Emulator(validate=validate, interaction_deadline=30) as emu:
        guild = emu.make_guild(members=[f"player{i}" for i in range(25)])
        started = time.perf_counter()
        if separate:
            runner = await BotProcess.start(emu, FACTORY)
        else:
            runner = BotRunner(emu, make_demo_bot())
            await runner.start()
        startup = (time.perf_counter() - started) * 1000
        members = guild.members
        try:
            for m in members[:5]:  # warm-up
                await one(m)
            times = [await one(members[i % len(members)]) for i in range(n)]
            print(f"mode: bot {'in its own process' if separate else 'in the emulator process'}, "
                  f"validation {'on' if validate and emu.validator else 'off'}")
            print(f"startup to ready: {startup:.1f} ms (includes command sync)")
            print(f"sequential round trip over {n}: median {statistics.median(times):.2f} ms, "
                  f"p95 {pct(times, 95):.2f} ms, max {max(times):.2f} ms")
            if burst:
                t0 = time.perf_counter()
                lat = await asyncio.gather(*(one(members[i % len(members)]) for i in range(burst)))
                wall = time.perf_counter() - t0
                print(f"burst of {burst}: p50 {pct(lat, 50):.1f} ms, p99 {pct(lat, 99):.1f} ms, "
                      f"{burst / wall:.0f} interactions/s")
            print("API calls:", dict(emu.route_counts().most_common(5)))
            print(f"peak requests in one second (Discord's global limit is 50; interactions exempt): "
                  f"{emu.rate_limits.peak_per_second}")
        finally:
            await (runner.stop())
    if emu.problems:
        print("PROBLEMS:", *emu.problems, sep="\n  ")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-n", type=int, default=200)
    ap.add_argument("--burst", type=int, default=0)
    ap.add_argument("--process", action="store_true", help="run the bot in its own process")
    ap.add_argument("--no-validate", action="store_true")
    args = ap.parse_args()
    asyncio.run(bench(args.n, args.burst, args.process, not args.no_validate))


if __name__ == "__main__":
    main()
