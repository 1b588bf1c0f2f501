"""Two games running on one server at once (issue 10): each on its own channels; a command is
about the game whose channel it is used in, and where that cannot tell (several games, no
game's channel) the bot asks instead of guessing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import create_bot
from settings import Settings
from tests.botdb import delivered
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game

OTHERS = {f"{name}2": role for name, role in SIX.items()}


async def test_spectating_one_of_two_running_games(emu: Any, tmp_path: Path) -> None:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": name, "locale": "ru"} for name in [*SIX, *OTHERS, "zoya"]),
        ],
        channels=["game", "general"],
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'two.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        await dealt_game(guild, bot, OTHERS, channels=True)
        zoya = guild.member("zoya")
        asked = await (
            await zoya.run("/mafia spectate", in_channel=guild.channel("general"))
        ).reply()
        assert asked.ephemeral and asked.text == (
            "Здесь идёт несколько игр: используйте команду в одном из каналов нужной игры."
        )
        first = next(c for c in guild.channels if c.name == "объявления")  # game 1's
        watching = await (await zoya.run("/mafia spectate", in_channel=first)).reply()
        assert watching.ephemeral and "#1" in watching.text, watching.text
        await delivered(bot)  # his role: an outbox row, delivered just after the answer
        assert zoya.has_role("Мафия №1: зрители") and not zoya.has_role("Мафия №2: зрители")
