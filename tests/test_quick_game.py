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


async def test_joins_at_once_each_land_on_the_post_with_their_hello(
    emu: Any, world: tuple[GuildHandle, Any]
) -> None:
    """A signup stores the post's edit and the hello DM with the seat; the edit's list is the
    one at delivery, so joins pressed together all show (in one edit each at most: an edit
    still waiting renders the later joins too)."""
    guild, bot = world
    post = await register(guild, NAMES[:1])
    await delivered(bot)
    game = int(post.custom_ids[0].split(":")[2])
    edits = emu.count("PATCH", "/channels/{channel_id}/messages/{message_id}")
    presses = [await guild.member(name).click(post, f"qk:join:{game}:0") for name in NAMES[1:7]]
    for press in presses:
        await press.reply()
    await delivered(bot)
    for name in NAMES[:7]:
        assert f"<@{guild.member(name).id}>" in post.text
        assert any(f"Вы в быстрой игре №{game}" in m.text for m in guild.member(name).dms)
    assert "Игроки (7):" in post.text
    made = emu.count("PATCH", "/channels/{channel_id}/messages/{message_id}") - edits
    assert 1 <= made <= 6, made


async def test_a_ten_player_game_to_its_end(emu: Any, world: tuple[GuildHandle, Any]) -> None:
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
    emu.clock.advance(timedelta(seconds=46))  # the vote has its length (C-DAY-2)
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
    # C-DAY-7: the hanged commissar's last words by DM, posted escaped and without mentions.
    await guild.member("com").dm_bot("Это Дон! @everyone **правда**")
    words = await channel.wait_for_message(lambda m: "предсмертный крик" in m.text)
    assert "\\*\\*правда\\*\\*" in words.text and "@everyone" not in words.text.replace(
        "@\u200beveryone", ""
    )
    # Night 2: the sergeant is the commissar now (C-LIFE-5) and shoots the werewolf, who turns
    # (C-NIGHT-4a); the mafia kills the kamikaze, who takes the don along (C-NIGHT-4e).
    await delivered(bot)
    n2 = await _cabinet_prompt(emu, mafia, game, minimum=rnd + 1)
    for name in ("don", "maf"):
        await (await guild.member(name).select(n2[0], n2[1], [who["kam"]])).reply()
    await _dm_choice(emu, guild, game, "ser", "shoot", "wolf", rnd + 1)
    await _dm_choice(emu, guild, game, "doc", "heal", "mis", rnd + 1)
    await _dm_choice(emu, guild, game, "mis", "visit", "maf2", rnd + 1)
    blocked = await _cabinet_prompt(emu, mafia, game, minimum=rnd + 1)
    await (await guild.member("maf2").select(blocked[0], blocked[1], [who["doc"]])).reply()
    morning = await channel.wait_for_message(lambda m: "Утро 2" in m.text, within=5)
    assert "Оборотень выбрал сторону." in morning.text
    assert f"<@{who['kam']}>" in morning.text and f"<@{who['don']}>" in morning.text
    assert "Камикадзе забрал с собой" in morning.text and "У мафии новый Дон." in morning.text
    await guild.member("wolf").wait_for_dm(lambda m: "Сержант" in m.text and "Теперь" in m.text)
    # Day 2: the town hangs the blocked mafioso.
    emu.clock.advance(timedelta(seconds=62))
    vote = await channel.wait_for_message(
        lambda m: "Голосование." in m.text and m.id != vote.id, within=5
    )
    for name in ("doc", "mis", "ser", "wolf", "maf"):
        target = "maf2" if name != "maf" else "doc"
        await (
            await guild.member(name).select(
                vote, f"qk:c:{game}:{_round(vote)}:vote:0", [who[target]]
            )
        ).reply()
    emu.clock.advance(timedelta(seconds=46))  # the vote has its length (C-DAY-2)
    confirm = await channel.wait_for_message(
        lambda m: "Вешаем" in m.text and f"<@{who['maf2']}>" in m.text, within=5
    )
    for name in ("doc", "mis", "ser", "wolf"):
        await (await guild.member(name).click(confirm, f"qk:up:{game}:{_round(confirm)}")).reply()
    emu.clock.advance(timedelta(seconds=31))
    await channel.wait_for_message(lambda m: "Ночь 3" in m.text, within=5)
    await delivered(bot)
    # Night 3: the commissar shoots the new don; the town wins.
    rnd = _round(confirm)
    n3 = await _cabinet_prompt(emu, mafia, game, minimum=rnd + 1)
    await (await guild.member("maf").select(n3[0], n3[1], [who["doc"]])).reply()
    await _dm_choice(emu, guild, game, "ser", "shoot", "maf", rnd + 1)
    await _dm_choice(emu, guild, game, "doc", "heal", "mis", rnd + 1)
    await _dm_choice(emu, guild, game, "mis", "visit", "wolf", rnd + 1)
    end = await channel.wait_for_message(lambda m: "Игра №1 окончена" in m.text, within=5)
    changed = {
        "maf": "Мафия → Дон",
        "ser": "Сержант → Комиссар Каттани",
        "wolf": "Оборотень → Сержант",
    }
    for name, role in TEN.items():
        shown = changed.get(name, t("ru", f"quick-role-{role.value}"))
        assert f"<@{who[name]}> — {shown}\n" in end.text + "\n", (name, end.text)
    assert "Победа: город." in channel.messages[-2].text or any(
        "Победа: город." in m.text for m in channel.messages
    )
    await delivered(bot)
    log = guild.channel("Игра 1: ход игры")
    # The registration as it closed: every player, and no countdown of a start long past.
    assert "Игроки (10):" in log.messages[0].text and "Игра началась." in log.messages[0].text
    assert "Старт <t:" not in log.messages[0].text
    assert any("Утро 1" in m.text for m in log.messages)
    assert any("python -m engine.draw verify" in m.text for m in log.messages)
    await guild.member("cit").wait_for_dm(lambda m: "Игра №1 окончена" in m.text)
    await guild.member("guest").post(channel, "можно снова писать")  # the channel reopened
    # The forum's /mafia verify is not confused by a quick game (its checks are in the log).
    verify = await guild.member("guest").run("/mafia verify", in_channel=channel)
    assert (await verify.reply()).text == "Здесь нет игры: используйте команду в канале игры."
    await guild.member("doc").post(channel, "gg")


async def _cabinet_prompt(emu: Any, cabinet: Any, game: int, *, minimum: int) -> tuple[Any, str]:
    def find() -> tuple[Any, str] | None:
        for message in reversed(cabinet.messages):
            for cid in message.custom_ids:
                parts = cid.split(":")
                if parts[:2] == ["qk", "c"] and parts[4] == "kill" and int(parts[3]) >= minimum:
                    return message, cid
        return None

    found: tuple[Any, str] = await emu.wait_until(find)
    return found


async def _dm_choice(emu: Any, guild: GuildHandle, game: int, name: str, verb: str, target: str,
                     minimum: int) -> None:  # fmt: skip
    member = guild.member(name)

    def find() -> tuple[Any, str] | None:
        for message in reversed(member.dms):
            for cid in message.custom_ids:
                parts = cid.split(":")
                if parts[:2] == ["qk", "c"] and parts[4] == verb and int(parts[3]) >= minimum:
                    return message, cid
        return None

    message, cid = await emu.wait_until(find)
    answer = await (await member.select(message, cid, [str(guild.member(target).id)])).reply()
    assert answer.text.startswith(("Записано", "Recorded")), answer.text


def _round(message: Any) -> int:
    return int(message.custom_ids[0].split(":")[3])
