"""The town picture's budgets (issue 22: under 100 ms for 25 players, at most 200 KB), printed:

    .venv/bin/python -m tests.bench_picture [--players 25] [--runs 30]

A 25-player game's picture, drawn as the delivery draws it (cogs.game.town.picture.draw, from
the labels the outbox row stores): the morning's (names, life) and the end's (roles and sides
too), each name as long as the signup allows (R-LIFE-1) so that every one is cut to its tile.
The figure is the median CPU time of the drawing over the runs, with the spread (min..max), after
one untimed run (the fonts are loaded once per process); the wall-clock median beside it says
what the machine's other work added. Exit code 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from cogs.game.town.picture import MAX_BYTES, Seat, Town, draw

BUDGET_MS = 100.0
ROLES = ["Комиссар · Мирные", "Доктор · Мирные", "МЖ (мирный житель) · Мирные", "Дон · Мафия"]


def town(players: int, *, roles: bool) -> Town:
    seats = tuple(
        Seat(
            n + 1,
            f"Длинноименнейший персонаж {n + 1:02d}",
            "вне игры" if n % 3 == 0 else "в игре",
            n % 3 == 0,
            ROLES[n % len(ROLES)] if roles else None,
            ("town" if n % 4 < 3 else "mafia") if roles else None,
        )
        for n in range(players)
    )
    return Town("Конец игры: все роли" if roles else "День 7: город утром", seats)


def measure(picture: Town, runs: int) -> tuple[list[float], list[float], int]:
    """CPU and wall times (ms) of each run, and the file's size."""
    size = len(draw(picture))  # untimed: the fonts load once
    cpu, wall = [], []
    for _ in range(runs):
        start, started = time.process_time(), time.perf_counter()
        draw(picture)
        cpu.append((time.process_time() - start) * 1000)
        wall.append((time.perf_counter() - started) * 1000)
    return cpu, wall, size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench_picture")
    parser.add_argument("--players", type=int, default=25)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args(argv)
    ok = True
    for label, roles in (("morning", False), ("end", True)):
        cpu, wall, size = measure(town(args.players, roles=roles), args.runs)
        median = statistics.median(cpu)
        ok = ok and median < BUDGET_MS and size <= MAX_BYTES
        print(
            f"{label:8} {args.players} players: {median:5.1f} ms CPU median "
            f"({min(cpu):.1f}..{max(cpu):.1f}; wall {statistics.median(wall):.1f} ms), "
            f"{size / 1024:5.1f} KB (budgets: {BUDGET_MS:.0f} ms, {MAX_BYTES // 1024} KB)"
        )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
