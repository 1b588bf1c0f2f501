"""The day's vote post (cogs/game/vote_post.py) through Discord: a select of the living, a confirm
step (a vote is final, R-VOTE-2), the public announcement, a tally edited at most every few
seconds, a past day's components refused politely, and a new post for each new day."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import dealt_game, game_guild, vote_said

DEAL = {
    "anna": "citizen@town",
    "boris": "doctor@town",
    "vera": "citizen@town",
    "gleb": "cop@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
}


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = game_guild(emu, list(DEAL))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'vote.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, DEAL)
        yield guild


def _vote_post(guild: GuildHandle, day: int) -> Any:
    posts = [m for m in guild.channel("game").messages if f"День {day}: голосование" in m.text]
    assert len(posts) == 1, "one vote post a day"
    return posts[0]


async def _vote(guild: GuildHandle, voter: str, target: str, day: int = 1) -> Any:
    post = _vote_post(guild, day)
    chosen = await guild.member(voter).select(
        post, f"vote:1:{day}:0", [str(guild.member(target).id)]
    )
    question = await chosen.reply()
    assert question.ephemeral
    assert (
        question.text
        == f"Ваш голос: **{target.capitalize()}**? Голос окончательный: изменить его нельзя."
    )
    confirmed = await guild.member(voter).click(
        question, f"voteok:1:{day}:{guild.member(target).id}"
    )
    return await vote_said(confirmed)


async def test_vote_by_select_with_confirmation_and_a_debounced_tally(
    emu: Any, game: GuildHandle
) -> None:
    guild = game
    post = _vote_post(guild, 1)
    select = post.component("vote:1:1:0")
    assert [o["label"] for o in select["options"]] == [n.capitalize() for n in DEAL]

    announced = await _vote(guild, "boris", "anna")
    assert not announced.ephemeral and announced.text == "Boris голосует: Anna."
    second = await guild.member("boris").select(post, "vote:1:1:0", [str(guild.member("vera").id)])
    question = await second.reply()
    refused = await guild.member("boris").click(question, f"voteok:1:1:{guild.member('vera').id}")
    assert (await refused.reply()).text == "Вы уже проголосовали сегодня: голос нельзя изменить."
    await _vote(guild, "vera", "anna")

    emu.clock.advance(seconds=3)  # the tally waits a few seconds to gather votes
    tally = await guild.channel("game").wait_for_message(lambda m: "Подсчёт, день 1" in m.text)
    assert "Anna — 2 голоса" in tally.text
    assert "Ещё не голосовали: Anna, Gleb, Dina, Egor" in tally.text
    assert guild.channel("game").messages[-1].id == tally.id  # under the votes
    await _vote(guild, "anna", "dina")
    assert guild.channel("game").messages[-1].text == "Anna голосует: Dina."
    emu.clock.advance(seconds=3)
    await guild.channel("game").wait_for_message(lambda m: "Dina — 1 голос" in m.text)

    def tallies() -> list[Any]:
        return [m for m in guild.channel("game").messages if "Подсчёт, день 1" in m.text]

    # The tally is kept at the bottom, where players look (issue 19): one, under the last vote.
    await emu.wait_until(lambda: len(tallies()) == 1)
    [kept] = tallies()
    assert guild.channel("game").messages[-1].id == kept.id and "Dina — 1 голос" in kept.text


async def test_a_past_days_vote_post_is_refused_and_a_new_day_gets_its_own(
    emu: Any, game: GuildHandle
) -> None:
    guild = game
    for voter in DEAL:
        target = "anna" if voter == "dina" else "dina"
        await _vote(guild, voter, target)
    emu.clock.advance(timedelta(minutes=20, seconds=6))  # day 1 closes: Dina leaves
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    old = await guild.member("anna").select(
        _vote_post(guild, 1), "vote:1:1:0", [str(guild.member("vera").id)]
    )
    assert (await old.reply()).text.startswith("Эта фаза уже закончилась")
    shot = await guild.member("egor").run(
        "/mafia act", action="shoot", target=str(guild.member("vera").id)
    )
    await shot.reply()
    emu.clock.advance(timedelta(minutes=10, seconds=6))  # night 1: the mafia shoots Vera
    await guild.channel("game").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
    day_2 = await guild.channel("game").wait_for_message(lambda m: "День 2: голосование" in m.text)
    names = [o["label"] for o in day_2.component("vote:1:2:0")["options"]]
    assert names == ["Anna", "Boris", "Gleb", "Egor"]  # the living only


async def test_a_stop_hands_a_waiting_tally_to_the_outbox(emu: Any, tmp_path: Path) -> None:
    """A graceful stop within the tally's debounce writes the tally (an outbox row) before the
    database closes, rather than cutting it off: the next start posts it."""
    guild = game_guild(emu, list(DEAL))
    url = f"sqlite://{tmp_path / 'vote.sqlite3'}"
    bot = create_bot(Settings(database_url=url))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, DEAL)
        await _vote(guild, "boris", "anna")
    # Stopped before the debounce's 3 s on the clock (which has not moved): the tally waited.
    again = create_bot(Settings(database_url=url))
    async with run_bot(emu, again):
        tally = await guild.channel("game").wait_for_message(
            lambda m: "Подсчёт, день 1" in m.text, within=10
        )
    assert "Anna — 1 голос" in tally.text
