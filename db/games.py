"""The games repository in one import: signup, choices, votes, the engine state and the event log.

Each part lives in a module of its own (this one only re-exports them):

- :mod:`db.errors` — the refusals, each a ``GameError`` with a stable ``code``;
- :mod:`db.records` — the plain values returned (``GameInfo``, ``PlayerInfo``, …);
- :mod:`db.lifecycle` — create, find, cancel a game; its channels; the seed once over;
- :mod:`db.lobby` — signup (names: :mod:`engine.names`, R-LIFE-1);
- :mod:`db.play` — choices and votes, refused after their deadline by when the user acted;
- :mod:`db.state` — the engine state: start, :func:`advance_phase` under the version guard,
  pending deadlines;
- :mod:`db.events` — the append-only event log and its public view;
- :mod:`db.deadlines` — a phase's deadlines as stored, and the lateness check;
- :mod:`db.server_objects` — the game's Discord channels by kind and the server's role pool.

The only code that queries the game tables. Callers get and give plain values (ints, strings,
engine ``Choice`` / ``Event`` / ``GameState`` / ``clock.Deadline``), never model objects. Every
function that writes has committed when it returns, so a command may be answered "accepted"
right after it (DESIGN.md: nothing accepted is lost by a crash or a restart). Each write locks
the game's row first (``SELECT … FOR UPDATE`` on PostgreSQL; SQLite has one writer at a time),
so the writes of one game are serialised; every write to a running game bumps its ``version``.
"""

from __future__ import annotations

from db.errors import (
    AlreadySignedUp,
    AlreadyVoted,
    BadName,
    DeadlinePassed,
    GameError,
    GameNotFound,
    NameTaken,
    NotRunning,
    NotSignedUp,
    OutOfGame,
    PhaseClosed,
    SeedSecret,
    SignupClosed,
    StaleVersion,
    all_refusal_classes,
)
from db.events import PUBLIC_VIEW_KEY, event_log
from db.lifecycle import (
    cancel_game,
    create_game,
    games_in_guild,
    games_of_player,
    games_over_within,
    get_game,
    reveal_seed,
    set_channels,
    set_lobby,
)
from db.lobby import add_player, players, remove_player
from db.models import GameStatus
from db.play import choices_for_phase, record_choice, record_vote, votes_for_day
from db.records import (
    GameInfo,
    LoggedEvent,
    PendingDeadline,
    PlayerInfo,
    StoredDeadline,
    StoredState,
)
from db.server_objects import (
    GameChannelRecord,
    PooledRoleRecord,
    add_pooled_role,
    claim_pooled_role,
    drop_pooled_roles,
    forget_game_channels,
    game_channels,
    game_roles,
    pooled_roles,
    record_game_channels,
    release_pooled_roles,
)
from db.state import (
    advance_phase,
    due_deadlines,
    load_state,
    pending_deadline,
    pending_deadlines,
    start_game,
)
from db.unset import UNSET

__all__ = [
    "PUBLIC_VIEW_KEY",
    "UNSET",
    "AlreadySignedUp",
    "AlreadyVoted",
    "BadName",
    "DeadlinePassed",
    "GameChannelRecord",
    "GameError",
    "GameInfo",
    "GameNotFound",
    "GameStatus",
    "LoggedEvent",
    "NameTaken",
    "NotRunning",
    "NotSignedUp",
    "OutOfGame",
    "PendingDeadline",
    "PhaseClosed",
    "PlayerInfo",
    "PooledRoleRecord",
    "SeedSecret",
    "SignupClosed",
    "StaleVersion",
    "StoredDeadline",
    "StoredState",
    "add_player",
    "add_pooled_role",
    "advance_phase",
    "all_refusal_classes",
    "cancel_game",
    "choices_for_phase",
    "claim_pooled_role",
    "create_game",
    "drop_pooled_roles",
    "event_log",
    "forget_game_channels",
    "game_channels",
    "game_roles",
    "games_in_guild",
    "games_of_player",
    "games_over_within",
    "get_game",
    "load_state",
    "pending_deadline",
    "due_deadlines",
    "pending_deadlines",
    "players",
    "pooled_roles",
    "record_choice",
    "record_game_channels",
    "record_vote",
    "release_pooled_roles",
    "remove_player",
    "reveal_seed",
    "set_channels",
    "set_lobby",
    "start_game",
    "votes_for_day",
]
