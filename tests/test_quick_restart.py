"""A quick game survives restarts (issue 21): a restart mid-night loses no choice and a night
that ended while the bot was down is resolved at once on start; a restart mid-confirmation
keeps the presses, the buttons keep working, and the count decides after it."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.quick import service
from cogs.support.errors import UserFacingError
from engine.chat import ChatRole as R
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import run_bot
from tests.quickgame import dealt_quick, ids, quick_guild
from tests.test_quick_game import _cabinet_prompt, _dm_choice, _round

DEAL = {"don": R.DON, "maf": R.MAFIOSO, "com": R.COMMISSAR, "doc": R.DOCTOR,
        "mis": R.MISTRESS, "cit": R.CITIZEN}  # fmt: skip


async def test_restarts_mid_night_and_mid_confirmation(emu: Any, tmp_path: Path) -> None:
    guild = quick_guild(emu, list(DEAL))
    settings = Settings(database_url=f"sqlite://{tmp_path / 'restart.sqlite3'}")
    who = ids(guild, list(DEAL))
    channel = guild.channel("game")
    async with run_bot(emu, create_bot(settings)) as runner:
        bot = runner.bot
        game, _ = await dealt_quick(guild, bot, DEAL)
        mafia = guild.channel("Мафия — игра 1")
        prompt = await _cabinet_prompt(emu, mafia, game, minimum=1)
        for name in ("don", "maf"):
            await (await guild.member(name).select(prompt[0], prompt[1], [who["cit"]])).reply()
        await _dm_choice(emu, guild, game, "com", "check", "maf", 1)
    # Down while the night ends: the doctor and the mistress never chose.
    emu.clock.advance(timedelta(seconds=70))
    async with run_bot(emu, create_bot(settings)):
        morning = await channel.wait_for_message(lambda m: "Утро 1" in m.text, within=10)
        assert f"<@{who['cit']}>" in morning.text and "Мирный житель" in morning.text
        await guild.member("com").wait_for_dm(lambda m: f"<@{who['maf']}>: Мафия" in m.text)
        emu.clock.advance(timedelta(seconds=62))
        vote = await channel.wait_for_message(lambda m: "Голосование." in m.text, within=5)
        for name in ("don", "maf", "doc", "mis", "com"):
            target = "com" if name != "com" else "don"
            cid = f"qk:c:{game}:{_round(vote)}:vote:0"
            await (await guild.member(name).select(vote, cid, [who[target]])).reply()
        emu.clock.advance(timedelta(seconds=46))  # the vote has its length (C-DAY-2)
        confirm = await channel.wait_for_message(lambda m: "Вешаем" in m.text, within=5)
        for name in ("don", "maf"):
            await (
                await guild.member(name).click(confirm, f"qk:up:{game}:{_round(confirm)}")
            ).reply()
    async with run_bot(emu, create_bot(settings)) as runner:
        # The buttons of the post made before the restart still work.
        late = await guild.member("doc").click(confirm, f"qk:down:{game}:{_round(confirm)}")
        assert (await late.reply()).text == "Вы против."
        emu.clock.advance(timedelta(seconds=31))
        hanged = await channel.wait_for_message(lambda m: "Приговор города" in m.text, within=10)
        assert f"<@{who['com']}>" in hanged.text and "Комиссар Каттани" in hanged.text
        result = next(m for m in channel.messages if "Итоги подтверждения" in m.text)
        assert "👍 2 · 👎 1" in result.text
        bot = runner.bot
        await delivered(bot)


async def test_a_press_counts_by_when_it_was_made(emu: Any, tmp_path: Path) -> None:
    """Judged by the interaction's time, not by when the bot got to it: a press made before
    the confirmation's end counts even if handled after it; one made at its end is refused."""
    guild = quick_guild(emu, list(DEAL))
    settings = Settings(database_url=f"sqlite://{tmp_path / 'late.sqlite3'}")
    who = ids(guild, list(DEAL))
    channel = guild.channel("game")
    async with run_bot(emu, create_bot(settings)) as runner:
        bot = runner.bot
        game, _ = await dealt_quick(guild, bot, DEAL)
        emu.clock.advance(timedelta(seconds=62))  # a night without choices
        await channel.wait_for_message(lambda m: "День 1" in m.text, within=5)
        emu.clock.advance(timedelta(seconds=62))
        vote = await channel.wait_for_message(lambda m: "Голосование." in m.text, within=5)
        for name in ("don", "maf", "doc", "com"):  # 4 votes against 2 skips (C-DAY-3)
            cid = f"qk:c:{game}:{_round(vote)}:vote:0"
            await (await guild.member(name).select(vote, cid, [who["cit"]])).reply()
        emu.clock.advance(timedelta(seconds=46))
        await channel.wait_for_message(lambda m: "Вешаем" in m.text, within=5)
        await bot.quick_scheduler.stop()  # the bot busy: the end is not resolved yet
        qs = await in_bot(bot, service.quick_state(game))
        emu.clock.advance(timedelta(seconds=40))
        in_time, late = qs.closes - timedelta(seconds=1), qs.closes
        await in_bot(bot, service.act(game, int(who["don"]), "up", None, round_=qs.round,
                                      acted_at=in_time))  # fmt: skip
        with pytest.raises(UserFacingError) as refused:
            await in_bot(bot, service.act(game, int(who["maf"]), "up", None, round_=qs.round,
                                          acted_at=late))  # fmt: skip
        assert refused.value.key == "quick-too-late"
        bot._database_context.run(bot.quick_scheduler.start)  # in the bot's database context
        hanged = await channel.wait_for_message(lambda m: "Приговор города" in m.text, within=10)
        assert f"<@{who['cit']}>" in hanged.text  # 1:0, the in-time press decided
        await delivered(bot)
