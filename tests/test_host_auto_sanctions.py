"""Sanctions that happen by themselves, through Discord (issue 12): a dead player's post outside
the morgue is removed and counted, the second breach makes him read-only for 30 minutes and
each further one 30 more, across a restart (R-SANCT-1); the host closes the morgue to a dead
player with one command (R-SANCT-2)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.game.auto_sanctions import breach_timeout
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, MemberHandle, Refused, wait_until
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import host_says, settings, vote


def test_the_ladder() -> None:
    assert breach_timeout(1) is None
    assert breach_timeout(2) == timedelta(minutes=30)
    assert breach_timeout(4) == timedelta(minutes=90)
    assert breach_timeout(10_000) == timedelta(days=28)  # Discord's longest: the whole game


async def _anna_voted_out(emu: Any, guild: GuildHandle) -> MemberHandle:
    for voter in SIX:
        await vote(guild, voter, "boris" if voter == "anna" else "anna")
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    anna = guild.member("anna")
    await wait_until(lambda: not anna.can(P.SEND_MESSAGES, guild.channel("обсуждение")))
    return anna


async def _breach(emu: Any, guild: GuildHandle, anna: MemberHandle, text: str) -> None:
    """Anna, dead, writes in the discussion through an admin's overwrite; the bot removes it."""
    discussion = guild.channel("обсуждение")
    allow = P.VIEW_CHANNEL | P.SEND_MESSAGES
    discussion.raw.overwrites[anna.id] = P.Overwrite(anna.id, 1, allow, 0)
    posted = await anna.post(discussion, text)
    await wait_until(lambda: posted.raw.deleted, what="the breach removed")


def _left(emu: Any, member: MemberHandle) -> int:
    """Whole minutes of read-only left (the emulator's clock flows between two reads)."""
    return round((member.timeout_until - emu.clock.now()).total_seconds() / 60)


async def test_breaches_outside_the_morgue_across_a_restart(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    config = settings(tmp_path)
    async with run_bot(emu, create_bot(config)) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        anna = await _anna_voted_out(emu, guild)
        await _breach(emu, guild, anna, "я знаю, кто мафия")
        await anna.wait_for_dm(lambda m: "В следующий раз" in m.text)
        assert not anna.timed_out
        await _breach(emu, guild, anna, "и ещё")
        await wait_until(lambda: anna.timed_out, what="anna read-only")
        assert _left(emu, anna) == 30
        await guild.channel("ведущий").wait_for_message(lambda m: "нарушение 2" in m.text)
        # The living are not touched; the dead write in the morgue freely.
        fine = await guild.member("boris").post(guild.channel("обсуждение"), "ночь близко")
        emu.clock.advance(minutes=31)
        morgue = await anna.post(guild.channel("морг"), "в морге можно")
        assert not fine.raw.deleted and not morgue.raw.deleted
    async with run_bot(emu, create_bot(config)):  # the count survives a restart
        await _breach(emu, guild, anna, "третий раз")
        await wait_until(lambda: anna.timed_out, what="anna read-only again")
        assert _left(emu, anna) == 60
        await anna.wait_for_dm(lambda m: "Нарушение 3" in m.text)


async def test_the_host_closes_the_morgue_to_a_dead_player(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        alive = await host_says(guild, "/host sanction morgue", player=guild.member("boris"))
        assert alive == "Этот игрок жив, а морг — для мёртвых."
        anna = await _anna_voted_out(emu, guild)
        done = await host_says(guild, "/host sanction morgue", player=anna)
        assert done == "Готово: anna читает морг, но писать в нём не может."
        # The overwrite is an outbox row, delivered right after the answer.
        await emu.wait_until(lambda: not anna.can(P.SEND_MESSAGES, guild.channel("морг")))
        assert anna.can(P.VIEW_CHANNEL, guild.channel("морг"))
        with pytest.raises(Refused):
            await anna.post(guild.channel("морг"), "я знаю роли")
        logged = await guild.channel("ведущий").wait_for_message(
            lambda m: f"«только чтение» в морге: <@{anna.id}>" in m.text
        )
        assert "R-SANCT" not in logged.text, "the host reads words, not rule ids"
