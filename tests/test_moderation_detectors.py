"""The detectors through Discord, each in its default mode and switched per server: a nickname
changed during a game, a confusable nickname, a command flood, leaving a running game, a sleeping
role (twice), and linked accounts signing up for one game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.emulator import permissions as P
from tests.emulator.story import GuildHandle, wait_until
from tests.gamesetup import SIX, dealt_game, open_and_join, vote_said
from tests.moderation_world import run_reply, running, settings_for

EIGHT = {**SIX, "ira": "citizen@town", "kolya": "citizen@town"}


def _guild(emu: Any, names: list[str]) -> GuildHandle:
    return emu.make_guild(
        roles=[
            {"name": "Admins", "permissions": P.MANAGE_GUILD | P.MODERATE_MEMBERS | P.BAN_MEMBERS}
        ],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "en-US"},
            *({"name": name, "locale": "ru"} for name in names),
        ],
        channels=["game", "modlog"],
    )


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = _guild(emu, [*EIGHT, "newbie"])
    async with running(emu, settings_for(tmp_path)) as bot:
        await run_reply(
            guild.member("host"),
            "/mod settings log",
            channel=guild.channel("modlog"),
            in_channel=guild.channel("game"),
        )
        yield guild, bot


def _posts(guild: GuildHandle, text: str) -> list[Any]:
    return [m for m in guild.channel("modlog").messages if text in m.text]


async def test_a_nickname_changed_during_a_game_opens_a_case(world: Any) -> None:
    guild, bot = world
    await dealt_game(guild, bot, SIX)
    anna = guild.member("anna")
    await anna.change_nick("Not Anna")
    post = await guild.channel("modlog").wait_for_message(lambda m: "Дело №1" in m.text)
    assert "1-е нарушение `nick_change` (смена ника во время игры)" in post.text
    assert "Открыто детектором бота" in post.text and "anna → Not Anna" in post.text
    await anna.wait_for_dm(lambda m: "Вам выдан варн" in m.text)
    # Off on this server: the next change opens nothing.
    off = await run_reply(
        guild.member("host"), "/mod settings detector", name="nick_change", mode="off"
    )
    assert off.text == "Nickname changed during a game: Off."
    await anna.change_nick("Anna again")
    await run_reply(guild.member("host"), "/mod history", member=anna)  # a round trip
    assert len(_posts(guild, "Дело №")) == 1
    # Someone not in a game may rename freely.
    await guild.member("newbie").change_nick("Newer")
    await run_reply(guild.member("host"), "/mod history", member=anna)
    assert len(_posts(guild, "Дело №")) == 1


async def test_a_confusable_nickname_opens_a_report(world: Any) -> None:
    guild, bot = world
    await open_and_join(guild, ["anna", "boris"])
    await guild.member("newbie").change_nick("Аnnа")  # Cyrillic А and а among Latin letters
    post = await guild.channel("modlog").wait_for_message(lambda m: "Жалоба №1" in m.text)
    assert "`confusable_nick`" in post.text and "Аnnа ~ Anna" in post.text
    assert set(post.custom_ids) == {"modrep:uphold:1", "modrep:false:1"}
    joined = guild.add_member("Boriss", locale="ru")
    second = await guild.channel("modlog").wait_for_message(lambda m: "Жалоба №2" in m.text)
    assert str(joined.id) in second.text and "Boriss ~ Boris" in second.text


async def test_a_command_flood_opens_a_case_with_the_servers_numbers(world: Any) -> None:
    guild, _ = world
    host, vera = guild.member("host"), guild.member("vera")
    set_to = await run_reply(host, "/mod settings flood", count=3, seconds=10)
    assert set_to.text == "Command flood: more than 3 commands within 10 s."
    for _ in range(3):
        await run_reply(vera, "/mafia help")
    assert not _posts(guild, "Дело №")
    await run_reply(vera, "/mafia help")
    post = await guild.channel("modlog").wait_for_message(lambda m: "Дело №1" in m.text)
    assert "`command_flood`" in post.text and "мут 30 мин" in post.text
    await wait_until(lambda: vera.timed_out, 2, "the case's timeout delivered")


async def test_leaving_a_running_game_opens_a_case(world: Any) -> None:
    guild, bot = world
    await dealt_game(guild, bot, SIX)
    gleb = guild.member("gleb")
    await gleb.leave()
    post = await guild.channel("modlog").wait_for_message(lambda m: "Дело №1" in m.text)
    assert "1-е нарушение `leave` (уход из игры)" in post.text and str(gleb.id) in post.text


async def test_linked_accounts_in_one_game_are_reported(world: Any) -> None:
    guild, _ = world
    host = guild.member("host")
    linked = await run_reply(
        host, "/mod settings link", first=guild.member("ira"), second=guild.member("kolya")
    )
    assert "are marked as one person's accounts" in linked.text
    await open_and_join(guild, ["ira", "vera", "kolya"])
    post = await guild.channel("modlog").wait_for_message(lambda m: "Жалоба №1" in m.text)
    assert "`multiaccount`" in post.text
    assert f"<@{guild.member('ira').id}> + <@{guild.member('kolya').id}>" in post.text


async def test_a_role_asleep_two_nights_is_reported_for_the_host(world: Any, emu: Any) -> None:
    guild, bot = world
    await dealt_game(guild, bot, EIGHT)
    alive = list(EIGHT)

    async def day(out: str) -> None:
        for voter in alive:
            target = next(n for n in alive if n != voter) if voter == out else out
            voted = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
            await vote_said(voted)  # stored and announced (acknowledged first, issue 20)
        alive.remove(out)
        emu.clock.advance(timedelta(minutes=20, seconds=6))

    async def night(number: int) -> None:
        # The mafia shoots nobody the doctor cares about; the cop acts; the doctor sleeps.
        await run_reply(
            guild.member("anna"),
            "/mafia act",
            action="shoot",
            target=str(guild.member("egor" if number == 1 else "dina").id),
        )
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        await guild.channel("game").wait_for_message(lambda m: f"после ночи {number}" in m.text)

    await day("gleb")
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
    await night(1)
    assert not _posts(guild, "`afk`")  # once is not yet a habit
    alive.remove("egor")
    await day("ira")
    await guild.channel("game").wait_for_message(lambda m: "Итоги дня 2" in m.text)
    await night(2)
    post = await guild.channel("modlog").wait_for_message(lambda m: "`afk`" in m.text)
    assert str(guild.member("boris").id) in post.text and "Жалоба" in post.text
    assert str(guild.member("anna").id) not in post.text.split("Пожаловался")[0]
    # The host (Manage Server) may confirm it: a 1-hour mute for the doctor.
    upheld = await (await guild.member("host").click(post, f"modrep:uphold:{1}")).reply(within=5)
    assert upheld.text.startswith("Report upheld: case #1 (mute 1 h)")
    await emu.wait_until(lambda: guild.member("boris").timed_out)


async def test_a_retired_violation_is_not_detected(world: Any) -> None:
    guild, bot = world
    await dealt_game(guild, bot, SIX)
    await run_reply(guild.member("host"), "/mod rules set", violation="nick_change", retired=True)
    await guild.member("anna").change_nick("Hidden")
    await run_reply(guild.member("host"), "/mod history", member=guild.member("anna"))
    assert not _posts(guild, "Дело №") and not _posts(guild, "Жалоба №")
