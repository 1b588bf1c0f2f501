"""``afk`` across a restart: the nights a role slept are read from what is stored (the night's
prompts and choices), so a bot started again between the first night and the second still
reports the doctor who slept through both, once, and not the cop who acted."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from tests.gamesetup import dealt_game, vote_said
from tests.moderation_world import run_reply, running, settings_for
from tests.test_moderation_detectors import EIGHT, _guild


async def test_a_role_asleep_two_nights_across_a_restart(emu: Any, tmp_path: Path) -> None:
    guild = _guild(emu, list(EIGHT))
    config = settings_for(tmp_path)
    alive = list(EIGHT)
    game = guild.channel("game")

    async def day(out: str, number: int) -> None:
        for voter in alive:
            target = next(n for n in alive if n != voter) if voter == out else out
            voted = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
            await vote_said(voted)  # stored and announced (acknowledged first, issue 20)
        alive.remove(out)
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await game.wait_for_message(lambda m: f"Итоги дня {number}" in m.text)

    async def night(number: int, shot: str) -> None:  # the cop acts, the doctor sleeps
        target = str(guild.member(shot).id)
        await run_reply(guild.member("anna"), "/mafia act", action="shoot", target=target)
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        await game.wait_for_message(lambda m: f"после ночи {number}" in m.text)

    async with running(emu, config) as bot:
        await run_reply(guild.member("host"), "/mod settings log", channel=guild.channel("modlog"))
        await dealt_game(guild, bot, EIGHT)
        await day("gleb", 1)
        await night(1, "egor")
    alive.remove("egor")
    assert not [m for m in guild.channel("modlog").messages if "`afk`" in m.text]

    async with running(emu, config):  # the first night's sleep is not forgotten
        await day("ira", 2)
        await night(2, "vera")
        post = await guild.channel("modlog").wait_for_message(lambda m: "`afk`" in m.text)
        assert str(guild.member("boris").id) in post.text and "Жалоба" in post.text
        assert str(guild.member("anna").id) not in post.text.split("Пожаловался")[0]
        await run_reply(guild.member("host"), "/mod history", member=guild.member("anna"))
    assert len([m for m in guild.channel("modlog").messages if "`afk`" in m.text]) == 1
