"""The mafia's night prompt comes once, in its cabinet (issue 19), through Discord: the cabinet
gets the team's select; each member's DM only points there, with no second select; a player
with a choice of his own (the cop) still gets his prompt by DM."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.gamesetup import SIX, dealt_game, game_guild, vote_out


async def test_the_teams_prompt_is_in_its_cabinet_only(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'team.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        await vote_out(emu, guild, SIX, "gleb", results="объявления")
        cabinet = guild.channel("кабинет-мафии")
        prompt = await cabinet.wait_for_message(lambda m: "Ночь 1: ваш ход." in m.text)
        assert prompt.components, "the team's select"
        for member in ("dina", "egor"):
            told = await guild.member(member).wait_for_dm(lambda m: "Ночь 1" in m.text)
            assert told.text == (
                f"**Ночь 1.** Ход вашей команды делается в её кабинете: <#{cabinet.id}>."
            )
            assert not told.components, "no second select"
            night = [m for m in guild.member(member).dms if "Ночь 1" in m.text]
            assert len(night) == 1
        cop = await guild.member("anna").wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text)
        assert cop.components
        # The cabinet's select works: the don's shot from it is recorded.
        vera = str(guild.member("vera").id)
        [select_id] = [i for i in prompt.custom_ids if "shoot" in i]
        chosen = await guild.member("dina").select(prompt, select_id, [vera])
        assert "Записано" in (await chosen.reply()).text
