"""A server's settings for the quick game (CHAT-GAME.md), as a typed value with its bounds.

The lengths CHAT-GAME.md gives a range for keep that range: registration 30–600 s (C-LIFE-1),
night 30–300 s (section 3), discussion 30–600 s (C-DAY-1). The others have a default and no
range in the rulebook; the bounds chosen here (said in the note of issue 21) keep each one long
enough for a player to act and short enough for a game "in minutes": the vote 15–300 s
(default 45, C-DAY-2), the confirmation 10–120 s (default 30, C-DAY-4), last words 30–300 s
(default 60, C-DAY-7). The kamikaze's 30 s (C-DAY-5) is the rule's, not a setting.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cogs.support.errors import UserFacingError
from db.quick import quick_settings, set_quick_settings
from engine.chat import ChatRole, default_roles, validate_roles
from engine.errors import InvalidRoleList

__all__ = ["BOUNDS", "TAKE_SECONDS", "QuickSettings", "load", "roles_for", "save"]

#: seconds: (default, least, most)
BOUNDS: dict[str, tuple[int, int, int]] = {
    "registration": (120, 30, 600),
    "night": (60, 30, 300),
    "discussion": (60, 30, 600),
    "vote": (45, 15, 300),
    "confirmation": (30, 10, 120),
    "last_words": (60, 30, 300),
}
TAKE_SECONDS = 30  # C-DAY-5


@dataclass(frozen=True)
class QuickSettings:
    """``channels``: where ``/mafia quick`` may open a game (empty: any text channel of the
    server); ``lengths`` in seconds; ``roles``: the server's own lists by size (C-BAL);
    ``secret_vote`` (C-DAY-2), ``roles_public`` (C-LIFE-6); ``full_table``: the size below
    which **Start now** is the rulebook's ``early_start`` (None: that detector is off)."""

    channels: tuple[int, ...] = ()
    lengths: Mapping[str, int] = field(default_factory=dict)
    roles: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    secret_vote: bool = False
    roles_public: bool = True
    full_table: int | None = None

    def seconds(self, what: str) -> int:
        return int(self.lengths.get(what, BOUNDS[what][0]))

    def allows(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels

    def to_json(self) -> dict[str, Any]:
        return {
            "channels": list(self.channels),
            "lengths": dict(self.lengths),
            "roles": {str(n): list(r) for n, r in self.roles.items()},
            "secret_vote": self.secret_vote,
            "roles_public": self.roles_public,
            "full_table": self.full_table,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> QuickSettings:
        return QuickSettings(
            channels=tuple(int(c) for c in data.get("channels", ())),
            lengths={k: int(v) for k, v in dict(data.get("lengths", {})).items() if k in BOUNDS},
            roles={int(n): tuple(r) for n, r in dict(data.get("roles", {})).items()},
            secret_vote=bool(data.get("secret_vote", False)),
            roles_public=bool(data.get("roles_public", True)),
            full_table=data.get("full_table"),
        )

    def with_length(self, what: str, seconds: int) -> QuickSettings:
        _, least, most = BOUNDS[what]
        if not least <= seconds <= most:
            raise UserFacingError("quick-bad-length", least=least, most=most)
        return dataclasses.replace(self, lengths={**self.lengths, what: seconds})

    def with_roles(self, size: int, codes: Sequence[str] | None) -> QuickSettings:
        """The server's own list for ``size`` players (None: back to C-BAL's table)."""
        roles = dict(self.roles)
        if codes is None:
            roles.pop(size, None)
        else:
            if len(codes) != size:
                raise UserFacingError("quick-bad-roles-count", count=len(codes), size=size)
            try:
                validate_roles(list(codes))
            except InvalidRoleList as refused:
                raise UserFacingError(f"quick-bad-roles-{refused.code}", **refused.params) from None
            roles[size] = tuple(codes)
        return dataclasses.replace(self, roles=roles)


def roles_for(settings: QuickSettings, count: int) -> list[ChatRole]:
    """The roles dealt to ``count`` players (C-LIFE-3): the server's list, else C-BAL's."""
    own = settings.roles.get(count)
    return [ChatRole(c) for c in own] if own else list(default_roles(count))


async def load(guild_id: int) -> QuickSettings:
    return QuickSettings.from_json(await quick_settings(guild_id))


async def save(guild_id: int, settings: QuickSettings) -> QuickSettings:
    await set_quick_settings(guild_id, settings.to_json())
    return settings
