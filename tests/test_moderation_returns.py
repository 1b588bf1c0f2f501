"""A mute for someone who is not on the server waits for his return: the ``leave`` detector's
case (a 1-hour mute) for a player who left a running game says so in the mod-log, and when he
comes back (GUILD_MEMBER_ADD, with the Server Members intent) the timeout is applied and logged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gamesetup import SIX, dealt_game
from tests.moderation_world import run_reply, running, settings_for
from tests.test_moderation_detectors import _guild


async def test_a_player_who_left_is_muted_when_he_comes_back(emu: Any, tmp_path: Path) -> None:
    guild = _guild(emu, list(SIX))
    modlog = guild.channel("modlog")
    async with running(emu, settings_for(tmp_path)) as bot:
        await run_reply(guild.member("host"), "/mod settings log", channel=modlog)
        await dealt_game(guild, bot, SIX)
        gleb = guild.member("gleb")
        await gleb.leave()
        case = await modlog.wait_for_message(lambda m: "Дело №1" in m.text)
        assert "`leave`" in case.text and "мут 1 ч" in case.text
        assert "тайм-аут будет выдан, когда он вернётся" in case.text

        back = guild.join(gleb)
        await modlog.wait_for_message(lambda m: "вернулся на сервер; тайм-аут выдан" in m.text)
        assert back.timed_out
        # Another member's join changes nothing for him and mutes nobody.
        newcomer = guild.add_member("newbie", locale="ru")
        await run_reply(guild.member("host"), "/mod history", member=back)  # a round trip
        assert not newcomer.timed_out
        assert len([m for m in modlog.messages if "вернулся на сервер" in m.text]) == 1
