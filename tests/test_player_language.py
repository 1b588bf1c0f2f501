"""DMs in the player's language (issue 19), through Discord: an en-US player on a Russian server
gets his signup DM, his role card, his reminder and his prompt in English — the language of his
latest interaction, stored on his seat — while the public posts stay Russian; when he next acts
from a Russian client, his DMs follow."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": n, "locale": "en-US" if n == "anna" else "ru"} for n in SIX),
        ],
        channels=["game"],
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'language.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)  # Anna is the cop
        yield guild


async def test_an_en_us_player_on_a_russian_server(emu: Any, game: GuildHandle) -> None:
    guild = game
    anna, boris = guild.member("anna"), guild.member("boris")
    assert any("You are signed up as Anna." in m.text for m in anna.dms)
    [card] = [m for m in anna.dms if m.embeds]
    assert "Your role: Cop" in card.text and "Ваша роль" not in card.text
    [russian] = [m for m in boris.dms if m.embeds]
    assert "Ваша роль: Доктор" in russian.text  # his own language: the server's
    post = next(m for m in guild.channel("game").messages if "голосование.**" in m.text)
    assert "День 1: голосование." in post.text  # public: the server's language

    for voter in ("boris", "vera", "gleb", "dina", "egor"):
        target = "dina" if voter != "dina" else "vera"
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply()
    emu.clock.advance(timedelta(minutes=16, seconds=10))
    reminder = await anna.wait_for_dm(lambda m: "reminder" in m.text.lower())
    assert reminder.text.startswith("A reminder: you have not voted yet.")

    # Anna votes from a Russian client now: what she is told next is Russian.
    handle = await anna.run("/mafia vote", target=str(guild.member("dina").id), locale="ru")
    await handle.reply()
    emu.clock.advance(timedelta(minutes=4))
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    prompt = await anna.wait_for_dm(lambda m: "Ночь 1" in m.text or "Night 1" in m.text)
    assert prompt.text.startswith("**Ночь 1: ваш ход.**"), prompt.text


async def test_a_player_without_a_language_the_bot_speaks_gets_the_servers(
    emu: Any, tmp_path: Path
) -> None:
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": P.MANAGE_GUILD}],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "ru"},
            *({"name": n, "locale": "pt-BR" if n == "anna" else "ru"} for n in SIX),
        ],
        channels=["game"],
    )
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'fallback.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)
        [card] = [m for m in guild.member("anna").dms if m.embeds]
        assert "Ваша роль: Комиссар" in card.text


async def test_the_results_he_is_told_follow_his_language(emu: Any, game: GuildHandle) -> None:
    """The cop's night result by DM in the language of his latest interaction (his shot, from
    an English client), the public morning in the server's."""
    guild = game
    for voter in SIX:
        target = "gleb" if voter != "gleb" else "anna"
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    shot = await guild.member("anna").run(
        "/mafia act", action="shoot", target=str(guild.member("vera").id), locale="en-US"
    )
    await shot.reply()
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    morning = await guild.channel("game").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
    assert "Коп промахнулся." in morning.text
    told = await guild.member("anna").wait_for_dm(lambda m: "Vera" in m.text)
    assert told.text == "You learned: Vera is Town."
