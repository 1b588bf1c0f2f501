"""Exactly once (DESIGN.md): what a resolution says on Discord is stored with it and delivered by
the outbox worker once — after a restart that interrupted the delivery, after a send whose mark
was lost, and after Discord applied a post but answered 502."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import create_bot
from cogs.game.play import resolve_due
from db.outbox import pending
from db.state import pending_deadline
from settings import Settings
from tests.botdb import in_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild

DEAL = SIX
RESULTS = "Итоги дня 1"


def _results(guild: GuildHandle) -> list[Any]:
    return [m for m in guild.channel("game").messages if RESULTS in m.text]


async def _vote_everyone_for_dina(guild: GuildHandle) -> None:
    for voter in DEAL:
        target = "anna" if voter == "dina" else "dina"
        handle = await guild.member(voter).run("/mafia vote", target=str(guild.member(target).id))
        await handle.reply()


async def _resolve_now(game_id: int) -> None:
    """The day resolved as the scheduler would, its deadline claimed as stored."""
    claim = await pending_deadline(game_id)
    assert claim is not None
    assert await resolve_due(claim) is not None


async def test_a_delivery_interrupted_by_a_crash_happens_once_after_the_restart(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, list(DEAL))
    settings = Settings(database_url=f"sqlite://{tmp_path / 'outbox.sqlite3'}")
    bot = create_bot(settings)
    async with run_bot(emu, bot):
        game_id = await dealt_game(guild, bot, DEAL)
        await _vote_everyone_for_dina(guild)
        # The day is resolved (state, events and what to say stored together), then the bot
        # "crashes" before its outbox worker is woken.
        await in_bot(bot, _resolve_now(game_id))
        waiting = await in_bot(bot, pending())
        assert [i.effect.kind for i in waiting].count("post") == 1
        # Worse: the post went out, but the mark that it did was lost.
        [post] = [i for i in waiting if i.effect.kind == "post"]
        channel = bot.get_partial_messageable(post.effect.target_id)
        await channel.send(post.effect.content, nonce=post.nonce)
    assert len(_results(guild)) == 1

    restarted = create_bot(settings)
    async with run_bot(emu, restarted):  # its outbox worker delivers what is pending at start
        restarted.outbox.wake()  # type: ignore[attr-defined]  # (a round after the first one)
        await restarted.outbox.next_round()  # type: ignore[attr-defined]
        assert await in_bot(restarted, pending()) == []
    assert len(_results(guild)) == 1, "the same nonce: Discord answered with the first post"
    assert "Dina покидает город по итогам голосования." in _results(guild)[0].text


async def test_applied_then_502_is_one_post(emu: Any, tmp_path: Path) -> None:
    guild = game_guild(emu, list(DEAL))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'outbox502.sqlite3'}"))
    async with run_bot(emu, bot):
        game_id = await dealt_game(guild, bot, DEAL)
        await _vote_everyone_for_dina(guild)
        emu.fail_next("POST", "/channels/{channel_id}/messages", status=502, after_apply=True)
        await in_bot(bot, _resolve_now(game_id))
        bot.outbox.wake()  # type: ignore[attr-defined]
        await bot.outbox.next_round()  # type: ignore[attr-defined]
        assert await in_bot(bot, pending()) == []
    assert len(_results(guild)) == 1
