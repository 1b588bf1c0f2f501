"""The quick game's detectors (C-MOD-1) through Discord, each firing once into the mod-log:
the commissar's blind shot on night 1 (``cop_first_night``, a report), a forwarded role card
(``forward_bot``, a case), a command flood (``command_flood``, a case), C-NIGHT-8's removal
(``afk``), ``/mafia leave`` (``leave``, a case), **Start now** below the server's full table
(``early_start``, a report); and the server's quick-game settings by ``/server quick``, the
registration's countdown ending with too few players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from engine.chat import ChatRole as R
from tests.botdb import delivered
from tests.emulator import permissions as P
from tests.emulator.story import GuildHandle
from tests.moderation_world import run_reply, running, settings_for
from tests.quickgame import dealt_quick, ids, register
from tests.test_quick_game import _dm_choice

DEAL = {"don": R.DON, "maf": R.MAFIOSO, "com": R.COMMISSAR, "doc": R.DOCTOR,
        "mis": R.MISTRESS, "cit": R.CITIZEN}  # fmt: skip


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    admin = P.MANAGE_GUILD | P.MODERATE_MEMBERS | P.BAN_MEMBERS
    guild = emu.make_guild(
        roles=[{"name": "Admins", "permissions": admin}],
        members=[
            {"name": "admin", "roles": ["Admins"], "locale": "ru"},
            *({"name": n, "locale": "ru"} for n in DEAL),
        ],  # fmt: skip
        channels=["game", "modlog"],
    )
    async with running(emu, settings_for(tmp_path)) as bot:
        await run_reply(guild.member("admin"), "/mod settings log",
                        channel=guild.channel("modlog"), in_channel=guild.channel("game"))  # fmt: skip
        yield guild, bot


def _modlog(guild: GuildHandle, text: str) -> list[Any]:
    return [m for m in guild.channel("modlog").messages if text in m.text]


async def test_blind_shot_sleepers_and_leave(emu: Any, world: tuple[GuildHandle, Any]) -> None:
    guild, bot = world
    who = ids(guild, list(DEAL))
    game, _ = await dealt_quick(guild, bot, DEAL)
    channel = guild.channel("game")
    await _dm_choice(emu, guild, game, "com", "shoot", "maf", 1)
    emu.clock.advance(timedelta(seconds=61))  # the doctor and the mistress sleep
    await channel.wait_for_message(lambda m: "Утро 1" in m.text, within=5)
    report = await guild.channel("modlog").wait_for_message(lambda m: "cop_first_night" in m.text)
    assert "Жалоба №" in report.text and f"<@{who['com']}>" in report.text
    await channel.wait_for_message(lambda m: "День 1" in m.text, within=5)
    await delivered(bot)
    # forward_bot: the citizen forwards his role card into the game channel (a case).
    cit = guild.member("cit")
    card = await cit.wait_for_dm(lambda m: "Ваша роль" in m.text)
    await cit.forward(card, channel)
    forwarded = await guild.channel("modlog").wait_for_message(lambda m: "`forward_bot`" in m.text)
    assert "Дело №" in forwarded.text and f"<@{who['cit']}>" in forwarded.text
    # command_flood: more than 8 of the bot's commands within 10 s (a case).
    for _ in range(9):
        await (await guild.member("doc").run("/mafia role", in_channel=channel)).reply()
    flood = await guild.channel("modlog").wait_for_message(lambda m: "`command_flood`" in m.text)
    assert f"<@{who['doc']}>" in flood.text
    emu.clock.advance(timedelta(seconds=62))
    await channel.wait_for_message(lambda m: "Голосование." in m.text, within=5)
    emu.clock.advance(timedelta(seconds=46))  # nobody votes: no candidate, night 2
    await channel.wait_for_message(lambda m: "Ночь 2" in m.text, within=5)
    await _dm_choice(emu, guild, game, "com", "check", "don", 4)
    emu.clock.advance(timedelta(seconds=61))  # asleep a second night: removed (C-NIGHT-8)
    morning = await channel.wait_for_message(lambda m: "Утро 2" in m.text, within=5)
    assert "больше не проснётся" in morning.text and f"<@{who['doc']}>" in morning.text
    await guild.channel("modlog").wait_for_message(lambda m: "`afk`" in m.text)
    assert {m.id for m in _modlog(guild, "`afk`")} and len(_modlog(guild, "cop_first_night")) == 1
    # C-LIFE-7: the don leaves: he dies at once with his role; the rulebook's leave, a case.
    left = await guild.member("don").run("/mafia leave", in_channel=channel)
    assert (await left.reply()).text == "Вы покинули игру."
    gone = await channel.wait_for_message(lambda m: "покидает игру" in m.text, within=5)
    assert f"<@{who['don']}>" in gone.text and "Дон" in gone.text
    case = await guild.channel("modlog").wait_for_message(lambda m: "`leave`" in m.text)
    assert "Дело №" in case.text


async def test_settings_early_start_and_a_cancelled_registration(
    emu: Any, world: tuple[GuildHandle, Any]
) -> None:
    guild, bot = world
    admin = guild.member("admin")
    shown = await run_reply(admin, "/server quick options", full_table=8, secret_vote=True)
    assert "Полный стол: 8" in shown.text and "Тайное голосование: да" in shown.text
    bad = await run_reply(admin, "/server quick length", stage="night", seconds=10)
    assert bad.text == "Длительность должна быть от 30 до 300 секунд."
    ok = await run_reply(admin, "/server quick length", stage="registration", seconds=30)
    assert "Регистрация: 30 с" in ok.text
    # The channels the server allows: once one is listed, the others refuse.
    only = await run_reply(
        admin, "/server quick channel", channel=guild.channel("modlog"), allowed=True
    )
    assert f"Каналы: <#{guild.channel('modlog').id}>" in only.text
    refused = await guild.member("don").run("/mafia quick", in_channel=guild.channel("game"))
    assert (await refused.reply()).text == "В этом канале быстрая игра не разрешена."
    await run_reply(admin, "/server quick channel", channel=guild.channel("game"), allowed=True)
    # The server's own role list for a size (C-BAL), checked by the engine's rules.
    bad = await run_reply(
        admin, "/server quick roles", players=4, roles="citizen,citizen,citizen,doctor"
    )
    assert bad.text == "Такой список ролей не подходит: Дон в нём должен быть ровно один."
    short = await run_reply(admin, "/server quick roles", players=4, roles="don,doctor,citizen")
    assert short.text == "Такой список ролей не подходит: в нём 3 роли, а игроков — 4."
    wizard = await run_reply(
        admin, "/server quick roles", players=4, roles="don,wizard,doctor,citizen"
    )
    assert wizard.text == "Такой список ролей не подходит: таких ролей нет — wizard."
    own = await run_reply(
        admin, "/server quick roles", players=4, roles="don,commissar,doctor,citizen"
    )
    assert "4: don, commissar, doctor, citizen" in own.text
    names = list(DEAL)
    post = await register(guild, names[:3])
    emu.clock.advance(timedelta(seconds=31))  # the countdown ends with three: cancelled
    await guild.channel("game").wait_for_message(
        lambda m: "отменена" in m.text and m.id == post.id, within=5
    )
    zoya = guild.add_member("zoya", locale="ru", dms_closed=True)
    post = await register(guild, [*names[:3], "zoya"])
    game = int(post.custom_ids[0].split(":")[2])
    await delivered(bot)  # the signup DMs: zoya's cannot be delivered
    started = await guild.member("maf").click(post, f"qk:start:{game}:0")
    assert (await started.reply(within=5)).text == "Игра начинается."
    report = await guild.channel("modlog").wait_for_message(lambda m: "early_start" in m.text)
    assert f"<@{guild.member('maf').id}>" in report.text
    # C-LIFE-3: the start post names who must open his DMs; /mafia role shows his card.
    start = await guild.channel("game").wait_for_message(  # not the registration post's edit
        lambda m: "Роли розданы" in m.text
    )
    assert f"Бот не может написать в личные сообщения: <@{zoya.id}>." in start.text
    card = await zoya.run("/mafia role", in_channel=guild.channel("game"))
    assert (await card.reply()).text.startswith("Ваша роль: **")
