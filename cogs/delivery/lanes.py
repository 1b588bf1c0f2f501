"""Which outbox rows may be delivered now (issue 17: "rows delivered per game in order, games
independently").

Order matters per **destination**: a channel's posts appear in the order they were stored, a
player's DMs too (a night's result before the next prompt), a member's role edits likewise. So
a game's rows fall into lanes — one per channel, per user's DMs, per member, per member overwrite
of a channel, one per producing row for the rows that depend on it — and only the oldest
undelivered row of a lane is ready. A lane waiting for a retry or a fix holds back its own rows
only: the rest of the resolution goes out at once, and other games never wait. The end's
clean-up (``finish``) is a barrier: it waits until every earlier row of its game is through (the
reveal is posted before the channels close).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from db.outbox import OutboxItem

__all__ = ["lane", "next_wake", "owner_of", "ready"]


def lane(item: OutboxItem) -> str:
    effect = item.effect
    if effect.data.get("lane"):  # rows that named their order themselves
        return f"lane:{effect.data['lane']}"
    if item.depends_on is not None:
        part = effect.data.get("part")  # the setup's channels: one lane each
        return f"after:{item.depends_on}" + (f":{part}" if part else "")
    if effect.kind in ("post", "edit", "pin", "delete"):
        return f"channel:{effect.target_id}"
    if effect.kind in ("overwrite", "unoverwrite"):
        return f"overwrite:{effect.target_id}:{effect.data.get('member')}"
    if effect.kind in ("roles", "timeout", "ban", "unban"):
        return f"member:{effect.target_id}"
    if effect.kind == "dm" and item.game_id is None:
        # A case's DM goes before its ban (after the ban the bot shares no server with him).
        return f"member:{effect.target_id}"
    return f"{effect.kind}:{effect.target_id}"


def owner_of(item: OutboxItem) -> int:
    """The game whose rows keep one order (a row of no game: its server's, negated)."""
    return item.game_id if item.game_id is not None else -(item.guild_id or 0)


def _free(item: OutboxItem, now: datetime, owner: str) -> bool:
    if item.blocked is not None:
        return False
    if item.next_attempt_at is not None and item.next_attempt_at > now:
        return False
    leased = item.lease_until is not None and item.lease_until >= now
    return not leased or item.lease_owner == owner


def ready(items: Sequence[OutboxItem], now: datetime, owner: str) -> list[OutboxItem]:
    """The rows to deliver now, of all games (``items``: every undelivered row, oldest first)."""
    undelivered = {i.id for i in items}
    seen: set[tuple[int, str]] = set()
    oldest: dict[int, int] = {}
    out = []
    for item in items:
        owner_id = owner_of(item)
        oldest.setdefault(owner_id, item.id)
        key = (owner_id, lane(item))
        if key in seen:
            continue
        seen.add(key)
        if item.depends_on is not None and item.depends_on in undelivered:
            continue
        if item.effect.kind == "finish" and oldest[owner_id] != item.id:
            continue
        if _free(item, now, owner):
            out.append(item)
    return out


def next_wake(items: Sequence[OutboxItem], now: datetime) -> datetime | None:
    """When a row that is not ready now may become so (a retry's time, a lease's end)."""
    times = [
        moment
        for item in items
        if item.blocked is None
        for moment in (item.next_attempt_at, item.lease_until)
        if moment is not None and moment > now
    ]
    return min(times, default=None)
