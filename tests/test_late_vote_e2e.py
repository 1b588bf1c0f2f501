"""R-TIME-2 through Discord: a vote is judged by when the user clicked (the interaction's
snowflake), not by when the bot got round to it. Votes are open until 21:00 inclusive (the whole
minute), so 21:01:00 is the first instant too late. A vote clicked at 20:59:59 or 21:00:59 that
the busy bot handles only three seconds later counts (at 21:01:02 a check of the current time
would refuse it); a vote clicked at 21:01:00 is refused with its sentence."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import discord
import pytest

from bot import create_bot
from cogs.support.clock import use
from db import close_db, init_db
from db.games import record_vote, start_game
from engine import clock
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.test_games_db import COMMITMENT, IDS, SEED, _first_state, _signed_up_game

MOSCOW = ZoneInfo("Europe/Moscow")


def _next_moscow(now: datetime, hour: int, minute: int, second: int) -> datetime:
    local = now.astimezone(MOSCOW)
    moment = local.replace(hour=hour, minute=minute, second=second, microsecond=0)
    return moment if moment > local else moment + timedelta(days=1)


@pytest.fixture
async def voting(
    emu: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[tuple[GuildHandle, asyncio.Event]]:
    guild = emu.make_guild(members=[{"name": "alice", "locale": "en-US"}])
    url = f"sqlite://{tmp_path / 'vote.sqlite3'}"
    # 20:59:59 in Moscow on the emulator's clock, and a game whose day 1 opened at 09:00 then.
    clicked = _next_moscow(emu.clock.now(), 20, 59, 59)
    clicked += timedelta(seconds=request.param)
    await init_db(url)
    game = await _signed_up_game()
    opened = clicked.replace(hour=9, minute=0, second=0)
    await start_game(
        game.id,
        _first_state(),
        commitment=COMMITMENT,
        seed=SEED,
        deadlines=clock.deadlines(clock.ClockSchedule(), clock.Phase("day", 1), opened).values(),
    )
    await close_db()

    busy = asyncio.Event()  # set: the bot gets round to the votes it was given
    bot = create_bot(Settings(database_url=url))

    @discord.app_commands.command(name="castvote", description="Vote (test)")
    async def castvote(interaction: discord.Interaction[Any], voter: int, target: int) -> None:
        await interaction.response.defer(ephemeral=True)
        await busy.wait()
        await record_vote(game.id, 1, IDS[voter], IDS[target], acted_at=interaction.created_at)
        await interaction.followup.send("counted", ephemeral=True)

    bot.tree.add_command(castvote)
    previous = use(emu.clock)
    try:
        async with run_bot(emu, bot):
            emu.clock.advance(clicked - emu.clock.now())  # last, so the seconds stay exact
            yield guild, busy
    finally:
        use(previous)


@pytest.mark.parametrize(
    ("voting", "handled"), [(0, "21:00:02"), (60, "21:01:02")], indirect=["voting"]
)
async def test_a_vote_clicked_in_time_counts_however_late_it_is_handled(
    emu: Any, voting: tuple[GuildHandle, asyncio.Event], handled: str
) -> None:
    guild, busy = voting
    handle = await guild.member("alice").run("/castvote", voter=0, target=4)
    await handle.ack()
    emu.clock.advance(seconds=3)  # the bot gets to it only now
    assert emu.clock.now().astimezone(MOSCOW).strftime("%H:%M:%S") == handled
    busy.set()
    assert (await handle.reply()).text == "counted"


@pytest.mark.parametrize("voting", [61], indirect=True)
async def test_a_vote_clicked_at_2101_is_refused_with_its_sentence(
    emu: Any, voting: tuple[GuildHandle, asyncio.Event]
) -> None:
    guild, busy = voting
    busy.set()
    assert emu.clock.now().astimezone(MOSCOW).strftime("%H:%M:%S") == "21:01:00"
    handle = await guild.member("alice").run("/castvote", voter=1, target=4)
    reply = await handle.reply()
    assert reply.ephemeral
    assert reply.text.startswith("Too late: the deadline was <t:")
    assert "it counts by when you acted" in reply.text
