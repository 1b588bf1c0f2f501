"""The child through Discord (R-ROLE-3): it plays as a citizen and is told so — its card by DM,
``/mafia role``, its prompts and reminders say *citizen*, as a citizen's do — until the
criminals shoot it (it joins them, and is told) or the vote eliminates it (R-VOTE-9: "the
Child was killed", and it is told). The host's channel shows the deal, the child named."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from locales import t
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, vote_out
from tests.test_host_decisions import settings

DEAL = {**SIX, "vera": "child@town"}
CITIZEN = "Ваша роль: " + t("ru", "role-citizen")
CHILD = "Ваша роль: " + t("ru", "role-child")


async def _role(guild: GuildHandle, name: str) -> str:
    card = await (await guild.member(name).run("/mafia role")).reply()
    assert card.ephemeral
    return str(card.text)


def _dms(guild: GuildHandle, name: str) -> str:
    return "\n".join(m.text for m in guild.member(name).dms)


async def test_the_child_is_a_citizen_until_the_criminals_shoot_it(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(DEAL))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, DEAL, channels=True)
        vera = guild.member("vera")
        card = await vera.wait_for_dm(lambda m: m.text.startswith("Ваша роль"))
        gleb = await guild.member("gleb").wait_for_dm(lambda m: m.text.startswith("Ваша роль"))
        citizen = gleb.text  # a citizen's card, for comparison
        assert card.text.startswith(CITIZEN) and citizen.startswith(CITIZEN)
        assert card.text.replace("Vera", "Gleb") == citizen.replace("Vera", "Gleb")
        assert (await _role(guild, "vera")).startswith(CITIZEN)
        deal = await guild.channel("ведущий").wait_for_message(lambda m: "Раздача" in m.text)
        line = t("ru", "end-reveal-line", name="Vera", role=t("ru", "role-child"),
                 faction=t("ru", "faction-town"))  # fmt: skip
        assert line in deal.text  # the host knows
        await vote_out(emu, guild, DEAL, "egor", results="объявления")
        await (await guild.member("dina").run(
            "/mafia act", action="shoot", target=str(vera.id))).reply()  # fmt: skip
        emu.clock.advance(timedelta(minutes=10, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        # Night 1 gave the child no prompt and no reminder, as it gives a citizen none.
        assert "Ночь 1" not in _dms(guild, "vera") and "Ночь 1" not in _dms(guild, "gleb")
        assert "Дитя" not in _dms(guild, "vera").split("Ваша роль теперь")[0]
        told = await vera.wait_for_dm(lambda m: m.text.startswith("Ваша роль теперь"))
        assert told.text == "Ваша роль теперь Маф (Мафия)."
        assert (await _role(guild, "vera")).startswith("Ваша роль: Маф")


async def test_the_child_voted_out_is_told(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(DEAL))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, DEAL, channels=True)
        assert (await _role(guild, "vera")).startswith(CITIZEN)
        await vote_out(emu, guild, DEAL, "vera", results="объявления")
        news = guild.channel("объявления")
        await news.wait_for_message(lambda m: "Было убито Дитя" in m.text)
        vera = guild.member("vera")
        told = await vera.wait_for_dm(lambda m: m.text.startswith("Теперь вы знаете свою роль"))
        assert told.text == (
            "Теперь вы знаете свою роль: вы были Дитя Мафии. Так и сказано в итогах дня."
        )
        assert (await _role(guild, "vera")).startswith(CHILD)
        assert not any("Теперь вы знаете" in m.text for m in guild.member("boris").dms)
