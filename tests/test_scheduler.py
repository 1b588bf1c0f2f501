"""The deadline scheduler (cogs/game/scheduler.py) on the emulator's clock: nothing sleeps, the
clock is advanced. Overdue phases are resolved at once (a restart loses nothing), future ones
exactly when they close, a failing resolution is retried and never stops the others, and a new
deadline is picked up when the scheduler is woken."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from datetime import datetime, timedelta

import pytest

from cogs.game.scheduler import Scheduler
from cogs.support import clock
from db.games import PendingDeadline, pending_deadlines
from tests.emulator.clock import EmuClock


class Games:
    """Pending deadlines as the database would give them; resolving a game's phase removes it
    (as advance_phase moves the game on)."""

    def __init__(self) -> None:
        self.pending: dict[int, datetime] = {}
        self.resolved: list[tuple[int, datetime]] = []
        self.failing: set[int] = set()

    async def load(self) -> list[PendingDeadline]:
        return sorted(
            (PendingDeadline(g, 1, "day", 1, at) for g, at in self.pending.items()),
            key=lambda p: p.closes_at,
        )

    async def resolve(self, claim: PendingDeadline) -> bool:
        game_id = claim.game_id
        if game_id in self.failing:
            raise RuntimeError(f"game {game_id} is broken")
        self.resolved.append((game_id, clock.now()))
        del self.pending[game_id]
        return True


@pytest.fixture
async def world() -> AsyncIterator[tuple[EmuClock, Games, Scheduler]]:
    emu_clock = EmuClock()
    previous = clock.use(emu_clock)
    games = Games()
    scheduler = Scheduler(games.resolve, load=games.load, retry_after=60, grace=0)
    try:
        yield emu_clock, games, scheduler
    finally:
        await scheduler.stop()
        clock.use(previous)


async def test_overdue_phases_are_resolved_at_once_on_start(world) -> None:  # type: ignore[no-untyped-def]
    emu_clock, games, scheduler = world
    now = emu_clock.now()
    games.pending = {
        1: now - timedelta(hours=5),
        2: now - timedelta(seconds=1),
        3: now + timedelta(hours=1),
    }
    scheduler.start()
    await scheduler.next_round()
    assert [g for g, _ in games.resolved] == [1, 2]
    assert 3 in games.pending


async def test_a_phase_is_resolved_when_its_deadline_comes(world) -> None:  # type: ignore[no-untyped-def]
    emu_clock, games, scheduler = world
    closes = emu_clock.now() + timedelta(hours=3)
    games.pending = {7: closes}
    scheduler.start()
    await scheduler.next_round()
    emu_clock.advance(hours=2, minutes=59)
    assert games.resolved == []
    emu_clock.advance(minutes=1)
    await scheduler.next_round()
    [(game, at)] = games.resolved
    assert game == 7 and closes <= at < closes + timedelta(seconds=5)


async def test_a_failing_resolution_is_retried_and_does_not_stop_the_others(
    world,
    caplog: pytest.LogCaptureFixture,  # type: ignore[no-untyped-def]
) -> None:
    emu_clock, games, scheduler = world
    now = emu_clock.now()
    games.pending = {1: now - timedelta(minutes=1), 2: now - timedelta(seconds=30)}
    games.failing = {1}
    with caplog.at_level(logging.ERROR, logger="cogs.game.scheduler"):
        scheduler.start()
        await scheduler.next_round()
    assert [g for g, _ in games.resolved] == [2]
    assert "resolving game 1 (day 1) failed" in caplog.text
    games.failing.clear()
    emu_clock.advance(seconds=59)
    assert [g for g, _ in games.resolved] == [2]
    emu_clock.advance(seconds=1)
    await scheduler.next_round()
    assert [g for g, _ in games.resolved] == [2, 1]


async def test_a_phase_is_resolved_a_grace_period_after_its_close(world) -> None:  # type: ignore[no-untyped-def]
    """A vote clicked in the close's last instant is still on its way: it is committed before
    the resolution reads the votes."""
    emu_clock, games, _ = world
    scheduler = Scheduler(games.resolve, load=games.load, grace=5)
    games.pending = {4: emu_clock.now() - timedelta(seconds=1)}
    scheduler.start()
    try:
        await scheduler.next_round()
        assert games.resolved == []
        emu_clock.advance(seconds=4)
        await scheduler.next_round()
        [(game, _at)] = games.resolved
        assert game == 4
    finally:
        await scheduler.stop()


async def test_a_new_deadline_is_picked_up_when_woken(world) -> None:  # type: ignore[no-untyped-def]
    emu_clock, games, scheduler = world
    scheduler.start()
    await scheduler.next_round()
    games.pending[5] = emu_clock.now() + timedelta(minutes=10)
    scheduler.wake()
    await scheduler.next_round()
    emu_clock.advance(minutes=10)
    await scheduler.next_round()
    assert [g for g, _ in games.resolved] == [5]


async def test_stop_waits_for_the_phase_being_resolved(world) -> None:  # type: ignore[no-untyped-def]
    emu_clock, games, scheduler = world
    started, finish = asyncio.Event(), asyncio.Event()

    async def slow(claim: PendingDeadline) -> bool:
        started.set()
        await finish.wait()
        return await games.resolve(claim)

    scheduler.resolve = slow
    games.pending = {9: emu_clock.now() - timedelta(seconds=1)}
    scheduler.start()
    await started.wait()
    stopping = asyncio.ensure_future(scheduler.stop())
    await asyncio.sleep(0)
    assert not stopping.done()
    finish.set()
    await stopping
    assert [g for g, _ in games.resolved] == [9]


async def test_it_reads_the_real_pending_deadlines(db_url: str) -> None:
    """Restart safety with the real repository: a game whose vote closed while the bot was down
    (here, in March 2021) is due as soon as the scheduler starts."""
    from tests.test_db_deadlines import _game_in_day_1

    game_id = await _game_in_day_1()
    resolved: list[int] = []

    async def resolve(claim: PendingDeadline) -> bool:
        resolved.append(claim.game_id)
        scheduler.load = _nothing  # as if the phase had advanced
        return True

    async def _nothing() -> list[PendingDeadline]:
        return []

    scheduler = Scheduler(resolve, load=pending_deadlines, grace=0)
    scheduler.start()
    try:
        await scheduler.next_round()
    finally:
        await scheduler.stop()
    assert resolved == [game_id]


async def test_the_next_phase_opened_by_a_resolution_is_scheduled_without_a_wake(world) -> None:  # type: ignore[no-untyped-def]
    emu_clock, games, scheduler = world
    resolve = games.resolve

    async def day_then_night(claim: PendingDeadline) -> bool:
        await resolve(claim)
        if len(games.resolved) == 1:  # the day opened night 1, ten minutes long
            games.pending[claim.game_id] = clock.now() + timedelta(minutes=10)
        return True

    scheduler.resolve = day_then_night
    games.pending = {3: emu_clock.now() - timedelta(seconds=1)}
    scheduler.start()
    await scheduler.next_round()
    emu_clock.advance(minutes=10)
    await scheduler.next_round()
    assert [g for g, _ in games.resolved] == [3, 3]
