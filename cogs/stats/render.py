"""The statistics as Discord embeds: a player's record (``/mafia stats``) and a page of the
leaderboard (``/mafia top``), in the reader's language (locales/*/stats.ftl)."""

from __future__ import annotations

import discord

from cogs.support.embeds import EMBED_LIMITS
from db.stats import Board, PlayerStats, Tally
from locales import has_key, t

__all__ = ["GAMES", "PAGE", "PERIODS", "board_embed", "role_name", "side_name", "stats_embed"]

GAMES = ("all", "forum", "chat")
PERIODS = ("all", "month", "week")
PAGE = 10
COLOUR = discord.Colour.dark_gold()


def _first(locale: object, keys: list[str], fallback: str) -> str:
    return next((t(locale, key) for key in keys if has_key(locale, key)), fallback)


def role_name(locale: object, kind: str, role: str) -> str:
    """A role's name in its game (the quick game's roles have names of their own)."""
    if kind == "chat":  # the quick game's catalogue, else ours, else the forum's same name
        keys = [f"quick-role-{role}", f"stats-chat-role-{role}", f"role-{role}"]
    else:
        keys = [f"role-{role}"]
    return _first(locale, keys, role)


def side_name(locale: object, kind: str, side: str) -> str:
    keys = [f"faction-{side}", f"stats-chat-side-{side}"]
    return _first(locale, keys, side)


def _tally(locale: object, name: str, tally: Tally) -> str:
    return t(locale, "stats-tally", name=name, games=tally.games, wins=tally.wins)


def _percent(wins: int, games: int) -> int:
    return round(100 * wins / games) if games else 0


def _field(embed: discord.Embed, name: str, lines: list[str]) -> None:
    text = "\n".join(lines)[: EMBED_LIMITS["field_value"]]
    if text:
        embed.add_field(name=name[: EMBED_LIMITS["field_name"]], value=text, inline=False)


def _games_lines(stats: PlayerStats, locale: object) -> list[str]:
    lines = []
    for kind in GAMES:
        tally = stats.by_kind.get(kind) if kind != "all" else Tally(stats.games, stats.wins)
        shown, rated = stats.ratings.get(kind, (None, 0))
        if tally is None and not rated:
            continue
        tally = tally or Tally()
        rating = t(locale, "stats-rating", rating=shown) if shown is not None else ""
        lines.append(
            t(locale, f"stats-game-{kind}", games=tally.games, wins=tally.wins, rating=rating)
        )
    return lines


def stats_embed(user_id: int, game: str, stats: PlayerStats, locale: object) -> discord.Embed:
    """A player's record in ``game`` (all, forum or chat), with his ratings in every pool."""
    embed = discord.Embed(title=t(locale, f"stats-title-{game}"), colour=COLOUR)
    if not stats.games:
        embed.description = t(locale, "stats-none", member=f"<@{user_id}>")
        return embed
    embed.description = t(
        locale,
        "stats-summary",
        member=f"<@{user_id}>",
        games=stats.games,
        wins=stats.wins,
        percent=_percent(stats.wins, stats.games),
        survived=stats.survived,
    )
    _field(embed, t(locale, "stats-field-games"), _games_lines(stats, locale))
    sides = [_tally(locale, _side(locale, key), tally) for key, tally in stats.by_side.items()]
    _field(embed, t(locale, "stats-field-sides"), sides)
    roles = [_tally(locale, _role(locale, key), tally) for key, tally in stats.by_role.items()]
    _field(embed, t(locale, "stats-field-roles"), roles)
    had = [
        t(locale, "stats-had", name=_role(locale, key), games=count)
        for key, count in stats.roles_had.items()
    ]
    _field(embed, t(locale, "stats-field-had"), had)
    facts = [
        t(locale, key, count=count)
        for key, count in (
            ("stats-cop-hits", stats.cop_hits),
            ("stats-checks-found", stats.checks_found),
            ("stats-saves", stats.saves),
        )
        if count
    ]
    _field(embed, t(locale, "stats-field-facts"), facts)
    streak = t(
        locale,
        "stats-streak-wins" if stats.streak > 0 else "stats-streak-losses",
        count=abs(stats.streak),
    )
    best = t(locale, "stats-streak-best", count=stats.best_streak)
    _field(embed, t(locale, "stats-field-streaks"), [streak, best])
    return embed


def _role(locale: object, key: str) -> str:
    kind, _, role = key.partition(":")
    return role_name(locale, kind, role)


def _side(locale: object, key: str) -> str:
    kind, _, side = key.partition(":")
    return side_name(locale, kind, side)


def board_embed(game: str, period: str, page: int, board: Board, locale: object) -> discord.Embed:
    """One page (0-based) of the leaderboard."""
    pages = max(1, -(-board.total // PAGE))
    embed = discord.Embed(title=t(locale, f"top-title-{game}"), colour=COLOUR)
    lines = [
        t(
            locale,
            "top-line" if period == "all" else "top-line-period",
            place=page * PAGE + i,
            member=f"<@{line.user_id}>",
            rating=line.rating,
            gained=f"{line.gained:+d}",
            games=line.games,
            wins=line.wins,
        )
        for i, line in enumerate(board.lines, start=1)
    ]
    header = t(locale, f"top-period-{period}")
    body = "\n".join(lines) or t(locale, "top-empty")
    embed.description = f"{header}\n\n{body}"[: EMBED_LIMITS["description"]]
    embed.set_footer(text=t(locale, "top-page", page=page + 1, pages=pages))
    return embed
