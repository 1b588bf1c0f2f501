"""Counting a finished game and rating it, in the database, on both backends (issue 22): a
quick chat game (mode ``chat``) played by the engine's chat pack and stored as the bot stores a
game (start, each resolution by db.state.advance_phase, the choices as rows) is counted at its
end with the facts its log makes certain; an end counted again adds nothing; a cancelled game
counts for nothing; games rated out of the order they ended are replayed into that order; and
the rebuild from the log gives the same numbers."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from tortoise.transactions import in_transaction

from db import close_db, init_db
from db import ratings as ratings_module
from db.lifecycle import cancel_game, create_game
from db.lobby import add_player
from db.models import Game, GameEvent, GameStatus
from db.ratings import ALL, rebuild_all
from db.results import count_end
from db.state import start_game
from db.stats import board, player_stats
from db.stats_models import GameResult, GameSeat, Rating, RatingChange
from engine.chat import new_game
from tests.chatgames import PLAYERS, ROLES, chat_game
from tests.test_db import ONLY_POSTGRES

GUILD = 7
DEAL = list(zip(PLAYERS, ROLES, strict=True))


async def _snapshot() -> tuple[list[Any], list[Any]]:
    ratings = [
        (r.guild_id, r.pool, r.subject, r.mu, r.sigma, r.games)
        for r in await Rating.all().order_by("guild_id", "pool", "subject")
    ]
    changes = sorted(
        (r.game.game_id, r.pool, r.subject, r.mu_before, r.sigma_before, r.mu_after, r.sigma_after)
        for r in await RatingChange.all().prefetch_related("game")
    )
    return ratings, changes


async def test_a_chat_game_is_counted_at_its_end_with_its_facts(db_url: str) -> None:
    game_id = await chat_game(GUILD)
    result = await GameResult.get(game_id=game_id)
    assert (result.kind, result.mode, result.winners, result.reason) == (
        "chat",
        "chat",
        "town",
        "C-WIN-3",
    )
    seats = {s.user_id: s for s in await GameSeat.filter(game_id=result.id)}
    assert sorted(seats) == [101, 102, 103, 104, 105]
    commissar, doctor, don = seats[101], seats[102], seats[105]
    assert (commissar.side, commissar.won, commissar.checks_found) == ("town", True, 1)
    assert (doctor.saves, seats[103].survived) == (1, True)
    assert (don.side, don.won, don.survived, don.dealt_role) == ("mafia", False, False, "don")
    # Rated in the chat pool and in both games' pool; the forum pool is untouched.
    pools = {r.pool for r in await Rating.filter(guild_id=GUILD)}
    assert pools == {"chat", ALL}
    winner, loser = [
        await Rating.get(guild_id=GUILD, pool="chat", subject=s) for s in ("101", "105")
    ]
    assert winner.mu > 25 > loser.mu and winner.games == loser.games == 1
    stats = await player_stats(GUILD, 101, "chat")
    assert (stats.games, stats.wins, stats.checks_found, stats.streak) == (1, 1, 1, 1)
    assert stats.by_role == {"chat:commissar": stats.by_kind["chat"]}
    assert (await player_stats(GUILD, 101, "forum")).games == 0


async def test_a_quick_game_stored_without_its_log_counts_what_its_state_tells(
    db_url: str,
) -> None:
    game_id = await chat_game(GUILD, bare=True)
    result = await GameResult.get(game_id=game_id)
    seats = {s.user_id: s for s in await GameSeat.filter(game_id=result.id)}
    assert (result.winners, seats[101].won, seats[105].won, seats[105].survived) == (
        "town",
        True,
        False,
        False,
    )
    # The commissar's check is in the state's knowledge; the heal was kept nowhere.
    assert (seats[101].checks_found, seats[102].saves) == (1, 0)
    assert await Rating.filter(pool="chat").count() == 7  # five players, two sides


async def test_an_unreadable_end_still_ends_the_game(db_url: str) -> None:
    game_id = await chat_game(GUILD, finish=False)
    await Game.filter(id=game_id).update(state='{"mode": "chat", "players": "?"}')
    async with in_transaction() as connection:
        await Game.filter(id=game_id).using_db(connection).update(status=GameStatus.FINISHED)
        await count_end(connection, game_id)  # logged, not counted, the end goes on
    assert (await Game.get(id=game_id)).status == GameStatus.FINISHED
    assert not await GameResult.exists()


async def test_an_end_counted_again_adds_nothing(db_url: str) -> None:
    game_id = await chat_game(GUILD)
    before = await _snapshot()
    async with in_transaction() as connection:
        await count_end(connection, game_id)
    assert await _snapshot() == before
    assert await GameResult.filter(game_id=game_id).count() == 1


async def test_a_cancelled_game_counts_for_nothing(db_url: str) -> None:
    game = await create_game(GUILD, 1, "chat")
    for i, (pid, _) in enumerate(DEAL):
        await add_player(game.id, int(pid), f"P{i}")
    state = new_game(DEAL, game_id=str(game.id), seed="cd" * 16)
    await start_game(game.id, state.to_json(), commitment="0" * 64, seed="cd" * 16)
    await cancel_game(game.id, [])
    async with in_transaction() as connection:
        await count_end(connection, game.id)  # as a replay would: still not finished
    assert not await GameResult.exists() and not await Rating.exists()
    assert (await board(GUILD, ALL, None, 0, 10)).total == 0


async def test_games_rated_out_of_order_are_replayed_in_order(db_url: str) -> None:
    first, second = await chat_game(GUILD), await chat_game(GUILD)
    # A third game whose end came before the second's but is counted after it (two ends
    # racing within the same instant): its log ends before the second's.
    third = await chat_game(GUILD, finish=False)
    ended = await GameEvent.filter(game_id=first).order_by("-seq").first()
    assert ended is not None
    await GameEvent.filter(game_id=third).update(
        created_at=ended.created_at + timedelta(microseconds=1)
    )
    await Game.filter(id=third).update(status=GameStatus.FINISHED)
    async with in_transaction() as connection:
        await count_end(connection, third)
    order = [r.game_id for r in await GameResult.all().order_by("ended_at", "game_id")]
    assert order == [first, third, second]
    # Each rating change follows the one before it, in the order the games ended.
    for pool in ("chat", ALL):
        last: dict[str, tuple[float, float]] = {}
        for game in order:
            for c in await RatingChange.filter(game__game_id=game, pool=pool):
                assert last.get(c.subject, (c.mu_before, c.sigma_before)) == (
                    c.mu_before,
                    c.sigma_before,
                )
                last[c.subject] = (c.mu_after, c.sigma_after)
        stored = {r.subject: (r.mu, r.sigma) for r in await Rating.filter(pool=pool)}
        assert stored == last
    replayed = await _snapshot()
    assert await rebuild_all() == 3
    assert await _snapshot() == replayed


async def test_the_leaderboard_pages(db_url: str) -> None:
    for _ in range(2):
        await chat_game(GUILD)
    whole = await board(GUILD, "chat", None, 0, 10)
    assert whole.total == 5 and [line.games for line in whole.lines] == [2] * 5
    ratings = [line.rating for line in whole.lines]
    assert ratings == sorted(ratings, reverse=True)
    page = await board(GUILD, "chat", None, 2, 2)
    assert page.lines == whole.lines[2:4]


async def test_the_maintenance_command_rebuilds_the_same_numbers(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'rebuild.sqlite3'}"
    await init_db(url)
    try:
        for _ in range(2):
            await chat_game(GUILD)
        stored = await _snapshot()
        await RatingChange.all().delete()
        await Rating.all().delete()  # as a database from before the statistics would be
    finally:
        await close_db()
    command = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "db.rebuild_ratings",
        env={**os.environ, "DATABASE_URL": url},
        stdout=asyncio.subprocess.PIPE,
    )
    out, _ = await asyncio.wait_for(command.communicate(), 60)
    assert command.returncode == 0 and "2 finished game(s)" in out.decode()
    await init_db(url)
    try:
        assert await _snapshot() == stored
    finally:
        await close_db()


@ONLY_POSTGRES
async def test_two_ends_at_once_on_one_server_rate_one_after_the_other(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games of the same players end at the same moment in two transactions: the server's
    pool lock makes the second wait for the first, so neither rating overwrites the other's
    (read committed alone would let both start from the same ratings: the test fails without
    the lock)."""
    rate = ratings_module._apply

    async def slow(*args: Any) -> None:  # both ends inside the pool's rating at once
        await asyncio.sleep(0.1)
        await rate(*args)

    monkeypatch.setattr(ratings_module, "_apply", slow)
    await chat_game(GUILD)  # the pool's rows exist: only their lock orders the two ends
    games = [await chat_game(GUILD, finish=False) for _ in range(2)]
    started = asyncio.Event()

    async def end(game_id: int) -> None:
        async with in_transaction() as connection:
            await Game.filter(id=game_id).using_db(connection).update(status=GameStatus.FINISHED)
            await count_end(connection, game_id)
            started.set()
            await asyncio.sleep(0.2)  # the other end runs meanwhile, up to the lock

    await asyncio.gather(end(games[0]), end(games[1]))
    assert started.is_set()
    ratings = {r.subject: r.games for r in await Rating.filter(pool="chat")}
    assert set(ratings.values()) == {3}  # every player and side rated by all three games
    stored = await _snapshot()
    assert await rebuild_all() == 3
    assert await _snapshot() == stored
