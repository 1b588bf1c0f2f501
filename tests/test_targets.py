"""The selects and the autocomplete offer only the targets the engine would accept (issue 10):
the mafia's shot offers no mafioso and its basement only its own (R-NIGHT-2); nobody dead."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, vote_by_post

TOWN = {"Anna", "Boris", "Vera", "Gleb"}
MAFIA = {"Dina", "Egor"}


@pytest.fixture
async def night(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    """Night 1 of the six (Vera voted out on day 1), on the game's own channels."""
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'targets.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX, channels=True)
        post = await guild.channel("голосование").wait_for_message(
            lambda m: "голосование" in m.text
        )
        for voter in SIX:
            await vote_by_post(guild, post, voter, "gleb" if voter == "vera" else "vera")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        yield guild


def _labels(message: Any, custom_id: str) -> set[str]:
    return {o["label"] for o in message.component(custom_id)["options"]}


async def test_the_cabinets_prompt_offers_what_the_engine_accepts(night: GuildHandle) -> None:
    guild = night
    prompt = await guild.channel("кабинет-мафии").wait_for_message(
        lambda m: "Ночь 1: ваш ход." in m.text
    )
    assert _labels(prompt, "choose:1:night:1:shoot") == TOWN - {"Vera"}
    assert _labels(prompt, "choose:1:night:1:hide") == MAFIA  # the basement: one of its own
    hidden = await guild.member("egor").select(
        prompt, "choose:1:night:1:hide", [str(guild.member("dina").id)]
    )
    assert (await hidden.reply()).text.startswith("Записано:")


async def test_the_autocomplete_offers_what_the_engine_accepts(night: GuildHandle) -> None:
    guild = night
    dina, boris = guild.member("dina"), guild.member("boris")
    shot = await dina.autocomplete("/mafia act", "target", "", action="shoot")
    assert {c["name"] for c in shot} == TOWN - {"Vera"}
    anyone = await dina.autocomplete("/mafia act", "target", "")  # no action picked yet
    assert {c["name"] for c in anyone} == (TOWN | MAFIA) - {"Vera"}
    heal = await boris.autocomplete("/mafia act", "target", "", action="heal")
    assert {c["name"] for c in heal} == (TOWN | MAFIA) - {"Vera"}
