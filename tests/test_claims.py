"""A deadline is resolved as the scheduler claimed it (issue 17: claims across processes), on
SQLite and PostgreSQL: the claim is the game *at a version*; a claim the game has moved past does
nothing, and a resolution that loses the version race resolves again only if the same phase is
still the one due — it never resolves the next phase (what two processes did before)."""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import pytest

from cogs.game import play
from db.claims import claimed
from db.games import advance_phase, event_log, load_state, record_vote
from db.state import pending_deadline
from engine import resolve_day
from tests.test_db import ONLY_POSTGRES
from tests.test_db_deadlines import _day_votes, _first_state, _game_in_day_1, clicked_at, msk


async def _day_1_with_votes() -> int:
    game_id = await _game_in_day_1()
    for vote in _day_votes()[:-1]:  # every vote but the last one
        await record_vote(game_id, 1, vote.actor, str(vote.target), acted_at=msk(20, 0))
    return game_id


async def test_a_claim_resolves_its_phase_once_and_a_repeated_claim_nothing(db_url: str) -> None:
    game_id = await _day_1_with_votes()
    claim = await pending_deadline(game_id)
    assert claim is not None and claim.phase == "day"
    assert await play.resolve_due(claim, now=msk(21, 2)) is not None
    version = (await load_state(game_id)).version
    # The same claim again (a second process, or a retried round): the game moved on.
    assert await play.resolve_due(claim, now=msk(21, 2)) is None
    stored = await load_state(game_id)
    assert (stored.phase, stored.day_number, stored.version) == ("night", 1, version)


async def test_a_vote_committed_during_the_resolution_is_counted_in_a_second_try(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await _day_1_with_votes()
    claim = await pending_deadline(game_id)
    assert claim is not None
    compose, calls = play.compose, []
    last = _day_votes()[-1]

    async def vote_meanwhile(*args: Any) -> Any:
        calls.append(args)
        if len(calls) == 1:  # the last vote lands between the reading and the commit
            await record_vote(
                game_id, 1, last.actor, str(last.target), acted_at=clicked_at(msk(20, 59))
            )
        return await compose(*args)

    monkeypatch.setattr(play, "compose", vote_meanwhile)
    resolved = await play.resolve_due(claim, now=msk(21, 2))
    assert resolved is not None and len(calls) == 2
    expected, _ = resolve_day(_first_state(), _day_votes())
    assert resolved.after == expected, "the vote that came in meanwhile counts"


async def test_a_lost_race_to_another_resolution_does_not_resolve_the_next_phase(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await _day_1_with_votes()
    claim = await pending_deadline(game_id)
    assert claim is not None
    compose = play.compose
    night, events = resolve_day(_first_state(), _day_votes()[:-1])

    async def other_process_first(*args: Any) -> Any:
        stored = await load_state(game_id)
        if stored.phase == "day":  # another process commits the same day's resolution first
            await advance_phase(game_id, stored.version, night, events)
        return await compose(*args)

    monkeypatch.setattr(play, "compose", other_process_first)
    assert await play.resolve_due(claim, now=msk(21, 2)) is None
    stored = await load_state(game_id)
    assert (stored.phase, stored.day_number) == ("night", 1), "night 1 was not resolved too"
    assert stored.game_state() == night
    assert {e.produced_in for e in await event_log(game_id)} <= {"day 1", None}


@ONLY_POSTGRES
async def test_on_postgresql_a_claim_held_by_another_connection_is_skipped_not_waited_for(
    db_url: str,
) -> None:
    """While one resolution holds its claim (the row locked for its whole transaction), a
    second claim of the same deadline, on another connection, gets nothing at once."""
    game_id = await _day_1_with_votes()
    claim = await pending_deadline(game_id)
    assert claim is not None
    outside = contextvars.copy_context()  # no transaction of the first claim in it

    async def second_claim() -> bool:
        async with claimed(claim.game_id, claim.version) as row:
            return row is None

    async with claimed(claim.game_id, claim.version) as row:
        assert row is not None
        other = asyncio.get_running_loop().create_task(second_claim(), context=outside)
        assert await asyncio.wait_for(other, timeout=5) is True
    assert await play.resolve_due(claim, now=msk(21, 2)) is not None, "free again after"
