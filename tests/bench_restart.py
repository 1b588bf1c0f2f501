"""Benchmark: the big restart — the bot starts on N running games, a quarter of them overdue
(issue 20: "1,000 games back in under 10 seconds").

    .venv/bin/python -m tests.bench_restart [-n 1000] [--overdue 0.25] [--ending 0.1]
                                            [--backend sqlite|postgres]

While no bot runs, N fast games are started through the service, a hundred per server (Discord
allows 500 channels a server), four players each: the overdue ones 15 minutes ago with every
vote cast, the others now. Of the overdue ones, the share ``--ending`` vote the don out, and
their game ends (the results, the roles, the post-game thread, an end DM to each player); the
others vote a citizen out and their game goes on to night 1 (the results, the night's prompt,
the DM of the one voted out). A forum game ends once in about ten phases, hence the default
0.1; ``--ending 1`` is the worst case, every overdue phase its game's last. The bot runs once (the starts' vote posts go out) and stops; the
clock passes the overdue games' close (day 1 lasts 20 minutes). Then the real bot starts again
in its own process, with Discord's global limit enforced (50 requests/s; the bot paces itself
at 45), and the script measures, from the process's start: READY; every overdue phase
resolved (each overdue game stored at night 1); the outbox drained (every row delivered: the
catch-up's vote posts, the resolutions' results, the next phase's prompts); and the bot's RSS
then, per game; the requests by route, per overdue resolution, and their floor at 50 per second;
the 429s. Not a test: numbers (tests/test_bench_restart.py runs it tiny).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import time
from datetime import timedelta
from typing import Any

from tests.bench_burst import database, postgres
from tests.emulator.botprocess import BotProcess
from tests.emulator.ratelimit import RateLimits
from tests.emulator.server import Emulator

PER_GUILD = 100
DEAL = ["don@mafia", "citizen@town", "citizen@town", "citizen@town"]
NAMES = ["Анна", "Борис", "Вера", "Глеб"]


async def start_games(emu: Emulator, n: int, overdue: int, ending: int = 0) -> list[int]:
    """``n`` games on ``n / 100`` servers; the first ``overdue`` started 15 minutes ago with
    every vote cast: in the first ``ending`` of them the don voted out (the game ends), in the
    others a citizen (it goes on). Returns the overdue games' ids."""
    from cogs.game import lobby as lobby_service
    from cogs.game import play
    from cogs.game import start as start_service
    from tests.emulator import permissions as P

    late: list[int] = []
    guilds = (n + PER_GUILD - 1) // PER_GUILD
    for g in range(guilds):
        count = min(PER_GUILD, n - g * PER_GUILD)
        guild = emu.make_guild(
            roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
            members=[
                {"name": "host", "roles": ["Admins"], "locale": "ru"},
                *({"name": f"p{i}", "locale": "ru"} for i in range(count * len(DEAL))),
            ],
            channels=[f"game{i}" for i in range(count)],
        )
        host = guild.member("host").id
        for i in range(count):
            number = g * PER_GUILD + i
            is_late = number < overdue
            game = await lobby_service.create_lobby(
                guild_id=guild.id, channel_id=guild.channel(f"game{i}").id, host_id=host,
                mode="two-sided", timing="fast",
            )  # fmt: skip
            seats = [guild.member(f"p{i * len(DEAL) + k}") for k in range(len(DEAL))]
            for seat, name in zip(seats, NAMES, strict=True):
                await lobby_service.join(game.id, seat.id, name)
            started_at = emu.clock.now() - timedelta(minutes=15 if is_late else 0)
            await start_service.start(
                game.id, host, by_is_server_host=True, now=started_at,
                deal=[(str(s.id), role) for s, role in zip(seats, DEAL, strict=True)],
            )  # fmt: skip
            if is_late:
                late.append(game.id)
                out = 0 if number < ending else 1  # the don, or a citizen
                for k, seat in enumerate(seats):
                    target = seats[out + 1] if k == out else seats[out]
                    await play.cast_vote(
                        game.id, str(seat.id), str(target.id),
                        acted_at=started_at + timedelta(minutes=1),
                    )  # fmt: skip
    return late


async def resolved(late: list[int]) -> bool:
    from db.models import Game

    rows = await Game.filter(id__in=late, phase="day", day_number=1).count()
    return rows == 0


async def drained() -> bool:
    from db.outbox import pending

    return not await pending(limit=1)


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def until(check: Any, started: float, within: float) -> float:
    while not await check():
        if time.perf_counter() - started > within:
            return float("nan")
        await asyncio.sleep(0.1)
    return time.perf_counter() - started


async def bench(args: argparse.Namespace) -> None:
    overdue = int(args.n * args.overdue)
    ending = round(overdue * args.ending)
    with contextlib.ExitStack() as stack:
        pg = stack.enter_context(postgres()) if args.backend == "postgres" else None
        async with Emulator(validate=False) as emu, database(args.backend, pg) as url:
            set_up = time.perf_counter()
            late = await start_games(emu, args.n, overdue, ending)
            print(f"{args.backend}: {args.n} running games ({len(late)} overdue, of which {ending} "
                  "end) set up in "
                  f"{time.perf_counter() - set_up:.0f} s")  # fmt: skip
            env = {"DATABASE_URL": url, "LOG_FILE": "-", "LOG_LEVEL": "ERROR"}
            # The bot ran before: what the starts put on Discord (vote posts) is out. Then it
            # stops, and the overdue games' vote closes while it is down.
            # The first run is set-up, not measured: neither Discord's global limit nor the bot's
            # pace slow it (the starts' ~13 requests a game).
            emu.rate_limits.enforce_global = False
            first = await BotProcess.start(emu, "tests.realbot:make_bot", ready_within=300,
                                           env={**env, "REST_PER_SECOND": "10000"})  # fmt: skip
            try:
                await asyncio.sleep(2.0)  # the catch-up enqueues after READY
                before = await until(drained, time.perf_counter(), args.within)
            finally:
                await first.stop()
            calls = len(emu.calls)
            emu.clock.advance(timedelta(minutes=5, seconds=10))
            emu.rate_limits = RateLimits(emu.clock)  # the measured run: Discord's limits, afresh
            # The emulator's world (every server, member and message of the set-up) is kept out
            # of the collector's passes: a full pass over it stalled the emulator for a quarter
            # of a second, and the requests held meanwhile landed in one heap — jitter that is
            # this process's, not the bot's nor Discord's.
            gc.collect()
            gc.freeze()
            print(f"  the first run delivered the starts' posts in {before:.0f} s; then down")
            started = time.perf_counter()
            if args.rest_per_second:
                env["REST_PER_SECOND"] = str(args.rest_per_second)
            proc = await BotProcess.start(emu, "tests.realbot:make_bot", ready_within=300, env=env)
            try:
                ready = time.perf_counter() - started
                all_resolved = await until(lambda: resolved(late), started, args.within)
                all_out = await until(drained, started, args.within)
                rss = rss_kb(proc.proc.pid)
            finally:
                await proc.stop()
            print(f"  ready {ready:.1f} s; every overdue phase resolved {all_resolved:.1f} s; "
                  f"outbox drained {all_out:.1f} s (from the process's start)")  # fmt: skip
            print(f"  RSS {rss / 1024:.0f} MB: {rss / args.n:.0f} KB per game; "
                  f"{len(emu.calls) - calls} requests")  # fmt: skip
            report_requests(emu, calls, len(late))


def report_requests(emu: Emulator, since: int, overdue: int) -> None:
    """The restart's requests by route, per overdue resolution, and what they cost at Discord's
    global 50/s (interaction answers exempt: there are none here): the drain's floor."""
    from collections import Counter

    from tests.emulator.ratelimit import GLOBAL_EXEMPT, GLOBAL_PER_SECOND

    calls = emu.calls[since:]
    routes = Counter(f"{c.method} {c.route}" for c in calls)
    counted = sum(n for r, n in routes.items() if not r.split(" ", 1)[1].startswith(GLOBAL_EXEMPT))
    limited = sum(1 for c in calls if c.status == 429)
    print(f"  {counted} requests under the global limit: {counted / max(overdue, 1):.1f} per "
          f"overdue resolution; floor {counted} / {GLOBAL_PER_SECOND} per s = "
          f"{counted / GLOBAL_PER_SECOND:.1f} s; 429 answered: {limited} "
          f"(global {emu.rate_limits.global_limited}); peak {emu.rate_limits.peak_per_second}/s")
    for route, n in routes.most_common():
        print(f"    {n:6d}  {route}")


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("-n", type=int, default=1000, help="running games")
    ap.add_argument("--overdue", type=float, default=0.25, help="the share overdue")
    ap.add_argument("--ending", type=float, default=0.1,
                    help="the share of the overdue phases that end their game")
    ap.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite")
    ap.add_argument("--rest-per-second", type=float, default=None,
                    help="the measured bot's REST_PER_SECOND (default: the bot's own)")
    ap.add_argument("--within", type=float, default=300.0, help="give up after (s)")
    asyncio.run(bench(ap.parse_args()))


if __name__ == "__main__":
    main()
