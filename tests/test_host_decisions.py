"""The host's decisions through Discord (issue 12): the town plays on at the mafia's parity
(R-WIN-2), the horde's new head (R-NIGHT-13), the criminal teams' joint win (R-WIN-4) refused
while anyone else lives. Each answers ephemerally and leaves a line in the host's channel."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, vote_said


async def host_says(guild: GuildHandle, command: str, **options: Any) -> str:
    reply = await (await guild.member("host").run(command, **options)).reply()
    assert reply.ephemeral, "a host tool answers the host alone"
    return str(reply.text)


async def vote(guild: GuildHandle, voter: str, target: str) -> None:
    handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
    assert not (await vote_said(handle)).ephemeral


def settings(tmp_path: Path) -> Settings:
    return Settings(database_url=f"sqlite://{tmp_path / 'host.sqlite3'}")


async def test_the_town_plays_on_at_parity(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        said = await host_says(guild, "/host decide continue")
        assert said == "Готово: при равенстве игра продолжится."
        again = await host_says(guild, "/host decide continue")
        assert again == "Город уже играет дальше при равенстве."
        news = guild.channel("объявления")
        await news.wait_for_message(lambda m: "Ведущий продолжает игру" in m.text)
        for voter in SIX:
            await vote(guild, voter, "dina" if voter == "vera" else "vera")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await news.wait_for_message(lambda m: "Итоги дня 1" in m.text)
        gleb = str(guild.member("gleb").id)
        await (await guild.member("egor").run("/mafia act", action="shoot", target=gleb)).reply()
        emu.clock.advance(timedelta(minutes=10, seconds=6))  # 2 town, 2 mafia: parity
        morning = await news.wait_for_message(lambda m: "Утро после ночи 1" in m.text)
        assert "Игра окончена" not in morning.text and "День 2." in morning.text
        await news.wait_for_message(lambda m: "Мафия сравнялась с городом" in m.text)
        await guild.channel("ведущий").wait_for_message(
            lambda m: "игра продолжается при равенстве" in m.text
        )


ZOMBIES = {
    "anna": "cop@town",
    "boris": "citizen@town",
    "vera": "citizen@town",
    "dina": "don@mafia",
    "zed": "zombie@zombies",
    "zoe": "zombie@zombies",
}


async def test_the_host_names_the_hordes_head(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(ZOMBIES))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, ZOMBIES, channels=True)
        refused = await host_says(guild, "/host decide zombie-head", player=guild.member("anna"))
        assert refused == "Главой орды может быть только живой зомби."
        done = await host_says(guild, "/host decide zombie-head", player=guild.member("zoe"))
        assert done == "Готово: zoe — глава орды."
        await guild.member("zoe").wait_for_dm(lambda m: m.text == "Теперь вы глава зомби.")
        await guild.channel("ведущий").wait_for_message(lambda m: "новый глава орды" in m.text)
        # Nothing public: who is a zombie stays hidden.
        assert not any("зомби" in m.text.lower() for m in guild.channel("объявления").messages)
        joint = await host_says(guild, "/host decide joint-win")
        assert joint.startswith("Для общей победы нужны оба клана")
