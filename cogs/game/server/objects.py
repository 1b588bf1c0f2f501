"""What a game owns on a server, as ids: its role kinds, channel kinds, and the two records the
adapter hands the game layer (:class:`GameRoles`, :class:`GameChannels`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "ALIVE",
    "ANNOUNCEMENTS",
    "CABINET",
    "CATEGORY",
    "CHANNEL_KINDS",
    "DEAD",
    "DISCUSSION",
    "HOST",
    "HOST_CHANNEL",
    "MORGUE",
    "PUBLIC_CHANNELS",
    "ROLE_KINDS",
    "SPECTATOR",
    "VOTING",
    "GameChannels",
    "GameRoles",
    "plan",
]

# The per-game server roles (DESIGN.md: a death is one role change, not one overwrite per channel).
ALIVE = "alive"
DEAD = "dead"
HOST = "host"
SPECTATOR = "spectator"
ROLE_KINDS: tuple[str, ...] = (ALIVE, DEAD, HOST, SPECTATOR)

# The game's channels, under one category per game.
CATEGORY = "category"
ANNOUNCEMENTS = "announcements"
DISCUSSION = "discussion"
VOTING = "voting"
MORGUE = "morgue"
CABINET = "cabinet"
HOST_CHANNEL = "host"
PUBLIC_CHANNELS: tuple[str, ...] = (ANNOUNCEMENTS, DISCUSSION, VOTING)
#: The channels every game has, in the order they are created (cabinets come after the morgue).
CHANNEL_KINDS: tuple[str, ...] = (ANNOUNCEMENTS, DISCUSSION, VOTING, MORGUE, HOST_CHANNEL)


@dataclass(frozen=True, slots=True)
class GameRoles:
    """The game's server roles (ids), lent by the server's pool."""

    alive: int
    dead: int
    host: int
    spectator: int

    def by_kind(self) -> dict[str, int]:
        return {ALIVE: self.alive, DEAD: self.dead, HOST: self.host, SPECTATOR: self.spectator}

    def ids(self) -> frozenset[int]:
        return frozenset(self.by_kind().values())


@dataclass(frozen=True, slots=True)
class GameChannels:
    """The game's category and channels (ids), and the roles their overwrites name."""

    game_id: int
    category: int
    announcements: int
    discussion: int
    voting: int
    morgue: int
    host: int
    roles: GameRoles
    cabinets: Mapping[str, int] = field(default_factory=dict)  # cabinet key → channel id

    def by_kind(self) -> dict[str, int]:
        """Every channel but the cabinets, by kind (the category included)."""
        return {
            CATEGORY: self.category,
            ANNOUNCEMENTS: self.announcements,
            DISCUSSION: self.discussion,
            VOTING: self.voting,
            MORGUE: self.morgue,
            HOST_CHANNEL: self.host,
        }

    def channel_ids(self) -> list[int]:
        """Every channel id, the category last (so deleting in this order empties it first)."""
        kinds = self.by_kind()
        category = kinds.pop(CATEGORY)
        return [*kinds.values(), *self.cabinets.values(), category]


def plan(
    game_id: int, title: str | None, host_id: int, cabinets: Mapping[str, Sequence[str]],
    alive: Sequence[str], dead: Sequence[str],
) -> dict[str, Any]:  # fmt: skip
    """What the setup row stores: plain ids (the state's cabinets and who is alive)."""

    def ids(pids: Sequence[str]) -> list[int]:
        return [int(p) for p in pids if p.isdigit()]

    return {"game": game_id, "title": title, "host": host_id,
            "cabinets": {k: ids(v) for k, v in cabinets.items()},
            "alive": ids(alive), "dead": ids(dead)}  # fmt: skip
