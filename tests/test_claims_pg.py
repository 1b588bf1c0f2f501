"""Two and three bot processes on one PostgreSQL and one emulator (issue 17, "Claims across
processes"): every process's scheduler reads the same deadlines of five games and races to
resolve them over three phases (day 1, night 1, day 2). Each phase must be resolved once — one
commit with its events, no process resolving the next phase by mistake — and one process killed
mid-run must not stop the others.

Votes are cast through the service the commands call (cogs.game.play.cast_vote), from the test's
own process: with several bot processes on one application every one of them would receive each
interaction, which is not what is raced here.
"""

from __future__ import annotations

import asyncio
import sys
from collections import defaultdict
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from cogs.game import lobby as lobby_service
from cogs.game import play
from cogs.game import start as start_service
from db import close_db, init_db
from db.events import event_log
from db.games import get_game, load_state
from engine import Verb
from tests.emulator import permissions as P
from tests.emulator.botprocess import BotProcess
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX
from tests.pg_server import fresh_database

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

GAMES = 5
#: Per game, the votes of day 1 (the don out) and day 2 (a citizen out): the game goes on.
DAY_1 = {"anna": "dina", "boris": "dina", "vera": "dina", "gleb": "dina", "egor": "dina",
         "dina": "anna"}  # fmt: skip
DAY_2 = dict.fromkeys(["anna", "boris", "gleb", "egor", "vera"], "vera") | {"vera": "gleb"}
# How many commits each game sees after its start: each vote, night 1's two choices, and three
# resolutions.
COMMITS = len(DAY_1) + 2 + len(DAY_2) + 3
TITLES = ("Итоги дня 1", "Утро после ночи 1", "Итоги дня 2")  # each phase's results post


def _guild(emu: Any) -> GuildHandle:
    names = [f"{name}{g}" for g in range(GAMES) for name in SIX]
    return emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": name, "locale": "ru"} for name in names),
        ],
        channels=[f"game{g}" for g in range(GAMES)],
    )


async def _start_games(emu: Any, guild: GuildHandle) -> list[int]:
    """Five fast games, each in its channel with six players of its own, started (deal
    imposed) before any bot runs."""
    ids = []
    for g in range(GAMES):
        game = await lobby_service.create_lobby(
            guild_id=guild.id,
            channel_id=guild.channel(f"game{g}").id,
            host_id=guild.member("host").id,
            mode="two-sided",
            timing="fast",
        )
        for name in SIX:
            await lobby_service.join(game.id, guild.member(f"{name}{g}").id, name.capitalize())
        await start_service.start(
            game.id,
            guild.member("host").id,
            by_is_server_host=True,
            deal=[(str(guild.member(f"{n}{g}").id), role) for n, role in SIX.items()],
            now=emu.clock.now(),
        )
        ids.append(game.id)
    return ids


async def _vote(emu: Any, guild: GuildHandle, games: list[int], votes: dict[str, str]) -> None:
    for g, game_id in enumerate(games):
        for voter, target in votes.items():
            await play.cast_vote(
                game_id,
                str(guild.member(f"{voter}{g}").id),
                str(guild.member(f"{target}{g}").id),
                acted_at=emu.clock.now(),
            )


async def _night_1(emu: Any, guild: GuildHandle, games: list[int]) -> None:
    """The mafioso shoots (a team that does not is sanctioned) and the doctor saves the
    victim: nobody dies, the game goes on to day 2."""
    for g, game_id in enumerate(games):
        vera = str(guild.member(f"vera{g}").id)
        for actor, verb in (("egor", Verb.SHOOT), ("boris", Verb.HEAL)):
            actor_id = str(guild.member(f"{actor}{g}").id)
            await play.make_choice(game_id, actor_id, verb, vera, acted_at=emu.clock.now())


async def _all_in(games: list[int], phase: str, number: int, within: float = 30.0) -> None:
    async def reached() -> bool:
        for game_id in games:
            game = await get_game(game_id)
            if (game.phase, game.day_number) != (phase, number):
                return False
        return True

    for _ in range(int(within * 10)):  # polled: the bots run in other processes
        if await reached():
            return
        await asyncio.sleep(0.1)
    pytest.fail(f"the games did not all reach {phase} {number} within {within} s")


async def _bots(emu: Any, url: str, count: int) -> list[BotProcess]:
    """``count`` bot processes on ``url``; if one fails to start, those started are stopped (a
    process left running would go on claiming rows in the next test's database)."""
    env = {"DATABASE_URL": url, "LOG_FILE": "-", "LOG_LEVEL": "WARNING"}
    bots: list[BotProcess] = []
    try:
        for _ in range(count):  # a loaded machine starts three bots slowly: a generous limit
            bot = await BotProcess.start(emu, "tests.realbot:make_bot", ready_within=90, env=env)
            bots.append(bot)
    except BaseException:
        for bot in bots:
            await bot.stop()
        raise
    return bots


async def _posted(emu: Any, guild: GuildHandle, titles: tuple[str, ...]) -> None:
    """Wait until every game's channel shows each of ``titles`` (delivery runs after the
    commit, in the bots' processes: a phase reached is not yet a post made)."""

    def shown() -> bool:
        texts = [[m.text for m in guild.channel(f"game{g}").messages] for g in range(GAMES)]
        return all(any(title in t for t in game) for game in texts for title in titles)

    await emu.wait_until(shown, within=60, what=f"every game showing {titles}")


@pytest.fixture
async def database(postgres_server: str) -> AsyncIterator[str]:
    async with fresh_database(postgres_server) as url:
        await init_db(url)
        try:
            yield url
        finally:
            await close_db()


@pytest.mark.parametrize("processes", [2, 3])
async def test_n_processes_resolve_each_phase_of_five_games_once(
    emu: Any, database: str, processes: int
) -> None:
    guild = _guild(emu)
    games = await _start_games(emu, guild)
    started = {g: (await load_state(g)).version for g in games}
    bots = await _bots(emu, database, processes)
    try:
        await _vote(emu, guild, games, DAY_1)
        emu.clock.advance(timedelta(minutes=20, seconds=6))  # day 1's vote closes for all
        await _all_in(games, "night", 1)
        # The clock jumps below: a row still being sent when it jumps 10 minutes would see its
        # lease run out at once (no process stalls for 10 minutes in life); let it land first.
        await _posted(emu, guild, TITLES[:1])
        await _night_1(emu, guild, games)

        emu.clock.advance(timedelta(minutes=10, seconds=6))  # night 1 closes ...
        await bots.pop(0).kill()  # ... and one process dies while they race to resolve it
        await _all_in(games, "day", 2)
        await _posted(emu, guild, TITLES[:2])

        await _vote(emu, guild, games, DAY_2)
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await _all_in(games, "night", 2)
        await _posted(emu, guild, TITLES)
        await asyncio.sleep(1.0)  # a second resolution of night 2's predecessor would show now
        await _all_in(games, "night", 2, within=1)
    finally:
        for bot in bots:
            await bot.stop()

    for g, game_id in enumerate(games):
        stored = await load_state(game_id)
        assert (stored.phase, stored.day_number) == ("night", 2), "no phase resolved twice"
        assert stored.version == started[game_id] + COMMITS, "one commit per resolution"
        by_phase: dict[str, set[int]] = defaultdict(set)
        for logged in await event_log(game_id):
            if logged.version > started[game_id]:
                by_phase[str(logged.produced_in)].add(logged.version)
        assert {"day 1", "day 2"} <= set(by_phase)  # (night 1, all saved, says nothing)
        assert all(len(versions) == 1 for versions in by_phase.values()), by_phase
        texts = [m.text for m in guild.channel(f"game{g}").messages]
        # Each post once: each outbox row is claimed with a lease by one process (cogs.delivery;
        # a dead process's rows are taken over when its lease runs out: tests/
        # test_delivery_processes.py), and the row's nonce covers a send retried meanwhile.
        for title in TITLES:
            assert sum(title in t for t in texts) == 1, (title, g)
