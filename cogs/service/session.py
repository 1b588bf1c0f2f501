"""A game session: the game's row, its state and its typed schedule read once; a change
committed once (DESIGN.md: "The game layer").

Every thing that happens to a running game runs as a *step* over a :class:`GameSession`: it asks
the engine, builds a :class:`Change` (the new state, its events, the Discord effects as outbox
rows) and commits it with :func:`commit`, which stores it only if the game is still at the
session's version (db.state.advance_phase). When something else was committed meanwhile (a vote,
another host tool, another process), the commit raises ``StaleVersion``; :func:`run` then opens
the session again and repeats the step on what is stored now. This is the project's only retry
loop on the version guard: a step that must not be repeated blindly (a deadline's resolution)
checks on the fresh session that it still applies.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from db.errors import NotRunning, StaleVersion
from db.models import Game, GameStatus
from db.outbox import Effect
from db.records import GameInfo
from db.rows import existing_game, game_info
from db.schedule import GameSchedule
from db.state import advance_phase
from db.unset import UNSET, Unset
from engine import Event, GameState
from engine.clock import Deadline

__all__ = ["RETRIES", "Change", "GameSession", "commit", "open_session", "run"]

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRIES = 5


class GameSession:
    """One reading of a game: its row as plain values (``game``, with the typed schedule), its
    version, and its engine state, parsed the first time it is asked for and never again."""

    __slots__ = ("_state", "_text", "game", "version")

    def __init__(self, game: GameInfo, state_json: str | None) -> None:
        self.game = game
        self.version = game.version
        self._text = state_json
        self._state: GameState | None = None

    @classmethod
    def of(cls, row: Game) -> GameSession:
        return cls(game_info(row), row.state)

    @property
    def game_id(self) -> int:
        return self.game.id

    @property
    def running(self) -> bool:
        return self.game.status is GameStatus.RUNNING and self._text is not None

    @property
    def state_text(self) -> str | None:
        """The stored state as text (a quick game's is its own type: cogs.quick.model)."""
        return self._text

    @property
    def state(self) -> GameState:
        """The engine state (:class:`~db.errors.NotRunning` before the start)."""
        if self._state is None:
            if self._text is None:
                raise NotRunning(self.game.id, "no state before the game starts")
            self._state = GameState.from_json(self._text)
        return self._state


async def open_session(game_id: int) -> GameSession:
    """The game read once (:class:`~db.errors.GameNotFound`)."""
    return GameSession.of(await existing_game(game_id))


@dataclass
class Change:
    """What one step does to a running game, committed in one transaction: the new state and
    its events, the Discord effects (outbox rows, db.outbox), the game's end (``status``), the
    stored schedule and the phase's deadlines (UNSET: unchanged), the day's votes voided for
    removed players (their voters vote again)."""

    state: GameState
    events: Sequence[Event] = ()
    effects: Sequence[Effect] = ()
    status: GameStatus | None = None
    schedule: GameSchedule | Unset = UNSET
    deadlines: Iterable[Deadline] | Unset = UNSET
    void_votes_for: Sequence[str] = field(default_factory=tuple)


async def commit(session: GameSession, change: Change) -> int:
    """Store ``change`` if the game is still at the session's version; the new version.
    ``StaleVersion`` otherwise (:func:`run` reads again)."""
    return await advance_phase(
        session.game_id,
        session.version,
        change.state,
        list(change.events),
        status=change.status,
        schedule=change.schedule,
        deadlines=change.deadlines,
        effects=list(change.effects),
        void_votes_for=list(change.void_votes_for),
    )


async def run(
    game_id: int,
    step: Callable[[GameSession], Awaitable[T]],
    *,
    first: GameSession | None = None,
) -> T:
    """Run ``step`` on the game as stored, again on a fresh session each time its commit finds
    the game changed meanwhile (``StaleVersion``). ``first``: a session already opened (e.g.
    on a claimed row). The project's only retry loop on the version guard."""
    session = first if first is not None else await open_session(game_id)
    for attempt in range(1, RETRIES + 1):
        try:
            return await step(session)
        except StaleVersion:
            if attempt == RETRIES:
                break
            log.info("game %s: changed meanwhile; reading it again (%s)", game_id, attempt)
            session = await open_session(game_id)
    raise RuntimeError(f"game {game_id}: still changing after {RETRIES} attempts")
