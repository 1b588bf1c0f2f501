"""Shards (issue 20): ``SHARD_COUNT`` / ``SHARD_IDS``, and two bot processes running two shards
each on one PostgreSQL. Discord (and the emulator) sends each server's events, its interactions
included, to the shard ``(guild_id >> 22) % SHARD_COUNT`` only; every process's scheduler and
outbox still see every game, and db.claims / the outbox's leases make them act once."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import pytest

from settings import SettingsError, load_settings

# --- the settings -----------------------------------------------------------------------------


def test_shard_settings() -> None:
    assert load_settings({}, dotenv_path=None).shard_count is None
    both = load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "2, 3"}, dotenv_path=None)
    assert (both.shard_count, both.shard_ids) == (4, (2, 3))
    assert load_settings({"SHARD_COUNT": "2"}, dotenv_path=None).shard_ids is None
    for bad, says in (
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT='0'"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "from 0 to 1"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "a"}, "SHARD_IDS='a'"),
    ):
        with pytest.raises(SettingsError, match=says):
            load_settings(bad, dotenv_path=None)


def test_the_bot_runs_the_shards_it_is_given() -> None:
    from bot import create_bot

    bot = create_bot(load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "1,3"}, dotenv_path=None))
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])


# --- two processes, two shards each ------------------------------------------------------------

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

SHARDS = 4
PROCESSES = ("0,1", "2,3")
TITLES = ("Итоги дня 1", "Утро после ночи 1", "Итоги дня 2", "Игра окончена")


def _guilds(emu: Any) -> list[Any]:
    """Four servers, two on each process's shards (a server's shard comes from its id's
    timestamp: they are made a few milliseconds apart until both processes have two)."""
    from tests.emulator.gateway import shard_of
    from tests.gamesetup import SIX, game_guild

    chosen: dict[int, list[Any]] = {0: [], 1: []}
    for _ in range(200):
        guild = game_guild(emu, list(SIX))
        process = shard_of(guild.id, SHARDS) // 2
        if len(chosen[process]) < 2:
            chosen[process].append(guild)
        if all(len(g) == 2 for g in chosen.values()):
            return chosen[0] + chosen[1]
        emu.clock.advance(timedelta(milliseconds=1))
    pytest.fail("no servers on both processes' shards")


async def _start(emu: Any, guild: Any) -> int:
    from cogs.game import lobby as lobby_service
    from cogs.game import start as start_service
    from tests.gamesetup import SIX

    host = guild.member("host").id
    game = await lobby_service.create_lobby(
        guild_id=guild.id, channel_id=guild.channel("game").id, host_id=host,
        mode="two-sided", timing="fast",
    )  # fmt: skip
    for name in SIX:
        await lobby_service.join(game.id, guild.member(name).id, name.capitalize())
    deal = [(str(guild.member(n).id), role) for n, role in SIX.items()]
    await start_service.start(game.id, host, by_is_server_host=True, deal=deal, now=emu.clock.now())
    return game.id


async def _vote(guild: Any, votes: dict[str, str]) -> None:
    """Each vote by ``/mafia vote`` in the game's channel: answered by one process only."""
    from tests.gamesetup import vote_said

    for voter, target in votes.items():
        handle = await guild.member(voter).run(
            "/mafia vote", target=str(guild.member(target).id), in_channel=guild.channel("game")
        )
        said = await vote_said(handle, within=20)
        assert "голосует:" in said.text, said.text


@pytest.fixture
async def database(postgres_server: str) -> AsyncIterator[str]:
    from db import close_db, init_db
    from tests.pg_server import fresh_database

    async with fresh_database(postgres_server) as url:
        await init_db(url)
        try:
            yield url
        finally:
            await close_db()


async def _shown(emu: Any, guilds: list[Any], titles: tuple[str, ...]) -> None:
    def shown() -> bool:
        texts = [[m.text for m in g.channel("game").messages] for g in guilds]
        return all(any(title in t for t in game) for game in texts for title in titles)

    await emu.wait_until(shown, within=90, what=f"every game showing {titles}")


async def test_two_processes_of_two_shards_play_games_to_the_end_once(
    emu: Any, database: str
) -> None:
    from cogs.game import play
    from engine import Verb
    from tests.emulator.botprocess import BotProcess

    emu.interaction_deadline = 10.0  # two bots starting on a loaded machine; not what is tested
    guilds = _guilds(emu)
    games = [await _start(emu, guild) for guild in guilds]
    bots = []
    try:
        for ids in PROCESSES:
            env = {"DATABASE_URL": database, "LOG_FILE": "-", "LOG_LEVEL": "WARNING",
                   "SHARD_COUNT": str(SHARDS), "SHARD_IDS": ids}  # fmt: skip
            bots.append(
                await BotProcess.start(emu, "tests.realbot:make_bot", ready_within=120, env=env)
            )
        assert {s.shard for s in emu.gateway.by_shard.values()} == {(i, SHARDS) for i in range(4)}
        day_1 = {n: "dina" for n in ("anna", "boris", "vera", "gleb", "egor")} | {"dina": "anna"}
        await asyncio.gather(*(_vote(g, day_1) for g in guilds))
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await _shown(emu, guilds, TITLES[:1])
        for guild, game_id in zip(guilds, games, strict=True):  # the doctor saves the victim
            vera = str(guild.member("vera").id)
            for actor, verb in (("egor", Verb.SHOOT), ("boris", Verb.HEAL)):
                await play.make_choice(
                    game_id, str(guild.member(actor).id), verb, vera, acted_at=emu.clock.now()
                )
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        await _shown(emu, guilds, TITLES[:2])
        day_2 = {n: "egor" for n in ("anna", "boris", "vera", "gleb")} | {"egor": "anna"}
        await asyncio.gather(*(_vote(g, day_2) for g in guilds))
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await _shown(emu, guilds, TITLES)
        await asyncio.sleep(1.0)  # a second resolution or post would show now
    finally:
        for bot in bots:
            await bot.stop()
    for guild in guilds:
        texts = [m.text for m in guild.channel("game").messages]
        for title in TITLES:
            assert sum(title in t for t in texts) == 1, (title, guild.id)
        for voter in ("anna", "boris", "vera", "gleb"):
            said = f"{voter.capitalize()} голосует:"
            assert sum(t.startswith(said) for t in texts) == 2, voter  # once each day
