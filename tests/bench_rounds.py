"""Benchmark: what one scheduler round and one reminders round cost at 100 and at 1,000 running
games (issue 20: "a round costs what is due, not what is running").

    .venv/bin/python -m tests.bench_rounds [--games 100 1000] [--repeat 50] [--backend sqlite|postgres]

Each size is a fresh database with that many running fast games (rows written directly: six
players each, day 1, deadlines set as a start sets them), none of them due; a tenth of them
already reminded. Printed: the median and p90 time of a scheduler round's read
(``db.state.due_deadlines``), of a whole reminders round (``cogs.game.reminders.Reminders.round``)
and, for comparison, of the read every running game's deadline columns
(``db.state.pending_deadlines``, what the rounds read before). Not a test: numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from tests.bench_burst import database, pct, postgres

PLAYERS = ["citizen@town"] * 4 + ["don@mafia", "mafioso@mafia"]


async def seed(count: int, now: datetime) -> None:
    """``count`` running fast games on day 1, their vote closing in 10 to 20 minutes."""
    from db.deadlines import deadline_columns
    from db.models import Game, GameStatus
    from db.schedule import GameSchedule
    from engine import clock, new_game

    state = new_game(
        "two-sided", [(str(100 + i), *code.split("@")) for i, code in enumerate(PLAYERS)]
    ).to_json()
    schedule = GameSchedule(timing="fast", day_minutes=20, night_minutes=10)
    rows = []
    for n in range(count):
        opened = now - timedelta(minutes=10) + timedelta(seconds=n % 600)
        deadlines = clock.deadlines(
            clock.DurationSchedule(), clock.Phase("day", 1), opened
        ).values()
        columns = deadline_columns("day", deadlines)
        if n % 10 == 0:
            columns["remind_at"] = None  # reminded already
        rows.append(
            Game(
                guild_id=1,
                host_id=1,
                mode="two-sided",
                status=GameStatus.RUNNING,
                phase="day",
                day_number=1,
                version=1,
                state=state,
                schedule=schedule.to_json(),
                **columns,
            )  # fmt: skip
        )
    await Game.bulk_create(rows, batch_size=500)
    from tortoise import connections

    # The planner's statistics, as a database in use has them (autovacuum's, on PostgreSQL).
    await connections.get("default").execute_script("ANALYZE")


async def timed(call: Callable[[], Awaitable[Any]], repeat: int) -> list[float]:
    for _ in range(5):  # warm: the first queries on a fresh connection pay for its caches
        await call()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        await call()
        times.append((time.perf_counter() - started) * 1000)
    return times


def show(name: str, times: list[float]) -> str:
    return f"{name} median {statistics.median(times):6.2f} ms, p90 {pct(times, 90):6.2f} ms"


async def one_size(count: int, backend: str, pg: str | None, repeat: int) -> None:
    from cogs.game.reminders import Reminders
    from cogs.support import clock
    from db.state import due_deadlines, pending_deadlines

    async with database(backend, pg):
        now = clock.now()
        await seed(count, now)
        reminders = Reminders()
        await reminders.round()  # the first writes the exact reminder times: then steady
        scheduler = await timed(lambda: due_deadlines(now - timedelta(seconds=5)), repeat)
        rounds = await timed(reminders.round, repeat)
        every = await timed(pending_deadlines, repeat)
        print(f"{backend}, {count:5d} running games: {show('scheduler round', scheduler)} | "
              f"{show('reminders round', rounds)} | {show('(every game read)', every)}")  # fmt: skip


async def bench(args: argparse.Namespace) -> None:
    with contextlib.ExitStack() as stack:
        pg = stack.enter_context(postgres()) if args.backend == "postgres" else None
        for count in args.games:
            await one_size(count, args.backend, pg, args.repeat)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, nargs="+", default=[100, 1000])
    ap.add_argument("--repeat", type=int, default=50)
    ap.add_argument("--backend", choices=["sqlite", "postgres"], default="sqlite")
    asyncio.run(bench(ap.parse_args()))


if __name__ == "__main__":
    main()
