"""The quick game's DMs in the player's language (issue 19), through Discord: on a Russian server
a player with an English client, who signs up by the registration's button, gets his signup DM,
his role card, his night prompts (their select and button too), the commissar's check and the
end summary with its rating line in English, and his presses are answered in English; the
channel's posts, the cabinet's and the other players' DMs stay Russian. The opener of a
registration (``/mafia quick``) and a player signing up by ``/mafia join`` are heard too."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from engine.chat import ChatRole
from locales import t
from settings import Settings
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, MessageView
from tests.quickgame import dealt_quick, ids, register
from tests.test_quick_game import _cabinet_prompt, _round

#: Signup order: Boris opens the registration, Anna (English client) joins by its button.
DEAL = {"boris": ChatRole.DOCTOR, "anna": ChatRole.COMMISSAR, "vera": ChatRole.CITIZEN,
        "dina": ChatRole.DON}  # fmt: skip


def _guild(emu: Any, english: set[str]) -> GuildHandle:
    members = [{"name": n, "locale": "en-US" if n in english else "ru"} for n in DEAL]
    return emu.make_guild(members=[*members, {"name": "gleb", "locale": "ru"}],
                          channels=["game"])  # fmt: skip


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = _guild(emu, {"anna"})
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'quick-language.sqlite3'}"))
    async with run_bot(emu, bot):
        yield guild, bot


def _prompt(guild: GuildHandle, name: str, game: int, verb: str) -> MessageView:
    [prompt] = [m for m in guild.member(name).dms if f"qk:c:{game}:1:{verb}:0" in m.custom_ids]
    return prompt


async def test_an_english_player_in_a_russian_quick_game(
    emu: Any, world: tuple[GuildHandle, Any]
) -> None:
    guild, bot = world
    anna, boris = guild.member("anna"), guild.member("boris")
    game, post = await dealt_quick(guild, bot, DEAL)
    who = ids(guild, list(DEAL))
    channel = guild.channel("game")
    assert "Быстрая мафия №1: регистрация" in post.text  # public: the server's language
    assert any(m.text == t("en", "quick-dm-test", id=game) for m in anna.dms)
    assert any(m.text == t("ru", "quick-dm-test", id=game) for m in boris.dms)
    card = await anna.wait_for_dm(lambda m: m.text.startswith("Your role"))
    assert card.text == t("en", "quick-card", role="Commissar Cattani",
                          about=t("en", "quick-about-commissar"))  # fmt: skip
    await boris.wait_for_dm(lambda m: m.text.startswith("Ваша роль: **Доктор**"))
    await channel.wait_for_message(lambda m: "Игра №1 началась" in m.text)
    await channel.wait_for_message(lambda m: "**Ночь 1.**" in m.text)

    # Night 1: his prompts and their components in English, the doctor's and the cabinet's in
    # Russian; his choice is answered in the language of his press.
    await delivered(bot)
    check = _prompt(guild, "anna", game, "check")
    assert check.text == "Night 1: whom to check?"
    assert check.component(f"qk:c:{game}:1:check:0")["placeholder"] == "Check"
    assert check.component(f"qk:skip:{game}:1")["label"] == "Skip"
    labels = [o["label"] for o in check.component(f"qk:c:{game}:1:check:0")["options"]]
    assert labels == ["boris", "vera", "dina"]  # the players' names, as they are
    assert _prompt(guild, "anna", game, "shoot").text == "Night 1: or whom to shoot?"
    heal = _prompt(guild, "boris", game, "heal")
    assert heal.text == "Ночь 1: кого лечить?"
    assert heal.component(f"qk:c:{game}:1:heal:0")["placeholder"] == "Лечить"
    assert heal.component(f"qk:skip:{game}:1")["label"] == "Пропустить"
    mafia = guild.channel(f"Мафия — игра {game}")
    kill = await _cabinet_prompt(emu, mafia, game, minimum=1)
    assert kill[0].text.startswith("Ночь 1: кого убить?")  # the cabinet's post: public to it
    await (await guild.member("dina").select(kill[0], kill[1], [who["vera"]])).reply()
    await (await boris.select(heal, f"qk:c:{game}:1:heal:0", [who["vera"]])).reply()
    chose = await anna.select(check, f"qk:c:{game}:1:check:0", [who["dina"]])
    assert (await chose.reply()).text == f"Recorded: Check — <@{who['dina']}>."

    # The morning: public in Russian; the check told to him in English.
    morning = await channel.wait_for_message(lambda m: "Утро 1" in m.text, within=5)
    assert "Night" not in morning.text and "Morning" not in morning.text
    told = await anna.wait_for_dm(lambda m: m.text == f"<@{who['dina']}>: Don.")
    assert told.text == t("en", "quick-learned", about=f"<@{who['dina']}>", role="Don")

    # Day 1: the town hangs the don; the vote's select is public, in Russian.
    emu.clock.advance(timedelta(seconds=62))
    vote = await channel.wait_for_message(lambda m: "Голосование." in m.text, within=5)
    vote_id = f"qk:c:{game}:{_round(vote)}:vote:0"
    assert vote.component(vote_id)["placeholder"] == t("ru", "quick-verb-vote")
    for name in DEAL:
        target = who["anna" if name == "dina" else "dina"]
        await (await guild.member(name).select(vote, vote_id, [target])).reply()
    emu.clock.advance(timedelta(seconds=46))
    confirm = await channel.wait_for_message(lambda m: "Вешаем" in m.text, within=5)
    for name in ("anna", "boris", "vera"):
        await (await guild.member(name).click(confirm, f"qk:up:{game}:{_round(confirm)}")).reply()
    emu.clock.advance(timedelta(seconds=31))
    await channel.wait_for_message(lambda m: f"Игра №{game} окончена" in m.text, within=5)
    await delivered(bot)

    # The end: his summary and its rating line in English, the others' in Russian.
    end = await anna.wait_for_dm(lambda m: f"Game #{game} is over" in m.text)
    assert "You won!" in end.text and "Your role: Commissar Cattani." in end.text
    assert " Rating: " in end.text and "Рейтинг" not in end.text
    for name in ("boris", "dina"):
        summary = await guild.member(name).wait_for_dm(lambda m: f"Игра №{game} окончена" in m.text)
        assert " Рейтинг: " in summary.text and "Rating" not in summary.text
    assert not any("Game #" in m.text or "Night " in m.text for m in channel.messages)


async def test_the_opener_and_a_command_signup_speak_their_language(
    emu: Any, tmp_path: Path
) -> None:
    """``/mafia quick`` from an English client and ``/mafia join`` from another: their signup
    DMs in English; a Russian player's by the button, and the post, in Russian."""
    guild = _guild(emu, {"boris", "vera"})
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'quick-opener.sqlite3'}"))
    async with run_bot(emu, bot):
        post = await register(guild, ["boris", "anna"])
        game = int(post.custom_ids[0].split(":")[2])
        joined = guild.member("vera").run("/mafia join", in_channel=guild.channel("game"),
                                          name="Vera")  # fmt: skip
        assert (await (await joined).reply()).text == t("en", "quick-joined")
        await delivered(bot)
        assert "Быстрая мафия №1: регистрация" in post.text
        for name, language in (("boris", "en"), ("vera", "en"), ("anna", "ru")):
            hello = t(language, "quick-dm-test", id=game)
            assert any(m.text == hello for m in guild.member(name).dms), name
