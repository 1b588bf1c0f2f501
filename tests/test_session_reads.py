"""A vote and a choice read their game once and parse its state once (issue 17: a vote used to
read the games row seven times and parse the state three times before it was answered).

Counted with the real bot on the emulator, over the confirmation click of the vote post and the
select of a night choice: every SELECT on the ``game`` table that the bot's database connection
runs for the interaction (its handler's frames on the stack), and every parse of an engine state
(``GameState.from_json``)."""

from __future__ import annotations

import re
import traceback
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from tortoise.backends.sqlite.client import SqliteClient

from bot import create_bot
from engine import GameState
from settings import Settings
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import SIX, dealt_game, game_guild, vote_out, vote_said

GAME_READ = re.compile(r'^\s*SELECT\b.*\bFROM\s+"game"(\s|$)', re.IGNORECASE | re.DOTALL)


HANDLERS = ("cogs/support/views.py", "cogs/game/player_commands.py")


def _in_a_component() -> bool:
    """Made while the bot handles a component's or a ``/mafia`` command's interaction (not by
    its background workers, e.g. the scheduler still sending the night's prompts)."""
    return any(f.filename.endswith(HANDLERS) for f in traceback.extract_stack())


def _where() -> str:
    """The bot's frames that made the read (for the assertion's message)."""
    frames = traceback.extract_stack()
    return " < ".join(
        f"{Path(f.filename).name}:{f.lineno} {f.name}"
        for f in reversed(frames)
        if "/cogs/" in f.filename or "/db/" in f.filename
    )


class Counts:
    def __init__(self) -> None:
        self.game_reads: list[str] = []
        self.parses = 0
        self.on = False

    def reset(self) -> None:
        self.game_reads, self.parses, self.on = [], 0, True


@pytest.fixture
def counts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counts]:
    counted = Counts()
    for name in ("execute_query", "execute_query_dict"):
        original = getattr(SqliteClient, name)

        def wrapped(self: Any, query: str, values: Any = None, _original: Any = original) -> Any:
            if counted.on and GAME_READ.match(query) and _in_a_component():
                counted.game_reads.append(_where())
            return _original(self, query, values)

        monkeypatch.setattr(SqliteClient, name, wrapped)
    parse = GameState.from_json.__func__  # type: ignore[attr-defined]

    def counting_parse(cls: type[GameState], text: str) -> GameState:
        if counted.on and _in_a_component():
            counted.parses += 1
        return parse(cls, text)  # type: ignore[no-any-return]

    monkeypatch.setattr(GameState, "from_json", classmethod(counting_parse))
    yield counted


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[GuildHandle]:
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'reads.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)
        yield guild


async def test_a_vote_reads_its_game_once_and_parses_its_state_once(
    game: GuildHandle, counts: Counts
) -> None:
    guild = game
    post = next(m for m in guild.channel("game").messages if "День 1: голосование" in m.text)
    target = str(guild.member("dina").id)
    chosen = await guild.member("boris").select(post, "vote:1:1:0", [target])
    question = await chosen.reply()
    counts.reset()
    confirmed = await guild.member("boris").click(question, f"voteok:1:1:{target}")
    assert (await vote_said(confirmed)).text == "Boris голосует: Dina."
    counts.on = False
    assert len(counts.game_reads) == 1, counts.game_reads
    assert counts.parses == 1


async def test_a_vote_by_command_finds_its_game_then_reads_it_once(
    game: GuildHandle, counts: Counts
) -> None:
    """``/mafia vote`` first finds which of the player's games it is about (one query over his
    seats), then the vote reads that game once, locked, and parses its state once."""
    guild = game
    counts.reset()
    handle = await guild.member("boris").run("/mafia vote", target=str(guild.member("dina").id))
    assert (await vote_said(handle)).text == "Boris голосует: Dina."
    counts.on = False
    assert len(counts.game_reads) == 2, counts.game_reads
    assert "games_of_player" in counts.game_reads[0]
    assert counts.parses == 1


async def test_a_choice_reads_its_game_once_and_parses_its_state_once(
    emu: Any, game: GuildHandle, counts: Counts
) -> None:
    guild = game
    await vote_out(emu, guild, SIX, "dina")
    boris = guild.member("boris")
    card = await boris.wait_for_dm(lambda m: bool(m.embeds))
    button = next(c for c in card.custom_ids if c.startswith("mymove:"))
    night = await (await boris.click(card, button)).reply()
    counts.reset()
    picked = await boris.select(night, "choose:1:night:1:heal", [str(guild.member("gleb").id)])
    assert (await picked.reply()).text.startswith("Записано: лечение Gleb")
    counts.on = False
    assert len(counts.game_reads) == 1, counts.game_reads
    assert counts.parses == 1


class Rounds:
    """The SELECTs on ``game`` that the background rounds make (their frames on the stack)."""

    def __init__(self) -> None:
        self.reads: list[str] = []


@pytest.fixture
def rounds(monkeypatch: pytest.MonkeyPatch) -> Rounds:
    seen = Rounds()
    workers = ("cogs/game/scheduler.py", "cogs/game/reminders.py")
    for name in ("execute_query", "execute_query_dict"):
        original = getattr(SqliteClient, name)

        def wrapped(self: Any, query: str, values: Any = None, _original: Any = original) -> Any:
            stack = traceback.extract_stack()
            if GAME_READ.match(query) and any(f.filename.endswith(workers) for f in stack):
                seen.reads.append(query)
            return _original(self, query, values)

        monkeypatch.setattr(SqliteClient, name, wrapped)
    return seen


async def test_background_rounds_never_read_a_games_state(
    emu: Any, tmp_path: Path, rounds: Rounds
) -> None:
    """The scheduler and the reminders read each round the deadline columns (and the small
    schedule) of the running games, never their states (issue 17: "Background rounds read
    indexed columns")."""
    guild = game_guild(emu, list(SIX))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'rounds.sqlite3'}"))
    async with run_bot(emu, bot):
        await dealt_game(guild, bot, SIX)
        for worker in (bot.scheduler, bot.reminders):  # type: ignore[attr-defined]
            worker.wake()
            await worker.next_round()
    assert rounds.reads, "the rounds read the pending deadlines"
    assert not [q for q in rounds.reads if '"state"' in q], rounds.reads
