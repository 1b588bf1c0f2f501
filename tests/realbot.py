"""The real bot for ``tests.emulator.botprocess`` (a bot in its own process, to kill -9): its
settings from the environment, as ``python bot.py`` reads them."""

from __future__ import annotations

from bot import MafiaBot, create_bot
from settings import load_settings


def make_bot() -> MafiaBot:
    return create_bot(load_settings(dotenv_path=None))


def make_bot_stalling_in_resolution() -> MafiaBot:
    """The real bot, but the first resolution that opens a night stops inside its transaction —
    its state and events written, its outbox rows about to be — and never commits: it writes the
    file ``MAFIA_TEST_STALL_FILE`` names and waits there to be killed (issue 17: "SIGKILL …
    inside the resolution's transaction")."""
    import asyncio
    import os
    from pathlib import Path

    import db.state
    from db.outbox import Effect

    marker = Path(os.environ["MAFIA_TEST_STALL_FILE"])
    real = db.state.enqueue

    async def stalling(connection: object, game_id: int, effects: list[Effect]) -> None:
        if any((e.key or "").startswith("prompt:") and ":night:" in (e.key or "") for e in effects):
            await asyncio.to_thread(marker.write_text, "inside the transaction")
            await asyncio.Event().wait()  # until the kill
        await real(connection, game_id, effects)  # type: ignore[arg-type]

    db.state.enqueue = stalling  # type: ignore[assignment]
    return make_bot()
