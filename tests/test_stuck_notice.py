"""R-WIN-5 through Discord: three game days in a row with nobody leaving (the vote tied each
day, the doctor saved the mafia's target each night), and the host's channel is told the game
may be stuck; the game goes on, and nothing public says so."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import settings

STUCK = "⚠️ Игра, возможно, застряла: 3 игровых дня подряд никто не выбывает"


async def _act(guild: GuildHandle, who: str, action: str, target: str) -> None:
    options = {"action": action, "target": str(guild.member(target).id)}
    await (await guild.member(who).run("/mafia act", **options)).reply()


async def _quiet_game_day(emu: Any, guild: GuildHandle, day: int, saved: str) -> None:
    names = list(SIX)
    for i, voter in enumerate(names):  # a ring: one vote each, a tie, nobody leaves
        target = guild.member(names[(i + 1) % len(names)])
        await (await guild.member(voter).run("/mafia vote", target=str(target.id))).reply()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    news = guild.channel("объявления")
    await news.wait_for_message(lambda m: f"Итоги дня {day}" in m.text)
    await _act(guild, "dina", "shoot", saved)
    await _act(guild, "boris", "heal", saved)
    emu.clock.advance(timedelta(minutes=10, seconds=6))
    await news.wait_for_message(lambda m: f"Утро после ночи {day}" in m.text)


async def test_three_quiet_game_days_tell_the_host(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        host = guild.channel("ведущий")
        for day, saved in ((1, "gleb"), (2, "vera")):
            await _quiet_game_day(emu, guild, day, saved)
        assert not any(STUCK in m.text for m in host.messages), "two quiet days are not three"
        await _quiet_game_day(emu, guild, 3, "gleb")
        notice = await host.wait_for_message(lambda m: STUCK in m.text)
        assert notice.text.endswith(
            "вы можете завершить её (`/ведущий завершить`) или решить исход (`/ведущий решение`)."
        )
        assert [m.id for m in host.messages if STUCK in m.text] == [notice.id], "told once"
        public = [m.text for m in guild.channel("объявления").messages]
        assert not any("застряла" in text for text in public)
        assert "**День 4.**" in public[-1], "the game goes on"
