"""``/host replace`` is safe across a crash (issue 12): the rename and the server's part (the
game's roles, the cabinet's overwrite, the substitute's role card) are stored together as outbox
rows, so a crash before they are delivered is finished by the next start — the old member
loses the alive role and the cabinet, the substitute gets both and exactly one card. And what
the game still has to tell the seat by DM, waiting in the outbox, goes to the substitute."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.game.host_replace import replace
from db.outbox import pending
from db.seat import pending_moves
from tests.botdb import delivered, in_bot
from tests.emulator import permissions as P
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle, MemberHandle
from tests.gamesetup import SIX, dealt_game, game_guild
from tests.test_host_decisions import host_says, settings, vote

ALIVE = "Мафия №1: живые"
CARD = "Ваша роль: Маф"
REMINDER = "Напоминание: вы ещё не сделали ночной ход."


def _cards(member: MemberHandle) -> list[Any]:
    return [m for m in member.dms if CARD in m.text]


def _in_cabinet(member: MemberHandle, guild: GuildHandle) -> bool:
    return member.can(P.VIEW_CHANNEL | P.SEND_MESSAGES, guild.channel("кабинет-мафии"))


async def test_a_replacement_cut_off_by_a_crash_is_finished_at_the_start(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, [*SIX, "yan"])
    config = settings(tmp_path)
    egor, yan = guild.member("egor"), guild.member("yan")
    async with run_bot(emu, create_bot(config)) as runner:
        game_id = await dealt_game(guild, runner.bot, SIX, channels=True)
        # The rename is stored with its server's part as outbox rows, then the bot dies before
        # any of them is delivered.
        await runner.bot.outbox.stop()
        await in_bot(
            runner.bot,
            replace(game_id, guild.member("host").id, egor.id, yan.id, by_is_server_host=True),
        )
        kinds = sorted(i.effect.kind for i in await in_bot(runner.bot, pending()))
        assert {"roles", "overwrite", "unoverwrite", "dm"} <= set(kinds)
        assert await in_bot(runner.bot, pending_moves()) == []  # nothing left to the start
    assert egor.has_role(ALIVE) and _in_cabinet(egor, guild)  # the crash's half-done state
    assert not yan.has_role(ALIVE) and not _in_cabinet(yan, guild) and not _cards(yan)

    restarted = create_bot(config)
    async with run_bot(emu, restarted):
        card = await yan.wait_for_dm(lambda m: CARD in m.text)
        assert any(c.get("custom_id", "").startswith("mymove:") for c in card.iter_components())
        await delivered(restarted)
        assert yan.has_role(ALIVE) and _in_cabinet(yan, guild)
        assert not egor.has_role(ALIVE) and not _in_cabinet(egor, guild)
        posted = await yan.post(guild.channel("кабинет-мафии"), "я здесь")
        assert not posted.raw.deleted
    assert len(_cards(yan)) == 1
    assert len(_cards(egor)) == 1  # his own, from the deal; nothing since

    async with run_bot(emu, create_bot(config)) as runner:  # nothing is left to deliver
        await (await yan.run("/mafia role")).reply()  # a round trip after the start
        await delivered(runner.bot)
        assert await in_bot(runner.bot, pending()) == []
    assert len(_cards(yan)) == 1


async def _resume(worker: Any) -> None:
    worker.start()  # in the bot's context (its database)
    worker.wake()


async def test_the_seats_waiting_dms_go_to_the_substitute(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, [*SIX, "zoe"])
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        bot: Any = runner.bot
        await dealt_game(guild, bot, SIX, channels=True)
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "gleb" else "gleb")
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await guild.channel("объявления").wait_for_message(lambda m: "Итоги дня 1" in m.text)
        # Discord is slow to take the bot's messages: the outbox holds what it has to say.
        await bot.outbox.stop()
        await bot.reminders.stop()
        emu.clock.advance(timedelta(minutes=8, seconds=5))  # the night's reminder is due
        await in_bot(bot, bot.reminders.round())
        boris, zoe = guild.member("boris"), guild.member("zoe")
        waiting = [i.effect for i in await in_bot(bot, pending()) if i.effect.kind == "dm"]
        assert any(e.target_id == boris.id and REMINDER in e.content for e in waiting)

        said = await host_says(guild, "/host replace", player=boris, substitute=zoe)
        assert said.startswith("Готово: zoe теперь играет Boris")
        await in_bot(bot, _resume(bot.outbox))  # Discord takes messages again
        bot.outbox.wake()  # a round after the resumed one may be under way: one more after it
        await bot.outbox.next_round()
        assert await in_bot(bot, pending()) == []
    await zoe.wait_for_dm(lambda m: REMINDER in m.text)
    assert not [m for m in boris.dms if REMINDER in m.text]
    # Another player's reminder stayed his.
    await guild.member("anna").wait_for_dm(lambda m: REMINDER in m.text)


async def test_a_seats_waiting_prompt_reaches_the_substitute_once(emu: Any, tmp_path: Path) -> None:
    """The night's prompt for the doctor is still in the outbox when the host replaces him: it
    is readdressed to the substitute, and the replacement's own prompt for the phase is then
    the same row — one prompt, his."""
    guild = game_guild(emu, [*SIX, "zoe"])
    async with run_bot(emu, create_bot(settings(tmp_path))) as runner:
        bot: Any = runner.bot
        await dealt_game(guild, bot, SIX, channels=True)
        for voter in SIX:
            await vote(guild, voter, "anna" if voter == "gleb" else "gleb")
        boris, zoe = guild.member("boris"), guild.member("zoe")
        await bot.outbox.stop()  # Discord is slow: the night's prompts wait in the outbox
        emu.clock.advance(timedelta(minutes=20, seconds=6))
        await bot.scheduler.next_round()
        key = f"prompt:1:night:1:{boris.id}"
        assert any(i.effect.key == key for i in await in_bot(bot, pending()))
        said = await host_says(guild, "/host replace", player=boris, substitute=zoe)
        assert said.startswith("Готово: zoe теперь играет Boris")
        await in_bot(bot, _resume(bot.outbox))
        await delivered(bot)
    await zoe.wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text)
    assert sum("Ночь 1: ваш ход." in m.text for m in zoe.dms) == 1
    assert not [m for m in boris.dms if "Ночь 1: ваш ход." in m.text]
