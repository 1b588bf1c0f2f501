"""Random legal quick games played through Discord (the emulator, the real bot): the engine's
random player (engine.chat.autoplay) decides each move, the bot's own service takes it as a
button would (refusals answered, not raised), the emulator's clock ends each stage. For the
leak scan (tests/e2e/test_quick_leak_scan.py) and ``make demo MODE=quick`` (tests.demo_quick)."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from cogs.quick import service
from cogs.quick.settings import BOUNDS, TAKE_SECONDS
from cogs.support.errors import UserFacingError
from cogs.support.refusals import RuleRefused
from engine.chat import autoplay
from tests.botdb import delivered, in_bot
from tests.emulator.story import GuildHandle
from tests.quickgame import register

LENGTH = {"night": "night", "discussion": "discussion", "vote": "vote",
          "confirm": "confirmation"}  # fmt: skip


async def _act(bot: Any, emu: Any, game: int, actor: str, verb: str, target: str | None) -> None:
    try:
        await in_bot(bot, service.act(game, int(actor), verb, target, round_=None,
                                      acted_at=emu.clock.now()))  # fmt: skip
    except (UserFacingError, RuleRefused):
        pass  # a refused move: the player is told, the game goes on


async def _moves(bot: Any, emu: Any, game: int, rng: random.Random) -> str:
    qs = await in_bot(bot, service.quick_state(game))
    chat = qs.chat
    if qs.stage == "night":
        choices = autoplay.night_choices(chat, rng)
    elif qs.stage == "vote":
        choices = autoplay.vote_choices(chat, rng)
    elif qs.stage == "confirm":
        choices = autoplay.press_choices(chat, rng)
    elif qs.stage == "take":
        living = [p.id for p in chat.living()]
        await _act(bot, emu, game, chat.pending_take or "", "take", rng.choice(living))
        return qs.stage
    else:
        return qs.stage
    for c in choices:
        latest = await in_bot(bot, service.quick_state(game))
        if latest.round != qs.round:
            break  # everyone chose: the stage ended early
        await _act(bot, emu, game, c.actor, c.verb.value, c.target)
    return qs.stage


async def play_random(
    emu: Any, guild: GuildHandle, bot: Any, names: list[str], seed: int,
    shown: Callable[[], None] = lambda: None,
) -> int:  # fmt: skip
    """Register ``names``, start with a seed drawn from ``seed``, play to the end; the game id.
    ``shown`` is called after each stage (the demo prints what Discord shows)."""
    rng = random.Random(seed)
    post = await register(guild, names)
    game = int(post.custom_ids[0].split(":")[2])
    await in_bot(bot, service.start(game, seed=rng.randbytes(32)))
    bot.quick_scheduler.wake()
    await delivered(bot)
    for _ in range(200):
        stage = await _moves(bot, emu, game, rng)
        await delivered(bot)
        shown()
        if stage == "over":
            return game
        qs = await in_bot(bot, service.quick_state(game))
        if qs.stage == "over":
            return game
        seconds = TAKE_SECONDS if qs.stage == "take" else BOUNDS[LENGTH[qs.stage]][0]
        before = qs.round
        emu.clock.advance(timedelta(seconds=seconds + 2))
        for _ in range(50):
            await bot.quick_scheduler.next_round()
            if (await in_bot(bot, service.quick_state(game))).round != before:
                break
        await delivered(bot)
        shown()
    raise AssertionError(f"game {game} did not end in 200 stages")
