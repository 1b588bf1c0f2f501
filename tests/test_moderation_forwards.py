"""The ``forward_bot`` detector through Discord (the chat rulebook's «Пересылание сообщений от
бота»): a player forwards his role card from the bot's DMs into a server channel (a Discord
forward: ``message_reference`` of type FORWARD and a snapshot) and a case opens, or a report,
or nothing, as the server set it; a forward of anything that is not the bot's DM is nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.emulator import permissions as P
from tests.emulator.story import GuildHandle, Refused
from tests.gamesetup import SIX, dealt_game
from tests.moderation_world import run_reply, running, settings_for

ENGLISH = {"gleb"}  # an en-US client among Russian players


@pytest.fixture
async def world(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = emu.make_guild(
        roles=[
            {"name": "Admins", "permissions": P.MANAGE_GUILD | P.MODERATE_MEMBERS | P.BAN_MEMBERS}
        ],
        members=[
            {"name": "host", "roles": ["Admins"], "locale": "en-US"},
            *({"name": n, "locale": "en-US" if n in ENGLISH else "ru"} for n in SIX),
        ],
        channels=["game", "general", "modlog"],
    )
    async with running(emu, settings_for(tmp_path)) as bot:
        await run_reply(
            guild.member("host"),
            "/mod settings log",
            channel=guild.channel("modlog"),
            in_channel=guild.channel("general"),
        )
        await dealt_game(guild, bot, SIX)
        yield guild, bot


def _log(guild: GuildHandle) -> list[str]:
    return [m.text for m in guild.channel("modlog").messages]


async def _card(guild: GuildHandle, name: str) -> Any:
    return await guild.member(name).wait_for_dm(
        lambda m: "Ваша роль" in m.text or "Your role" in m.text, within=5
    )


async def test_a_forwarded_role_card_opens_a_case(world: Any) -> None:
    guild, _ = world
    anna, gleb, general = guild.member("anna"), guild.member("gleb"), guild.channel("general")
    forwarded = await anna.forward(await _card(guild, "anna"), general)
    assert forwarded.raw.message_reference is not None
    post = await guild.channel("modlog").wait_for_message(lambda m: "Дело №1" in m.text)
    assert "`forward_bot` (пересылка сообщений бота)" in post.text
    assert "Открыто детектором бота" in post.text and f"/{forwarded.id}" in post.text
    await anna.wait_for_dm(lambda m: "Вам выдан варн" in m.text)
    await gleb.forward(await _card(guild, "gleb"), general)
    await guild.channel("modlog").wait_for_message(lambda m: "Дело №2" in m.text)
    await gleb.wait_for_dm(lambda m: "Вам выдан варн" in m.text)  # the server's language
    seen = await run_reply(guild.member("host"), "/mod history", member=gleb)  # en-US moderator
    assert "Cases (1)" in seen.text and "`forward_bot`" in seen.text, seen.text


async def test_the_server_chooses_a_report_or_nothing(world: Any) -> None:
    guild, _ = world
    host, anna, general = guild.member("host"), guild.member("anna"), guild.channel("general")
    card = await _card(guild, "anna")
    chosen = await run_reply(host, "/mod settings detector", name="forward_bot", mode="report")
    assert chosen.text == "Forwarding the bot's DMs: Open a report."
    await anna.forward(card, general)
    post = await guild.channel("modlog").wait_for_message(lambda m: "Жалоба №1" in m.text)
    assert "`forward_bot`" in post.text and set(post.custom_ids) >= {"modrep:uphold:1"}
    assert not any("Дело №" in text for text in _log(guild))
    off = await run_reply(host, "/mod settings detector", name="forward_bot", mode="off")
    assert off.text == "Forwarding the bot's DMs: Off."
    before = len(_log(guild))
    await anna.forward(card, general)
    await run_reply(host, "/mod history", member=anna)  # a round trip through the bot
    assert len(_log(guild)) == before


async def test_forwarding_anything_else_is_nothing(world: Any) -> None:
    guild, _ = world
    anna, boris, general = guild.member("anna"), guild.member("boris"), guild.channel("general")
    said = await boris.post(general, "доброе утро")
    await anna.forward(said, general)  # someone else's post in the server
    mine = await anna.dm_bot("это я написала боту")
    await anna.forward(mine, general)  # her own line in the DM with the bot
    with pytest.raises(Refused, match="cannot see"):
        await anna.forward(await _card(guild, "boris"), general)  # another's DM: Discord refuses
    await run_reply(guild.member("host"), "/mod history", member=anna)  # a round trip
    assert not any("№" in text for text in _log(guild) if "forward_bot" in text)
    history = await run_reply(guild.member("host"), "/mod history", member=anna)
    assert "No cases." in history.text
