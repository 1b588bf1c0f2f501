"""A whole game with the real draw, for what it leaves (issue 22): the demo's game
(tests.demo: ten players choosing at random among what the rules allow, the real bot on the
emulator), played quietly; returns the post-game page from the thread's attachment, the town's
pictures from the announcements, and the final state."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from db.games import get_game, load_state
from engine import GameState
from tests import demo
from tests.botdb import delivered, in_bot

__all__ = ["Finished", "finished_game"]

THREAD = {"ru": "После игры", "en": "After the game"}


@dataclass
class Finished:
    html: str = ""
    pictures: dict[str, bytes] = field(default_factory=dict)  # file name → PNG, in post order
    state: GameState | None = None
    dealt: dict[str, str] = field(default_factory=dict)  # player id → role@side as dealt


async def finished_game(lang: str, players: int = 10, seed: int = 7) -> Finished:
    found = Finished()

    async def collect(emu: Any, guild: Any, bot: Any) -> None:
        await delivered(bot)
        found.state = (await in_bot(bot, load_state(1))).game_state()
        found.dealt = dict(((await in_bot(bot, get_game(1))).roles or {}).get("dealt", {}))
        thread = await emu.wait_until(
            lambda: next((c for c in guild.channels if c.name.startswith(THREAD[lang])), None),
            10,
        )
        posted = await thread.wait_for_message(lambda m: "mafia-game-1.html" in m.files, 10)
        found.html = posted.files["mafia-game-1.html"].decode("utf-8")
        for channel in guild.channels:
            for message in channel.messages:
                found.pictures.update(
                    (name, data) for name, data in message.files.items() if name.endswith(".png")
                )

    await demo.play(lang, players, seed, then=collect)
    return found
