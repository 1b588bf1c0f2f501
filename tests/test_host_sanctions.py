"""The host's sanctions through Discord (R-SANCT-4, issue 12): a warning, read-only (a Discord
timeout that ends by itself), a cancelled next choice, a role stripped to citizen, an autokill
(no morgue either), a disqualification barring later games here, and the criminal teams' joint
win once the town is gone. Public posts name no role; cancelled choices and stripped roles are
told to the player alone; each tool leaves its line in the host's channel."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import Refused
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import host_says, settings, vote

ROLE_WORDS = ("Комиссар", "Доктор", "Дон", "Маф", "мирный житель")
EIGHT = {**SIX, "fedor": "citizen@town", "zina": "citizen@town"}


async def test_each_sanction_with_its_announcement(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(EIGHT))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, EIGHT, channels=True)
        news, log = guild.channel("объявления"), guild.channel("ведущий")
        anna, boris = guild.member("anna"), guild.member("boris")

        said = await host_says(guild, "/host sanction warn", player=anna, reason="оскорбление")
        assert said == "Готово: предупреждение 1 — anna."
        await news.wait_for_message(
            lambda m: "Ведущий предупреждает игрока Anna (предупреждение 1): оскорбление." in m.text
        )
        await anna.wait_for_dm(lambda m: "Ведущий вас предупреждает" in m.text)
        again = await host_says(guild, "/host sanction warn", player=anna, reason="снова")
        assert again == "Готово: предупреждение 2 — anna."

        said = await host_says(guild, "/host sanction read-only", player=boris, minutes=1)
        assert said.startswith("Готово: «только чтение» до <t:")
        await emu.wait_until(lambda: boris.timed_out)  # an outbox row, right after the answer
        await news.wait_for_message(lambda m: "Boris в режиме «только чтение»" in m.text)

        said = await host_says(guild, "/host sanction cancel", player=boris)
        assert said == "Готово: следующий ход отменён; сообщено только этому игроку."
        await boris.wait_for_dm(lambda m: "ваш следующий ход отменён" in m.text)

        said = await host_says(guild, "/host sanction strip", player=anna)
        assert said == "Готово: anna теперь мирный житель; сообщено только этому игроку."
        refused = await host_says(guild, "/host sanction strip", player=anna)
        assert refused == "Этот игрок уже мирный житель."

        said = await host_says(guild, "/host sanction autokill", player=guild.member("gleb"))
        assert said == "Готово: gleb выбывает из игры."
        await news.wait_for_message(lambda m: "Gleb" in m.text and "автокилл" in m.text.lower())
        dead = await host_says(guild, "/host sanction autokill", player=guild.member("gleb"))
        assert dead == "Этот игрок уже не жив."

        said = await host_says(guild, "/host sanction disqualify", player=guild.member("vera"))
        assert said == "Готово: дисквалификация — vera."
        await news.wait_for_message(lambda m: "Ведущий дисквалифицировал игрока: Vera." in m.text)
        told = await guild.member("vera").wait_for_dm(lambda m: "дисквалифицировал вас" in m.text)
        assert told.text.endswith("писать в морге тоже нельзя.")

        for line in ("предупреждение <@", "«только чтение»: <@", "следующий ход отменён: <@",
                     "без роли, теперь мирный житель", "автокилл: <@", "дисквалификация: <@"):  # fmt: skip
            await log.wait_for_message(lambda m, line=line: line in m.text)
        for message in news.messages:
            assert not any(word in message.text for word in ROLE_WORDS), message.text
            assert "отменён" not in message.text

        emu.clock.advance(seconds=61)  # read-only ends by itself (a Discord timeout)
        assert not boris.timed_out
        # The autokilled may not write in the morgue (R-VOTE-4); the living still vote.
        with pytest.raises(Refused):
            await guild.member("gleb").post(guild.channel("морг"), "я тут")
        for voter in ("anna", "boris", "egor", "fedor", "zina"):
            await vote(guild, voter, "dina")
        await vote(guild, "dina", "anna")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await news.wait_for_message(lambda m: "Итоги дня 1" in m.text)
        # Boris's next choice, the night's heal, is the one cancelled.
        heal = await boris.run("/mafia act", action="heal", target=str(anna.id))
        assert (await heal.reply()).text.startswith("Сейчас у вас нет такого хода")

        # Vera may not sign up for a later game on this server.
        other = guild.add_channel("другая")
        await (await guild.member("host").run(
            "/host create", mode="two-sided", timing="fast", in_channel=other
        )).reply()  # fmt: skip
        join = await guild.member("vera").run("/mafia join", name="Vera", in_channel=other)
        assert (await join.reply()).text.startswith("Вас дисквалифицировали в игре")


THREE = {
    "anna": "cop@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
    "max": "don@maniacs",
    "nat": "mafioso@maniacs",
}


async def test_joint_win_once_only_the_criminal_teams_are_left(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(THREE))
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        await dealt_game(guild, runner.bot, THREE, channels=True, mode="three-sided")
        early = await host_says(guild, "/host decide joint-win")
        assert early.startswith("Для общей победы нужны оба клана")
        await host_says(guild, "/host sanction autokill", player=guild.member("anna"))
        won = await host_says(guild, "/host decide joint-win")
        assert won == "Готово: преступные кланы побеждают вместе."
        news = guild.channel("объявления")
        end = await news.wait_for_message(lambda m: "Игра окончена" in m.text)
        # issue 20: the decision and the reveal (R-LIFE-6) in one post, after a blank line
        assert "\n\n**Роли**\n" in end.text and end.text.endswith("\nNat: Маф (Маны)")
        assert not any("**Роли**" in m.text for m in news.messages if m.id != end.id)
        late = await host_says(guild, "/host decide joint-win")
        assert late == "Здесь нет игры: используйте команду в канале игры."
