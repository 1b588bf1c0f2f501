"""The woodman's stolen guns on Discord (R-NIGHT-10, issue 19): shot on night 1 by the cop and by
the mafia, the woodman holds both guns on night 2. His prompt has a select per gun over the
targets that gun may hit (not its own team, not himself), each answered in the words of his DM;
``/mafia act``'s ``gun`` offers the guns by those words and its target autocomplete is checked
with the chosen gun; and the shots land."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.commands import find_command
from tests.emulator.story import GuildHandle, MemberHandle
from tests.gamesetup import dealt_game, game_guild

DEAL = {
    "anna": "cop@town",
    "boris": "doctor@town",
    "vera": "citizen@town",
    "gleb": "woodman@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
    "zoya": "citizen@town",
}


async def _act(
    member: MemberHandle, guild: GuildHandle, verb: str, target: str, **more: Any
) -> str:
    handle = await member.run(
        "/mafia act", action=verb, target=str(guild.member(target).id), **more
    )
    reply = await handle.reply()
    assert reply.ephemeral
    return reply.text


async def _day(emu: Any, guild: GuildHandle, out: str, number: int) -> None:
    living = [n for n in DEAL if n != "vera" or number == 1]
    for voter in living:
        target = "boris" if voter == out else out
        await (
            await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        ).reply()
    emu.clock.advance(timedelta(minutes=20, seconds=6))
    await guild.channel("game").wait_for_message(lambda m: f"Итоги дня {number}" in m.text)


@pytest.fixture
async def night_two(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    """Night 2: the woodman (Gleb) holds the cop's and the mafia's guns."""
    guild = game_guild(emu, list(DEAL))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'woodman.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, DEAL)
        await _day(emu, guild, "vera", 1)
        # Night 1: the cop and the mafia both shoot the woodman (R-NIGHT-10: he takes both guns).
        await _act(guild.member("anna"), guild, "shoot", "gleb")
        await _act(guild.member("egor"), guild, "shoot", "gleb")
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        await guild.channel("game").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        gleb = guild.member("gleb")
        for gun in ("пистолет Мафии", "пистолет Комиссара"):  # told by the words of the prompts
            told = await gleb.wait_for_dm(lambda m, gun=gun: f"Вы забрали {gun}" in m.text)
            assert "на следующую ночь" in told.text
        await _day(emu, guild, "zoya", 2)
        yield guild


def _options(message: Any, custom_id: str) -> dict[str, str]:
    """A select's options: label → value."""
    return {o["label"]: o["value"] for o in message.component(custom_id)["options"]}


async def test_the_woodman_fires_two_stolen_guns_from_his_prompt(
    emu: Any, night_two: GuildHandle
) -> None:
    guild = night_two
    gleb = guild.member("gleb")
    prompt = await gleb.wait_for_dm(lambda m: "Ночь 2: ваш ход." in m.text)
    mafia_gun, cop_gun = "choose:1:night:2:fire:mafia", "choose:1:night:2:fire:cop"
    assert {mafia_gun, cop_gun} <= set(prompt.custom_ids)
    placeholders = {c.get("placeholder") for c in prompt.iter_components()}
    assert {"выстрел: пистолет Мафии", "выстрел: пистолет Комиссара"} <= placeholders
    # Each gun keeps its rules: the mafia's gun spares the mafia, the cop's the cop; none him.
    assert set(_options(prompt, mafia_gun)) == {"Anna", "Boris"}
    assert set(_options(prompt, cop_gun)) == {"Boris", "Dina", "Egor"}
    # Nobody else acts tonight: the cop and the mafia have no gun (R-NIGHT-1, R-NIGHT-10).
    assert not any("Ночь 2: ваш ход." in m.text for m in guild.member("anna").dms)
    refused = await guild.member("dina").run(
        "/mafia act", action="shoot", target=str(guild.member("boris").id)
    )
    assert "этой ночью он не у вас" in (await refused.reply()).text

    fired = await gleb.select(prompt, mafia_gun, [_options(prompt, mafia_gun)["Anna"]])
    answer = (await fired.reply()).text
    assert answer.startswith("Записано: выстрел, пистолет Мафии, цель — Anna."), answer
    fired = await gleb.select(prompt, cop_gun, [_options(prompt, cop_gun)["Egor"]])
    answer = (await fired.reply()).text
    assert answer.startswith("Записано: выстрел, пистолет Комиссара, цель — Egor."), answer
    status = await (await gleb.run("/mafia status")).reply()
    assert "Anna" in status.text and "Egor" in status.text  # both recorded, neither replaced

    emu.clock.advance(timedelta(minutes=10, seconds=6))
    morning = await guild.channel("game").wait_for_message(lambda m: "Утро после ночи 2" in m.text)
    assert "Anna" in morning.text and "Egor" in morning.text, morning.text
    assert "Boris" not in morning.text and "Dina" not in morning.text


async def test_mafia_act_names_the_gun_as_the_dm_does_and_checks_targets_with_it(
    emu: Any, night_two: GuildHandle
) -> None:
    guild = night_two
    gleb = guild.member("gleb")
    # The gun option's choices, named as the DM names the guns, in Russian and English.
    act = next(o for o in find_command(emu, guild.raw, "mafia")["options"] if o["name"] == "act")
    gun = next(o for o in act["options"] if o["name"] == "gun")
    by_value = {c["value"]: c for c in gun["choices"]}
    assert by_value["mafia"]["name_localizations"]["ru"] == "пистолет Мафии"
    assert by_value["mafia"]["name"] == "the mafia's gun"
    assert by_value["cop"]["name_localizations"]["ru"] == "пистолет Комиссара"

    verbs = await gleb.autocomplete("/mafia act", "action", "")
    assert "выстрел из отобранного пистолета" in {c["name"] for c in verbs}
    with_mafia_gun = await gleb.autocomplete("/mafia act", "target", "", action="fire", gun="mafia")
    assert {c["name"] for c in with_mafia_gun} == {"Anna", "Boris"}
    with_cop_gun = await gleb.autocomplete("/mafia act", "target", "", action="fire", gun="cop")
    assert {c["name"] for c in with_cop_gun} == {"Boris", "Dina", "Egor"}
    any_gun = await gleb.autocomplete("/mafia act", "target", "", action="fire")
    assert {c["name"] for c in any_gun} == {"Anna", "Boris", "Dina", "Egor"}

    # Two guns and none named: he is asked which, by the DM's words.
    which = await gleb.run("/mafia act", action="fire", target=str(guild.member("boris").id))
    text = (await which.reply()).text
    assert "пистолет Комиссара" in text and "пистолет Мафии" in text, text
    answer = await _act(gleb, guild, "fire", "egor", gun="cop")
    assert answer.startswith("Записано: выстрел, пистолет Комиссара, цель — Egor."), answer
    own = await gleb.run(
        "/mafia act", action="fire", target=str(guild.member("dina").id), gun="mafia"
    )
    assert (await own.reply()).text == "Нельзя стрелять в свою команду или в себя."
    en = await gleb.run(
        "/mafia act",
        action="fire",
        target=str(guild.member("anna").id),
        gun="mafia",
        locale="en-US",
    )
    assert (await en.reply()).text.startswith("Recorded: fire the mafia's gun at Anna.")
