"""The host's preview, what-if and log through Discord (issue 12): the preview of a phase is
exactly its later resolution as the host's channel shows it; a what-if changes nothing stored;
the log pages through every choice and event; all of it for the host's eyes only."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import host_says, settings, vote


async def act(guild: GuildHandle, actor: str, verb: str, target: str) -> None:
    handle = await guild.member(actor).run(
        "/mafia act", action=verb, target=str(guild.member(target).id)
    )
    assert (await handle.reply()).text.startswith("Записано")


def body(text: str) -> list[str]:
    """A preview without its title line: the resolution's own lines."""
    return text.split("\n")[1:]


async def test_the_preview_is_the_later_resolution(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        host_channel = guild.channel("ведущий")
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "dina" else "dina")
        day = await host_says(guild, "/host preview")
        assert day.startswith("🔍 **Если подвести итоги фазы сейчас**")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        posted = await host_channel.wait_for_message(lambda m: "Итоги дня 1" in m.text)
        assert body(day) == posted.text.split("\n")

        await act(guild, "egor", "shoot", "gleb")
        await act(guild, "boris", "heal", "anna")
        saved = await host_says(guild, "/host what-if", choices="Boris heal Gleb")
        assert saved.startswith("🔍 **Что если**")
        assert not any("Gleb" in line and "мёртв" in line for line in body(saved))
        night = await host_says(guild, "/host preview")
        assert any("Gleb" in line for line in body(night))
        unreadable = await host_says(guild, "/host what-if", choices="Boris dance Gleb")
        assert unreadable.startswith("Не понял «Boris dance Gleb»")
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        morning = await host_channel.wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        assert body(night) == morning.text.split("\n"), "the what-if stored nothing"
        assert not any("Если подвести" in m.text for m in guild.channel("объявления").messages)
        await host_channel.wait_for_message(lambda m: "предпросмотр" in m.text)


async def test_the_log_pages_through_every_choice_and_event(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "dina" else "dina")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        await act(guild, "egor", "shoot", "gleb")
        first = await host_says(guild, "/host log")
        assert first.startswith("📜 **Журнал игры**, страница 1 из 2")
        assert "• Anna: vote → Dina" in first and "• Egor: shoot → Gleb" in first
        second = await host_says(guild, "/host log", page=9)  # beyond: the last page
        assert second.startswith("📜 **Журнал игры**, страница 2 из 2")
        assert "8. Dina выбывает: голосование." in second
        with pytest.raises(Refused, match="not available"):
            await guild.member("anna").run("/host log")
        await guild.channel("ведущий").wait_for_message(lambda m: "просмотр журнала" in m.text)
