"""A big game's vote tally (cogs.game.vote_post) through the emulator with the real bot: sixty
players of the longest names a character may have (32 characters, engine.names) no longer fit
one post — the list of who has yet to vote alone is over 2000 characters — so the tally is cut
between lines into as many posts as it needs, each within Discord's limit, nothing lost; and the
next update, again at the bottom, deletes every post of the previous one."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot import create_bot
from settings import Settings
from tests.botdb import delivered
from tests.emulator.botrunner import run_bot
from tests.gamesetup import dealt_game, game_guild, vote_said

#: Sixty players of 32-character names, the don first.
BIG = {
    f"konstantinopolskaya-vasilevna-{n:02}": (
        "don@mafia" if n == 0 else "mafioso@mafia" if n < 18 else "citizen@town"
    )
    for n in range(60)
}
NAMES = list(BIG)
TITLE = "**Подсчёт, день 1:**"


def _name(member: str) -> str:
    return member.capitalize()  # the character's name as the game shows it


def _tally(channel: Any) -> list[str]:
    """The tally's posts now in the channel, in order: from the title's post to the end."""
    texts = [m.text for m in channel.messages]
    start = max(i for i, text in enumerate(texts) if text.startswith(TITLE))
    return texts[start:]


def _waiting(posts: list[str]) -> list[str]:
    """The names the tally's "yet to vote" lines list, in order."""
    lines = "\n".join(posts).splitlines()
    listed = ", ".join(line.split(": ", 1)[1] for line in lines if "Ещё не голосовали" in line)
    return listed.split(", ")


async def _votes(guild: Any, pairs: list[tuple[int, int]]) -> None:
    for voter, target in pairs:
        handle = await guild.member(NAMES[voter]).run(
            "/mafia vote", target=str(guild.member(NAMES[target]).id)
        )
        assert (await vote_said(handle)).text.endswith(f": {_name(NAMES[target])}.")


async def test_a_big_games_tally_is_cut_between_lines_and_replaced_whole(
    emu: Any, tmp_path: Path
) -> None:
    guild = game_guild(emu, NAMES)
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'tally.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, BIG)
        channel = guild.channel("game")
        await _votes(guild, [(i, i + 30) for i in range(20)])
        emu.clock.advance(timedelta(seconds=3))  # the tally's debounce
        await channel.wait_for_message(lambda m: m.text.startswith(TITLE), within=10)
        await delivered(bot)
        first = _tally(channel)
        assert len(first) >= 2 and all(len(text) <= 2000 for text in first)
        lines = "\n".join(first).splitlines()
        for i in range(20):  # every target's count, every one yet to vote
            assert f"{_name(NAMES[i + 30])} — 1 голос" in lines
        assert _waiting(first) == [_name(NAMES[i]) for i in range(20, 60)]

        await _votes(guild, [(20, 0)])
        emu.clock.advance(timedelta(seconds=3))
        await channel.wait_for_message(
            lambda m: f"{_name(NAMES[0])} — 1 голос" in m.text, within=10
        )
        await delivered(bot)
        second = _tally(channel)
        assert len(second) >= 2 and all(len(text) <= 2000 for text in second)
        # The previous tally's posts are all gone: one tally, at the bottom.
        assert sum(text.startswith(TITLE) for text in (m.text for m in channel.messages)) == 1
        assert _waiting(second) == [_name(NAMES[i]) for i in range(21, 60)]
