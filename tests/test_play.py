"""A whole fast game through Discord (the emulator, the real bot, its scheduler on the emulator's
clock): signup by command, a deal imposed through the start's test-only path, public votes,
night choices, deadlines passed by advancing the clock, the results in public (no role, no
night cause) and the winner."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, vote_said

# name → role@faction, in signup order
DEAL = SIX


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = game_guild(emu, list(DEAL))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'play.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, DEAL)
        yield guild, bot


async def _vote(guild: GuildHandle, voter: str, target: str) -> str:
    handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
    reply = await vote_said(handle)
    assert not reply.ephemeral, "a vote is announced publicly"
    return reply.text


async def _act(guild: GuildHandle, actor: str, verb: str, target: str) -> str:
    handle = await guild.member(actor).run(
        "/mafia act", action=verb, target=str(guild.member(target).id)
    )
    reply = await handle.reply()
    assert reply.ephemeral, "a night choice is private"
    return reply.text


async def test_a_fast_game_to_the_end(emu: Any, game: tuple[GuildHandle, Any]) -> None:
    guild, _ = game
    channel = guild.channel("game")
    # Day 1: votes are public and final; a self-vote and a second vote are refused.
    before = await (await guild.member("anna").run("/mafia status")).reply()
    assert before.ephemeral and "**День 1**" in before.text and "Живы (6)" in before.text
    assert "В этой фазе вы ещё не ходили." in before.text and "<t:" in before.text
    assert await _vote(guild, "anna", "dina") == "Anna голосует: Dina."
    after = await (await guild.member("anna").run("/mafia status")).reply()
    assert "Ваш ход пока: голосование Dina" in after.text
    again = await guild.member("anna").run("/mafia vote", target=str(guild.member("vera").id))
    assert "голос нельзя изменить" in (await again.reply()).text
    self_vote = await guild.member("dina").run("/mafia vote", target=str(guild.member("dina").id))
    assert (await self_vote.reply()).text == "Голосовать за себя нельзя."
    for voter in ("boris", "vera", "gleb", "egor"):
        await _vote(guild, voter, "dina")
    await _vote(guild, "dina", "anna")
    choices = await guild.member("boris").autocomplete("/mafia vote", "target", "")
    assert "Boris" not in [c["name"] for c in choices], "not oneself"

    emu.clock.advance(timedelta(minutes=20, seconds=6))  # the vote closed; the grace passed
    results = await channel.wait_for_message(lambda m: "Итоги дня 1" in m.text)
    assert "Dina покидает город по итогам голосования." in results.text
    assert "Ночь 1." in results.text

    # Night 1: the mafia's last member shoots, the cop shoots him, the doctor heals.
    assert (await _act(guild, "egor", "shoot", "vera")).startswith("Записано: выстрел Vera")
    await _act(guild, "anna", "shoot", "egor")
    await _act(guild, "boris", "heal", "gleb")
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    morning = await channel.wait_for_message(lambda m: "Утро после ночи 1" in m.text)
    assert "Найден мёртвым игрок: Egor." in morning.text
    assert "Найден мёртвым игрок: Vera." in morning.text
    assert "Игра окончена: победа — Мирные" in morning.text
    # A night's deaths name no cause and no role in public; the end reveals every role, below
    # the results in the same post (R-LIFE-6).
    told, reveal = morning.text.split("**Роли**", 1)
    for word in ("Комиссар", "Дон", "Маф", "пуля", "Доктор"):
        assert word not in told and word not in results.text
    assert "Anna: Комиссар (Мирные)" in reveal and "Дон (Мафия)" in reveal
    late = await guild.member("gleb").run("/mafia vote", target=str(guild.member("anna").id))
    assert (await late.reply()).text == "Вы не играете ни в одной идущей игре на этом сервере."


async def test_night_prompts_by_dm_record_the_choice(
    emu: Any, game: tuple[GuildHandle, Any]
) -> None:
    guild, _ = game
    for voter in DEAL:
        await _vote(guild, voter, "anna" if voter == "dina" else "dina")
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    # The doctor and the cop each get a prompt with their choice; citizens get none.
    doctor = await guild.member("boris").wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text)
    await guild.member("anna").wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text)
    assert not any("ваш ход" in m.text for m in guild.member("vera").dms)
    picked = await guild.member("boris").select(
        doctor, "choose:1:night:1:heal", [str(guild.member("gleb").id)]
    )
    assert (await picked.reply()).text.startswith("Записано: лечение Gleb")
    status = await (await guild.member("boris").run("/mafia status")).reply()
    assert "Ваш ход пока: лечение Gleb" in status.text


async def test_a_vote_discord_dropped_is_neither_stored_nor_answered_later(
    emu: Any, game: tuple[GuildHandle, Any]
) -> None:
    """An interaction acknowledged too late (Discord answers 10062: the player saw "This
    interaction failed") stops there: his vote is not stored (he will vote again), and the bot
    tries no answer Discord would refuse anyway."""
    guild, _ = game
    emu.interaction_deadline = 0.0  # every acknowledgement comes too late
    callback = "/interactions/{interaction_id}/{interaction_token}/callback"
    answers = emu.count("POST", callback) + emu.count(
        "POST", "/webhooks/{webhook_id}/{webhook_token}"
    )
    handle = await guild.member("anna").run("/mafia vote", target=str(guild.member("dina").id))
    await emu.wait_until(lambda: handle.record.refused_after is not None, within=5)
    await asyncio.sleep(0.5)  # an answer after the refusal would have come by now
    later = emu.count("POST", callback) + emu.count(
        "POST", "/webhooks/{webhook_id}/{webhook_token}"
    )
    assert later == answers + 1, "the refused acknowledgement, nothing after it"
    assert emu.take_problems("anna: /mafia vote")
    emu.interaction_deadline = 3.0
    again = await guild.member("anna").run("/mafia vote", target=str(guild.member("dina").id))
    assert (await vote_said(again)).text == "Anna голосует: Dina."  # not stored before
