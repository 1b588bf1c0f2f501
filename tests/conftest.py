"""Fixtures shared by the bot's tests. Imports are inside the fixtures so that tests which do not
use them (tests/engine) never load discord.py."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from bot import MafiaBot


@pytest.fixture(autouse=True)
def _no_bot_process_left() -> Iterator[None]:
    """A bot process a test started and did not stop (a failure before its ``finally``) is
    killed after it, so that it cannot act in the next test's database."""
    yield
    import sys

    botprocess = sys.modules.get("tests.emulator.botprocess")
    if botprocess is None:
        return
    for left in list(botprocess.BotProcess.live):
        if left.proc.returncode is None:
            left.proc.kill()
        botprocess.BotProcess.live.discard(left)


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


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The emulator's notes (bodies not validated, global rate exceeded), if it was used."""
    import sys

    fixtures = sys.modules.get("tests.emulator.fixtures")
    if fixtures is not None:
        fixtures.pytest_terminal_summary(terminalreporter)


@pytest.fixture
async def emu():  # type: ignore[no-untyped-def]
    """A started Discord emulator (tests/emulator); recorded problems fail the test at teardown.
    Its acknowledgement deadline is 2.5 s (Discord's 3 s less a network margin); its clock
    (``emu.clock``) is the bot's clock too while a bot runs against it."""
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


# --- databases: every test asking for one runs on SQLite and on PostgreSQL --------------------

BACKENDS = ["sqlite", "postgres"]


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The backend of a database test; ``tests.test_db.ONLY_SQLITE`` / ``ONLY_POSTGRES`` limit it."""
    return str(request.param)


@pytest.fixture
def postgres_url(backend: str, request: pytest.FixtureRequest) -> str | None:
    """The session's PostgreSQL database for a postgres test (the server starts only when the
    first such test runs); None for SQLite."""
    return str(request.getfixturevalue("postgres_server")) if backend == "postgres" else None


@pytest.fixture
async def empty_url(backend: str, postgres_url: str | None, tmp_path: Path) -> AsyncIterator[str]:
    """The URL of an empty database of ``backend``, for this test alone."""
    from tests.pg_server import fresh_database

    if postgres_url is None:
        yield f"sqlite://{tmp_path / 'test.sqlite3'}"
        return
    async with fresh_database(postgres_url) as url:
        yield url


@pytest.fixture
async def db_url(empty_url: str) -> AsyncIterator[str]:
    """``empty_url`` opened by ``db.init_db`` (migrations applied), closed after the test."""
    from db import close_db, init_db

    try:
        await init_db(empty_url)
        yield empty_url
    finally:  # also after a failed init_db: no pool left open on a database about to be dropped
        await close_db()
