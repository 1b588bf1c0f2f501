"""The quick chat game's rows (CHAT-GAME.md): a server's settings for it, the registration's
countdown, and the deadlines its scheduler waits for.

A quick game is a ``Game`` row of mode ``chat``: its players are the signup's ``GamePlayer``
rows, its state column holds the quick game's state (cogs.quick.model: the engine's
``ChatState`` with the stage of the day and what was chosen in it), and its phase's end is the
row's deadline column (``choices_close_at`` at night, ``votes_close_at`` by day) as for the
forum game, so the claim of db.claims and the version guard of db.state apply unchanged. The
registration's end (C-LIFE-1) is kept in ``choices_close_at`` while the game is in signup (no
forum column is used then). The settings are one JSON value per server in ``bot_meta``
(``quick:settings:<guild>``): no migration, read whole, validated by cogs.quick.settings.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from tortoise.transactions import in_transaction

from db.lobby import create_seat, valid_name
from db.meta import get_meta, set_meta
from db.models import Game, GameStatus, OutboxRow
from db.outbox import Effect, enqueue
from db.records import GameInfo, PendingDeadline
from db.rows import game_info

__all__ = [
    "MODE",
    "channel_posts",
    "closed_dms",
    "game_seed",
    "is_quick",
    "open_registration",
    "pending_quick",
    "quick_settings",
    "registration_ends",
    "set_quick_settings",
]

MODE = "chat"


def _key(guild_id: int) -> str:
    return f"quick:settings:{guild_id}"


async def quick_settings(guild_id: int) -> dict[str, Any]:
    """The server's stored settings for the quick game (``{}``: all defaults)."""
    stored = await get_meta(_key(guild_id))
    return {} if stored is None else dict(json.loads(stored))


async def set_quick_settings(guild_id: int, values: dict[str, Any]) -> None:
    await set_meta(_key(guild_id), json.dumps(values, sort_keys=True))


async def open_registration(
    guild_id: int, channel_id: int, user_id: int, name: str, locale: str | None,
    ends_at: datetime, effects: Callable[[int], Sequence[Effect]],
) -> GameInfo:  # fmt: skip
    """A quick game's registration (C-LIFE-1) in one transaction: the game in signup in
    ``channel_id``, its countdown to ``ends_at``, its opener ``user_id`` signed up first as
    ``name`` (a valid character name; ``locale``: his client's, for his DMs) and
    ``effects(game_id)`` (the registration post, his hello DM). A failure or a crash midway
    leaves nothing: no game without its post or its end, no opener held in a game nobody sees."""
    async with in_transaction() as connection:
        row = await Game.create(
            guild_id=guild_id, host_id=user_id, mode=MODE, channel_id=channel_id,
            choices_close_at=ends_at, using_db=connection,
        )  # fmt: skip
        named = valid_name(row.id, name)  # BadName: nothing stored
        await create_seat(connection, row.id, user_id, 0, named, locale)
        await enqueue(connection, row.id, effects(row.id))
    return game_info(row)


async def registration_ends(game_id: int) -> datetime | None:
    row = await Game.filter(id=game_id).values_list("choices_close_at", flat=True)
    return row[0] if row else None  # type: ignore[return-value]


async def is_quick(game_id: int) -> bool:
    return await Game.filter(id=game_id, mode=MODE).exists()


async def pending_quick() -> list[PendingDeadline]:
    """Every quick game's next end, earliest first: a registration's countdown (phase
    ``signup``), a running game's stage (its deadline column). Indexed columns only."""
    rows = await Game.filter(
        mode=MODE, status__in=[GameStatus.SIGNUP, GameStatus.RUNNING]
    ).values_list("id", "version", "status", "phase", "day_number", "votes_close_at",
                  "choices_close_at")  # fmt: skip
    pending = []
    for game_id, version, status, phase, number, votes, choices in rows:
        if status == GameStatus.SIGNUP:
            closes, phase, number = choices, "signup", 0
        else:
            closes = votes if phase == "day" else choices
        if closes is not None:
            pending.append(PendingDeadline(game_id, version, str(phase), number, closes))
    return sorted(pending, key=lambda p: (p.closes_at, p.game_id))


async def game_seed(game_id: int) -> str:
    """The draw's seed (hex), for the end's post (C-LIFE-8: revealed at the end)."""
    rows = await Game.filter(id=game_id).values_list("seed", flat=True)
    return str(rows[0]) if rows and rows[0] else ""


async def channel_posts(game_id: int, channel_id: int) -> list[str]:
    """The texts of the game's posts in its channel so far, in order (the end's log: all of
    them public, C-LIFE-8), each as its last stored edit left it (the registration's: the list
    and "the game has started", not the opener alone and a countdown)."""
    rows = OutboxRow.filter(game_id=game_id, kind="post", target_id=channel_id).order_by("id")
    posts: list[tuple[int, str]] = list(await rows.values_list("id", "content"))
    edits = OutboxRow.filter(game_id=game_id, kind="edit", depends_on__in=[i for i, _ in posts])
    last = {}  # an edit rendered at delivery stores no content: the one before it stands
    for post_id, content in await edits.order_by("id").values_list("depends_on", "content"):
        if content:
            last[post_id] = content
    return [str(last.get(post_id, content)) for post_id, content in posts]


async def closed_dms(game_id: int) -> list[int]:
    """The players whose signup DM could not be delivered (closed DMs: the delivery gave the
    row up, ``result`` empty), for the start post (C-LIFE-3)."""
    rows = OutboxRow.filter(game_id=game_id, kind="dm", key__startswith=f"quick:{game_id}:hello:",
                            delivered_at__isnull=False, result__isnull=True)  # fmt: skip
    found: list[Any] = list(await rows.values_list("target_id", flat=True))
    return sorted(int(uid) for uid in found)
