"""Pytest fixtures: a fresh emulator per test that fails the test on any recorded problem.

Why teardown fails the test: the bot's mistakes surface asynchronously — an invalid request body,
an interaction never acknowledged, "Task exception was never retrieved", an exception that
discord.py only logs ("Ignoring exception in command ...").  Each of these is collected during
the test and reported, with the route and field, when it ends.  A test that provokes a problem on
purpose removes it with ``emu.take_problems("...")``.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
from collections.abc import AsyncIterator
from typing import Any

import pytest

from .ratelimit import GLOBAL_PER_SECOND
from .server import Emulator

#: Discord allows 3 s to acknowledge an interaction; the fixture allows 2.5 s, the rest being
#: the margin for the network between Discord and the bot, so a handler that needs 2.8 s fails
#: here as it would fail in production.
ACK_DEADLINE = 2.5

#: What pytest's terminal summary says about the emulator (printed by tests/conftest.py, or by
#: this module when loaded as a plugin): headline -> the tests concerned.
SUMMARY: dict[str, list[str]] = {}


def _current_test() -> str:
    return os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]


def summary_lines() -> list[str]:
    lines = []
    for headline, tests in SUMMARY.items():
        lines.append(f"{headline} ({len(tests)} test{'s' if len(tests) != 1 else ''}):")
        lines += [f"  {t}" for t in tests[:10]] + ([f"  ... and {len(tests) - 10} more"] if len(tests) > 10 else [])
    return lines


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say what the emulator could not check (no OpenAPI description: bodies not validated)
    and where the bot went over Discord's global rate."""
    lines = summary_lines()
    if lines:
        terminalreporter.section("Discord emulator")
        for line in lines:
            terminalreporter.write_line(line)


class _ErrorLogs(logging.Handler):
    """Collects ERROR records of discord.py (exceptions it swallowed and only logged)."""

    def __init__(self, emu: Emulator) -> None:
        super().__init__(logging.ERROR)
        self.emu = emu

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {record.exc_info[1]!r}"
        self.emu.problem(f"discord.py logged an error: {text}")


def _loop_handler(emu: Emulator):
    def handle(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        exc = context.get("exception")
        emu.problem(f"event loop: {context.get('message')}: {exc!r}")
        loop.default_exception_handler(context)

    return handle


async def emulator_for_test(**options) -> AsyncIterator[Emulator]:
    """Body of the ``emu`` fixture (tests/conftest.py): a started emulator; at teardown every
    recorded problem fails the test.  Usable for custom fixtures with other ``Emulator`` options:
    ``async for e in emulator_for_test(interaction_deadline=0.2): yield e``.  The
    acknowledgement deadline defaults to ``ACK_DEADLINE`` (Discord's 3 s less a network margin)."""
    loop = asyncio.get_running_loop()
    options.setdefault("interaction_deadline", ACK_DEADLINE)
    emulator = Emulator(**options)
    old_handler = loop.get_exception_handler()
    loop.set_exception_handler(_loop_handler(emulator))
    logs = _ErrorLogs(emulator)
    discord_logger = logging.getLogger("discord")
    discord_logger.addHandler(logs)
    await emulator.start()
    try:
        yield emulator
    finally:
        emulator.check_interactions()
        await emulator.close()
        gc.collect()  # "Task exception was never retrieved" is reported when a task is collected
        await asyncio.sleep(0)
        discord_logger.removeHandler(logs)
        loop.set_exception_handler(old_handler)
    test = _current_test()
    if emulator.validation_skipped:
        SUMMARY.setdefault(f"request bodies were NOT validated: {emulator.validation_skipped}", []).append(test)
    if emulator.rate_limits.over_global:
        limits = emulator.rate_limits
        SUMMARY.setdefault(f"over Discord's global {GLOBAL_PER_SECOND} requests/s", []).append(
            f"{test} (peak {limits.peak_per_second}/s, {limits.global_limited} answered 429)")
    if emulator.problems:
        pytest.fail("Discord emulator recorded problems:\n  " + "\n  ".join(emulator.problems), pytrace=False)


async def bot_starter(emu: Emulator) -> AsyncIterator:
    """Body of the ``start_bot`` fixture: ``runner = await start_bot(bot)`` starts any built
    discord.py client against ``emu``; every bot started is closed before the emulator's checks."""
    from .botrunner import BotRunner

    runners: list[BotRunner] = []

    async def start(bot, **options) -> BotRunner:
        runner = BotRunner(emu, bot, **options)
        await runner.start()
        runners.append(runner)
        return runner

    try:
        yield start
    finally:
        for runner in reversed(runners):
            await runner.stop()
