"""A host tool's server effects are stored in the tool's own transaction (issue 17): a crash
right after the tool's commit — before anything the command does next — leaves the dead role,
the morgue's mute (R-VOTE-4) and, for ``/host end``, the reveal and the end on the server
(R-LIFE-6) stored, and the next start delivers them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.game.host_delivery import end_by_host
from cogs.game.host_sanctions import autokill
from db.models import OutboxRow
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import Refused
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import settings

DEAD = "Мафия №1: мёртвые"


async def _kinds(game_id: int) -> dict[str, str]:
    rows = await OutboxRow.filter(game_id=game_id).values_list("key", "kind")
    return {str(key): str(kind) for key, kind in rows if key is not None}


async def test_a_crash_after_the_tools_commit_keeps_its_server_effects(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(SIX))
    config = settings(tmp_path)
    host, gleb = guild.member("host"), guild.member("gleb")
    async with run_bot(emu, create_bot(config)) as runner:
        game_id = await dealt_game(guild, runner.bot, SIX, channels=True)
        await delivered(runner.bot)
        # Only the services' calls (what each command does first); then the bot dies.
        await in_bot(runner.bot, autokill(game_id, host.id, str(gleb.id), by_is_server_host=True))
        stored = await in_bot(runner.bot, _kinds(game_id))
        assert stored[f"dead:{game_id}:{gleb.id}"] == "roles"
        assert stored[f"morgue-mute:{game_id}:{gleb.id}"] == "overwrite"  # R-VOTE-4

    restarted = create_bot(config)
    async with run_bot(emu, restarted):
        await emu.wait_until(lambda: gleb.has_role(DEAD))
        # The mute is a row of its own lane, delivered beside the role (either may land first).
        morgue = guild.channel("морг")
        await emu.wait_until(lambda: not gleb.can(P.SEND_MESSAGES, morgue))
        with pytest.raises(Refused):  # the morgue is closed to him (R-VOTE-4)
            await gleb.post(morgue, "я тут")
        ended, state = await in_bot(
            restarted, end_by_host(restarted, game_id, host.id, by_is_server_host=True)
        )
        assert state is not None and ended.id == game_id
        stored = await in_bot(restarted, _kinds(game_id))
        assert stored[f"end-by-host:{game_id}"] == "post"
        assert "finish" in stored.values()
        news = guild.channel("объявления")
        await news.wait_for_message(lambda m: "**Роли**" in m.text)
