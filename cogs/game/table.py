"""A game's place on the server: its channels and roles (cogs.game.server) tied to the game.

- the start's setup on the server (channels, roles) is an outbox row (cogs.delivery.setup_kind),
  a death mid-game too (cogs.game.aftermath);
- :func:`channel_for`: where a post of some kind goes — the game's own channel of that kind, or
  the channel the lobby was opened in for a game without channels (a start without the
  permissions to make them, the scenario runner's games).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import discord

from cogs.game import server
from cogs.support.errors import UserFacingError
from db.games import GameInfo, GameStatus, game_channels, games_in_guild, load_state
from db.meta import get_meta, set_meta
from db.outbox import member_roles
from engine import Event
from engine.events import Cause, Died, Left

__all__ = [
    "channel_for",
    "is_game_channel",
    "silenced_in_morgue",
    "spectate",
    "spectators",
]


async def game_here(
    guild_id: int, channel_id: int | None, statuses: Sequence[GameStatus], *, none: str
) -> GameInfo:
    """The game (of ``statuses``) a command used in ``channel_id`` is about: the one whose lobby
    or own channel it is (the latest), else the server's only one; refused when there is none
    (the sentence ``none``) or several to choose from."""
    games = await games_in_guild(guild_id, statuses)
    for game in reversed(games):
        if await is_game_channel(game, channel_id):
            return game
    if len(games) == 1:
        return games[0]
    if not games:
        raise UserFacingError(none)
    raise UserFacingError(
        "error-which-lobby" if set(statuses) == {GameStatus.SIGNUP} else "error-which-game"
    )


async def is_game_channel(game: GameInfo, channel_id: int | None) -> bool:
    """Whether ``channel_id`` is the game's lobby channel or one of its own (a started game's
    category: announcements, discussion, voting, morgue, host, a cabinet)."""
    if channel_id is None:
        return False
    if channel_id == game.channel_id:
        return True
    if game.status is not GameStatus.RUNNING:  # only a started game has channels of its own
        return False
    channels = await server.load_game_channels(game.id)
    return channels is not None and channel_id in {
        *channels.by_kind().values(),
        *channels.cabinets.values(),
    }


async def channel_for(game: GameInfo, kind: str) -> int | None:
    """The game's own channel of ``kind`` while it exists (after the end too: the post-game
    thread goes to the announcements), else the lobby's channel."""
    for record in await game_channels(game.id):
        if record.kind == kind:
            return record.channel_id
    return game.channel_id


async def _members(guild: discord.Guild, ids: list[int]) -> dict[int, discord.Member]:
    """Fresh members by id (the cache lags behind the bot's own role edits, and without the
    Server Members intent is not kept at all); one who left the server is missing, and the game
    goes on without his roles."""
    return {member.id: member for member in await server.fetch_members(guild, ids)}


async def spectate(guild: discord.Guild, user_id: int, channel_id: int | None) -> GameInfo:
    """Give ``user_id`` the spectator role of the running game (public channels, read only);
    refused to a player of it, and where the game has no channels of its own."""
    game = await game_here(guild.id, channel_id, [GameStatus.RUNNING], none="error-no-game")
    state = (await load_state(game.id)).game_state()
    if state.player(str(user_id)) is not None:
        raise UserFacingError("error-spectate-player")
    channels = await server.load_game_channels(game.id)
    if channels is None:
        raise UserFacingError("error-spectate-no-channels")
    roles = channels.roles
    role = member_roles(guild.id, user_id, add=[roles.spectator], remove=roles.ids() - {roles.spectator},
                        key=f"spectator:{game.id}:{user_id}", reason="spectator")  # fmt: skip
    watchers = set(json.loads(await get_meta(f"spectators:{game.id}") or "[]")) | {user_id}
    # The list is for the close (its role taken back); the role itself is an outbox row.
    await set_meta(f"spectators:{game.id}", json.dumps(sorted(watchers)), game_id=game.id,
                   effects=[role])  # fmt: skip
    return game


async def spectators(game_id: int) -> list[int]:
    return [int(v) for v in json.loads(await get_meta(f"spectators:{game_id}") or "[]")]


def silenced_in_morgue(events: Sequence[Event]) -> set[str]:
    """Who may not write in the morgue though dead: the autokilled (a missing vote, R-VOTE-4;
    the vampire's skip; the host's autokill) and the disqualified (R-SANCT-4)."""
    return {
        e.who
        for e in events
        if (isinstance(e, Left) and e.autokilled)
        or (isinstance(e, Died) and e.cause in (Cause.AUTOKILL, Cause.DISQUALIFIED))
    }
