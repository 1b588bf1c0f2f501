"""A game's end on the server is done once, and done again after a crash cut it off
(cogs.game.finish): the post-game thread found again (no second thread, no post twice: each
carries a nonce), the channels read-only, the roles back in the pool."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from db import close_db, init_db
from db.models import BotMeta, OutboxRow
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused
from tests.gamesetup import SIX, dealt_game, game_guild

AFTER = "После игры"


def _threads(guild: GuildHandle) -> list[Any]:
    return [c for c in guild.channels if c.name.startswith(AFTER)]


async def _forget(game_id: int) -> None:
    """As if the bot had died before marking the end done (and the thread done): its outbox
    row (the end's clean-up, cogs.delivery) undelivered too."""
    await BotMeta.filter(key__in=[f"finished:{game_id}", f"postgame:{game_id}"]).delete()
    end = ["finish", "close", "postgame", "summary"]  # the end's rows, as a crash leaves them
    for prefix in end:
        await OutboxRow.filter(key__startswith=f"{prefix}:{game_id}").update(delivered_at=None)


async def test_an_end_cut_off_by_a_crash_is_finished_at_the_start(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    url = f"sqlite://{tmp_path / 'finish.sqlite3'}"
    bot = create_bot(Settings(database_url=url))
    async with run_bot(emu, bot):
        game_id = await dealt_game(guild, bot, SIX, channels=True)
        await (await guild.member("host").run("/host end")).reply()
        await emu.wait_until(lambda: len(_threads(guild)) == 1)
        thread = _threads(guild)[0]
        await thread.wait_for_message(lambda m: "**Вся игра" in m.text)
        await thread.wait_for_message(lambda m: f"mafia-game-{game_id}.html" in m.files)  # the last
        posts = [m.text for m in thread.messages]
        discussion, anna = guild.channel("обсуждение"), guild.member("anna")
        await emu.wait_until(lambda: not anna.can(P.SEND_MESSAGES, discussion))
        closed = dict(discussion.raw.overwrites)
    # The bot is stopped (what it was doing, done). Now undo the end's last steps, as a crash
    # before them would have left things: no marks, the channels as they were made.
    await init_db(url)
    try:
        await _forget(game_id)
    finally:
        await close_db()
    discussion.raw.overwrites.clear()
    again = create_bot(Settings(database_url=url))
    async with run_bot(emu, again):
        await emu.wait_until(lambda: discussion.raw.overwrites == closed)
        assert len(_threads(guild)) == 1 and [m.text for m in thread.messages] == posts
        # The players' summaries were sent again, with their nonces: still one each.
        summaries = [m for m in anna.dms if "Игра окончена" in m.text]
        assert len(summaries) == 1 and "Ведущий завершил игру досрочно." in summaries[0].text
        with pytest.raises(Refused):
            await anna.post(discussion, "ещё слово")
