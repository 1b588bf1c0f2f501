"""Benchmark: what a game costs Discord (issue 10's budgets), by the emulator's request accounting.

    .venv/bin/python -m tests.game_budget

A 25-player three-sided game started with ``/host start`` (its channels, roles and cards), day 1
played by the vote post, night 1 with exactly two deaths (the two criminal teams each kill), day 2
ended by the host, and then counts: the requests of one vote, of the day→night and night→day
transitions and of the end, and the acknowledgement latency of 25 votes sent at once (median
and p95; the bot in the test's process, so this is an upper bound). Prints numbers; asserts
nothing.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from db.games import load_state
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import BotRunner
from tests.emulator.server import Emulator

PLAYERS = [f"p{i:02}" for i in range(25)]


def _writes(before: Counter[str], after: Counter[str]) -> dict[str, int]:
    """Requests made between two snapshots, by route; reads (GET) apart."""
    return {
        route: n - before.get(route, 0) for route, n in after.items() if n > before.get(route, 0)
    }


def _show(title: str, counts: dict[str, int]) -> None:
    writes = {r: n for r, n in counts.items() if not r.startswith("GET ")}
    reads = sum(n for r, n in counts.items() if r.startswith("GET "))
    print(f"{title}: {sum(writes.values())} writes, {reads} reads")
    for route, n in sorted(writes.items()):
        print(f"    {n:3}  {route}")


async def _vote(guild: Any, post: Any, voter: str, target_id: int, day: int) -> float:
    member = guild.member(voter)
    started = time.perf_counter()
    chosen = await member.select(post, f"vote:1:{day}:0", [str(target_id)])
    question = await chosen.reply(within=30)
    confirmed = await member.click(question, f"voteok:1:{day}:{target_id}")
    await confirmed.ack(within=30)
    return (time.perf_counter() - started) * 1000


async def main() -> int:
    async with Emulator(interaction_deadline=30) as emu:
        guild = emu.make_guild(
            roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
            members=[{"name": "host", "roles": ["Admins"], "locale": "ru"}, *PLAYERS],
            channels=["lobby"],
        )
        with tempfile.TemporaryDirectory() as folder:
            bot = create_bot(Settings(database_url=f"sqlite://{Path(folder) / 'b.sqlite3'}"))
            runner = BotRunner(emu, bot)
            await runner.start()
            try:
                await _play(emu, guild, bot)
                await _end(emu, guild, bot)
            finally:
                await runner.stop()
    return 0


async def _play(emu: Any, guild: Any, bot: Any) -> None:
    host = guild.member("host")
    await (await host.run("/host create", mode="three-sided", timing="fast")).reply()
    for name in PLAYERS:
        await (await guild.member(name).run("/mafia join", name=name.upper())).reply()
    before = emu.route_counts()
    await (await host.run("/host start")).reply(within=60)
    await delivered(bot)  # its thread, vote post and prompts are outbox rows, delivered next
    _show(
        "start (channels, roles, 25 role cards, commitment, vote post)",
        _writes(before, emu.route_counts()),
    )

    state = (await in_bot(bot, load_state(1))).game_state()
    ids = {name: str(guild.member(name).id) for name in PLAYERS}
    by_id = {v: k for k, v in ids.items()}
    # Plain citizens only, as the vote's target and the night's victims: the draw is random,
    # and a woodman voted out brings a night of mourning (no night: R-VOTE-10), a child shot by a
    # team joins it (R-NIGHT-5): each would change what is measured from one run to the next.
    town = [p.id for p in state.players if p.faction == "town" and p.role == "citizen"]
    town += [p.id for p in state.players if p.faction == "town" and p.role != "citizen"]
    voting = guild.channel("голосование")
    post = await voting.wait_for_message(lambda m: "День 1: голосование" in m.text)

    # One vote alone: the confirmation's answer is the public post; the tally comes 3 s later.
    before = emu.route_counts()
    target = int(town[0])
    await _vote(guild, post, by_id[town[1]], target, 1)
    # Acknowledged first, stored next (issue 20): the debounce counts from the stored vote.
    await voting.wait_for_message(lambda m: m.text.startswith(f"{by_id[town[1]].upper()} голосует"))
    emu.clock.advance(seconds=3)
    await voting.wait_for_message(lambda m: "Подсчёт, день 1" in m.text)
    _show("one vote (+ its debounced tally)", _writes(before, emu.route_counts()))

    # The other 24 at once: how fast is each acknowledged?
    others = [name for name in PLAYERS if ids[name] != town[1]]
    latencies = await asyncio.gather(
        *(
            _vote(guild, post, name, target if ids[name] != str(target) else int(town[2]), 1)
            for name in others
        )
    )
    print(
        f"24 votes at once (select + confirm each): median {statistics.median(latencies):.0f} ms, "
        f"p95 {sorted(latencies)[int(0.95 * (len(latencies) - 1))]:.0f} ms, max {max(latencies):.0f} ms"
    )

    # Each vote is stored after its acknowledgement: the day closes once all 25 are announced.
    await emu.wait_until(
        lambda: sum(" голосует: " in m.text for m in voting.messages) >= len(PLAYERS), within=30
    )
    await delivered(bot)
    before = emu.route_counts()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await bot.scheduler.next_round()  # the resolution, its roles, the night's prompts
    announcements = guild.channel("объявления")
    await announcements.wait_for_message(lambda m: "Итоги дня 1" in m.text, within=30)
    bot.outbox.wake()  # a round after the resolution's: everything it stored is out
    await bot.outbox.next_round()
    _show(
        "day 1 → night 1 (1 leaves by the vote; the night's prompts)",
        _writes(before, emu.route_counts()),
    )

    # Night 1: each criminal team kills one town player; nobody else acts.
    state = (await in_bot(bot, load_state(1))).game_state()
    victims = [p.id for p in state.living() if p.faction == "town" and p.role == "citizen"][:2]
    for team, victim in zip(("mafia", "maniacs"), victims, strict=True):
        don = next(p for p in state.living() if p.faction == team and p.role == "don")
        await (
            await guild.member(by_id[don.id]).run("/mafia act", action="shoot", target=victim)
        ).reply()
    before = emu.route_counts()
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    await bot.scheduler.next_round()
    await announcements.wait_for_message(lambda m: "Утро после ночи 1" in m.text, within=30)
    await guild.channel("голосование").wait_for_message(lambda m: "День 2: голосование" in m.text)
    bot.outbox.wake()  # a round after the resolution's: everything it stored is out
    await bot.outbox.next_round()
    _show("night 1 → day 2 (2 deaths)", _writes(before, emu.route_counts()))


async def _end(emu: Any, guild: Any, bot: Any) -> None:
    """The host ends it on day 2 (issue 20: a restart may end 250 games at once): the reveal, the
    post-game thread (as few posts as hold it), the close, each player's summary by DM."""
    await delivered(bot)
    before = emu.route_counts()
    await (await guild.member("host").run("/host end")).reply(within=30)
    after = await emu.wait_until(
        lambda: next((c for c in guild.channels if c.name.startswith("После игры")), None)
    )
    await after.wait_for_message(lambda m: "mafia-game-1.html" in m.files, within=30)
    await delivered(bot)
    _show(
        "the host's end (reveal, post-game thread, close, 25 summaries)",
        _writes(before, emu.route_counts()),
    )
    print(f"    the post-game thread: {len(after.messages)} posts")


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
