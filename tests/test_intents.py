"""The privileged intent the bot asks for (Server Members, for moderation) is asked only when
the Developer Portal allows it: without it the bot still starts, plays and moderates, and says
once what it cannot see; asking anyway would have the gateway close with 4014 (the emulator
does, as Discord)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild


async def test_without_the_members_intent_the_bot_runs_and_says_so(
    emu: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    emu.privileged_intents = set()  # the portal's switch is off
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'intents.sqlite3'}"))
    with caplog.at_level(logging.WARNING, logger="mafiabot"):
        async with run_bot(emu, bot):
            assert not bot.intents.members
            await dealt_game(guild, bot, SIX)  # a game still starts and runs
            status = await (await guild.member("anna").run("/mafia status")).reply()
            assert "**День 1**" in status.text
    warned = [r.getMessage() for r in caplog.records if "Server Members intent" in r.getMessage()]
    assert len(warned) == 1 and "nick_change" in warned[0]


async def test_with_the_members_intent_the_bot_asks_for_it(emu: Any, tmp_path: Path) -> None:
    game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'intents.sqlite3'}"))
    async with run_bot(emu, bot):
        assert bot.intents.members
