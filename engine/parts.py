"""The immutable parts a game state is made of: players, marks, held guns, taken votes, and the
outcome with the rule that decided it.

Each is a named tuple (or a frozen dataclass): compared, hashed, copied and pickled by value,
changed only by building a new one (``player._replace(alive=False)``). ``engine.state`` builds
the state from them and re-exports them, the path callers import them by.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from engine.roles import Faction, Gun, Role


class Player(NamedTuple):
    """One player. Its JSON row is ``row()``, in ``PLAYER_FIELDS`` order."""

    id: str
    role: Role
    faction: Faction
    order: int  # signup order, 0-based (R-LIFE-3: the team's list, successions)
    alive: bool = True
    cause: str | None = None  # events.Cause value once dead
    name: str = ""  # the themed character name (R-LIFE-1), for display; defaults to the id

    def row(self) -> list[Any]:
        """The player's JSON row, in ``PLAYER_FIELDS`` order."""
        return list(self)


PLAYER_FIELDS: tuple[str, ...] = Player._fields  # the columns of a player's JSON row


class Mark(NamedTuple):
    """A last target (doctor, lawyer, bouncer) and the night/day number it was chosen."""

    target: str
    number: int


class HeldGun(NamedTuple):
    """A gun the woodman took (R-NIGHT-10), fireable on night ``night`` only.

    ``owner``: ``"cop"`` (the cop's cabinet, R-VOTE-11), a team name, or a player id (sniper,
    lone maniac)."""

    woodman: str
    gun: Gun
    owner: str
    night: int


class HoboControl(NamedTuple):
    """Who took the hobo's vote for day ``day`` (R-NIGHT-12, R-VOTE-6).

    ``kind``: ``"cop"`` (the acting cop orders), ``"team"`` (``who`` is the team name; its
    don or the team key orders) or ``"player"`` (``who`` orders: lone maniac, woodman)."""

    hobo: str
    kind: str
    who: str
    day: int


class WinReason(StrEnum):
    """The rule that ended the game (``Outcome.reason``)."""

    TOWN_CLEARED = "R-WIN-1"
    MAFIA_PARITY = "R-WIN-2"
    MANIAC_LAST = "R-WIN-3"
    LAST_FACTION = "R-WIN-4"
    BOUNCER_OR_LAWYER = "R-WIN-6a"
    SHOOTER_BASEMENT = "R-WIN-6b"
    WOODMAN = "R-WIN-6c"
    HOBO = "R-WIN-6d"
    ZOMBIE_WOODMAN = "R-WIN-6e"
    NOBODY_LEFT = "R-WIN-7"
    HORDE_ALONE = "horde-alone"  # decision: a two-sided game with only zombies left
    HOST_JOINT_WIN = "host:R-WIN-4"  # the host declared the criminals' joint win


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game, as python-chess's ``Outcome(termination, winner)``: who won, and the
    rule that says so (for the cog's announcement)."""

    winners: tuple[Faction, ...]
    reason: WinReason
