"""The town's picture in the quick game (issue 22), drawn as the forum game's (cogs.game.town):

- the morning post (C-NIGHT-9, the night's results): the living and the dead in signup order
  with the new day's number and **no role** — the seats are built from names and life only,
  whatever the server's C-LIFE-6 setting (a role told on death stays in the post's words);
- the end's post (C-LIFE-8): the same picture with every player's last role and side.

Attached by ``cogs.game.town.post.with_town``, which leaves it out when the server turned the
picture off (``/server town-picture``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cogs.game.town.picture import Seat, Town
from cogs.game.town.post import END_PICTURE, with_town
from cogs.quick.texts import role_name
from db.outbox import Effect
from engine.chat import ChatState
from locales import t

__all__ = ["end_town", "morning_town", "with_end_town", "with_morning_town"]


def _seats(
    chat: ChatState, names: Mapping[str, str], locale: object, *, roles: bool
) -> tuple[Seat, ...]:
    seats = []
    for number, player in enumerate(chat.players, 1):  # in signup order
        status = t(locale, "town-alive" if player.alive else "town-dead")
        seat = Seat(number, names.get(player.id, player.id), status, not player.alive)
        if roles:  # the end only (C-LIFE-8)
            faction = player.faction
            side = t(locale, f"quick-side-{faction.value}")
            seat = Seat(number, seat.name, status, seat.dead,
                        f"{role_name(locale, player.role)} · {side}", faction.value)  # fmt: skip
        seats.append(seat)
    return tuple(seats)


def morning_town(chat: ChatState, names: Mapping[str, str], locale: object) -> Town:
    """The town on the morning of day ``chat.number``: names and life, nothing of a role."""
    title = t(locale, "town-title-day", number=chat.number)
    return Town(title, _seats(chat, names, locale, roles=False))


def end_town(chat: ChatState, names: Mapping[str, str], locale: object) -> Town:
    return Town(t(locale, "town-title-end"), _seats(chat, names, locale, roles=True))


async def _attach(
    guild: int, effects: Sequence[Effect], key: str, town: Town, name: str
) -> list[Effect]:
    """``effects`` with the picture on the post keyed ``key`` (unchanged if there is none)."""
    at = next((i for i, e in enumerate(effects) if e.kind == "post" and e.key == key), None)
    if at is None:
        return list(effects)
    pictured = await with_town(guild, [effects[at]], town, name)
    return [*effects[:at], *pictured, *effects[at + 1 :]]


async def with_morning_town(
    guild: int, game_id: int, resolved_round: int, chat: ChatState, names: Mapping[str, str],
    locale: object, effects: Sequence[Effect],
) -> list[Effect]:  # fmt: skip
    """The night's results (the post of round ``resolved_round``) with the morning's town."""
    key = f"quick:{game_id}:r{resolved_round}:result"
    town = morning_town(chat, names, locale)
    return await _attach(guild, effects, key, town, f"town-day-{chat.number}.png")


async def with_end_town(
    guild: int, game_id: int, chat: ChatState, names: Mapping[str, str], locale: object,
    effects: Sequence[Effect],
) -> list[Effect]:  # fmt: skip
    """The end's post (every role, C-LIFE-8) with the town and its roles."""
    town = end_town(chat, names, locale)
    return await _attach(guild, effects, f"quick:{game_id}:end", town, END_PICTURE)
