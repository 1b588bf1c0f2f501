"""The day's discussion thread (R-LIFE-5) is made once, even when a crash came between the
thread and its mark in the database: the catch-up finds the thread instead of making another."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.game.day_thread import ensure_day_thread
from db.models import BotMeta
from settings import Settings
from tests.botdb import in_bot
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild


async def test_the_days_thread_is_made_once(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'thread.sqlite3'}"))
    async with run_bot(emu, bot):
        game_id = await dealt_game(guild, bot, SIX, channels=True)
        await emu.wait_until(lambda: any(c.name == "День 1" for c in guild.channels))
        first = next(c for c in guild.channels if c.name == "День 1")

        async def forget_and_catch_up() -> int | None:
            await BotMeta.filter(key=f"daythread:{game_id}:1").delete()  # the lost mark
            return await ensure_day_thread(bot, game_id)

        assert await in_bot(bot, forget_and_catch_up()) == first.id
        assert [c.name for c in guild.channels].count("День 1") == 1
        # With its mark, the day's thread is known without asking Discord.
        reads = emu.count("GET", "/guilds/{guild_id}/threads/active")
        assert await in_bot(bot, ensure_day_thread(bot, game_id)) == first.id
        assert emu.count("GET", "/guilds/{guild_id}/threads/active") == reads
