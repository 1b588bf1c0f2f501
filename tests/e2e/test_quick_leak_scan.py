"""The leak scan for the quick game (issue 21): random legal quick games played through Discord
(tests.e2e.quick_random), then every message of the game channel read as a player reads it.
Before the end, a line that names a player names a role only if it is his death's line (roles
are public on death, C-LIFE-6); the count of the living by role names nobody (C-NIGHT-9); no
component label names a role. A role card, a cabinet's line or a check's result in the channel
would fail it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from engine.chat import ChatRole
from locales import t
from settings import Settings
from tests.e2e.quick_random import play_random
from tests.emulator.botrunner import run_bot
from tests.quickgame import quick_guild

GAMES = 4
ROLE_WORDS = sorted({t("ru", f"quick-role-{r.value}") for r in ChatRole}, key=len, reverse=True)
HIDDEN = [re.compile(rf"(?<!\w){re.escape(w)}(?!\w)", re.IGNORECASE) for w in ROLE_WORDS]
MENTION = re.compile(r"<@(\d+)>")
DEATH = t("ru", "quick-died-role", role="\x00").split("\x00")[0].strip()


@pytest.mark.parametrize("seed", range(GAMES))
async def test_no_public_line_names_a_living_role(emu: Any, tmp_path: Path, seed: int) -> None:
    names = [f"p{i:02}" for i in range(4 + seed * 3 % 11)]
    guild = quick_guild(emu, names)
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'leak.sqlite3'}"))
    async with run_bot(emu, bot):
        game = await play_random(emu, guild, bot, names, seed)
    end = t("ru", "quick-end", id=game)
    channel = guild.channel("game")
    scanned = 0
    for message in channel.messages:
        if message.content.startswith(end):
            break  # the end: every role, by rule (C-LIFE-8)
        for line in message.content.splitlines():
            named = MENTION.findall(line)
            leaked = [p.pattern for p in HIDDEN if p.search(line)]
            if named and leaked:
                assert DEATH in line and len(named) == 1, line  # his own death, with his role
            scanned += 1
        for row in message.components:
            for component in row.get("components", []):
                labels = [component.get("label", ""), component.get("placeholder", "")]
                labels += [o.get("label", "") for o in component.get("options", [])]
                assert not any(p.search(label or "") for label in labels for p in HIDDEN)
    assert scanned > 5
