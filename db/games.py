"""Repository of games: signup, choices, votes, the engine state and the event log.

The only code that queries the game tables. Callers get and give plain values (ints, strings,
engine ``Choice`` / ``Event`` / ``GameState``), never model objects. Every function that writes
has committed when it returns, so a command may be answered "accepted" right after it
(DESIGN.md: nothing accepted is lost by a crash or a restart).

Concurrency. Each write runs in one transaction that first locks the game's row (``SELECT …
FOR UPDATE`` on PostgreSQL; SQLite has one writer at a time anyway), so signups, choices and
votes of one game are serialised with each other and with the game's changes of state.
:func:`advance_phase` is the one way to change a running game's state: a conditional ``UPDATE
… WHERE phase_number = expected``, so of two workers (or a restarted bot and a late deadline)
resolving the same phase, exactly one wins; the other gets :class:`StalePhase` and nothing of
its work is stored. Recording a choice or a vote bumps ``phase_number`` too: a resolver that read
the choices before a late one was committed loses the guard, re-reads and resolves again, so a
choice answered "accepted" is never left out of its phase's resolution (nothing accepted is lost).

Refusals are :class:`GameError` subclasses with a stable ``code`` (a message key for the
translator), e.g. ``name_taken``, ``already_voted``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar, Final

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from db.models import Game, GameChoice, GameEvent, GamePlayer, GameStatus, GameVote
from db.unset import UNSET, Unset
from engine import Choice, Event, GameState, Gun, Phase, Verb, public_view
from engine.events import (
    event_from_dict,
    event_to_dict,
)

__all__ = [
    "MAX_NAME_LENGTH",
    "PUBLIC_VIEW_KEY",
    "UNSET",
    "AlreadySignedUp",
    "AlreadyVoted",
    "BadName",
    "Deadline",
    "GameError",
    "GameInfo",
    "GameNotFound",
    "GameStatus",
    "LoggedEvent",
    "NameTaken",
    "NotRunning",
    "NotSignedUp",
    "PhaseClosed",
    "PlayerInfo",
    "SeedSecret",
    "SignupClosed",
    "StalePhase",
    "StoredState",
    "add_player",
    "advance_phase",
    "cancel_game",
    "choices_for_phase",
    "create_game",
    "event_log",
    "games_in_guild",
    "get_game",
    "load_state",
    "name_key",
    "pending_deadlines",
    "players",
    "record_choice",
    "record_vote",
    "remove_player",
    "reveal_seed",
    "set_channels",
    "start_game",
    "votes_for_day",
]

MAX_NAME_LENGTH: Final = 32  # Discord's nickname limit: the name may become the nickname


# --- refusals ------------------------------------------------------------------------------


class GameError(Exception):
    """A refused operation on a game. ``code`` is stable: the translator's message key."""

    code: ClassVar[str] = "game_error"

    def __init__(self, game_id: int, detail: str = "") -> None:
        super().__init__(f"{self.code}: game {game_id}" + (f": {detail}" if detail else ""))
        self.game_id = game_id


class GameNotFound(GameError):
    code = "game_not_found"


class SignupClosed(GameError):
    """Signing up or leaving once the game started (or ended)."""

    code = "signup_closed"


class NotRunning(GameError):
    """The game is not running (still in signup, or over)."""

    code = "game_not_running"


class AlreadySignedUp(GameError):
    code = "already_signed_up"


class NotSignedUp(GameError):
    code = "not_signed_up"


class NameTaken(GameError):
    """The name is another player's, or confusable with it (R-LIFE-1). ``taken_by`` is the
    name it collides with."""

    code = "name_taken"

    def __init__(self, game_id: int, taken_by: str) -> None:
        super().__init__(game_id, f"confusable with {taken_by!r}")
        self.taken_by = taken_by


class BadName(GameError):
    """Empty, too long, without a letter, or with control characters."""

    code = "bad_name"


class AlreadyVoted(GameError):
    """A vote cannot be changed (R-VOTE-2)."""

    code = "already_voted"


class PhaseClosed(GameError):
    """A choice or vote for a phase that is not the game's current one (it ended)."""

    code = "phase_closed"


class StalePhase(GameError):
    """advance_phase lost the race: the game changed since the expected version (another
    resolution, a host override, or a choice or vote recorded meanwhile): load and try again."""

    code = "phase_already_advanced"


class SeedSecret(GameError):
    """The draw's seed is revealed only once the game is over (R-LIFE-3)."""

    code = "seed_secret"


# --- plain values --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What anyone may see of a game: no state, no seed."""

    id: int
    guild_id: int
    host_id: int
    mode: str
    status: GameStatus
    category_id: int | None
    channel_id: int | None
    phase: str | None
    day_number: int
    phase_number: int
    schedule: Any
    deadline_at: datetime | None
    commitment: str | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    user_id: int
    signup_order: int  # 0-based, as the engine's Player.order
    name: str


@dataclass(frozen=True, slots=True)
class StoredState:
    """A game's engine state with the version to pass to :func:`advance_phase`."""

    game_id: int
    status: GameStatus
    phase_number: int
    phase: str | None
    day_number: int
    state_json: str | None

    def game_state(self) -> GameState:
        if self.state_json is None:
            raise NotRunning(self.game_id, "no state before the game starts")
        return GameState.from_json(self.state_json)


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    seq: int  # 1, 2, 3, … per game, in the order the engine returned them
    phase_number: int  # the game's version the change that produced it led to
    public: bool
    event: Event  # the whole event; its public view when read with ``public_only``


@dataclass(frozen=True, slots=True)
class Deadline:
    game_id: int
    phase_number: int
    deadline_at: datetime


#: The key under which an event's row keeps its public view when that differs from the event
#: itself (engine.public_view strips what would reveal a role); the event's own fields never use it.
PUBLIC_VIEW_KEY: Final = "public_view"


# --- names (R-LIFE-1) ----------------------------------------------------------------------

# Letters that look alike across the Latin and Cyrillic alphabets, and digits that pass for
# letters, folded to one representative (after case folding and removing accents).
_LOOKALIKES: Final = str.maketrans(
    {
        "a": "а",
        "b": "в",
        "c": "с",
        "e": "е",
        "h": "н",
        "k": "к",
        "m": "м",
        "o": "о",
        "0": "о",
        "p": "р",
        "t": "т",
        "x": "х",
        "y": "у",
        "u": "и",
        "3": "з",
        "6": "б",
        "l": "i",
        "1": "i",
        "і": "i",
        "ї": "i",
        "ı": "i",
        "ӏ": "i",
        "|": "i",
        "ё": "е",
        "й": "и",
        "ъ": "ь",
    }
)
_RUNS: Final = re.compile(r"([^\W\d_])\1+")


def name_key(name: str) -> str:
    """``name`` folded so that names a reader could confuse get the same key: case, accents,
    spaces and punctuation ignored, doubled letters counted once, Latin / Cyrillic / digit
    lookalikes merged ("Дон Корлеоне", "дон-корлеоне", "ДOН KOPЛЕОНЕ" and "Доннн Корлеоне" collide)."""
    text = unicodedata.normalize("NFKD", name).casefold()
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = "".join(c for c in unicodedata.normalize("NFC", text) if c.isalnum() or c == "|")
    # Doubled letters count once (digits do: 007 is not 07); then the lookalikes are merged.
    return _RUNS.sub(r"\1", text).translate(_LOOKALIKES)


def _clean_name(game_id: int, name: str) -> tuple[str, str]:
    clean = " ".join(name.split())
    if not 0 < len(clean) <= MAX_NAME_LENGTH:
        raise BadName(game_id, f"1..{MAX_NAME_LENGTH} characters")
    if any(unicodedata.category(c).startswith("C") for c in clean):
        raise BadName(game_id, "control or invisible characters")
    if not any(c.isalpha() for c in clean):
        raise BadName(game_id, "no letter")
    return clean, name_key(clean)


# --- helpers -------------------------------------------------------------------------------


def _info(row: Game) -> GameInfo:
    return GameInfo(
        id=row.id,
        guild_id=row.guild_id,
        host_id=row.host_id,
        mode=row.mode,
        status=GameStatus(row.status),
        category_id=row.category_id,
        channel_id=row.channel_id,
        phase=row.phase,
        day_number=row.day_number,
        phase_number=row.phase_number,
        schedule=row.schedule,
        deadline_at=row.deadline_at,
        commitment=row.commitment,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


async def _locked(game_id: int, connection: BaseDBAsyncClient) -> Game:
    """The game's row, locked until the end of ``connection``'s transaction (PostgreSQL)."""
    row = await Game.filter(id=game_id).select_for_update().using_db(connection).get_or_none()
    if row is None:
        raise GameNotFound(game_id)
    return row


def _state_text(state: GameState | str) -> tuple[str, str, int]:
    """The state as JSON text, with its phase and number."""
    text = state.to_json() if isinstance(state, GameState) else state
    data = json.loads(text)
    return text, str(data["phase"]), int(data["number"])


def _event_row(game_id: int, seq: int, phase_number: int, event: Event, phase: Phase) -> GameEvent:
    """The row of one event: the whole event, and what of it the public may see (decided now,
    while the phase that produced it is known; a row with ``public`` false has no public view)."""
    data = event_to_dict(event)
    view = public_view(event, phase)
    if view is not None and view != event:
        data[PUBLIC_VIEW_KEY] = event_to_dict(view)
    return GameEvent(
        game_id=game_id, seq=seq, phase_number=phase_number, data=data, public=view is not None
    )


async def _append_events(
    connection: BaseDBAsyncClient,
    game_id: int,
    phase_number: int,
    events: Iterable[Event],
    phase: Phase,
) -> None:
    """Append after the game's last event. Called with the game's row locked or just updated,
    so no other transaction appends to this game meanwhile. ``phase`` produced the events."""
    previous = await GameEvent.filter(game_id=game_id).using_db(connection).order_by("-seq").first()
    last = 0 if previous is None else previous.seq
    batch = [
        _event_row(game_id, last + i, phase_number, event, phase)
        for i, event in enumerate(events, start=1)
    ]
    if batch:
        await GameEvent.bulk_create(batch, using_db=connection)


def _now() -> datetime:
    return datetime.now(UTC)


# --- games ---------------------------------------------------------------------------------


async def create_game(
    guild_id: int,
    host_id: int,
    mode: str,
    *,
    category_id: int | None = None,
    channel_id: int | None = None,
    schedule: Any = None,
) -> GameInfo:
    """A new game in signup."""
    row = await Game.create(
        guild_id=guild_id,
        host_id=host_id,
        mode=str(mode),
        category_id=category_id,
        channel_id=channel_id,
        schedule=schedule,
    )
    return _info(row)


async def get_game(game_id: int) -> GameInfo:
    row = await Game.get_or_none(id=game_id)
    if row is None:
        raise GameNotFound(game_id)
    return _info(row)


async def games_in_guild(
    guild_id: int, statuses: Iterable[GameStatus] = (GameStatus.SIGNUP, GameStatus.RUNNING)
) -> list[GameInfo]:
    """The guild's games of those statuses (default: not over), oldest first."""
    rows = await Game.filter(guild_id=guild_id, status__in=[GameStatus(s) for s in statuses])
    return [_info(row) for row in sorted(rows, key=lambda r: r.id)]


async def set_channels(
    game_id: int,
    *,
    category_id: int | None | Unset = UNSET,
    channel_id: int | None | Unset = UNSET,
) -> GameInfo:
    changes: dict[str, Any] = {
        name: value
        for name, value in (("category_id", category_id), ("channel_id", channel_id))
        if value is not UNSET
    }
    async with in_transaction() as connection:
        row = await _locked(game_id, connection)
        if changes:
            row.update_from_dict(changes)
            await row.save(using_db=connection, update_fields=[*changes, "updated_at"])
    return _info(row)


async def cancel_game(game_id: int) -> GameInfo:
    """Cancel a game in signup or running (a game over stays as it ended)."""
    async with in_transaction() as connection:
        row = await _locked(game_id, connection)
        if row.status in (GameStatus.SIGNUP, GameStatus.RUNNING):
            row.status = GameStatus.CANCELLED
            row.deadline_at = None
            await row.save(
                using_db=connection, update_fields=["status", "deadline_at", "updated_at"]
            )
    return _info(row)


async def reveal_seed(game_id: int) -> str | None:
    """The draw's seed (hex), once the game is over; :class:`SeedSecret` before."""
    row = await Game.get_or_none(id=game_id)
    if row is None:
        raise GameNotFound(game_id)
    if row.status not in (GameStatus.FINISHED, GameStatus.CANCELLED):
        raise SeedSecret(game_id)
    return row.seed


# --- signup --------------------------------------------------------------------------------


async def add_player(game_id: int, user_id: int, name: str) -> PlayerInfo:
    """Sign ``user_id`` up as ``name``; the next signup order (0, 1, 2, …) is theirs.

    Refused: :class:`SignupClosed`, :class:`AlreadySignedUp`, :class:`BadName`,
    :class:`NameTaken` (same or confusable name, R-LIFE-1), :class:`GameNotFound`."""
    clean, key = _clean_name(game_id, name)
    async with in_transaction() as connection:
        row = await _locked(game_id, connection)
        if row.status != GameStatus.SIGNUP:
            raise SignupClosed(game_id)
        signed = await GamePlayer.filter(game_id=game_id).using_db(connection)
        for player in signed:
            if player.user_id == user_id:
                raise AlreadySignedUp(game_id, str(user_id))
            if player.name_key == key:
                raise NameTaken(game_id, player.name)
        order = max((p.signup_order for p in signed), default=-1) + 1
        created = await GamePlayer.create(
            game_id=game_id,
            user_id=user_id,
            signup_order=order,
            name=clean,
            name_key=key,
            using_db=connection,
        )
    return PlayerInfo(created.user_id, created.signup_order, created.name)


async def remove_player(game_id: int, user_id: int) -> None:
    """Withdraw a signup (signup only; later, a player leaves through the engine)."""
    async with in_transaction() as connection:
        row = await _locked(game_id, connection)
        if row.status != GameStatus.SIGNUP:
            raise SignupClosed(game_id)
        deleted = (
            await GamePlayer.filter(game_id=game_id, user_id=user_id).using_db(connection).delete()
        )
        if not deleted:
            raise NotSignedUp(game_id, str(user_id))


async def players(game_id: int) -> list[PlayerInfo]:
    """The game's players in signup order."""
    rows = await GamePlayer.filter(game_id=game_id).order_by("signup_order")
    return [PlayerInfo(r.user_id, r.signup_order, r.name) for r in rows]


# --- the state -----------------------------------------------------------------------------


async def start_game(
    game_id: int,
    state: GameState | str,
    *,
    commitment: str,
    seed: str,
    events: Sequence[Event] = (),
    schedule: Any = None,
    deadline_at: datetime | None = None,
) -> StoredState:
    """Signup → running with the engine's first state (``engine.new_game`` over the deal) and
    the draw's commitment and secret seed (hex); one transaction. :class:`SignupClosed` if the
    game is no longer in signup (e.g. started by another command meanwhile)."""
    text, phase, number = _state_text(state)
    async with in_transaction() as connection:
        updated = (
            await Game.filter(id=game_id, status=GameStatus.SIGNUP)
            .using_db(connection)
            .update(
                status=GameStatus.RUNNING,
                state=text,
                phase=phase,
                day_number=number,
                phase_number=F("phase_number") + 1,
                commitment=commitment,
                seed=seed,
                schedule=schedule,
                deadline_at=deadline_at,
                updated_at=_now(),
            )
        )
        if not updated:
            await _locked(game_id, connection)  # GameNotFound if there is none
            raise SignupClosed(game_id)
        row = await Game.filter(id=game_id).using_db(connection).get()
        await _append_events(connection, game_id, row.phase_number, events, Phase(phase))
    return _stored(row)


def _stored(row: Game) -> StoredState:
    return StoredState(
        game_id=row.id,
        status=GameStatus(row.status),
        phase_number=row.phase_number,
        phase=row.phase,
        day_number=row.day_number,
        state_json=row.state,
    )


async def load_state(game_id: int) -> StoredState:
    """The game's engine state (JSON; ``.game_state()`` parses it) and its version."""
    row = await Game.get_or_none(id=game_id)
    if row is None:
        raise GameNotFound(game_id)
    return _stored(row)


async def advance_phase(
    game_id: int,
    expected_phase_number: int,
    new_state_json: GameState | str,
    events: Sequence[Event],
    *,
    status: GameStatus | None = None,
    schedule: Any = UNSET,
    deadline_at: datetime | None | Unset = UNSET,
) -> int:
    """Store a running game's new state and its events, once: in one transaction, only if the
    game's ``phase_number`` is still ``expected_phase_number``, which it then bumps.

    For phase resolutions and host overrides alike. ``status`` ends the game (``finished`` /
    ``cancelled``); ``schedule`` / ``deadline_at`` replace the stored ones when given (the
    deadline is cleared when the game ends). Returns the new ``phase_number``. Raises
    :class:`StalePhase` if another call got there first (nothing is stored),
    :class:`NotRunning` if the game is not running, :class:`GameNotFound`."""
    text, phase, number = _state_text(new_state_json)
    changes: dict[str, Any] = {
        "state": text,
        "phase": phase,
        "day_number": number,
        "phase_number": F("phase_number") + 1,
        "updated_at": _now(),
    }
    if status is not None:
        changes["status"] = GameStatus(status)
    if schedule is not UNSET:
        changes["schedule"] = schedule
    if deadline_at is not UNSET:
        changes["deadline_at"] = deadline_at
    if status in (GameStatus.FINISHED, GameStatus.CANCELLED):
        changes["deadline_at"] = None
    async with in_transaction() as connection:
        # The phase that produced the events is the stored one (a resolution moves the state on;
        # a host override keeps it). If the row changes after this read, the guard below fails.
        before = await Game.filter(id=game_id).using_db(connection).first()
        # The guard: the row changes only if nobody changed it since the caller loaded it. On
        # PostgreSQL a concurrent UPDATE waits for this transaction, then finds no row to update.
        updated = (
            await Game.filter(
                id=game_id, phase_number=expected_phase_number, status=GameStatus.RUNNING
            )
            .using_db(connection)
            .update(**changes)
        )
        if not updated:
            row = await Game.filter(id=game_id).using_db(connection).get_or_none()
            if row is None:
                raise GameNotFound(game_id)
            if row.status != GameStatus.RUNNING:
                raise NotRunning(game_id)
            raise StalePhase(
                game_id, f"expected phase_number {expected_phase_number}, is {row.phase_number}"
            )
        new_number = expected_phase_number + 1
        produced_in = Phase(before.phase) if before and before.phase else Phase(phase)
        await _append_events(connection, game_id, new_number, events, produced_in)
    return new_number


async def event_log(
    game_id: int, *, public_only: bool = False, after_seq: int = 0
) -> list[LoggedEvent]:
    """The game's events in order (those after ``after_seq``). With ``public_only`` only the
    public ones, each as its public view (``engine.public_view``): safe for a public channel."""
    query = GameEvent.filter(game_id=game_id, seq__gt=after_seq)
    if public_only:
        query = query.filter(public=True)
    logged = []
    for r in await query.order_by("seq"):
        data = dict(r.data)
        view = data.pop(PUBLIC_VIEW_KEY, None)
        event = event_from_dict(view if public_only and view is not None else data)
        logged.append(LoggedEvent(r.seq, r.phase_number, r.public, event))
    return logged


async def pending_deadlines() -> list[Deadline]:
    """Every running game's next deadline, earliest first (the scheduler's start-up load)."""
    rows = await Game.filter(status=GameStatus.RUNNING, deadline_at__isnull=False).order_by(
        "deadline_at", "id"
    )
    return [Deadline(r.id, r.phase_number, r.deadline_at) for r in rows if r.deadline_at]


# --- choices and votes ---------------------------------------------------------------------


async def _open_phase(
    connection: BaseDBAsyncClient, game_id: int, phase: str, day_number: int
) -> None:
    row = await _locked(game_id, connection)
    if row.status != GameStatus.RUNNING:
        raise NotRunning(game_id)
    if (row.phase, row.day_number) != (str(phase), day_number):
        raise PhaseClosed(game_id, f"{phase} {day_number}; now {row.phase} {row.day_number}")


async def _bump_version(connection: BaseDBAsyncClient, game_id: int) -> None:
    """A choice or vote changes the game: a resolution that read the phase's choices before it
    fails its guard and re-reads (see the module's docstring)."""
    await Game.filter(id=game_id).using_db(connection).update(phase_number=F("phase_number") + 1)


async def record_choice(game_id: int, phase: str, day_number: int, choice: Choice) -> None:
    """Store ``choice`` for the engine phase (``phase``, ``day_number``), replacing the actor's
    earlier choice with the same verb in it (R-TIME-4). The caller has checked it with
    ``engine.check`` against that phase's state; :class:`PhaseClosed` if the game has moved on
    since. (Votes go through :func:`record_vote`.)"""
    if choice.verb is Verb.VOTE:
        raise ValueError("votes are recorded by record_vote")
    values = {"target": choice.target, "gun": None if choice.gun is None else str(choice.gun)}
    async with in_transaction() as connection:
        await _open_phase(connection, game_id, phase, day_number)
        key = {
            "game_id": game_id,
            "phase": str(phase),
            "day_number": day_number,
            "actor": choice.actor,
            "verb": str(choice.verb),
        }
        # The game's row is locked: nobody inserts the same key between these two statements.
        if (
            not await GameChoice.filter(**key)
            .using_db(connection)
            .update(**values, updated_at=_now())
        ):
            await GameChoice.create(**key, **values, using_db=connection)
        await _bump_version(connection, game_id)


async def choices_for_phase(game_id: int, phase: str, day_number: int) -> list[Choice]:
    """The final choices of a phase (one per actor and verb), as the engine takes them."""
    rows = await GameChoice.filter(
        game_id=game_id, phase=str(phase), day_number=day_number
    ).order_by("updated_at", "id")
    return [
        Choice(r.actor, Verb(r.verb), r.target, None if r.gun is None else Gun(r.gun)) for r in rows
    ]


async def record_vote(game_id: int, day_number: int, voter: str, target: str) -> None:
    """``voter``'s vote on day ``day_number``: once, never changed (R-VOTE-2) —
    :class:`AlreadyVoted` for a second one; :class:`PhaseClosed` if that day is over."""
    async with in_transaction() as connection:
        await _open_phase(connection, game_id, "day", day_number)
        voted = GameVote.filter(game_id=game_id, day_number=day_number, voter=voter)
        if await voted.using_db(connection).exists():
            raise AlreadyVoted(game_id, voter)
        await GameVote.create(
            game_id=game_id,
            day_number=day_number,
            voter=voter,
            target=target,
            using_db=connection,
        )
        await _bump_version(connection, game_id)


async def votes_for_day(game_id: int, day_number: int) -> list[Choice]:
    """The day's votes in the order they were cast, as engine ``vote`` choices."""
    rows = await GameVote.filter(game_id=game_id, day_number=day_number).order_by("id")
    return [Choice(r.voter, Verb.VOTE, r.target) for r in rows]
