"""kill -9 of the bot process mid-game, and a restart (DESIGN: "a crash anywhere replays only
undelivered rows"): every vote and choice answered before the crash counts, each phase is
resolved exactly once, and each result is posted exactly once — the phase that closed while the
bot was down is resolved as soon as it is back."""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from cogs.game import lobby as lobby_service
from cogs.game import start as start_service
from db import close_db, init_db
from tests.emulator.botprocess import BotProcess
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, game_guild, vote_said

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

DEAL = SIX


async def _prepare(emu: Any, guild: GuildHandle, url: str) -> None:
    """The lobby and the start, written straight to the database before any bot runs (the deal
    is imposed: the start's test-only path)."""
    await init_db(url)
    try:
        game = await lobby_service.create_lobby(
            guild_id=guild.id,
            channel_id=guild.channel("game").id,
            host_id=guild.member("host").id,
            mode="two-sided",
            timing="fast",
        )
        for name in DEAL:
            await lobby_service.join(game.id, guild.member(name).id, name.capitalize())
        await start_service.start(
            game.id,
            guild.member("host").id,
            by_is_server_host=True,
            deal=[(str(guild.member(n).id), role) for n, role in DEAL.items()],
            now=emu.clock.now(),
        )
    finally:
        await close_db()


async def _bot(emu: Any, url: str) -> BotProcess:
    return await BotProcess.start(
        emu,
        "tests.realbot:make_bot",
        env={"DATABASE_URL": url, "LOG_FILE": "-", "LOG_LEVEL": "WARNING"},
    )


async def test_kill_9_mid_game_loses_nothing_and_duplicates_nothing(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(DEAL))
    url = f"sqlite://{tmp_path / 'crash.sqlite3'}"
    await _prepare(emu, guild, url)
    channel = guild.channel("game")

    bot = await _bot(emu, url)
    # The start was written while no bot ran: the day's vote post is made when one starts.
    await channel.wait_for_message(lambda m: "День 1: голосование" in m.text, within=15)
    for voter in DEAL:
        target = "anna" if voter == "dina" else "dina"
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        assert "голосует:" in (await vote_said(handle, within=10)).text
    await bot.kill()  # every vote was answered, so every vote was committed

    emu.clock.advance(timedelta(minutes=20, seconds=6))  # the vote closes while the bot is down
    bot = await _bot(emu, url)
    day = await channel.wait_for_message(lambda m: "Итоги дня 1" in m.text, within=15)
    assert "Dina покидает город по итогам голосования." in day.text  # all six votes counted

    for actor, target in (("egor", "vera"), ("anna", "egor"), ("boris", "gleb")):
        handle = await guild.member(actor).run(
            "/mafia act",
            action="heal" if actor == "boris" else "shoot",
            target=str(guild.member(target).id),
        )
        assert (await handle.reply(within=10)).text.startswith("Записано:")
    await bot.kill()  # mid-night, with the choices recorded

    bot = await _bot(emu, url)
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    morning = await channel.wait_for_message(lambda m: "Утро после ночи 1" in m.text, within=15)
    assert "Найден мёртвым игрок: Egor." in morning.text
    assert "Игра окончена: победа — Мирные" in morning.text
    await bot.stop()

    texts = [m.text for m in channel.messages]
    assert sum("День 1: голосование" in t for t in texts) == 1, "one vote post, restarts or not"
    assert sum("Итоги дня 1" in t for t in texts) == 1, "resolved and posted once"
    assert sum("Утро после ночи 1" in t for t in texts) == 1
