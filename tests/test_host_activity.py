"""R-SANCT-3 through Discord (issue 12): posts per player per game day in the game's
discussion — its channel and the day's thread; a vote counts as one — counted across a restart;
at the day's close a player under the threshold leaves the game, announced in the day's results
without his role, and may not write in the morgue. The threshold: the rule's 10 in a clock
game, off in a fast one, set or turned off by the host (announced and logged)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import bot_intents, create_bot
from cogs.game import activity
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, Refused, wait_until
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import host_says, settings, vote

ROLE_WORDS = ("Комиссар", "Доктор", "Дон", "Маф", "мирный", "Мирный")
#: Posts each writes on day 1 (in the discussion channel, then the day's thread), and the vote
#: everyone votes. With 3 to write: vera (1 + her vote) and egor (0 + his vote) are
#: short; boris makes it by his vote; gleb leaves by the vote anyway.
POSTS = {"anna": (2, 1), "boris": (1, 1), "vera": (1, 0), "gleb": (0, 0), "dina": (3, 0)}


async def _write(guild: GuildHandle, who: str, in_channel: int, in_thread: int) -> None:
    member = guild.member(who)
    for i in range(in_channel):
        await member.post(guild.channel("обсуждение"), f"{who}: мысль {i}")
    for i in range(in_thread):
        await member.post(guild.channel("День 1"), f"{who}: ещё {i}")


async def _seen(posts: int) -> None:
    """Wait until the bot has counted ``posts`` since its last flush (a post reaches it by the
    gateway, after the poster's request has returned)."""
    await wait_until(lambda: sum(activity.tally.pending.values()) == posts, what="posts counted")


async def test_the_inactive_leave_at_the_days_close(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(SIX))
    config = settings(tmp_path)
    async with run_bot(emu, create_bot(config)) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        said = await host_says(guild, "/host activity count", posts=3)
        assert said == "Готово: 3 поста в день (голос считается за один)."
        assert await host_says(guild, "/host activity count", posts=3) == "Так уже установлено."
        news = guild.channel("объявления")
        await news.wait_for_message(lambda m: "меньше 3 постов" in m.text)
        await guild.channel("ведущий").wait_for_message(lambda m: "порог активности → 3" in m.text)
        for who in ("anna", "boris", "vera"):
            await _write(guild, who, *POSTS[who])
        await _seen(6)  # the bot has them (in memory): its stop stores them
    async with run_bot(emu, bot := create_bot(config)):  # the counts so far survive a restart
        for who in ("gleb", "dina"):
            await _write(guild, who, *POSTS[who])
        await guild.member("host").post(guild.channel("обсуждение"), "ведущий не игрок")
        await _seen(3 + 1)  # not flushed yet: the day's close stores them before it reads
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "gleb" else "gleb")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        results = await news.wait_for_message(lambda m: "Итоги дня 1" in m.text)
        assert "Vera выбывает из игры: автокилл." in results.text
        assert "Egor выбывает из игры: автокилл." in results.text
        for kept in ("Anna", "Boris", "Dina"):
            assert f"{kept} выбывает" not in results.text
        why = await news.wait_for_message(lambda m: "за неактивность" in m.text)
        assert "Vera выбывает из игры за неактивность: 2 из 3 постов" in why.text
        assert "Egor выбывает из игры за неактивность: 1 из 3 постов" in why.text
        await guild.member("vera").wait_for_dm(lambda m: "автокилл" in m.text)
        # Her morgue's overwrite is another lane than her DM (cogs.delivery.lanes): in either
        # order, both out before she tries.
        await delivered(bot)
        with pytest.raises(Refused):  # like every autokilled: no morgue either (R-VOTE-4)
            await guild.member("vera").post(guild.channel("морг"), "а я?")
        # Gleb, voted out, is dead the usual way: the morgue is his.
        await guild.member("gleb").post(guild.channel("морг"), "привет")
        for name in ("объявления", "обсуждение", "голосование"):
            for message in guild.channel(name).messages:
                assert not any(word in message.text for word in ROLE_WORDS), message.text
        # The host turns the rule off for the rest of the game (announced).
        off = await host_says(guild, "/host activity off")
        assert off == "Готово: правило активности выключено."
        await news.wait_for_message(lambda m: "Ведущий отключил правило" in m.text)


async def test_the_defaults_by_timing(emu: Any, tmp_path: Path) -> None:
    """The rule's 10 in a clock game (so turning it off changes something); off in a fast game
    (so it is off already); the host's number at creation replaces the default."""
    guild = game_guild(emu, [])
    clock_game, fast_game, chosen = (guild.add_channel(n) for n in ("часы", "быстро", "своя"))
    host = guild.member("host")
    async with run_bot(emu, create_bot(settings(tmp_path))):
        for where, timing, extra in (
            (clock_game, "clock", {}),
            (fast_game, "fast", {}),
            (chosen, "fast", {"activity": 5}),
        ):
            created = await host.run(
                "/host create", mode="two-sided", timing=timing, in_channel=where, **extra
            )
            await created.reply()
        answers = [
            await (await host.run("/host activity off", in_channel=where)).reply()
            for where in (clock_game, fast_game, chosen)
        ]
        assert [a.text for a in answers] == [
            "Готово: правило активности выключено.",
            "Так уже установлено.",
            "Готово: правило активности выключено.",
        ]
        again = await (
            await host.run("/host activity count", posts=10, in_channel=fast_game)
        ).reply()
        assert again.text == "Готово: 10 постов в день (голос считается за один)."


async def test_without_the_guild_messages_intent_nobody_is_removed(
    emu: Any, tmp_path: Path
) -> None:
    """The bot cannot see posts: the rule removes nobody, and the host is told why."""
    intents = bot_intents()
    intents.guild_messages = False
    guild = game_guild(emu, list(SIX))
    async with run_bot(emu, create_bot(settings(tmp_path), intents=intents)) as runner:
        await dealt_game(guild, runner.bot, SIX, channels=True)
        said = await host_says(guild, "/host activity count", posts=3)
        assert said.endswith("посты не считаются, и за неактивность никто не выбывает.")
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "gleb" else "gleb")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        results = await guild.channel("объявления").wait_for_message(
            lambda m: "Итоги дня 1" in m.text
        )
        assert "автокилл" not in results.text
        await guild.channel("ведущий").wait_for_message(
            lambda m: "Бот не получает сообщения сервера" in m.text
        )
