"""Choices: what a player (or a team) asks to do in a phase, and the one path it takes.

The path, the same in every rule pack: ``check(state, choice) -> Refusal | None``; an accepted
choice is recorded by the caller (db: one row per actor and phase, the last one wins) and handed
to the pack's ``resolve_night`` / ``resolve_day``, which check every choice again against the
state they resolve, so a stale choice can never slip through. The forum game's checks are
``engine.forum.checks``; the pack of a game's mode is ``engine.packs.pack_for(mode)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import GameOver
from engine.roles import Gun
from engine.state import StateView


class Verb(StrEnum):
    # night (FORMAT.md)
    SHOOT = "shoot"
    HEAL = "heal"
    BLOCK = "block"
    FIRE = "fire"
    CHOOSE = "choose"
    BITE = "bite"
    HIDE = "hide"
    SKIP = "skip"
    # day
    PROTECT = "protect"
    VOID = "void"
    ORDER = "order"
    VOTE = "vote"


NIGHT_VERBS = frozenset(
    {Verb.SHOOT, Verb.HEAL, Verb.BLOCK, Verb.FIRE, Verb.CHOOSE, Verb.BITE, Verb.HIDE}
)
DAY_VERBS = frozenset({Verb.PROTECT, Verb.VOID, Verb.ORDER, Verb.VOTE})


@dataclass(frozen=True)
class Choice:
    """``actor`` is a player id or a team name (``mafia``, ``maniacs``, ``zombies``).

    ``gun`` is set for the woodman's ``fire`` only. ``skip`` has no target."""

    actor: str
    verb: Verb
    target: str | None = None
    gun: Gun | None = None


def ensure_running(s: StateView) -> None:
    """Nothing is checked, recorded or resolved once the game has a winner."""
    if s.outcome is not None:
        won = "+".join(f.value for f in s.outcome.winners)
        raise GameOver(f"the game is over: {won} won ({s.outcome.reason.value})")
