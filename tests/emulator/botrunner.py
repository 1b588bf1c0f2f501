"""Start any already-built discord.py client against the emulator, and stop it cleanly.

Why a helper: discord.py reads where Discord is from two class attributes,
``discord.http.Route.BASE`` (REST, interaction callbacks and webhooks) and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` (the websocket).  They are set for the
bot's lifetime and restored afterwards.  The bot itself is not modified except for
``guild_ready_timeout`` (default 2 s of waiting for more guilds before ``on_ready``), lowered so
startup takes milliseconds.  Works with the real bot from ``bot.py``'s factory as well as with
the tests' own small bot.  While it runs, the bot's clock (``cogs.support.clock``) is the
emulator's, so ``emu.clock.advance(...)`` moves both.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator

import discord
import discord.gateway
import discord.http
import yarl

from cogs.support import clock

from .server import Emulator


class BotRunner:
    def __init__(self, emu: Emulator, bot: discord.Client, *, token: str = "emulator-token",
                 guild_ready_timeout: float = 0.05) -> None:
        self.emu, self.bot, self.token = emu, bot, token
        self.guild_ready_timeout = guild_ready_timeout
        self.task: asyncio.Task[None] | None = None
        self.startup_seconds: float | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self._saved_clock: clock.Clock | None = None

    async def start(self, within: float = 10.0) -> discord.Client:
        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.emu.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.emu.gateway_url)
        self._saved_clock = clock.use(self.emu.clock)
        state = self.bot._connection  # discord.py's ConnectionState: the only knob we turn
        if state.guild_ready_timeout > self.guild_ready_timeout:
            state.guild_ready_timeout = self.guild_ready_timeout
        started = time.perf_counter()
        self.task = asyncio.create_task(self.bot.start(self.token), name="emulated-bot")
        await asyncio.sleep(0)
        ready = asyncio.create_task(self.bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, self.task}, timeout=within, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self.task in done:
                exc = self.task.exception()
                await self.stop()
                raise RuntimeError(f"the bot stopped before it was ready: {exc!r}") from exc
            await self.stop()
            raise TimeoutError(f"the bot was not ready after {within}s; emulator problems: {self.emu.problems}")
        self.startup_seconds = time.perf_counter() - started
        return self.bot

    async def stop(self) -> None:
        try:
            if not self.bot.is_closed():
                await self.bot.close()
            if self.task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await asyncio.wait_for(self.task, 5)
        finally:
            if self._saved is not None:
                discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
                self._saved = None
                clock.use(self._saved_clock)


@contextlib.asynccontextmanager
async def run_bot(emu: Emulator, bot: discord.Client, **kw) -> AsyncIterator[BotRunner]:
    """``async with run_bot(emu, bot) as runner:`` — the bot is ready inside the block."""
    runner = BotRunner(emu, bot, **kw)
    await runner.start()
    try:
        yield runner
    finally:
        await runner.stop()
