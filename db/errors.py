"""Refusals of the game repositories: every one a :class:`GameError` with a stable ``code``.

The command tree's error handler shows a refusal to the user who acted, translated: the
catalogue key is made from ``code`` and the placeholders are :meth:`GameError.message_args`,
which hold only what that user may see (never a role, never another player's private choice).
The ``str()`` of a refusal is for the log only.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from engine.names import MAX_NAME_LENGTH

__all__ = [
    "AlreadySignedUp",
    "AlreadyVoted",
    "BadName",
    "DeadlinePassed",
    "GameError",
    "GameNotFound",
    "NameTaken",
    "NotRunning",
    "NotSignedUp",
    "OutOfGame",
    "PhaseClosed",
    "SeedSecret",
    "SignupClosed",
    "StaleVersion",
    "all_refusal_classes",
]

MessageArgs = dict[str, str | int]


class GameError(Exception):
    """A refused operation on a game. ``code`` (snake_case) is stable: the message's key."""

    code: ClassVar[str] = "game_error"

    def __init__(self, game_id: int, detail: str = "") -> None:
        super().__init__(f"{self.code}: game {game_id}" + (f": {detail}" if detail else ""))
        self.game_id = game_id

    def message_args(self) -> MessageArgs:
        """The message's placeholders: safe to show the user who acted."""
        return {}


class GameNotFound(GameError):
    """No game has that id (deleted, or a stale button)."""

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
    name it collides with: public, as every signed-up name is."""

    code = "name_taken"

    def __init__(self, game_id: int, taken_by: str) -> None:
        super().__init__(game_id, f"confusable with {taken_by!r}")
        self.taken_by = taken_by

    def message_args(self) -> MessageArgs:
        return {"taken_by": self.taken_by}


class BadName(GameError):
    """Empty, too long, without a letter, with control or invisible characters, or with
    markup (``problem``: engine.names.NameProblem, which the sentence names)."""

    code = "bad_name"

    def __init__(self, game_id: int, problem: str) -> None:
        super().__init__(game_id, problem)
        self.problem = problem

    def message_args(self) -> MessageArgs:
        return {"max_length": MAX_NAME_LENGTH, "problem": self.problem}


class OutOfGame(GameError):
    """The one who acted is no longer in the game (dead, autokilled, disqualified): he may not
    vote or act (R-VOTE-1: the living vote). Distinct from a dead target (``not_alive``)."""

    code = "out_of_game"


class AlreadyVoted(GameError):
    """A vote cannot be changed (R-VOTE-2)."""

    code = "already_voted"


class PhaseClosed(GameError):
    """A choice or vote for a phase that is not the game's current one: it has ended (e.g. a
    button under yesterday's post)."""

    code = "phase_closed"


class DeadlinePassed(GameError):
    """A choice or vote made after its deadline (R-TIME-1..3), judged by when the user acted.
    ``deadline`` is the announced instant (13:00, 21:00, 22:00 in the game's zone, in UTC)."""

    code = "deadline_passed"

    def __init__(self, game_id: int, deadline: datetime, acted_at: datetime) -> None:
        super().__init__(game_id, f"acted at {acted_at.isoformat()}, deadline {deadline}")
        self.deadline = deadline
        self.acted_at = acted_at

    def message_args(self) -> MessageArgs:
        # Unix seconds, for a Discord timestamp (<t:…:t>) that each reader sees in his own zone.
        return {"deadline": int(self.deadline.timestamp())}


class StaleVersion(GameError):
    """A write guarded by the game's version lost the race: the game changed since it was read
    (another resolution, a host override, a choice or vote recorded meanwhile). Read it again
    and retry."""

    code = "stale_version"


class SeedSecret(GameError):
    """The draw's seed is revealed only once the game is over (R-LIFE-3)."""

    code = "seed_secret"


def all_refusal_classes() -> list[type[GameError]]:
    """Every refusal a repository raises: the subclasses of :class:`GameError` at any depth,
    by code (the base class itself is never raised)."""
    found: set[type[GameError]] = set()
    pending = GameError.__subclasses__()
    while pending:
        cls = pending.pop()
        found.add(cls)
        pending += cls.__subclasses__()
    return sorted(found, key=lambda cls: cls.code)
