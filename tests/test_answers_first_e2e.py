"""Answers before writes (issue 20, cogs.support.ack_gate): when the votes of a game arrive
together, as at the 21:00 burst, every voter's interaction is acknowledged before any vote is
read, stored or announced — the writes of the first would otherwise delay the answers of the
rest past Discord's 3 seconds ("This interaction failed"). Each vote is still stored and
announced once, after the answers."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot import create_bot
from cogs.support import ack_gate
from settings import Settings
from tests.botdb import in_bot
from tests.emulator.botrunner import run_bot
from tests.emulator.story import GuildHandle
from tests.gamesetup import dealt_game, game_guild

EIGHT = {
    "anna": "cop@town",
    "boris": "doctor@town",
    "vera": "citizen@town",
    "gleb": "citizen@town",
    "zhenya": "citizen@town",
    "ilya": "citizen@town",
    "dina": "don@mafia",
    "egor": "mafioso@mafia",
}
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"  # a follow-up: the announcement


@pytest.fixture
async def game(emu: Any, tmp_path: Path) -> AsyncIterator[tuple[GuildHandle, Any, int]]:
    guild = game_guild(emu, list(EIGHT))
    bot = create_bot(Settings(database_url=f"sqlite://{tmp_path / 'burst.sqlite3'}"))
    async with run_bot(emu, bot):
        game_id = await dealt_game(guild, bot, EIGHT)
        yield guild, bot, game_id


async def test_votes_arriving_together_are_all_answered_before_any_is_announced(
    emu: Any, game: tuple[GuildHandle, Any, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from db.games import votes_for_day

    guild, bot, game_id = game
    # A burst that reaches the bot in two waves, the second while the first is answered but
    # not yet written: the gate's lull (how long after the latest arrival the writes wait) is
    # stretched so that the first wave's writes would certainly have run meanwhile without it.
    monkeypatch.setattr(ack_gate, "LULL", 1.0)
    monkeypatch.setattr(ack_gate, "BURST", 4)  # the waves: 4 votes each
    monkeypatch.setattr(ack_gate, "BURST_WINDOW", 1.0)
    since = len(emu.calls)
    egor, anna = str(guild.member("egor").id), str(guild.member("anna").id)
    names = list(EIGHT)

    async def vote(name: str) -> Any:
        return await guild.member(name).run("/mafia vote", target=anna if name == "egor" else egor)

    first = [await vote(name) for name in names[:4]]
    for handle in first:
        await handle.record.wait(lambda r=handle.record: r.acked, 5, "the answer")
    await asyncio.sleep(0.4)
    second = [await vote(name) for name in names[4:]]
    await asyncio.gather(*(h.reply() for h in first + second))
    await guild.channel("game").wait_for_message(
        lambda m: sum("голосует:" in x.text for x in guild.channel("game").messages) == 8,
        within=10,
    )
    calls = [c.route for c in emu.calls[since:] if c.method == "POST"]
    answers = [i for i, route in enumerate(calls) if route == CALLBACK]
    announcements = [i for i, route in enumerate(calls) if route.startswith(FOLLOWUP)]
    assert len(answers) == 8 and announcements, calls
    assert max(answers) < min(announcements), calls  # every answer before the first write's post
    stored = await in_bot(bot, votes_for_day(game_id, 1))
    assert len(stored) == 8
    announced = [m.text for m in guild.channel("game").messages if "голосует:" in m.text]
    assert len(announced) == len(set(announced)) == 8  # each once


async def test_an_interaction_never_answered_holds_the_writes_back_only_so_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wait is bounded: an interaction no handler answers (or a steady stream of them)
    delays the others' writes by ``within`` at most, and is forgotten once Discord's 3 s pass."""
    import time
    from types import SimpleNamespace

    monkeypatch.setattr(ack_gate, "WITHIN", 0.2)  # the watcher opens the gate by then
    never = SimpleNamespace(id=1, response=SimpleNamespace(is_done=lambda: False))
    gate = ack_gate.AckGate()
    gate.arrived(never)  # type: ignore[arg-type]
    began = time.monotonic()
    await gate.settled()
    assert 0.15 < time.monotonic() - began < 1.0 and len(gate) == 1
    answered = SimpleNamespace(id=2, response=SimpleNamespace(is_done=lambda: True))
    gate.arrived(answered)  # type: ignore[arg-type]
    await asyncio.sleep(ack_gate.LULL + 0.05)
    assert len(gate) == 1  # the answered one is forgotten at once, the other is not yet


async def test_a_steady_stream_waits_only_for_the_answers_in_flight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Below the burst rate no lull is kept: an answered arrival holds nothing back."""
    import time
    from types import SimpleNamespace

    monkeypatch.setattr(ack_gate, "WITHIN", 1.0)  # however wrong, no wait longer than that
    gate = ack_gate.AckGate()
    waited = []
    for n in range(3):  # one every 50 ms: a steady stream, not a burst
        gate.arrived(SimpleNamespace(id=n, response=SimpleNamespace(is_done=lambda: True)))  # type: ignore[arg-type]
        began = time.monotonic()
        await gate.settled()
        waited.append(time.monotonic() - began)
        await asyncio.sleep(0.05)
    assert max(waited) < 0.05, waited
