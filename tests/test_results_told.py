"""What a day's results tell (issue 19), through Discord: nobody leaves on a tie and the post says
why (R-VOTE-7/8); an autokill says it was for not voting, publicly and in his DM (R-VOTE-4); a
dead player who votes — by the vote post's select or by ``/mafia vote`` — is told *he* is out
of the game, in his own language."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'told.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)
        yield guild


async def _vote(guild: GuildHandle, voter: str, target: str, **kw: Any) -> Any:
    handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id), **kw)
    return await handle.reply()


async def test_a_tie_an_autokill_and_a_dead_voter(emu: Any, game: GuildHandle) -> None:
    guild = game
    for voter, target in (("anna", "dina"), ("boris", "dina"), ("vera", "gleb")):
        await _vote(guild, voter, target)
    await _vote(guild, "gleb", "vera")
    await _vote(guild, "dina", "anna")
    await _vote(guild, "egor", "gleb")  # Dina 2, Gleb 2, Vera 1, Anna 1: a tie for the lead
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    results = await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    # the leaders in the tally's order, as the line above it counts them
    assert re.search(
        r"• Никто не покидает город: ничья за первое место \((Dina, Gleb|Gleb, Dina)\)\.\n",
        results.text,
    ), results.text
    assert "покидает город по итогам" not in results.text

    # Night 1: the mafia shoots Vera; day 2: Egor gives no vote and is autokilled for it.
    shot = await guild.member("dina").run(
        "/mafia act", action="shoot", target=str(guild.member("vera").id)
    )
    await shot.reply()
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    await guild.channel("game").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
    for voter in ("anna", "boris", "dina"):
        await _vote(guild, voter, "gleb")
    await _vote(guild, "gleb", "anna")  # Gleb leaves; the game goes on
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    day2 = await guild.channel("game").wait_for_message(lambda m: "Итоги дня 2" in m.text)
    assert (
        "• Egor выбывает из игры: автокилл, потому что голоса от этого игрока не было." in day2.text
    )
    told = await guild.member("egor").wait_for_dm(lambda m: "автокилл" in m.text)
    assert "потому что вы не проголосовали" in told.text

    # The dead: Vera (shot) by /mafia vote, in Russian and in English.
    said = await _vote(guild, "vera", "anna")
    assert (
        said.ephemeral and said.text == "Вы выбыли из игры: голосовать и делать ходы больше нельзя."
    )
    said = await _vote(guild, "vera", "anna", locale="en-US")
    assert said.text == "You are out of the game: you can no longer vote or act."


async def test_a_dead_voter_pressing_the_vote_post(emu: Any, game: GuildHandle) -> None:
    guild = game
    removed = await guild.member("host").run("/host sanction autokill", player=guild.member("vera"))
    await removed.reply()
    post = next(m for m in guild.channel("game").messages if "День 1: голосование" in m.text)
    chosen = await guild.member("vera").select(post, "vote:1:1:0", [str(guild.member("anna").id)])
    answer = await chosen.reply()
    assert answer.ephemeral and answer.text.startswith("Вы выбыли из игры"), answer.text
    assert not answer.components, "no confirmation offered to the dead"


async def test_a_night_with_nothing_to_tell_says_so(emu: Any, game: GuildHandle) -> None:
    """A morning after a night whose only shot the doctor stopped: the post says there is
    nothing to tell (not a bare heading over the next day's line), and not why."""
    guild = game
    for voter, target in (("anna", "dina"), ("boris", "dina"), ("vera", "gleb"), ("gleb", "vera"),
                          ("dina", "anna"), ("egor", "gleb")):  # fmt: skip
        await _vote(guild, voter, target)  # a tie: nobody leaves
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    for actor, action, target in (("dina", "shoot", "vera"), ("boris", "heal", "vera")):
        acted = await guild.member(actor).run(
            "/mafia act", action=action, target=str(guild.member(target).id)
        )
        await acted.reply()
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    morning = await guild.channel("game").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
    lines = morning.text.splitlines()
    assert lines[:2] == ["**Утро после ночи 1:**", "• Об этой ночи городу сообщить нечего."]
    assert lines[2].startswith("**День 2.**")
