"""The game's event log: append-only, in the engine's order, each event stored whole with what
of it the public may see (decided when it is stored, by ``engine.public_view``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from tortoise.backends.base.client import BaseDBAsyncClient

from db.models import GameEvent
from db.quick import MODE as QUICK
from db.records import LoggedEvent
from engine import Event, Phase, public_view
from engine.chat.events import public_view as chat_public_view
from engine.events import event_from_dict, event_to_dict

__all__ = ["PUBLIC_VIEW_KEY", "append_events", "event_log"]

#: The key under which an event's row keeps its public view when that differs from the event
#: itself (engine.public_view strips what would reveal a role); the event's own fields never use it.
PUBLIC_VIEW_KEY: Final = "public_view"
#: The key under which a row keeps the phase that produced the event ("night 2"), so that the
#: log after the game can say when each thing happened (rows stored before it have none).
PRODUCED_IN_KEY: Final = "produced_in"


def _view(event: Any, phase: Phase, mode: str) -> Any:
    """What of an event the public may see: the quick chat game's by its own rule (its vote
    taken as secret: no voter is public in its log, whatever the server's setting)."""
    if mode == QUICK:
        return chat_public_view(event, True)
    return public_view(event, phase)


def _event_row(
    game_id: int, seq: int, version: int, event: Event, phase: Phase, number: int | None,
    mode: str = "",
) -> GameEvent:  # fmt: skip
    """The row of one event: the whole event, and what of it the public may see (decided now,
    while the phase that produced it is known; a row with ``public`` false has no public view)."""
    data = event_to_dict(event)
    view = _view(event, phase, mode)
    if view is not None and view != event:
        data[PUBLIC_VIEW_KEY] = event_to_dict(view)
    if number is not None:
        data[PRODUCED_IN_KEY] = f"{phase} {number}"
    return GameEvent(game_id=game_id, seq=seq, version=version, data=data, public=view is not None)


async def append_events(
    connection: BaseDBAsyncClient,
    game_id: int,
    version: int,
    events: Iterable[Event],
    phase: Phase,
    number: int | None = None,
    *,
    mode: str = "",
) -> None:
    """Append after the game's last event. Called with the game's row locked or just updated,
    so no other transaction appends to this game meanwhile. ``phase`` (``number``) produced
    the events; ``mode``: the game's (the quick game's events are the chat engine's)."""
    previous = await GameEvent.filter(game_id=game_id).using_db(connection).order_by("-seq").first()
    last = 0 if previous is None else previous.seq
    batch = [
        _event_row(game_id, last + i, version, event, phase, number, mode)
        for i, event in enumerate(events, start=1)
    ]
    if batch:
        await GameEvent.bulk_create(batch, using_db=connection)


async def event_log(
    game_id: int, *, public_only: bool = False, after_seq: int = 0
) -> list[LoggedEvent]:
    """The game's events in order (those after ``after_seq``). With ``public_only`` only the
    public ones, each as its public view (``engine.public_view``): safe for a public channel."""
    query = GameEvent.filter(game_id=game_id, seq__gt=after_seq)
    if public_only:
        query = query.filter(public=True)
    logged = []
    for row in await query.order_by("seq"):
        data = dict(row.data)
        view = data.pop(PUBLIC_VIEW_KEY, None)
        produced_in = data.pop(PRODUCED_IN_KEY, None)
        event = event_from_dict(view if public_only and view is not None else data)
        logged.append(LoggedEvent(row.seq, row.version, row.public, event, produced_in))
    return logged
