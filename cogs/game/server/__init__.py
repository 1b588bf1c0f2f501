"""The Discord adapter for one game's server objects: its category and channels with their
permission overwrites, its roles from the server's pool, and the member edits a game needs.

The game layer calls it with discord.py objects and the ids stored in the database
(db.server_objects); it holds no state of its own. In the order of a game:

- :func:`check_bot_can_host` — what the bot lacks (permissions, role position, room), before
  anything is made; :func:`explain_problems` says it to the host in his language;
- :func:`create_game_channels` — category, channels (every overwrite in the create request),
  roles borrowed from the pool, the host role given → :class:`GameChannels`;
- :func:`give_game_role` (alive to players, spectator to watchers), :func:`mark_dead` (a death:
  one member edit), :func:`add_to_cabinet` / :func:`remove_from_cabinet`;
- :func:`close_game` (read-only for everyone, roles back to the pool), later
  :func:`delete_game_channels`; :func:`dissolve_pool` deletes a server's free pooled roles.

Who may read and write where is one table: :mod:`cogs.game.server.overwrites`.
"""

from cogs.game.server.channels import (
    add_to_cabinet,
    close_game,
    create_game_channels,
    delete_game_channels,
    fetch_members,
    load_game_channels,
    remove_from_cabinet,
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
)
from cogs.game.server.roles import dissolve_pool, give_game_role, mark_dead, set_game_roles

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
    "add_to_cabinet",
    "check_bot_can_host",
    "close_game",
    "create_game_channels",
    "delete_game_channels",
    "fetch_members",
    "dissolve_pool",
    "explain_problems",
    "give_game_role",
    "load_game_channels",
    "mark_dead",
    "remove_from_cabinet",
    "set_game_roles",
]
