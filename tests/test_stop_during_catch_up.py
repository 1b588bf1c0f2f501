"""A stop while the start's catch-up is still at work returns (db.cancel_safe): the stop cancels
the catch-up, which may be opening a transaction just then; on SQLite that once left the
connection's lock taken, the delivery under way waited for it for ever, and so did the stop
(a restart test hung until pytest's timeout on a loaded machine). What the stop cut off is
delivered by the next start."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from tortoise.transactions import in_transaction

from bot import create_bot
from cogs.delivery import startup
from cogs.game.host_sanctions import autokill
from db.models import BotMeta
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import settings

DEAD = "Мафия №1: мёртвые"


async def _long_catch_up(client: Any) -> None:
    """The catch-up of a restart with many games: transaction after transaction."""
    while True:
        async with in_transaction() as connection:
            await BotMeta.filter(key="catch-up").using_db(connection).first()


async def test_a_stop_during_the_catch_up_returns(
    emu: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild = game_guild(emu, list(SIX))
    config = settings(tmp_path)
    host, gleb = guild.member("host"), guild.member("gleb")
    runner = run_bot(emu, create_bot(config))
    with monkeypatch.context() as patched:
        patched.setattr(startup, "finish_pending_moves", _long_catch_up)
        started = await runner.__aenter__()
        game_id = await dealt_game(guild, started.bot, SIX, channels=True)
        await delivered(started.bot)
        # Rows to deliver (the tool wakes the outbox): the stop finds a delivery under way.
        await in_bot(started.bot, autokill(game_id, host.id, str(gleb.id), by_is_server_host=True))
        await asyncio.wait_for(runner.__aexit__(None, None, None), 20)
    async with run_bot(emu, create_bot(config)):
        await emu.wait_until(lambda: gleb.has_role(DEAD))
