"""Run a bot in its own process against an emulator, to kill or restart it mid-game.

Why: a crash test needs a real process to kill (SIGKILL loses everything not committed), and
benchmarks need the bot off the emulator's CPU (in one process the two share one event loop).
The child is ``python -m tests.emulator.botprocess FACTORY API_BASE GATEWAY_URL``: it imports
``FACTORY`` ("module:function", called with no arguments, returning a discord.py client), points
discord.py at the emulator as ``botrunner`` does, and prints ``READY`` once ``on_ready`` fired.
The child's clock (``cogs.support.clock``) follows the emulator's through the file named in
``MAFIA_TEST_CLOCK_FILE``, so ``emu.clock.advance(...)`` moves both processes' time.

    proc = await BotProcess.start(emu, "tests.emulator.testbot:make_demo_bot")
    ...
    await proc.kill()        # or: await proc.stop() for a graceful close
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import os
import sys
from pathlib import Path
from typing import ClassVar

from .clock import ENV_FILE
from .server import Emulator

REPO = Path(__file__).resolve().parents[2]


class BotProcess:
    #: The bot processes started and not yet stopped or killed: tests/conftest.py kills any a
    #: test left behind (a bot still running would claim rows in the next test's database).
    live: ClassVar[set[BotProcess]] = set()

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        BotProcess.live.add(self)

    @classmethod
    async def start(cls, emu: Emulator, factory: str, *, ready_within: float = 20.0,
                    env: dict[str, str] | None = None) -> BotProcess:
        child_env = dict(os.environ, PYTHONPATH=str(REPO))
        child_env[ENV_FILE] = str(emu.clock.shared_file())
        child_env.update(env or {})
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.emulator.botprocess", factory, emu.api_base, emu.gateway_url,
            cwd=str(REPO), env=child_env, stdout=asyncio.subprocess.PIPE,
        )
        self = cls(proc)
        try:
            async with asyncio.timeout(ready_within):
                while True:
                    line = await proc.stdout.readline()  # type: ignore[union-attr]
                    if not line:
                        raise RuntimeError(f"bot process exited with {await proc.wait()} before READY")
                    if line.strip() == b"READY":
                        return self
        except BaseException:
            await self.kill()
            raise

    async def kill(self) -> None:
        """SIGKILL: a crash, nothing flushed."""
        if self.proc.returncode is None:
            self.proc.kill()
        await self.proc.wait()
        BotProcess.live.discard(self)

    async def stop(self) -> None:
        """SIGTERM and wait."""
        if self.proc.returncode is None:
            self.proc.terminate()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(10):
                await self.proc.wait()
                BotProcess.live.discard(self)
                return
        await self.kill()


async def _child(factory: str, api_base: str, gateway_url: str) -> None:
    import discord
    import discord.gateway
    import discord.http
    import yarl

    module, _, func = factory.partition(":")
    bot = getattr(importlib.import_module(module), func)()
    discord.http.Route.BASE = api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    bot._connection.guild_ready_timeout = min(bot._connection.guild_ready_timeout, 0.05)

    async def announce() -> None:
        print("READY", flush=True)

    bot.add_listener(announce, "on_ready")
    async with bot:
        await bot.start("emulator-token")


if __name__ == "__main__":
    import signal

    loop = asyncio.new_event_loop()
    task = loop.create_task(_child(*sys.argv[1:4]))
    loop.add_signal_handler(signal.SIGTERM, task.cancel)
    # A benchmark's profile of the bot (MAFIA_TEST_PROFILE=FILE: cProfile's stats, at the stop).
    profile_to = os.environ.get("MAFIA_TEST_PROFILE")
    if profile_to:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    with contextlib.suppress(asyncio.CancelledError):
        loop.run_until_complete(task)
    if profile_to:
        profiler.disable()
        profiler.dump_stats(profile_to)
