"""Benchmark: the 21:00 burst — every player of 25 games of 25 votes at one instant (issue 20).

    .venv/bin/python -m tests.bench_burst [--games 25] [--players 25] [--rounds 2]
                                          [--backend sqlite|postgres|both] [--deadline 3]

Each round is a fresh emulator with one busy server: ``games`` fast games of ``players`` each,
started through the service before any bot runs, each in its own channel. Then a bot in its own
process (the realistic setting: in one process bot and emulator share a CPU) and, at one
instant, every player runs ``/mafia vote`` in his game's channel. Rounds alternate between the
real bot (``tests.realbot``, on a fresh database) and a do-nothing bot that answers the same
command at once, so the two are measured side by side on the same machine under the same load.

Printed per bot and backend: the acknowledgement's p50 and p99 (dispatch → the interaction's
callback, on the emulator's clock; a callback refused as later than the deadline counts with the
time it came), the ratio of the real bot's p99 to the do-nothing bot's, the throughput
(acknowledgements per second over the burst), and how many were later than ``deadline`` (the
emulator refuses them with 10062, as Discord does: the user sees "This interaction failed").
For the real bot it also checks, and prints, that every vote was stored once and announced once
in its game's channel, and the 429s the emulator answered (it enforces Discord's global 50
requests/s; interaction answers exempt) with the peak rate. Not a test: numbers (tests/test_bench_burst.py runs it tiny).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.emulator.botprocess import BotProcess
from tests.emulator.server import Emulator
from tests.emulator.story import GuildHandle

ROLES = ["don@mafia", "mafioso@mafia", "cop@town", "doctor@town"]
ANNOUNCED = "голосует:"  # locales/ru: vote-posted


def deal_of(players: int) -> list[str]:
    """A deal of ``players``: a fifth mafia (a don first), a cop and a doctor, citizens."""
    mafia = max(1, players // 5)
    roles = ["don@mafia"] + ["mafioso@mafia"] * (mafia - 1) + ["cop@town", "doctor@town"]
    return (roles + ["citizen@town"] * players)[:players]


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


@dataclass
class Round:
    bot: str
    backend: str
    acks: list[float] = field(default_factory=list)  # seconds, one per interaction
    late: int = 0
    wall: float = 0.0
    stored: int | None = None
    announced_once: int | None = None
    announced_twice: int = 0
    deadline: float = 3.0
    limited: int = 0  # 429s answered (the emulator enforces Discord's global 50/s)
    peak: int = 0  # the most requests in one second, interaction answers exempt

    @property
    def throughput(self) -> float:
        """Acknowledgements in time per second, from the burst to the last of them."""
        in_time = [a for a in self.acks if a <= self.deadline]
        return len(in_time) / max(in_time) if in_time else 0.0


# --- the do-nothing bot ------------------------------------------------------------------------


def make_nothing_bot() -> Any:
    """A bot with the same ``/mafia vote target`` that answers at once and does nothing else:
    what the machine, the emulator and discord.py cost on their own."""
    import discord
    from discord import app_commands
    from discord.ext import commands

    class Nothing(commands.Bot):
        async def login(self, token: str) -> None:
            # The real bot's connection pool (bot.CONNECTIONS), so that the two differ only in
            # what the real bot does.
            import aiohttp

            from bot import CONNECTIONS

            self.http.connector = aiohttp.TCPConnector(limit=0, limit_per_host=CONNECTIONS)
            await super().login(token)

        async def setup_hook(self) -> None:
            group = app_commands.Group(name="mafia", description="Mafia")

            @group.command(name="vote", description="Vote")
            async def vote(interaction: discord.Interaction, target: str) -> None:
                await interaction.response.send_message(
                    f"<@{interaction.user.id}> {ANNOUNCED} {target}",
                    allowed_mentions=discord.AllowedMentions.none(),
                )

            self.tree.add_command(group)
            await self.tree.sync()

    return Nothing(command_prefix="!", intents=discord.Intents.default(), help_command=None)


# --- the server, the games and the databases ----------------------------------------------------


def server(emu: Emulator, games: int, players: int) -> GuildHandle:
    from tests.emulator import permissions as P

    return emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": f"p{g}x{i}", "locale": "ru"} for g in range(games) for i in range(players)),
        ],
        channels=[f"game{g}" for g in range(games)],
    )


NAMES = [
    "Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Зоя", "Игорь", "Кира", "Лев",
    "Мила", "Нина", "Олег", "Павел", "Рита", "Семён", "Таня", "Ульяна", "Фёдор", "Харитон",
    "Цветана", "Чеслав", "Шура", "Эмма", "Юлиан", "Яна", "Аркадий", "Богдан", "Валентин",
]  # fmt: skip


async def start_games(emu: Emulator, guild: GuildHandle, games: int, players: int) -> list[int]:
    """``games`` fast games in their channels, signed up and started (deal imposed)."""
    from cogs.game import lobby as lobby_service
    from cogs.game import start as start_service

    host = guild.member("host").id
    deal = deal_of(players)
    ids = []
    for g in range(games):
        game = await lobby_service.create_lobby(
            guild_id=guild.id, channel_id=guild.channel(f"game{g}").id, host_id=host,
            mode="two-sided", timing="fast",
        )  # fmt: skip
        members = [guild.member(f"p{g}x{i}") for i in range(players)]
        for i, member in enumerate(members):
            await lobby_service.join(game.id, member.id, NAMES[i % len(NAMES)] + str(i // 30 or ""))
        await start_service.start(
            game.id, host, by_is_server_host=True,
            deal=[(str(m.id), role) for m, role in zip(members, deal, strict=True)],
            now=emu.clock.now(),
        )  # fmt: skip
        ids.append(game.id)
    return ids


@contextlib.asynccontextmanager
async def database(backend: str, pg_server: str | None) -> AsyncIterator[str]:
    """A fresh database of ``backend``, open in this process too (to set up and to check)."""
    from db import close_db, init_db

    with tempfile.TemporaryDirectory(prefix="bench-burst-") as folder:
        if backend == "sqlite":
            url = f"sqlite://{Path(folder) / 'bench.sqlite3'}"
            await init_db(url)
            try:
                yield url
            finally:
                await close_db()
            return
        from tests.pg_server import fresh_database

        assert pg_server is not None
        async with fresh_database(pg_server) as url:
            await init_db(url)
            try:
                yield url
            finally:
                await close_db()


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A throw-away PostgreSQL server (tests/pg_server.py) for the run."""
    from tests.pg_server import postgres_server

    servers = postgres_server()
    try:
        yield next(servers)
    finally:
        servers.close()


async def settled(within: float = 120.0) -> None:
    """The bot's start-up work delivered (the vote posts its catch-up enqueues)."""
    from db.outbox import pending

    deadline = time.monotonic() + within
    await asyncio.sleep(1.0)
    while await pending(limit=1):
        if time.monotonic() > deadline:
            raise RuntimeError("the outbox did not drain before the burst")
        await asyncio.sleep(0.2)


# --- one round ----------------------------------------------------------------------------------


async def burst(emu: Emulator, guild: GuildHandle, games: int, players: int, result: Round) -> None:
    """Every player votes at once (for the game's first player; he for the second)."""
    handles = []
    for g in range(games):
        channel = guild.channel(f"game{g}")
        first, second = guild.member(f"p{g}x0"), guild.member(f"p{g}x1")
        for i in range(players):
            target = second if i == 0 else first
            member = guild.member(f"p{g}x{i}")
            handles.append(
                await member.run("/mafia vote", target=str(target.id), in_channel=channel)
            )
    started = time.perf_counter()
    deadline = emu.interaction_deadline

    async def answered(handle: Any) -> None:
        record = handle.record
        with contextlib.suppress(AssertionError):
            await record.wait(lambda: record.acked or record.refused_after is not None,
                              deadline + 60, "the acknowledgement")  # fmt: skip

    await asyncio.gather(*(answered(h) for h in handles))
    result.wall = time.perf_counter() - started
    for h in handles:
        r = h.record
        took = r.acked_after if r.acked else r.refused_after
        result.acks.append(float("inf") if took is None else took)
        result.late += 0 if r.acked and took is not None and took <= deadline else 1
    if result.bot == "real":  # the announcements come after the acknowledgement: let them land
        # (a vote whose answer Discord refused may never be announced: counted, not awaited)
        with contextlib.suppress(AssertionError):
            await emu.wait_until(lambda: announced(guild, games) >= games * players,
                                 within=60, what="every vote announced")  # fmt: skip
    emu.take_problems("")  # the late ones, counted above
    result.limited = sum(1 for c in emu.calls if c.status == 429)
    result.peak = emu.rate_limits.peak_per_second


def announced(guild: GuildHandle, games: int) -> int:
    return sum(
        1 for g in range(games) for m in guild.channel(f"game{g}").messages if ANNOUNCED in m.text
    )


async def check_real(guild: GuildHandle, ids: list[int], players: int, result: Round) -> None:
    """Each vote stored once, and announced once in its game's channel."""
    from db.games import votes_for_day

    result.stored = 0
    for game_id in ids:
        result.stored += len(await votes_for_day(game_id, 1))
    once = twice = 0
    for g in range(len(ids)):
        texts = [m.text for m in guild.channel(f"game{g}").messages if ANNOUNCED in m.text]
        for i in range(players):
            name = NAMES[i % len(NAMES)] + str(i // 30 or "")
            n = sum(t.startswith(f"{name} {ANNOUNCED}") for t in texts)
            once += n == 1
            twice += n > 1
    result.announced_once, result.announced_twice = once, twice


async def one_round(bot: str, backend: str, args: argparse.Namespace, pg: str | None) -> Round:
    result = Round(bot, backend, deadline=args.deadline)
    async with Emulator(validate=args.validate, interaction_deadline=args.deadline) as emu:
        guild = server(emu, args.games, args.players)
        if bot == "nothing":
            proc = await BotProcess.start(
                emu, "tests.bench_burst:make_nothing_bot", ready_within=90
            )
            try:
                await burst(emu, guild, args.games, args.players, result)
            finally:
                await proc.stop()
            return result
        async with database(backend, pg) as url:
            ids = await start_games(emu, guild, args.games, args.players)
            env = {"DATABASE_URL": url, "LOG_FILE": "-", "LOG_LEVEL": "ERROR"}
            proc = await BotProcess.start(emu, "tests.realbot:make_bot", ready_within=120, env=env)
            try:
                await settled()
                spy = await profiler(args.profile, proc)
                await burst(emu, guild, args.games, args.players, result)
                for one in spy or []:
                    one.send_signal(2)
                    await one.wait()
                await check_real(guild, ids, args.players, result)
            finally:
                await proc.stop()
    return result


async def profiler(out: str | None, proc: BotProcess) -> list[Any] | None:
    """``--profile FILE``: py-spy (if installed) records the real bot during the burst (and
    the emulator's process, in FILE.emulator)."""
    if not out:
        return None
    import os

    spies = [
        await asyncio.create_subprocess_exec(
            "py-spy", "record", "--nonblocking", "-o", path, "-f", "speedscope", "--pid", str(pid),
        )  # fmt: skip
        for path, pid in ((out, proc.proc.pid), (f"{out}.emulator", os.getpid()))
    ]
    await asyncio.sleep(1.0)
    return spies


# --- the report ---------------------------------------------------------------------------------


def line(rounds: list[Round]) -> str:
    acks = [a for r in rounds for a in r.acks]
    late = sum(r.late for r in rounds)
    return (
        f"p50 {pct(acks, 50) * 1000:7.0f} ms  p99 {pct(acks, 99) * 1000:7.0f} ms  "
        f"{statistics.median(r.throughput for r in rounds):6.0f} acks/s  "
        f"late (> deadline) {late}/{len(acks)}"
    )


def report(backend: str, rounds: list[Round], deadline: float) -> None:
    real = [r for r in rounds if r.bot == "real"]
    nothing = [r for r in rounds if r.bot == "nothing"]
    print(f"== {backend} ({len(real)} + {len(nothing)} rounds, deadline {deadline:g} s)")
    if nothing:
        print(f"  do-nothing bot: {line(nothing)}")
    if real:
        print(f"  real bot:       {line(real)}")
    if real and nothing:
        p99 = pct([a for r in real for a in r.acks], 99)
        base = pct([a for r in nothing for a in r.acks], 99)
        print(f"  ratio of p99 (real / do-nothing): {p99 / base:.2f}")
    for r in real:
        total = len(r.acks)
        print(f"  real round: {r.stored}/{total} votes stored, {r.announced_once}/{total} "
              f"announced once, {r.announced_twice} announced more than once; "
              f"429 answered: {r.limited}; peak {r.peak} requests/s")  # fmt: skip


async def bench(args: argparse.Namespace) -> None:
    backends = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    with contextlib.ExitStack() as stack:
        pg = stack.enter_context(postgres()) if "postgres" in backends else None
        for backend in backends:
            rounds = []
            for n in range(args.rounds):
                for bot in ("real", "nothing") if n % 2 == 0 else ("nothing", "real"):
                    if args.only not in (None, bot):
                        continue
                    rounds.append(await one_round(bot, backend, args, pg))
            report(backend, rounds, args.deadline)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--games", type=int, default=25)
    ap.add_argument("--players", type=int, default=25)
    ap.add_argument("--rounds", type=int, default=2, help="rounds of each bot, alternating")
    ap.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    ap.add_argument("--deadline", type=float, default=3.0, help="the acknowledgement deadline (s)")
    ap.add_argument("--only", choices=["real", "nothing"], help="one bot only")
    ap.add_argument("--profile", metavar="FILE", help="py-spy record the real bot's burst")
    ap.add_argument("--validate", action="store_true", help="validate bodies (slower emulator)")
    asyncio.run(bench(ap.parse_args()))


if __name__ == "__main__":
    main()
