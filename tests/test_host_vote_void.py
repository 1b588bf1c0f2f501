"""A player the host removes mid-day (autokill, disqualify: R-SANCT-4) cannot be voted out any
more: the votes already cast for him are void and their voters told to vote again, instead of
being autokilled at the close (R-VOTE-4) for a final vote (R-VOTE-2) that can no longer count.
Who votes again stays; who does not is autokilled like any silent player."""

from __future__ import annotations

import contextlib
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild, vote_said
from tests.test_host_decisions import host_says


async def _vote(guild: Any, voter: str, target: str) -> str:
    handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
    return str((await vote_said(handle)).text)


async def test_votes_for_a_player_removed_mid_day_are_cast_again(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'void.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)
        for voter in ("anna", "boris", "vera"):
            await _vote(guild, voter, "gleb")
        await _vote(guild, "dina", "anna")
        await _vote(guild, "egor", "anna")
        emu.clock.advance(seconds=3)  # the tally of these votes
        channel = guild.channel("game")
        await channel.wait_for_message(lambda m: "Gleb — 3 голоса" in m.text)
        await host_says(guild, "/host sanction disqualify", player=guild.member("gleb"))
        for voter in ("anna", "boris", "vera"):
            told = await guild.member(voter).wait_for_dm(lambda m: "аннулирован" in m.text)
            assert "Gleb" in told.text and "<t:" in told.text
        assert not any("аннулирован" in m.text for m in guild.member("dina").dms)

        # The tally follows: no votes for Gleb any more. (It is due 3 s after the removal on
        # the emulator's clock, and the removal's last step may still run: step the clock.)
        def tally_without_gleb() -> bool:
            tallies = [m.text for m in channel.messages if m.text.startswith("**Подсчёт, день 1")]
            return "Gleb —" not in tallies[-1] and "Anna — 2" in tallies[-1]

        for _ in range(5):
            emu.clock.advance(seconds=3)
            with contextlib.suppress(AssertionError):
                await emu.wait_until(tally_without_gleb, within=0.5)
                break
        assert tally_without_gleb()
        # Anna and Boris vote again (for Dina); Vera does not.
        assert await _vote(guild, "anna", "dina") == "Anna голосует: Dina."
        assert await _vote(guild, "boris", "dina") == "Boris голосует: Dina."
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        results = await guild.channel("game").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        assert "Anna голосует: Dina." in results.text
        assert (
            "Vera выбывает из игры: автокилл, потому что голоса от этого игрока не было."
            in results.text
        )  # she did not vote again
        assert "Anna выбывает" not in results.text and "Boris выбывает" not in results.text
