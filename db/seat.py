"""A seat changing hands (issue 12, ``/host replace``): every stored trace of a player's
engine id — the state, his choices and votes (as actor and as target), the event log, his
signup row, the dealt card and his counters — renamed to the substitute's, in one transaction
under the game's version guard, with the replacement's own events and posts.

Engine ids are Discord user ids as strings (17–20 digits), so a stored JSON value equal to the
old id is that player and nothing else; :func:`renamed` relies on it.

The draw's proof (R-LIFE-3) was committed over the players as they were dealt: the first
replacement keeps that list under ``roles["drawn"]`` so the proof after the game still
recomputes the published commitment.

Discord's side of the move (the game's roles, the cabinet's overwrite, the substitute's card)
is outbox rows stored in the same transaction (cogs.game.host_replace.seat_effects). An older
bot recorded the move as pending instead and did it after the commit: :func:`pending_moves` still
reads those records, so the start enqueues what such a move left undone. The game's DMs still
waiting in the outbox for the old member are the seat's, so they go to the substitute
(readdressed in the same transaction).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from db.errors import AlreadySignedUp, NotRunning, StaleVersion
from db.events import append_events
from db.models import (
    BotMeta,
    Game,
    GameChoice,
    GameEvent,
    GamePlayer,
    GameStatus,
    GameVote,
    OutboxRow,
)
from db.outbox import Effect, enqueue
from db.rows import locked_game, now
from engine import Event, GameState, Phase

__all__ = ["SeatMove", "mark_carded", "move_done", "move_seat", "pending_moves", "renamed"]

_MOVE = "seat-move:"  # db.meta key: seat-move:<game>:<old>:<new>, value pending | carded
PENDING, CARDED = "pending", "carded"


@dataclass(frozen=True, slots=True)
class SeatMove:
    """A replacement whose Discord side is not known to be done."""

    game_id: int
    old: int
    new: int
    carded: bool = False  # the substitute's role card went out

    @property
    def key(self) -> str:
        return f"{_MOVE}{self.game_id}:{self.old}:{self.new}"


async def pending_moves() -> list[SeatMove]:
    """Replacements whose Discord side is still to finish, oldest first."""
    rows = await BotMeta.filter(key__startswith=_MOVE).order_by("updated_at", "key")
    moves = []
    for row in rows:
        game_id, old, new = row.key[len(_MOVE) :].split(":")
        moves.append(SeatMove(int(game_id), int(old), int(new), row.value == CARDED))
    return moves


async def mark_carded(move: SeatMove) -> None:
    await BotMeta.filter(key=move.key).update(value=CARDED)


async def move_done(move: SeatMove) -> None:
    await BotMeta.filter(key=move.key).delete()


def renamed(value: Any, old: str, new: str) -> Any:
    """``value`` (JSON data) with every string equal to ``old`` — a value or a key — as ``new``."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    if isinstance(value, dict):
        return {(new if k == old else k): renamed(v, old, new) for k, v in value.items()}
    return value


async def move_seat(
    game_id: int,
    expected_version: int,
    old: str,
    new: str,
    state: GameState,
    events: Sequence[Event],
    effects: Sequence[Effect],
    drawn: Sequence[str],
) -> int:
    """Store ``state`` (the game's, already renamed) and rename ``old`` to ``new`` everywhere,
    then append ``events`` and queue ``effects``; returns the new version. ``drawn``: the
    players in signup order as the draw saw them (kept once, at the first replacement).

    Raises :class:`StaleVersion` if the game changed since ``expected_version`` (nothing is
    stored), :class:`NotRunning`, :class:`AlreadySignedUp` if ``new`` has a seat already."""
    async with in_transaction() as connection:
        row = await locked_game(game_id, connection)
        if row.status != GameStatus.RUNNING:
            raise NotRunning(game_id)
        if row.version != expected_version:
            raise StaleVersion(game_id, f"expected version {expected_version}, is {row.version}")
        seats = GamePlayer.filter(game_id=game_id).using_db(connection)
        if await seats.filter(user_id=int(new)).exists():
            raise AlreadySignedUp(game_id, new)
        await (
            Game.filter(id=game_id)
            .using_db(connection)
            .update(
                state=state.to_json(),
                roles=_renamed_roles(row, old, new, drawn),
                version=F("version") + 1,
                updated_at=now(),
            )
        )
        await _rename_rows(connection, game_id, old, new)
        # the seat's language is the substitute's own, once he uses a command (issue 19)
        await seats.filter(user_id=int(old)).update(user_id=int(new), locale=None)
        await _move_counters(connection, game_id, old, new)
        # Discord's side is in ``effects`` (outbox rows): nothing left pending after the commit.
        await _readdress_dms(connection, game_id, old, new)
        version = expected_version + 1
        await append_events(
            connection, game_id, version, events, Phase(row.phase or "day"), row.day_number
        )
        await enqueue(connection, game_id, effects)
    return version


def _renamed_roles(row: Game, old: str, new: str, drawn: Sequence[str]) -> Any:
    """The game's ``roles`` with the players as drawn kept (R-LIFE-3) and the dealt card renamed."""
    roles = dict(row.roles or {})
    if "roles" in roles:
        roles.setdefault("drawn", list(drawn))
    if "dealt" in roles:
        roles["dealt"] = renamed(roles["dealt"], old, new)
    return roles or row.roles


async def _rename_rows(connection: BaseDBAsyncClient, game_id: int, old: str, new: str) -> None:
    """The seat's choices and votes (as actor and as target) and the event log's mentions."""
    for model, columns in ((GameChoice, ("actor", "target")), (GameVote, ("voter", "target"))):
        for column in columns:
            await (
                model.filter(game_id=game_id, **{column: old})
                .using_db(connection)
                .update(**{column: new})
            )
    for event in await GameEvent.filter(game_id=game_id).using_db(connection):
        if old in json.dumps(event.data):  # the rest are not touched
            event.data = renamed(event.data, old, new)
            await event.save(using_db=connection, update_fields=["data"])


async def _move_counters(connection: BaseDBAsyncClient, game_id: int, old: str, new: str) -> None:
    """The seat's counters (its posts today, R-SANCT-3) go with it."""
    counters = BotMeta.filter(key__startswith=f"posts:{game_id}:").using_db(connection)
    for counter in await counters:
        if counter.key.endswith(f":{old}"):
            key = counter.key[: -len(old)] + new
            await BotMeta.filter(key=key).using_db(connection).delete()
            await BotMeta.filter(key=counter.key).using_db(connection).update(key=key)


async def _readdress_dms(connection: BaseDBAsyncClient, game_id: int, old: str, new: str) -> None:
    """What the game still has to tell the seat by DM goes to its new holder, under keys that
    name him (his phase's prompt: the substitute's is then not enqueued a second time)."""
    waiting = OutboxRow.filter(
        game_id=game_id, kind="dm", target_id=int(old), delivered_at__isnull=True
    ).using_db(connection)
    for effect in await waiting.filter(key__endswith=f":{old}"):
        readdressed = str(effect.key)[: -len(old)] + new
        await OutboxRow.filter(id=effect.id).using_db(connection).update(key=readdressed)
    await waiting.update(target_id=int(new))
