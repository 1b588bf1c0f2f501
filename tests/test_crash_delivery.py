"""kill -9 of the bot process in the middle of a resolution's delivery, then six minutes down —
past Discord's nonce window, so a nonce alone no longer protects a repeat — and a restart
(issue 17): every effect of that resolution exists exactly once, nothing doubled, nothing
missing. Killed right after the resolution's commit (its first post never reached Discord),
after Discord applied the first post (its answer never reached the bot), and after Discord
applied the first DM. The emulator keeps the request unanswered (``hang``) until the kill."""

from __future__ import annotations

import asyncio
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from db import close_db, init_db
from db.outbox import pending
from tests.emulator.rest_messages import NONCE_WINDOW
from tests.gamesetup import SIX, game_guild
from tests.test_crash import _bot, _prepare

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

MESSAGES = "/channels/{channel_id}/messages"
DOWN = timedelta(minutes=6)


async def _hit(fault: Any, within: float = 15.0) -> None:
    for _ in range(int(within / 0.02)):
        if fault.hits:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the resolution's delivery never reached the fault")


@pytest.mark.parametrize(
    "moment", ["after the commit", "after the first post", "after the first DM"]
)
async def test_a_kill_mid_delivery_and_six_minutes_down_double_nothing(
    emu: Any, tmp_path: Path, moment: str
) -> None:
    assert DOWN > NONCE_WINDOW, "the emulator's nonce window must be shorter than the downtime"
    guild = game_guild(emu, list(SIX))
    url = f"sqlite://{tmp_path / 'crash-delivery.sqlite3'}"
    await _prepare(emu, guild, url)
    channel = guild.channel("game")
    dina = guild.member("dina")
    dina_dms = emu.world.dm_channel(dina.user)  # the DM channel the bot will open
    bot = await _bot(emu, url)
    await channel.wait_for_message(lambda m: "День 1: голосование" in m.text, within=15)
    for voter in SIX:
        target = "anna" if voter == "dina" else "dina"
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply(within=10)
    emu.clock.advance(seconds=5)  # the tally's debounce: its post is not the resolution's
    await channel.wait_for_message(lambda m: "Подсчёт, день 1" in m.text, within=15)
    if moment == "after the commit":  # the first post is held before Discord applies it
        fault = emu.fail_next("POST", MESSAGES, hang=True, params={"channel_id": channel.id})
    elif moment == "after the first post":  # applied, and the answer never comes
        fault = emu.fail_next("POST", MESSAGES, hang=True, after_apply=True,
                              params={"channel_id": channel.id})  # fmt: skip
    else:
        fault = emu.fail_next("POST", MESSAGES, hang=True, after_apply=True,
                              params={"channel_id": dina_dms.id})  # fmt: skip
    emu.clock.advance(timedelta(minutes=20, seconds=1))  # day 1's vote closes
    await _hit(fault)
    await bot.kill()

    emu.clock.advance(DOWN)
    bot = await _bot(emu, url)
    await channel.wait_for_message(lambda m: "Итоги дня 1" in m.text, within=15)
    await dina.wait_for_dm(lambda m: "Вы выбыли" in m.text, within=15)
    for name in ("anna", "boris"):  # the cop's and the doctor's night prompts
        await guild.member(name).wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text, within=15)
    await _settled(url, bot)

    assert sum("Итоги дня 1" in m.text for m in channel.messages) == 1
    assert sum("Вы выбыли" in m.text for m in dina.dms) == 1
    for name in ("anna", "boris"):
        prompts = [m for m in guild.member(name).dms if "Ночь 1: ваш ход." in m.text]
        assert len(prompts) == 1, name


async def test_a_kill_inside_the_resolutions_transaction_loses_and_doubles_nothing(
    emu: Any, tmp_path: Path
) -> None:
    """The bot dies with the resolution's transaction open (its state and events written, not
    committed): after the restart the phase is resolved once, with every vote, and each of its
    effects exists once."""
    from tests.emulator.botprocess import BotProcess

    guild = game_guild(emu, list(SIX))
    url = f"sqlite://{tmp_path / 'crash-inside.sqlite3'}"
    await _prepare(emu, guild, url)
    channel, dina = guild.channel("game"), guild.member("dina")
    marker = tmp_path / "stalled"
    env = {"DATABASE_URL": url, "LOG_FILE": "-", "LOG_LEVEL": "WARNING",
           "MAFIA_TEST_STALL_FILE": str(marker)}  # fmt: skip
    bot = await BotProcess.start(emu, "tests.realbot:make_bot_stalling_in_resolution", env=env)
    await channel.wait_for_message(lambda m: "День 1: голосование" in m.text, within=15)
    for voter in SIX:
        target = "anna" if voter == "dina" else "dina"
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply(within=10)
    emu.clock.advance(timedelta(minutes=20, seconds=6))  # day 1's vote closes
    for _ in range(750):
        if marker.exists():
            break
        await asyncio.sleep(0.02)
    assert marker.exists(), "the resolution never reached its transaction"
    await bot.kill()
    assert not [m for m in channel.messages if "Итоги дня 1" in m.text]  # nothing committed

    emu.clock.advance(DOWN)
    bot = await _bot(emu, url)
    day = await channel.wait_for_message(lambda m: "Итоги дня 1" in m.text, within=15)
    assert "Dina покидает город по итогам голосования." in day.text  # every vote counted
    await dina.wait_for_dm(lambda m: "Вы выбыли" in m.text, within=15)
    for name in ("anna", "boris"):
        await guild.member(name).wait_for_dm(lambda m: "Ночь 1: ваш ход." in m.text, within=15)
    await _settled(url, bot)
    assert sum("Итоги дня 1" in m.text for m in channel.messages) == 1
    assert sum("Вы выбыли" in m.text for m in dina.dms) == 1
    for name in ("anna", "boris"):
        prompts = [m for m in guild.member(name).dms if "Ночь 1: ваш ход." in m.text]
        assert len(prompts) == 1, name
    await init_db(url)
    try:
        from db.games import event_log

        logged = [type(e.event).__name__ for e in await event_log(1)]
    finally:
        await close_db()
    assert logged.count("Left") == 1, logged  # Dina voted out once: resolved once


async def _settled(url: str, bot: Any) -> None:
    """Stop the bot once its outbox is empty (so a late duplicate would have shown)."""
    for _ in range(100):
        await init_db(url)
        try:
            left = await pending()
        finally:
            await close_db()
        if not left:
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError(f"rows left undelivered: {left}")
    await bot.stop()
