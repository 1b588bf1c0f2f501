"""A forged or stale component is answered with a sentence, never "interaction failed" (issue 19).

Players press, through the emulator, components with a custom_id of their choosing on the bot's
real posts (a modified client, or a post of an older version): ids nothing answers to, another
game's, a past phase's, another player's, a gun that does not exist. Each gets an ephemeral
answer in his language saying why — and nothing is recorded."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, MessageView
from tests.gamesetup import SIX, dealt_game, game_guild, vote_by_post

STALE = "Эта кнопка или меню больше ни к чему не относится"
NOT_HIS = "Это от игры, в которой вы не играете"
PAST = "Эта фаза уже закончилась"


@pytest.fixture
async def day_one(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, MessageView]]:
    """Day 1 of the six on the game's channels, and a stranger (Zoya) on the server."""
    guild = game_guild(emu, [*SIX, "zoya"])
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'forged.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        post = await guild.channel("голосование").wait_for_message(
            lambda m: "голосование" in m.text
        )
        yield guild, post


async def _answer(
    guild: GuildHandle, who: str, post: MessageView, custom_id: str, **kw: Any
) -> str:
    handle = await guild.member(who).forge(post, custom_id, **kw)
    reply = await handle.reply()
    assert reply.ephemeral, f"{custom_id}: the answer is private"
    assert "Что-то пошло не так" not in reply.text and "went wrong" not in reply.text, reply.text
    return reply.text


async def test_forged_and_stale_components_are_answered(
    emu: Any, day_one: tuple[GuildHandle, MessageView]
) -> None:
    guild, post = day_one
    anna = str(guild.member("anna").id)
    # ids nothing of the bot answers to, or that this post does not have (discord.py drops
    # those silently: the bot answers them itself)
    for forged, values in [
        ("nonsense:42", None),
        ("choose:1:day:1", [anna]),
        ("choose:1:night:1:fire:bazooka", [anna]),
        ("choose:1:night:1:heal", [anna]),
        ("choose:999:day:1:protect", [anna]),
        ("vote:1:3:0", [anna]),
        (f"voteok:1:7:{anna}", None),
        ("modrep:uphold:999", None),
        ("lobby:join:1", None),
    ]:
        answer = await _answer(guild, "boris", post, forged, values=values)
        assert answer.startswith(STALE), (forged, answer)
    english = await guild.member("boris").forge(post, "nonsense:42", locale="en-US")
    assert (await english.reply()).text.startswith("This button or menu belongs to nothing")
    # another game's: the post of a game he does not play in
    stranger = await _answer(guild, "zoya", post, "vote:1:1:0", values=[anna])
    assert stranger.startswith(NOT_HIS), stranger
    # a value that is no player
    bogus = await _answer(guild, "vera", post, "vote:1:1:0", values=["-"])
    assert bogus == "В этой игре нет игрока с таким именем.", bogus
    # nothing was recorded: nobody has voted yet
    status = await (await guild.member("boris").run("/mafia status")).reply()
    assert "В этой фазе вы ещё не ходили." in status.text

    # a past phase's: day 1's vote post pressed at night
    for voter in SIX:
        await vote_by_post(guild, post, voter, "gleb" if voter == "vera" else "vera")
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    late = await _answer(guild, "boris", post, "vote:1:1:0", values=[anna])
    assert late.startswith(PAST), late
    prompt = await guild.member("boris").wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text)
    assert (
        await _answer(guild, "boris", prompt, "choose:1:night:1:heal", values=["-"])
    ).startswith("В этой игре нет игрока")
