"""The Discord adapter for one game's server objects: its category and channels with their
permission overwrites, its roles from the server's pool, and the member edits a game needs.

The game layer calls it with discord.py objects and the ids stored in the database
(db.server_objects); it holds no state of its own. In the order of a game:

- :func:`check_bot_can_host` — what the bot lacks (permissions, role position, room), before
  anything is made; :func:`explain_problems` says it to the host in his language;
- :func:`cogs.delivery.setup_kind.set_up` — the start's setup row: category, channels (every
  overwrite in the create request), roles borrowed from the pool, the members' roles; finished,
  never doubled, by a retry → :func:`load_game_channels` reads them back as
  :class:`GameChannels`; a death, a spectator, a cabinet's change are ``roles`` and
  ``overwrite`` rows (cogs.delivery.server_kinds);
- the ``close`` row (cogs.delivery.close_kind: read-only for everyone, roles back to the pool),
  later :func:`delete_game_channels` (rows).

Who may read and write where is one table: :mod:`cogs.game.server.overwrites`.
"""

from cogs.game.server.channels import (
    delete_game_channels,
    fetch_members,
    load_game_channels,
)
from cogs.game.server.checks import CannotHost, check_bot_can_host, explain_problems
from cogs.game.server.objects import (
    ALIVE,
    ANNOUNCEMENTS,
    CABINET,
    CATEGORY,
    DEAD,
    DISCUSSION,
    HOST,
    HOST_CHANNEL,
    MORGUE,
    SPECTATOR,
    VOTING,
    GameChannels,
    GameRoles,
    plan,
)

__all__ = [
    "ALIVE",
    "ANNOUNCEMENTS",
    "CABINET",
    "CATEGORY",
    "DEAD",
    "DISCUSSION",
    "HOST",
    "HOST_CHANNEL",
    "MORGUE",
    "SPECTATOR",
    "VOTING",
    "CannotHost",
    "GameChannels",
    "GameRoles",
    "plan",
    "check_bot_can_host",
    "delete_game_channels",
    "fetch_members",
    "explain_problems",
    "load_game_channels",
]
