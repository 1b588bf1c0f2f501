"""The outbox (DESIGN.md, "Every Discord effect is an outbox row"): each Discord effect of a game
— a post, a DM, an edit, a pin, a deletion, a member's roles, a timeout, an overwrite, a thread,
the end's clean-up — is stored in the transaction of the change that causes it (:func:`enqueue`,
called by ``db.state`` and the other writers), then delivered by the delivery worker
(cogs.delivery), which claims rows with a lease (db.outbox_claims) and marks them.

- **Idempotency.** An effect with a ``key`` is stored once: a second enqueue of the same key (a
  catch-up at start, a resolution redone) adds nothing. A row's id makes its message nonce.
- **Dependencies.** ``after`` names the key of the row whose result this one needs (a post in the
  day's thread needs the thread's id): the dependent row is delivered only once its producer
  is, and its target is the producer's ``result``.
- **Order.** Rows of one game and one destination (a channel, a user's DMs, a member) are
  delivered in the order they were stored; different destinations and games never wait for
  each other (cogs.delivery.lanes).

How a service says what to do: build effects with the constructors below (:func:`post`,
:func:`dm`, :func:`member_roles`, :func:`overwrite`, :func:`thread`, :func:`post_in`, …) and pass
them to the commit (``advance_phase(..., effects=...)``) or to :func:`add`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal, cast

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.transactions import in_transaction

from db.models import GameStatus, OutboxRow
from db.rows import locked_game

__all__ = [
    "Effect",
    "Kind",
    "OutboxItem",
    "add",
    "add_in_day",
    "add_unbound",
    "ban",
    "close",
    "delete_channel",
    "delete_made",
    "delete_message",
    "dm",
    "edit",
    "edit_made",
    "enqueue",
    "finish",
    "member_roles",
    "overwrite",
    "pending",
    "pin",
    "post",
    "post_in",
    "stored",
    "stored_count",
    "thread",
    "thread_in",
    "timeout",
    "unban",
    "unoverwrite",
]

Kind = Literal[
    "post",
    "dm",
    "edit",
    "pin",
    "delete",
    "roles",
    "timeout",
    "overwrite",
    "thread",
    "finish",
    "close",
    "quick",  # the quick game's own server changes (cogs.delivery.quick_kind)
    "unoverwrite",
    "delete_channel",
    "ban",
    "unban",
    "setup",
]


@dataclass(frozen=True, slots=True)
class Effect:
    """What to do on Discord. ``target_id``: the channel (post, edit, pin, delete, overwrite,
    thread), the user (dm), the member (roles, timeout) or the guild (finish). ``key``: the
    idempotency key (None: the row's own id). ``after``: the key of the row whose result is
    this one's target (a post in a thread made by an earlier row). ``data``: the kind's other
    arguments (JSON-able: a view's spec, role ids, a name, ``meta``: a db.meta key marked with the
    result once delivered)."""

    kind: Kind
    target_id: int
    content: str = ""
    key: str | None = None
    after: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OutboxItem:
    """A stored effect, to deliver: ``id`` is its idempotency key on Discord (the nonce)."""

    id: int
    game_id: int | None  # None: an effect of no game (a moderation case's), of ``guild_id``
    effect: Effect
    attempts: int
    depends_on: int | None = None
    first_attempt_at: datetime | None = None
    next_attempt_at: datetime | None = None
    blocked: str | None = None
    lease_owner: str | None = None
    lease_until: datetime | None = None
    guild_id: int | None = None

    @property
    def nonce(self) -> str:
        return f"outbox-{self.id}"  # Discord takes nonces of up to 25 characters


# -- the constructors a service uses ------------------------------------------------------------


def post(
    channel_id: int,
    content: str,
    *,
    key: str | None = None,
    view: Mapping[str, Any] | None = None,
    meta: str | None = None,
    embed: Mapping[str, Any] | None = None,
    mention: Sequence[int] = (),
    render: str | None = None,
) -> Effect:
    """A message in a channel (``view``: its persistent components, a spec of
    cogs.delivery.views; ``embed``: an embed as ``discord.Embed.to_dict()`` gives it;
    ``mention``: the users it may ping, none else; ``render``: made at delivery instead, e.g.
    ``lobby``, the signup as it is then)."""
    data = _data(view=view, meta=meta, embed=embed, mention=list(mention) or None, render=render)
    return Effect("post", channel_id, content, key, data=data)


def post_in(
    after: str,
    content: str,
    *,
    key: str | None = None,
    part: str | None = None,
    view: Mapping[str, Any] | None = None,
    meta: str | None = None,
    mention: Sequence[int] = (),
) -> Effect:
    """A message in the channel or thread another row (key ``after``) makes; ``part``: which of
    the channels it made (a game's setup makes several: ``announcements``, ``voting``,
    ``cabinet:mafia``, … — the game's recorded channel of that kind, else its lobby's)."""
    data = _data(part=part, view=view, meta=meta, mention=list(mention) or None)
    return Effect("post", 0, content, key, after, data=data)


def dm(
    user_id: int,
    content: str,
    *,
    key: str | None = None,
    view: Mapping[str, Any] | None = None,
    meta: str | None = None,
    embed: Mapping[str, Any] | None = None,
    closed: Sequence[Effect] = (),
) -> Effect:
    """A DM; ``closed``: what to do instead when his DMs are closed (a public note to use
    ``/mafia role``), stored when the DM turns out undeliverable."""
    fallback = [_spec(e) for e in closed] or None
    return Effect("dm", user_id, content, key,
                  data=_data(view=view, meta=meta, embed=embed, closed=fallback))  # fmt: skip


def edit(
    channel_id: int,
    message_id: int,
    content: str,
    *,
    key: str | None = None,
    embed: Mapping[str, Any] | None = None,
    view: Mapping[str, Any] | None = None,
) -> Effect:
    data = _data(message=message_id, embed=embed, view=view)
    return Effect("edit", channel_id, content, key, data=data)


def edit_made(
    after: str,
    content: str,
    *,
    key: str | None = None,
    embed: Mapping[str, Any] | None = None,
    view: Mapping[str, Any] | None = None,
    render: str | None = None,
) -> Effect:
    """An edit of the message another row (key ``after``) posted (the day's tally, the lobby's
    list). ``render``: what renders its content at delivery instead (``lobby``: the signup as
    it is then, so a burst of sign-ups costs one edit, not one each)."""
    data = _data(embed=embed, view=view, render=render)
    return Effect("edit", 0, content, key, after, data=data)


def pin(channel_id: int, message_id: int, *, key: str | None = None) -> Effect:
    return Effect("pin", channel_id, "", key, data={"message": message_id})


def delete_message(channel_id: int, message_id: int, *, key: str | None = None) -> Effect:
    return Effect("delete", channel_id, "", key, data={"message": message_id})


def delete_made(after: str, *, key: str | None = None) -> Effect:
    """The deletion of the message another row (key ``after``) posted (the day's previous
    tally, once a new one is at the bottom)."""
    return Effect("delete", 0, "", key, after)


def member_roles(
    guild_id: int,
    member_id: int,
    *,
    add: Iterable[int] = (),
    remove: Iterable[int] = (),
    key: str | None = None,
    reason: str = "",
) -> Effect:
    """One member edit: ``add`` given, ``remove`` taken (a death: alive → dead)."""
    return Effect(
        "roles", member_id, "", key,
        data={"guild": guild_id, "add": sorted(add), "remove": sorted(remove), "reason": reason},
    )  # fmt: skip


def timeout(
    guild_id: int,
    member_id: int,
    until: datetime | None,
    *,
    key: str | None = None,
    reason: str = "",
    keep_longer: bool = False,
) -> Effect:
    """Time ``member_id`` out until ``until`` (None: lift it); ``keep_longer``: a timeout
    already running that ends later is left as it is (a new case never shortens a mute)."""
    when = None if until is None else until.isoformat()
    data: dict[str, Any] = {"guild": guild_id, "until": when, "reason": reason}
    if keep_longer:
        data["keep_longer"] = True
    return Effect("timeout", member_id, "", key, data=data)


def overwrite(
    channel_id: int,
    member_id: int,
    *,
    deny: int = 0,
    allow: int = 0,
    key: str | None = None,
    reason: str = "",
) -> Effect:
    """A member overwrite on a channel, merged into his current one (``deny``/``allow``: bits)."""
    return Effect("overwrite", channel_id, "", key,
                  data={"member": member_id, "allow": allow, "deny": deny, "reason": reason})  # fmt: skip


def thread_in(
    after: str, part: str, name: str, *, key: str, meta: str | None = None, reason: str = ""
) -> Effect:
    """A public thread in the channel of kind ``part`` that another row (a game's setup, key
    ``after``) makes."""
    return Effect("thread", 0, name, key, after, data=_data(part=part, meta=meta, reason=reason))


def unoverwrite(
    channel_id: int, member_id: int, *, key: str | None = None, reason: str = ""
) -> Effect:
    """``member_id``'s overwrite on a channel removed (a player who leaves a cabinet)."""
    return Effect("unoverwrite", channel_id, "", key,
                  data=_data(member=member_id, reason=reason))  # fmt: skip


def delete_channel(
    channel_id: int, *, key: str | None = None, reason: str = "", lane: str | None = None
) -> Effect:
    """A channel (or a category) deleted; one gone already is what the row wanted. ``lane``:
    deletions that keep one order (a game's channels, then its category, which must be empty)."""
    return Effect("delete_channel", channel_id, "", key, data=_data(reason=reason, lane=lane))


def ban(guild_id: int, user_id: int, *, key: str | None = None, reason: str = "") -> Effect:
    """``user_id`` banned from the server (no message deleted); read back first."""
    return Effect("ban", user_id, "", key, data=_data(guild=guild_id, reason=reason))


def unban(guild_id: int, user_id: int, *, key: str | None = None, reason: str = "") -> Effect:
    """``user_id``'s ban lifted; one not banned is what the row wanted."""
    return Effect("unban", user_id, "", key, data=_data(guild=guild_id, reason=reason))


def thread(
    channel_id: int, name: str, *, key: str, meta: str | None = None, reason: str = ""
) -> Effect:
    """A public thread in ``channel_id`` (found again by its name if it exists: no second one);
    its id is the row's result, for :func:`post_in`."""
    return Effect("thread", channel_id, name, key, data=_data(meta=meta, reason=reason))


def finish(guild_id: int, game_id: int) -> Effect:
    """The end on the server (cogs.game.finish), once: when performed, after every earlier row of
    the game, it enqueues the post-game thread and its posts, the close and the summaries."""
    return Effect("finish", guild_id, "", f"finish:{game_id}", data={"meta": f"finished:{game_id}"})


def close(guild_id: int, game_id: int) -> Effect:
    """The game's channels read-only for everyone, its roles taken back to the pool (each step
    idempotent: an overwrite edit, a role removal read back first)."""
    return Effect("close", guild_id, "", f"close:{game_id}")


def setup(guild_id: int, game_id: int, plan: Mapping[str, Any]) -> Effect:
    """A game's place on the server (cogs.game.setup): its roles from the pool, its category
    and channels with their overwrites, the host's and the players' roles — each step recorded
    as it is made, so a retry makes nothing twice. ``plan``: the names, the cabinets' members.
    The start's posts follow it with :func:`post_in` (``after=setup_key(game_id)``, ``part``)."""
    return Effect("setup", guild_id, "", setup_key(game_id), data=dict(plan))


def setup_key(game_id: int) -> str:
    return f"setup:{game_id}"


def _data(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v not in (None, "")}


def _spec(effect: Effect) -> dict[str, Any]:
    """An effect as plain JSON (a DM's fallback, stored inside its row)."""
    return {"kind": effect.kind, "target": effect.target_id, "content": effect.content,
            "key": effect.key, "after": effect.after, "data": dict(effect.data)}  # fmt: skip


def from_spec(spec: Mapping[str, Any]) -> Effect:
    return Effect(spec["kind"], int(spec["target"]), spec["content"], spec.get("key"),
                  spec.get("after"), dict(spec.get("data") or {}))  # fmt: skip


# -- storing -------------------------------------------------------------------------------------


async def enqueue(
    connection: BaseDBAsyncClient,
    game_id: int | None,
    effects: Sequence[Effect],
    *,
    guild_id: int | None = None,
) -> None:
    """Store ``effects`` inside the caller's transaction (so they exist iff its change does);
    a key already stored is skipped, a dependency is resolved to its producer's row.
    ``game_id`` None: effects of no game, of the server ``guild_id`` (moderation)."""
    made: dict[str, int] = {}
    keys = [e.key for e in effects if e.key is not None]
    known = set()
    if keys:
        rows = OutboxRow.filter(key__in=keys).using_db(connection).values_list("key", flat=True)
        known = set(cast(list[str], await rows))
    for effect in effects:
        if effect.key is not None and (effect.key in known or effect.key in made):
            continue
        if await _coalesced(connection, game_id, effect):
            continue
        depends_on = None
        if effect.after is not None:
            depends_on = made.get(effect.after) or await _row_of(connection, effect.after)
        row = await OutboxRow.create(
            game_id=game_id,
            guild_id=guild_id,
            kind=effect.kind,
            target_id=effect.target_id,
            content=effect.content,
            key=effect.key,
            payload=json.dumps(dict(effect.data), sort_keys=True) if effect.data else None,
            depends_on=depends_on,
            using_db=connection,
        )
        if effect.key is not None:
            made[effect.key] = row.id


async def _coalesced(connection: BaseDBAsyncClient, game_id: int | None, effect: Effect) -> bool:
    """An edit rendered at delivery (the lobby's list) already waiting, not yet tried, renders
    this change too: a burst of sign-ups makes one edit, not one each."""
    if effect.kind != "edit" or "render" not in effect.data or effect.after is None:
        return False
    waiting = OutboxRow.filter(
        game_id=game_id,
        kind="edit",
        delivered_at__isnull=True,
        first_attempt_at__isnull=True,
        payload__contains='"render"',
    )
    return bool(await waiting.using_db(connection).exists())  # fmt: skip


async def _row_of(connection: BaseDBAsyncClient, key: str) -> int:
    row = await OutboxRow.filter(key=key).using_db(connection).first()
    if row is None:
        raise ValueError(f"outbox: no row {key!r} to depend on")
    return row.id


async def stored(key: str) -> bool:
    """Whether an effect of that key is stored (delivered or not)."""
    return await OutboxRow.filter(key=key).exists()


async def stored_count(prefix: str) -> int:
    """How many effects are stored whose key is ``prefix`` and a number (the day's tallies:
    ``tally:7:2:0``, ``tally:7:2:1``…)."""
    keys = await OutboxRow.filter(key__startswith=prefix).values_list("key", flat=True)
    return sum(1 for k in cast(list[str], keys) if k[len(prefix) :].isdigit())


async def add(game_id: int | None, effects: Sequence[Effect]) -> None:
    """Store ``effects`` in a transaction of their own (a reminder: no state changes with it)."""
    async with in_transaction() as connection:
        await enqueue(connection, game_id, effects)


async def add_in_day(game_id: int, day: int, effects: Sequence[Effect]) -> bool:
    """Store ``effects`` only while the game is still in day ``day``, read under the game's lock
    (no resolution slips in between); False once that day is over."""
    async with in_transaction() as connection:
        row = await locked_game(game_id, connection)
        if row.status != GameStatus.RUNNING or row.phase != "day" or row.day_number != day:
            return False
        await enqueue(connection, game_id, effects)
    return True


async def add_unbound(guild_id: int, effects: Sequence[Effect]) -> None:
    """Store effects of no game (a moderation case's) in a transaction of their own."""
    async with in_transaction() as connection:
        await enqueue(connection, None, effects, guild_id=guild_id)


def item(row: OutboxRow) -> OutboxItem:
    data = json.loads(row.payload) if row.payload else {}
    effect = Effect(cast(Kind, row.kind), row.target_id, row.content, row.key, data=data)
    return OutboxItem(
        row.id, row.game_id, effect, row.attempts, row.depends_on, row.first_attempt_at,
        row.next_attempt_at, row.blocked, row.lease_owner, row.lease_until, row.guild_id,
    )  # fmt: skip


async def pending(limit: int = 1000, game_id: int | None = None) -> list[OutboxItem]:
    """Undelivered effects, oldest first (a game's posts keep their order)."""
    query = OutboxRow.filter(delivered_at__isnull=True)
    if game_id is not None:
        query = query.filter(game_id=game_id)
    return [item(r) for r in await query.order_by("id").limit(limit)]
