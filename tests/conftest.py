"""Fixtures shared by the bot's tests. Imports are inside the fixtures so that tests which do not
use them (tests/engine) never load discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from bot import MafiaBot


@pytest.fixture
async def loaded_bot() -> AsyncIterator[MafiaBot]:
    """The bot with every cog loaded and the translator set, not connected to anything."""
    from bot import create_bot
    from cogs import discover_extensions
    from locales.translator import FluentTranslator
    from settings import Settings

    bot = create_bot(Settings())
    for extension in discover_extensions():
        await bot.load_extension(extension)
    await bot.tree.set_translator(FluentTranslator())
    yield bot
    await bot.close()


@pytest.fixture
async def emu():  # type: ignore[no-untyped-def]
    """A started Discord emulator (tests/emulator); recorded problems fail the test at teardown."""
    from tests.emulator.fixtures import emulator_for_test

    async for emulator in emulator_for_test():
        yield emulator


@pytest.fixture
async def start_bot(emu):  # type: ignore[no-untyped-def]
    """``runner = await start_bot(bot)``: any built discord.py bot, ready, against ``emu``;
    closed at teardown before the emulator checks for problems."""
    from tests.emulator.fixtures import bot_starter

    async for start in bot_starter(emu):
        yield start


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """URL of a PostgreSQL database for the session (tests/pg_server.py) on a throw-away server
    started on first use and stopped at the end, or on ``TEST_DATABASE_URL``'s server; skips
    the test when there is neither. ``tests.pg_server.fresh_database`` empties it per test."""
    from tests.pg_server import postgres_server

    yield from postgres_server()
