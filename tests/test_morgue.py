"""The morgue through Discord (R-SANCT-1a/b): everyone in the game reads it, the living
included; the dead write there freely; a living player's post stays only when it talks with
the dead — a reply to a dead player's post or a mention of one — and any other is removed by
the bot, its author told why by DM, with no sanction. Played with the real bot: the emulator
refuses what Discord's permissions refuse, and the bot sees what Discord sends it without the
Message Content intent (who wrote, whom he mentions, whose post he replies to)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, MessageView, Refused, wait_until
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_auto_sanctions import _anna_voted_out
from tests.test_host_decisions import settings

REMOVED = "Ваш пост в Морге удалён: живые пишут там, только чтобы поговорить с мёртвыми"


async def _removed(guild: GuildHandle, name: str, message: MessageView) -> None:
    """The bot removes ``message`` and tells its author why, privately."""
    await guild.member(name).wait_for_dm(lambda m: m.text.startswith(REMOVED))
    await wait_until(lambda: message.raw.deleted, what="the living post removed")


async def test_the_living_read_the_morgue_and_talk_only_with_the_dead(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, [*SIX, "zoya"])
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        morgue = guild.channel("морг")
        boris, vera = guild.member("boris"), guild.member("vera")
        # R-SANCT-1a: readable by the living; not by a member outside the game.
        assert boris.can(P.VIEW_CHANNEL, morgue) and boris.can(P.READ_MESSAGE_HISTORY, morgue)
        assert not guild.member("zoya").can(P.VIEW_CHANNEL, morgue)
        # A reaction or a thread of the living could not be judged: Discord refuses them.
        assert not boris.can(P.ADD_REACTIONS, morgue)
        assert not boris.can(P.CREATE_PUBLIC_THREADS, morgue)
        before = await boris.post(morgue, "кто тут?")  # nobody is dead yet: talks with nobody
        await _removed(guild, "boris", before)

        anna = await _anna_voted_out(emu, guild)
        said = await anna.post(morgue, "Меня повесили, а я была копом")
        reply = await boris.post(morgue, "Кого проверила?", reply_to=said, ping=False)
        mention = await vera.post(morgue, f"<@{anna.id}>, держись")
        own = await boris.post(morgue, "а мафия — Дина")
        await _removed(guild, "boris", own)
        to_living = await vera.post(morgue, "согласна", reply_to=reply)
        await _removed(guild, "vera", to_living)
        # The dead and the living who talk with them stay; nobody is sanctioned for it.
        assert not said.raw.deleted and not reply.raw.deleted and not mention.raw.deleted
        assert not boris.timed_out and not vera.timed_out
        host_log = [m.text for m in guild.channel("ведущий").messages]
        assert not any("нарушение" in text for text in host_log)
        # Nor was the dead player's free post mistaken for a breach outside the morgue.
        assert not any(REMOVED in m.text for m in anna.dms)


async def test_a_reply_to_a_deleted_post_talks_with_nobody(emu: Any, tmp_path: Path) -> None:
    """A reply must name a post that still exists: Discord refuses a reply to a removed one."""
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        morgue = guild.channel("морг")
        gone = await guild.member("boris").post(morgue, "эй")
        await _removed(guild, "boris", gone)
        with pytest.raises(Refused):
            await guild.member("vera").post(morgue, "ответ", reply_to=gone)
