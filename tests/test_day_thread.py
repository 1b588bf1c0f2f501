"""The day's discussion thread (R-LIFE-5) is an outbox row made once, even when a crash came
between Discord making the thread and the row's mark (the delivery finds the thread by its name
instead of making another), and even when the discussion channel is not in the bot's cache (it
is fetched: issue 17 found a start-up catch-up that silently skipped it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.game.catch_up import catch_up
from db.models import BotMeta, OutboxRow
from db.outbox import pending
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild


async def _lose_the_mark(key: str) -> None:
    """What a crash after the thread's creation and before the row's mark leaves."""
    await OutboxRow.filter(key=key).update(delivered_at=None, result=None)
    await BotMeta.filter(key=key).delete()


async def _row(key: str) -> OutboxRow:
    return await OutboxRow.get(key=key)


async def _meta(key: str) -> str:
    return (await BotMeta.get(key=key)).value


async def _rows() -> int:
    return await OutboxRow.all().count()


async def test_the_days_thread_is_made_once(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'thread.sqlite3'}"))
    async with run_bot(emu, bot):
        game_id = await dealt_game(guild, bot, SIX, channels=True)
        first = next(c for c in guild.channels if c.name == "День 1")
        key = f"daythread:{game_id}:1"
        await in_bot(bot, _lose_the_mark(key))
        # Not cached either: the delivery fetches the channel rather than skipping the thread.
        server = bot.get_guild(guild.id)
        discussion = next(c for c in server.text_channels if c.name == "обсуждение")
        server._remove_channel(discussion)
        await delivered(bot)
        assert [c.name for c in guild.channels].count("День 1") == 1
        row = await in_bot(bot, _row(key))
        assert row.delivered_at is not None and row.result == str(first.id)
        assert await in_bot(bot, _meta(key)) == str(first.id)
        # The start's catch-up enqueues the day's effects again: stored already, nothing is added.
        rows = await in_bot(bot, _rows())
        await in_bot(bot, catch_up())
        assert await in_bot(bot, _rows()) == rows
        assert await in_bot(bot, pending()) == []
