"""Ratings per server, stored and recomputable (issue 22): each counted game rated in its end's
transaction, and every rating rebuilt from the stored games on demand with the same numbers.

A server has three pools: ``forum`` (its forum games), ``chat`` (its quick games) and ``all``
(both). A game rates in its kind's pool and in ``all``, by db.rating_model (openskill,
each side a team, side-aware). Ratings are a function of the games in the order they ended
(their last logged event, then the game's id): the end's transaction locks the server's pool
row (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite has one writer), so two games ending at once
on one server rate one after the other; and should a game be rated after one that ended later
(two ends racing within the same instant), the pool is replayed in order instead, so what is
stored is always what :func:`rebuild_all` computes from the log.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from db.models import Game, GameStatus
from db.rating_model import NEW_PLAYER, NEW_SIDE, Skill, TeamInput, display, rate_game, side_subject
from db.results import derive, store_result
from db.stats_models import GameResult, GameSeat, Rating, RatingChange, RatingPool

__all__ = ["ALL", "POOLS", "Change", "rate_result", "rating_changes", "rebuild_all", "replay_pool"]

ALL = "all"
POOLS = ("forum", "chat", ALL)


def pools_of(kind: str) -> tuple[str, str]:
    return (kind, ALL)


def kinds_in(pool: str) -> list[str]:
    return ["forum", "chat"] if pool == ALL else [pool]


@dataclass(frozen=True, slots=True)
class Change:
    subject: str
    before: Skill
    after: Skill


def _step(ratings: dict[str, Skill], mode: str, seats: Sequence[GameSeat]) -> list[Change]:
    """Rate one game over ``ratings`` (changed in place); the changes, sides' and players'."""
    by_side: dict[str, list[GameSeat]] = defaultdict(list)
    for seat in sorted(seats, key=lambda s: s.user_id):
        by_side[seat.side].append(seat)
    sides = sorted(by_side)
    teams = [
        TeamInput(
            ratings.get(side_subject(mode, side), NEW_SIDE),
            tuple(ratings.get(str(s.user_id), NEW_PLAYER) for s in by_side[side]),
            any(s.won for s in by_side[side]),
        )
        for side in sides
    ]
    changes = []
    for side, team, (new_side, new_players) in zip(sides, teams, rate_game(teams), strict=True):
        subjects = [side_subject(mode, side), *(str(s.user_id) for s in by_side[side])]
        for subject, before, after in zip(
            subjects, [team.side, *team.players], [new_side, *new_players], strict=True
        ):
            if after != before:
                ratings[subject] = after
                changes.append(Change(subject, before, after))
    return changes


async def _lock_pool(connection: BaseDBAsyncClient, guild_id: int, pool: str) -> RatingPool:
    await RatingPool.bulk_create(
        [RatingPool(guild_id=guild_id, pool=pool)], ignore_conflicts=True, using_db=connection
    )
    query = RatingPool.filter(guild_id=guild_id, pool=pool).select_for_update()
    return await query.using_db(connection).get()


async def rate_result(connection: BaseDBAsyncClient, result: GameResult) -> None:
    """Rate a just-stored result in its pools (in the caller's transaction)."""
    for pool in pools_of(result.kind):
        lock = await _lock_pool(connection, result.guild_id, pool)
        later = GameResult.filter(guild_id=result.guild_id, kind__in=kinds_in(pool)).filter(
            Q(ended_at__gt=result.ended_at)
            | Q(ended_at=result.ended_at, game_id__gt=result.game_id)
        )
        if await later.using_db(connection).exists():
            await replay_pool(connection, result.guild_id, pool)
            continue
        await _apply(connection, result, pool)
        lock.games += 1
        await lock.save(using_db=connection, update_fields=["games"])


async def _apply(connection: BaseDBAsyncClient, result: GameResult, pool: str) -> None:
    seats = await GameSeat.filter(game_id=result.id).using_db(connection)
    subjects = {str(s.user_id) for s in seats} | {side_subject(result.mode, s.side) for s in seats}
    rows = {
        r.subject: r
        for r in await Rating.filter(
            guild_id=result.guild_id, pool=pool, subject__in=sorted(subjects)
        ).using_db(connection)
    }
    ratings = {subject: Skill(r.mu, r.sigma) for subject, r in rows.items()}
    changes = _step(ratings, result.mode, seats)
    for change in changes:
        row = rows.get(change.subject)
        if row is None:
            await Rating.create(
                guild_id=result.guild_id,
                pool=pool,
                subject=change.subject,
                mu=change.after.mu,
                sigma=change.after.sigma,
                games=1,
                using_db=connection,
            )
        else:
            row.mu, row.sigma, row.games = change.after.mu, change.after.sigma, row.games + 1
            await row.save(using_db=connection, update_fields=["mu", "sigma", "games"])
    await RatingChange.bulk_create(
        [_change_row(result, pool, c) for c in changes], using_db=connection
    )


def _change_row(result: GameResult, pool: str, change: Change) -> RatingChange:
    return RatingChange(
        game_id=result.id,
        guild_id=result.guild_id,
        pool=pool,
        subject=change.subject,
        mu_before=change.before.mu,
        sigma_before=change.before.sigma,
        mu_after=change.after.mu,
        sigma_after=change.after.sigma,
        ended_at=result.ended_at,
    )


async def replay_pool(connection: BaseDBAsyncClient, guild_id: int, pool: str) -> int:
    """Every rating of the server's pool computed again from its counted games, in the order
    they ended; the number of games."""
    await Rating.filter(guild_id=guild_id, pool=pool).using_db(connection).delete()
    await RatingChange.filter(guild_id=guild_id, pool=pool).using_db(connection).delete()
    results = (
        await GameResult.filter(guild_id=guild_id, kind__in=kinds_in(pool))
        .using_db(connection)
        .order_by("ended_at", "game_id")
    )
    seats: dict[int, list[GameSeat]] = defaultdict(list)
    ids = [r.id for r in results]
    for seat in await GameSeat.filter(game_id__in=ids).using_db(connection):
        seats[seat.game_id].append(seat)  # type: ignore[attr-defined]
    ratings: dict[str, Skill] = {}
    games: dict[str, int] = defaultdict(int)
    changes: list[RatingChange] = []
    for result in results:
        for change in _step(ratings, result.mode, seats[result.id]):
            games[change.subject] += 1
            changes.append(_change_row(result, pool, change))
    await Rating.bulk_create(
        [
            Rating(guild_id=guild_id, pool=pool, subject=s, mu=k.mu, sigma=k.sigma, games=games[s])
            for s, k in ratings.items()
        ],
        using_db=connection,
    )
    await RatingChange.bulk_create(changes, using_db=connection)
    lock = await _lock_pool(connection, guild_id, pool)
    lock.games = len(results)
    await lock.save(using_db=connection, update_fields=["games"])
    return len(results)


async def rebuild_all() -> int:
    """Maintenance: every result, seat and rating derived again from the stored log of every
    finished game, in one transaction; the number of games counted. The same numbers as the
    ones stored at each end (tests/test_stats_e2e.py)."""
    async with in_transaction() as connection:
        await RatingChange.all().using_db(connection).delete()
        await Rating.all().using_db(connection).delete()
        await GameSeat.all().using_db(connection).delete()
        await GameResult.all().using_db(connection).delete()
        games = await Game.filter(status=GameStatus.FINISHED).using_db(connection).order_by("id")
        pools: set[tuple[int, str]] = set()
        for game in games:
            if not game.state:
                continue
            facts, ended_at = await derive(connection, game)
            await store_result(connection, game, facts, ended_at)
            pools.update((game.guild_id, pool) for pool in pools_of(facts.kind))
        for guild_id, pool in sorted(pools):
            await replay_pool(connection, guild_id, pool)
    return len(games)


async def rating_changes(
    game_id: int, pool: str, connection: BaseDBAsyncClient | None = None
) -> dict[int, tuple[int, int]]:
    """The players' shown ratings before and after the game, in ``pool``: user id -> pair
    (``connection``: the end's transaction, which stored them)."""
    rows = await RatingChange.filter(game__game_id=game_id, pool=pool).using_db(connection)
    return {
        int(r.subject): (
            display(Skill(r.mu_before, r.sigma_before)),
            display(Skill(r.mu_after, r.sigma_after)),
        )
        for r in rows
        if r.subject.isdigit()
    }


def shown(rows: Iterable[Rating]) -> dict[str, int]:
    return {r.subject: display(Skill(r.mu, r.sigma)) for r in rows}
