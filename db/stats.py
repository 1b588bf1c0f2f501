"""Statistics per server, read from the counted games (db.stats_models): a player's record, and
the leaderboard (issue 22). Plain values out; the cogs render them.

``game`` is ``forum``, ``chat`` or ``all`` (both); only finished games are counted (a game its
host ended never is). Streaks run over the player's games on the server in the order they ended.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from db.rating_model import NEW_PLAYER, Skill, display
from db.ratings import ALL, kinds_in
from db.stats_models import GameSeat, Rating, RatingChange

__all__ = ["Board", "BoardLine", "PlayerStats", "Tally", "board", "player_stats"]


@dataclass(frozen=True, slots=True)
class Tally:
    games: int = 0
    wins: int = 0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    games: int
    wins: int
    survived: int
    by_kind: dict[str, Tally]
    # Keyed "kind:code" (the two games' roles are not the same roles).
    by_side: dict[str, Tally]
    by_role: dict[str, Tally]  # the card dealt
    roles_had: dict[str, int]  # every role he had, once per game
    cop_hits: int
    checks_found: int
    saves: int
    streak: int  # > 0: wins in a row now; < 0: losses in a row now
    best_streak: int
    ratings: dict[str, tuple[int, int]] = field(default_factory=dict)  # pool -> (shown, games)


def _tallies(pairs: list[tuple[str, bool]]) -> dict[str, Tally]:
    games, wins = Counter(k for k, _ in pairs), Counter(k for k, won in pairs if won)
    return {k: Tally(games[k], wins[k]) for k in sorted(games, key=lambda k: (-games[k], k))}


def _streaks(results: list[bool]) -> tuple[int, int]:
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    current = 0
    for won in reversed(results):
        if current == 0:
            current = 1 if won else -1
        elif (current > 0) == won:
            current += 1 if won else -1
        else:
            break
    return current, best


async def player_stats(guild_id: int, user_id: int, game: str = ALL) -> PlayerStats:
    """The player's record on the server in ``game`` (his rating in every pool beside)."""
    seats = await GameSeat.filter(
        guild_id=guild_id, user_id=user_id, kind__in=kinds_in(game)
    ).order_by("ended_at", "game_id")
    roles_had: Counter[str] = Counter()
    for seat in seats:
        roles_had.update(f"{seat.kind}:{role}" for role in set(seat.roles.split(",")) - {""})
    current, best = _streaks([s.won for s in seats])
    ratings = await Rating.filter(guild_id=guild_id, subject=str(user_id))
    return PlayerStats(
        games=len(seats),
        wins=sum(s.won for s in seats),
        survived=sum(s.survived for s in seats),
        by_kind=_tallies([(s.kind, s.won) for s in seats]),
        by_side=_tallies([(f"{s.kind}:{s.side}", s.won) for s in seats]),
        by_role=_tallies([(f"{s.kind}:{s.dealt_role}", s.won) for s in seats]),
        roles_had=dict(roles_had.most_common()),
        cop_hits=sum(s.cop_hits for s in seats),
        checks_found=sum(s.checks_found for s in seats),
        saves=sum(s.saves for s in seats),
        streak=current,
        best_streak=best,
        ratings={r.pool: (display(Skill(r.mu, r.sigma)), r.games) for r in ratings},
    )


@dataclass(frozen=True, slots=True)
class BoardLine:
    user_id: int
    rating: int
    gained: int  # in the period (the whole history: the rating less a new player's)
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class Board:
    lines: list[BoardLine]
    total: int


async def board(guild_id: int, game: str, since: datetime | None, offset: int, limit: int) -> Board:
    """The leaderboard of ``game``'s pool: by rating over the whole history (``since`` None),
    by the rating gained since ``since`` otherwise; the players who played in it."""
    seats = GameSeat.filter(guild_id=guild_id, kind__in=kinds_in(game))
    if since is not None:
        seats = seats.filter(ended_at__gte=since)
    played: Counter[int] = Counter()
    won: Counter[int] = Counter()
    for user_id, victory in await seats.values_list("user_id", "won"):
        played[int(user_id)] += 1
        won[int(user_id)] += int(bool(victory))
    ratings = {
        int(r.subject): display(Skill(r.mu, r.sigma))
        for r in await Rating.filter(guild_id=guild_id, pool=game)
        if r.subject.isdigit()
    }
    gained: Counter[int] = Counter()
    if since is not None:
        changes = RatingChange.filter(guild_id=guild_id, pool=game, ended_at__gte=since)
        for c in await changes:
            if c.subject.isdigit():
                after = display(Skill(c.mu_after, c.sigma_after))
                gained[int(c.subject)] += after - display(Skill(c.mu_before, c.sigma_before))
    start = display(NEW_PLAYER)
    lines = [
        BoardLine(
            uid,
            ratings.get(uid, start),
            gained[uid] if since is not None else ratings.get(uid, start) - start,
            played[uid],
            won[uid],
        )
        for uid in played
    ]
    if since is None:
        lines.sort(key=lambda line: (-line.rating, -line.wins, line.user_id))
    else:
        lines.sort(key=lambda line: (-line.gained, -line.rating, line.user_id))
    return Board(lines[offset : offset + limit], len(lines))
