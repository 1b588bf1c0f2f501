"""A whole quick game anyone can watch: ``make demo MODE=quick`` (``make demo MODE=quick LANG=en``).

    .venv/bin/python -m tests.demo_quick [--lang ru|en] [--players 10] [--seed 7]

Ten simulated players on the Discord emulator, the real bot in this process, the chat's quick
game (CHAT-GAME.md) from ``/mafia quick`` to the end: the registration, the draw, the nights and
days, each stage ended by the players' choices or by advancing the emulator's clock. What the
game channel, its threads and each player's DMs show is printed as it happens. The players
choose at random among what the rules allow (engine.chat.autoplay); no token, no network.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from bot import create_bot
from settings import Settings
from tests.demo import NAMES, Watcher
from tests.e2e.quick_random import play_random
from tests.emulator.botrunner import BotRunner
from tests.emulator.server import Emulator
from tests.quickgame import quick_guild


async def play(lang: str, players: int, seed: int) -> int:
    names = NAMES[lang][:players]
    async with Emulator(interaction_deadline=30) as emu:
        guild = quick_guild(emu, names, locale="ru" if lang == "ru" else "en-US")
        watcher = Watcher(emu, guild, lang)  # the channels, their threads and every DM
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite://{Path(folder) / 'demo.sqlite3'}"
            bot = create_bot(Settings(database_url=url, default_locale=lang))
            runner = BotRunner(emu, bot)
            await runner.start()
            try:
                await play_random(emu, guild, bot, names, seed, watcher.show)
                watcher.show()
            finally:
                await runner.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.demo_quick",
                                     description=__doc__.splitlines()[0])  # fmt: skip
    parser.add_argument("--lang", choices=("ru", "en"), default="ru")
    parser.add_argument("--players", type=int, default=10, choices=range(4, 13), metavar="4..12")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    return asyncio.run(play(args.lang, args.players, args.seed))


if __name__ == "__main__":
    sys.exit(main())
