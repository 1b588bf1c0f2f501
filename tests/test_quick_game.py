"""The quick chat game through Discord (the emulator, the real bot; issue 21): the registration
post and its buttons, the start (commitment, cards by DM, the cabinets as private threads), the
night with the channel closed by one permission change, prompts by DM and in the cabinet, the
night ending early, the morning, the day's muted players (refused with 50013), the vote post,
the 👍/👎 confirmation with its live count, and a game played to its end."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from locales import t
from settings import Settings
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused
from tests.quickgame import TEN, dealt_quick, ids, quick_guild, register

NAMES = list(TEN)


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = quick_guild(emu, NAMES)
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'quick.sqlite3'}"))
    async with run_bot(emu, bot):
        yield guild, bot


async def test_registration_lists_players_and_refuses_a_second_game(
    world: tuple[GuildHandle, Any],
) -> None:
    guild, bot = world
    post = await register(guild, NAMES[:3])
    await delivered(bot)
    assert "Быстрая мафия №1: регистрация" in post.text
    assert "<t:" in post.text and ":R>" in post.text  # the countdown Discord shows by itself
    for name in NAMES[:3]:
        assert f"<@{guild.member(name).id}>" in post.text
    assert set(post.custom_ids) == {"qk:join:1:0", "qk:leave:1:0", "qk:start:1:0"}
    # One game at a time: the opener cannot open another one.
    again = await guild.member("don").run("/mafia quick", in_channel=guild.channel("game"))
    assert (await again.reply()).text == "Вы уже участвуете в другой игре."
    # Start now with three: refused (C-LIFE-2: four at least).
    early = await guild.member("maf").click(post, "qk:start:1:0")
    assert "не меньше 4" in (await early.reply()).text
    await (await guild.member("maf2").click(post, "qk:leave:1:0")).reply()
    await delivered(bot)
    assert f"<@{guild.member('maf2').id}>" not in post.text


async def test_a_ten_player_game_night_and_day(emu: Any, world: tuple[GuildHandle, Any]) -> None:
    guild, bot = world
    game, post = await dealt_quick(guild, bot, TEN)
    who = ids(guild, NAMES)
    channel = guild.channel("game")
    started = await channel.wait_for_message(lambda m: "Игра №1 началась" in m.text)
    assert "Обязательство жеребьёвки" in started.text
    assert "Игра началась." in post.text
    for name, role in TEN.items():
        card = await guild.member(name).wait_for_dm(lambda m: "Ваша роль" in m.text)
        assert card.text.startswith(f"Ваша роль: **{t('ru', f'quick-role-{role.value}')}**")
    # Cabinets: private threads of the game channel; only their members see them.
    mafia = guild.channel("Мафия — игра 1")
    assert mafia.raw.is_thread and mafia.raw.parent_id == channel.id
    assert {int(who[n]) for n in ("don", "maf", "maf2")} <= mafia.raw.thread_members
    with pytest.raises(Refused):
        await guild.member("com").post(mafia, "можно к вам?")
    # Night 1: the channel closed to writing, for players and for others.
    await channel.wait_for_message(lambda m: "Ночь 1" in m.text)
    for name in ("cit", "guest"):
        with pytest.raises(Refused) as refused:
            await guild.member(name).post(channel, "привет")
        assert refused.value.code == 50013
    prompt = await mafia.wait_for_message(lambda m: "кого убить" in m.text)
    kill = f"qk:c:{game}:1:kill:0"
    await (await guild.member("don").select(prompt, kill, [who["cit"]])).reply()
    await (await guild.member("maf").select(prompt, kill, [who["cit"]])).reply()
    await (await guild.member("maf2").select(prompt, kill, [who["cit"]])).reply()

    async def dm_choice(name: str, verb: str, target: str) -> None:
        dm = await guild.member(name).wait_for_dm(lambda m: f":{verb}:" in " ".join(m.custom_ids))
        answer = await (
            await guild.member(name).select(dm, f"qk:c:{game}:1:{verb}:0", [who[target]])
        ).reply()
        assert not answer.text.startswith("Ошибка"), answer.text

    await dm_choice("com", "check", "don")
    await dm_choice("doc", "heal", "doc")
    await dm_choice("mis", "visit", "maf")  # the night ends early: every actor chose
    morning = await channel.wait_for_message(lambda m: "Утро 1" in m.text, within=5)
    assert f"<@{who['cit']}>" in morning.text and "Мирный житель" in morning.text
    assert "Среди них:" in morning.text
    told = await guild.member("com").wait_for_dm(
        lambda m: "Дон" in m.text and "Ваша роль" not in m.text
    )
    assert f"<@{who['don']}>" in told.text
    await channel.wait_for_message(lambda m: "День 1" in m.text)
    await delivered(bot)
    # Day 1: the living write; the dead citizen and the mistress's target (maf) cannot.
    await guild.member("doc").post(channel, "Кто это сделал?")
    for name in ("cit", "maf", "guest"):
        with pytest.raises(Refused) as refused:
            await guild.member(name).post(channel, "я тут")
        assert refused.value.code == 50013
    # The vote opens after the discussion.
    emu.clock.advance(timedelta(seconds=62))
    vote = await channel.wait_for_message(lambda m: "Голосование." in m.text, within=5)
    for name in ("don", "maf2", "com", "doc", "mis", "ser", "kam", "wolf"):
        target = "com" if name != "com" else "don"
        await (
            await guild.member(name).select(
                vote, f"qk:c:{game}:{_round(vote)}:vote:0", [who[target]]
            )
        ).reply()
    confirm = await channel.wait_for_message(lambda m: "Вешаем" in m.text, within=5)
    assert f"<@{who['com']}>" in confirm.text
    rnd = _round(confirm)
    own = await guild.member("com").click(confirm, f"qk:up:{game}:{rnd}")
    assert (await own.reply()).text != "Вы за."  # the candidate cannot press
    for name in ("don", "maf2", "doc"):
        await (await guild.member(name).click(confirm, f"qk:up:{game}:{rnd}")).reply()
    await (await guild.member("mis").click(confirm, f"qk:down:{game}:{rnd}")).reply()
    await delivered(bot)
    assert "👍 3 · 👎 1" in confirm.text  # the live count, by edits
    emu.clock.advance(timedelta(seconds=31))
    hanged = await channel.wait_for_message(lambda m: "Приговор города" in m.text, within=5)
    assert "Комиссар Каттани" in hanged.text
    await channel.wait_for_message(lambda m: "Ночь 2" in m.text, within=5)


def _round(message: Any) -> int:
    return int(message.custom_ids[0].split(":")[3])
