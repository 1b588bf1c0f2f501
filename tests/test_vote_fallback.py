"""A vote's public announcement when Discord refuses its follow-up (cogs.game.vote_post): the
outbox posts it in the channel, once — while the day lasts. Once the day is over its results
list every vote, and a post below them would read as a vote cast after the close."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from settings import Settings
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, vote_said

FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
SAID = "Dina голосует: Anna."


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any]]:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'fallback.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)
        yield guild, bot


async def _vote(guild: GuildHandle, voter: str, target: str) -> Any:
    return await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))


def _said(guild: GuildHandle) -> list[str]:
    return [m.text for m in guild.channel("game").messages if m.text == SAID]


async def test_a_refused_announcement_is_posted_by_the_outbox_once(
    emu: Any, game: tuple[GuildHandle, Any]
) -> None:
    guild, bot = game
    emu.fail_next("POST", FOLLOWUP, status=404, code=10015)  # Unknown Webhook
    handle = await _vote(guild, "dina", "anna")
    assert (await handle.reply()).text.startswith("Ваш голос принят: Anna.")  # only he sees it
    await emu.wait_until(lambda: _said(guild), within=5, what="the outbox's announcement")
    await delivered(bot)
    assert _said(guild) == [SAID]


async def test_no_announcement_below_the_results_of_a_day_already_over(
    emu: Any, game: tuple[GuildHandle, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """The last vote of the day is stored, then its follow-up is refused (five 429s, which
    discord.py waits out and then gives up on) while the day closes: its results list the vote,
    and nothing is posted below them."""
    guild, bot = game
    caplog.set_level(logging.INFO, logger="cogs.game.vote_post")
    for voter in ("anna", "boris", "vera", "gleb", "egor"):
        assert (await vote_said(await _vote(guild, voter, "dina"))).text.endswith(": Dina.")
    refused = emu.fail_next("POST", FOLLOWUP, status=429, retry_after=0.4, times=5)
    handle = await _vote(guild, "dina", "anna")
    assert (await handle.reply()).text.startswith("Ваш голос принят: Anna.")
    emu.clock.advance(timedelta(minutes=20, seconds=6))  # the day closes meanwhile
    channel = guild.channel("game")
    results = await channel.wait_for_message(lambda m: "Итоги дня 1" in m.text, within=5)
    assert f"• {SAID}" in results.text  # his vote counted and told
    await emu.wait_until(lambda: refused.hits >= 5, within=10, what="the refused follow-ups")
    await emu.wait_until(  # the bot gave up on the follow-up and decided
        lambda: any(r.name == "cogs.game.vote_post" for r in caplog.records), within=5,
        what="the bot's decision on the refused announcement",
    )  # fmt: skip
    await delivered(bot)
    assert _said(guild) == []
    assert all(SAID not in m.text for m in channel.messages if m.id > results.id)
