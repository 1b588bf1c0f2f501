"""Benchmark: what a quick game costs Discord (issue 21), by the emulator's request accounting.

    .venv/bin/python -m tests.quick_budget

For 10 and 20 players (C-BAL's role list, dealt in signup order so the run is the same each
time): the start (registration post → night 1: the role, the channel's overwrites, the cards,
the cabinets, the prompts), night 1 → day 1 (the mafia kills one citizen; nobody else acts; the
night ends by its clock) and day 1 → night 2 (nobody votes: no candidate). Prints the writes by
route and the reads; asserts nothing.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.quick import service
from engine.chat import ChatRole, default_roles
from settings import Settings
from tests.botdb import delivered, in_bot
from tests.emulator.botrunner import BotRunner
from tests.emulator.server import Emulator
from tests.game_budget import _show, _writes
from tests.quickgame import quick_guild, register


async def _play(emu: Any, guild: Any, bot: Any, names: list[str]) -> None:
    roles = default_roles(len(names))
    post = await register(guild, names)
    game = int(post.custom_ids[0].split(":")[2])
    await delivered(bot)
    before = emu.route_counts()
    await in_bot(bot, service.start(game, deal=roles))
    bot.quick_scheduler.wake()
    await delivered(bot)
    _show(f"{len(names)} players: start → night 1", _writes(before, emu.route_counts()))
    who = {n: str(guild.member(n).id) for n in names}
    dealt = dict(zip(names, roles, strict=True))
    victim = next(n for n in names if dealt[n] is ChatRole.CITIZEN)
    for name in names:
        if dealt[name] in (ChatRole.DON, ChatRole.MAFIOSO):
            await in_bot(bot, service.act(game, int(who[name]), "kill", who[victim], round_=None,
                                          acted_at=emu.clock.now()))  # fmt: skip
    await delivered(bot)
    before = emu.route_counts()
    emu.clock.advance(timedelta(seconds=61))
    channel = guild.channel("game")
    await channel.wait_for_message(lambda m: "Утро 1" in m.text, within=30)
    await channel.wait_for_message(lambda m: "День 1" in m.text, within=30)
    await delivered(bot)
    _show(f"{len(names)} players: night 1 → day 1 (1 death)", _writes(before, emu.route_counts()))
    emu.clock.advance(timedelta(seconds=61))
    await channel.wait_for_message(lambda m: "Голосование." in m.text, within=30)
    await delivered(bot)
    before = emu.route_counts()
    emu.clock.advance(timedelta(seconds=46))
    await channel.wait_for_message(lambda m: "Ночь 2" in m.text, within=30)
    await delivered(bot)
    _show(f"{len(names)} players: day 1 → night 2 (no candidate)",
          _writes(before, emu.route_counts()))  # fmt: skip


async def main() -> int:
    for count in (10, 20):
        names = [f"p{i:02}" for i in range(count)]
        async with Emulator(interaction_deadline=30) as emu:
            guild = quick_guild(emu, names)
            with tempfile.TemporaryDirectory() as folder:
                bot = create_bot(Settings(database_url=f"sqlite://{Path(folder) / 'q.sqlite3'}"))
                runner = BotRunner(emu, bot)
                await runner.start()
                try:
                    await _play(emu, guild, bot, names)
                finally:
                    await runner.stop()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
