"""The real bot for ``tests.emulator.botprocess`` (a bot in its own process, to kill -9): its
settings from the environment, as ``python bot.py`` reads them."""

from __future__ import annotations

from bot import MafiaBot, create_bot
from settings import load_settings


def make_bot() -> MafiaBot:
    return create_bot(load_settings(dotenv_path=None))
