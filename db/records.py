"""The plain values the game repositories return: no model object leaves db/."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from db.errors import NotRunning
from db.models import GameStatus
from db.schedule import GameSchedule
from engine import Event, GameState

__all__ = [
    "GameInfo",
    "LoggedEvent",
    "PendingDeadline",
    "PlayerInfo",
    "StoredDeadline",
    "StoredState",
]


@dataclass(frozen=True, slots=True)
class StoredDeadline:
    """One deadline of the current phase (engine.clock.Deadline as stored)."""

    announced_at: datetime  # what players are told: 13:00, 21:00, 22:00 (UTC)
    closes_at: datetime  # the first instant an action is no longer in time (UTC)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What anyone may see of a game: no state, no seed."""

    id: int
    guild_id: int
    host_id: int
    mode: str
    title: str | None
    lobby_message_id: int | None
    roles: Any  # the host's choice (R-BAL), see db.lifecycle.set_lobby
    status: GameStatus
    category_id: int | None
    channel_id: int | None
    phase: str | None
    day_number: int
    version: int
    schedule: GameSchedule  # typed (db.schedule), stored as JSON
    # The current phase's deadlines: ``choices`` the day's choices in a day (R-TIME-1) or the
    # night's (R-TIME-3); ``votes`` the day's vote (R-TIME-2), None at night. None: no deadline.
    choices_deadline: StoredDeadline | None
    votes_deadline: StoredDeadline | None
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
    """A game's engine state with the version to pass to ``db.state.advance_phase``."""

    game_id: int
    status: GameStatus
    version: int
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
    version: int  # the game's version the change that produced it led to
    public: bool
    event: Event  # the whole event; its public view when read with ``public_only``
    produced_in: str | None = None  # the phase that produced it ("night 2"); None: not known


@dataclass(frozen=True, slots=True)
class PendingDeadline:
    """When a running game's current phase ends: the scheduler resolves it then."""

    game_id: int
    version: int
    phase: str
    day_number: int
    closes_at: datetime  # the vote's close in a day (R-TIME-2), the choices' at night (R-TIME-3)
