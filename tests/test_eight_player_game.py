"""An 8-player two-sided fast game to its end on its own channels (issue 10's first full game):
the R-BAL proposal for eight (cop, doctor, assistant, citizen, child; don and two mafiosi),
every role that has a move making it, by the vote post, the prompts' selects in DMs and in the
cabinet, and the slash commands; deadlines passed by the emulator's clock. Every public post of
the announcements and the voting channel is checked, whole (Discord timestamps aside)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from locales import t
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import dealt_game, game_guild, vote_by_post

EIGHT = {
    "anna": "cop@town",
    "boris": "doctor@town",
    "vera": "assistant@town",
    "gleb": "citizen@town",
    "zhenya": "child@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
    "fedor": "mafioso@mafia",
}


def _public(guild: GuildHandle, channel: str) -> list[str]:
    return [re.sub(r"<t:\d+:[a-zA-Z]>", "<t:…>", m.text) for m in guild.channel(channel).messages]


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = game_guild(emu, list(EIGHT))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'eight.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, EIGHT, channels=True)
        yield guild


async def _pick(guild: GuildHandle, who: str, message: Any, custom_id: str, target: str) -> None:
    picked = await guild.member(who).select(message, custom_id, [str(guild.member(target).id)])
    assert (await picked.reply()).text.startswith("Записано:")


async def test_an_eight_player_game_to_the_end(emu: Any, game: GuildHandle) -> None:
    guild = game
    ids = {name: str(guild.member(name).id) for name in EIGHT}
    # Day 1: Egor is voted out; most by the vote post, three by the command (one from DMs).
    post = await guild.channel("голосование").wait_for_message(lambda m: "День 1" in m.text)
    for voter in ("anna", "boris", "vera", "gleb", "zhenya"):
        await vote_by_post(guild, post, voter, "egor")
    await (await guild.member("dina").run("/mafia vote", target=ids["egor"])).reply()
    await (await guild.member("egor").run("/mafia vote", target=ids["anna"])).reply()
    await (await guild.member("fedor").run("/mafia vote", target=ids["anna"], in_dm=True)).reply()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)

    # Night 1: the don's shot stands over a mafioso's (R-NIGHT-1); the doctor saves Gleb; the
    # cop kills the don, and Fedor, the first living member, becomes the don.
    cabinet = await guild.channel("кабинет-мафии").wait_for_message(lambda m: "Ночь 1" in m.text)
    await _pick(guild, "fedor", cabinet, "choose:1:night:1:shoot", "anna")
    await _pick(guild, "dina", cabinet, "choose:1:night:1:shoot", "gleb")
    doctor = await guild.member("boris").wait_for_dm(lambda m: "Ночь 1" in m.text)
    await _pick(guild, "boris", doctor, "choose:1:night:1:heal", "gleb")
    cop = await guild.member("anna").wait_for_dm(lambda m: "Ночь 1" in m.text)
    await _pick(guild, "anna", cop, "choose:1:night:1:shoot", "dina")
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    await guild.channel("объявления").wait_for_message(lambda m: "Утро после ночи 1" in m.text)

    # Day 2: the town votes Fedor out, and wins (R-WIN-1).
    post = await guild.channel("голосование").wait_for_message(lambda m: "День 2" in m.text)
    for voter in ("anna", "boris", "vera", "gleb", "zhenya"):
        await vote_by_post(guild, post, voter, "fedor", day=2)
    await (await guild.member("fedor").run("/mafia vote", target=ids["anna"])).reply()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("объявления").wait_for_message(lambda m: "Игра окончена" in m.text)

    announcements = _public(guild, "объявления")
    assert announcements[0].startswith("**Жеребьёвка запечатана.** Обязательство (SHA-256): `")
    assert announcements[1:] == [
        "**Начинается день 1.** Голосование до <t:…> (<t:…>).",
        "**Итоги дня 1:**\n"
        + "".join(f"• {v} голосует: Egor.\n" for v in ("Anna", "Boris", "Vera", "Gleb"))
        + "• Zhenya голосует: Egor.\n• Dina голосует: Egor.\n"
        "• Egor голосует: Anna.\n• Fedor голосует: Anna.\n"
        "• Итог голосования: Anna — 2 голоса; Egor — 6 голосов.\n"
        "• Egor покидает город по итогам голосования.\n"
        "**Ночь 1.** Ходы до <t:…> (<t:…>).",
        # The night's death without its cause (R-NIGHT-14); Fedor's new rank is not public.
        "**Утро после ночи 1:**\n• Найден мёртвым игрок: Dina.\n"
        "**День 2.** Голосование до <t:…> (<t:…>).",
        "**Итоги дня 2:**\n"
        + "".join(f"• {v} голосует: Fedor.\n" for v in ("Anna", "Boris", "Vera", "Gleb", "Zhenya"))
        + "• Fedor голосует: Anna.\n"
        "• Итог голосования: Anna — 1 голос; Fedor — 5 голосов.\n"
        "• Fedor покидает город по итогам голосования.\n"
        "• Игра окончена: победа — Мирные (все преступники мертвы).\n"
        # issue 20: the reveal (R-LIFE-6) in the same post, after a blank line
        "\n**Роли**\nAnna: Комиссар (Мирные)\nBoris: Доктор (Мирные)\n"
        "Vera: Помощник Копа (Мирные)\nGleb: МЖ — мирный житель (Мирные)\n"
        "Zhenya: Дитя Мафии (Мирные)\nDina: Дон (Мафия)\nEgor: Маф (Мафия)\n"
        "Fedor: Дон (Мафия)",
    ]
    # The voting channel: each day's post, each vote cast there (announced as cast, R-VOTE-2),
    # Fedor's from his DMs, and the tally with nobody left out.
    voting = _public(guild, "голосование")
    day_post = (
        "**День {}: голосование.** Выберите, за кого голосуете; бот попросит подтвердить, "
        "ведь голос не меняется. Или командой `/мафия голос`."
    )
    assert voting == [
        day_post.format(1),
        *(f"{v} голосует: Egor." for v in ("Anna", "Boris", "Vera", "Gleb", "Zhenya")),
        "Fedor голосует: Anna.",
        "**Подсчёт, день 1:**\nEgor — 6 голосов\nAnna — 2 голоса\nЕщё не голосовали: —",
        day_post.format(2),
        *(f"{v} голосует: Fedor." for v in ("Anna", "Boris", "Vera", "Gleb", "Zhenya")),
        "**Подсчёт, день 2:**\nFedor — 5 голосов\nAnna — 1 голос\nЕщё не голосовали: —",
    ]
    # The two votes cast by command in the lobby's channel were announced there, as cast.
    lobby = _public(guild, "game")
    assert "Dina голосует: Egor." in lobby and "Egor голосует: Anna." in lobby
    assert "Fedor голосует: Anna." in lobby  # day 2's, by command
    # R-LIFE-6: the post-game thread tells each role's history: Fedor was dealt a mafioso and
    # became the don in night 1, when the cop shot Dina.
    await emu.wait_until(lambda: any(c.name.startswith("После игры") for c in guild.channels))
    after = next(c for c in guild.channels if c.name.startswith("После игры"))
    await after.wait_for_message(lambda m: "**Вся игра" in m.text)
    # issue 20: the seed, the histories, the log and the page: one post, the file on it
    assert len(after.messages) == 1 and list(after.messages[0].files) == ["mafia-game-1.html"]
    thread = after.messages[0].text
    assert thread.startswith("Зерно жеребьёвки: `") and "\n\n**Роли и их история**\n" in thread
    assert thread.endswith("\n\n" + t("ru", "page-post"))
    assert "**Fedor**: Маф (Мафия) → Дон (Мафия)\n    · Ночь 1: Fedor теперь Дон (Мафия)" in thread
    assert "**Dina**: Дон (Мафия)\n    · Ночь 1: Dina выбывает: " in thread
    # Each player's summary by DM: his last role, his side's result.
    anna_end = await guild.member("anna").wait_for_dm(lambda m: "Игра окончена" in m.text)
    assert "Ваша роль в этой игре — Комиссар (Мирные). Ваша сторона победила!" in anna_end.text
    fedor_end = await guild.member("fedor").wait_for_dm(lambda m: "Игра окончена" in m.text)
    assert "Ваша роль в этой игре — Дон (Мафия). Ваша сторона проиграла." in fedor_end.text
    # Voted out by the vote that ended the game: the summary is all he is told, no "you are out".
    assert not any("Вы выбыли" in m.text for m in guild.member("fedor").dms)
    assert any("Вы выбыли" in m.text for m in guild.member("egor").dms)  # day 1's, as ever
