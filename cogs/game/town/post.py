"""The town's picture attached to a game's posts (issue 22), as outbox rows (db.outbox_files):

- the morning post (the results of a night, cogs.game.results): the living and the dead in
  signup order, the new day's number, **no role** — the seats are built from names and life
  only, so neither a word nor a colour can tell a role before the end (DESIGN.md);
- the reveal at the end (by the rules or by the host): the same picture with every role and its
  side's colour (R-LIFE-6).

A server may turn it off (``/server town-picture``, db.guild_settings); on by default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cogs.game.town.picture import Seat, Town
from db.guild_settings import get_settings
from db.outbox import Effect
from db.outbox_files import FileSpec
from engine import GameState
from locales import t

__all__ = ["END_PICTURE", "end_town", "morning_town", "town_file", "with_town"]

END_PICTURE = "town-end.png"


def _seats(state: GameState, locale: object, *, roles: bool) -> tuple[Seat, ...]:
    seats = []
    for player in sorted(state.players, key=lambda p: p.order):
        status = t(locale, "town-alive" if player.alive else "town-dead")
        seat = Seat(player.order + 1, player.name or player.id, status, not player.alive)
        if roles:  # the end only (R-LIFE-6)
            role = t(locale, f"role-{player.role}")
            side = t(locale, f"faction-{player.faction}")
            seat = Seat(seat.number, seat.name, status, seat.dead, f"{role} · {side}",
                        str(player.faction))  # fmt: skip
        seats.append(seat)
    return tuple(seats)


def morning_town(state: GameState, locale: object) -> Town:
    """The town on the morning of day ``state.number``: names and life, nothing of a role."""
    title = t(locale, "town-title-day", number=state.number)
    return Town(title, _seats(state, locale, roles=False))


def end_town(state: GameState, locale: object) -> Town:
    """The town at the end: the same seats with each one's last role and side."""
    return Town(t(locale, "town-title-end"), _seats(state, locale, roles=True))


def town_file(town: Town, name: str) -> FileSpec:
    return {"name": name, "town": town.to_json()}


async def with_town(guild_id: int, posts: Sequence[Effect], town: Town, name: str) -> list[Effect]:
    """``posts`` with the picture attached to the last one (the post the town is about), unless
    the server turned the picture off."""
    if not posts or not (await get_settings(guild_id)).town_picture:
        return list(posts)
    last = posts[-1]  # its target, key and other data kept: only the file is added
    pictured = replace(last, data={**last.data, "files": [town_file(town, name)]})
    return [*posts[:-1], pictured]
