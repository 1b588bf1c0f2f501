"""The lobby (R-LIFE-1): opening a game for signup, joining, leaving, the host's kick.

The game service for the time before the draw. Each function is one call into the db layer
(one transaction) and returns what the command should say; it knows Discord only as ids. The
lobby post itself is delivered by :mod:`cogs.game.lobby_post`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cogs.game.table import game_here
from cogs.support.errors import UserFacingError
from db.activity import set_threshold
from db.games import (
    AlreadySignedUp,
    GameInfo,
    GameStatus,
    PlayerInfo,
    SignupClosed,
    add_player,
    create_game,
    games_in_guild,
    get_game,
    players,
    remove_player,
    set_lobby,
)
from db.guild_settings import get_settings
from db.host_tools import barred_in
from db.outbox import Effect
from db.schedule import GameSchedule

__all__ = [
    "DEFAULT_FAST",
    "check_can_join",
    "choose_roles",
    "Lobby",
    "Timing",
    "create_lobby",
    "join",
    "kick",
    "leave",
    "lobby",
    "lobby_in",
    "schedule_for",
]
#: Where ``game.roles`` keeps the host's rule options in signup (R-LIFE-3), and the one option.
OPTIONS = "options"
MULTIFUNCTIONAL_CHILD = "multifunctional_child"

Timing = Literal["clock", "fast"]
MODES = ("two-sided", "three-sided")
# A fast game's windows when the host gives none (minutes): the day's vote, the night.
DEFAULT_FAST = {"day_minutes": 20, "night_minutes": 10, "acquaintance_minutes": 0}


@dataclass(frozen=True, slots=True)
class Lobby:
    game: GameInfo
    players: list[PlayerInfo]


def schedule_for(
    timing: Timing,
    zone: str,
    *,
    day_minutes: int | None = None,
    night_minutes: int | None = None,
    acquaintance_minutes: int | None = None,
) -> GameSchedule:
    """The game's schedule (db.schedule): by the clock in the server's time zone (R-TIME:
    votes 21:00, night 22:00), or by durations for a fast game."""
    if timing == "clock":
        return GameSchedule("clock", zone, acquaintance_minutes=acquaintance_minutes or 0)
    return GameSchedule(
        "fast",
        day_minutes=DEFAULT_FAST["day_minutes"] if day_minutes is None else day_minutes,
        night_minutes=DEFAULT_FAST["night_minutes"] if night_minutes is None else night_minutes,
        acquaintance_minutes=acquaintance_minutes or 0,
    )


async def create_lobby(
    *,
    guild_id: int,
    channel_id: int,
    host_id: int,
    mode: str,
    timing: Timing,
    title: str | None = None,
    day_minutes: int | None = None,
    night_minutes: int | None = None,
    acquaintance_minutes: int | None = None,
    activity: int | None = None,
    multifunctional_child: bool = False,
) -> GameInfo:
    """Open a game for signup in ``channel_id``. One lobby per channel at a time, so that a
    command used in that channel names its game without asking. ``activity``: the posts a
    player must write each day (R-SANCT-3; 0: off; None: the rule's default for the timing).
    ``multifunctional_child``: the host's rule option (R-NIGHT-5c), kept with the role choice
    (:func:`options_of`) until the start commits it (R-LIFE-3)."""
    if mode not in MODES:
        raise UserFacingError("error-bad-mode")
    if any(g.channel_id == channel_id for g in await games_in_guild(guild_id, [GameStatus.SIGNUP])):
        raise UserFacingError("error-lobby-exists")
    settings = await get_settings(guild_id)
    schedule = schedule_for(
        timing,
        settings.timezone,
        day_minutes=day_minutes,
        night_minutes=night_minutes,
        acquaintance_minutes=acquaintance_minutes,
    )
    cleaned = " ".join((title or "").split()) or None
    from cogs.game.lobby_post import post_effect  # the post's rendering lives with its buttons

    game = await create_game(
        guild_id, host_id, mode, channel_id=channel_id, schedule=schedule, title=cleaned,
        effects=lambda game_id: [post_effect(game_id, channel_id)],
    )  # fmt: skip
    if activity is not None:
        await set_threshold(game.id, activity)
    if multifunctional_child:
        game = await set_lobby(game.id, roles={OPTIONS: [MULTIFUNCTIONAL_CHILD]})
    return game


def options_of(game: GameInfo) -> list[str]:
    """The rule options the host chose for the game (engine.draw.OPTIONS), before its start."""
    return list((game.roles or {}).get(OPTIONS, []))


async def lobby(game_id: int) -> Lobby:
    return Lobby(await get_game(game_id), await players(game_id))


async def lobby_in(guild_id: int, channel_id: int | None) -> GameInfo:
    """The game in signup that a command used in ``channel_id`` is about: the lobby of that
    channel, else the server's only one; refused when there is none, or several to choose from."""
    return await game_here(guild_id, channel_id, [GameStatus.SIGNUP], none="error-no-lobby")


async def choose_roles(
    game_id: int, by: int, codes: list[str] | None, *, by_is_server_host: bool
) -> GameInfo:
    """The host sets the role list (R-BAL-5: ``role`` or ``role@faction`` codes) or, with
    None, goes back to the balance proposal for the signup at the start."""
    game = await get_game(game_id)
    if by != game.host_id and not by_is_server_host:
        raise UserFacingError("error-not-host")
    if game.status is not GameStatus.SIGNUP:
        raise SignupClosed(game_id)
    kept = {OPTIONS: options_of(game)} if options_of(game) else {}  # the rule options stay
    chosen = kept if codes is None else {**kept, "roles": codes}
    return await set_lobby(game_id, roles=chosen or None)


async def check_can_join(game_id: int, user_id: int) -> None:
    """Refuse at once (before asking a name) a user who is signed up, or a closed signup."""
    if (await get_game(game_id)).status is not GameStatus.SIGNUP:
        raise SignupClosed(game_id)
    if any(p.user_id == user_id for p in await players(game_id)):
        raise AlreadySignedUp(game_id, str(user_id))


async def join(game_id: int, user_id: int, name: str, locale: str | None = None) -> PlayerInfo:
    """Sign ``user_id`` up as ``name`` (R-LIFE-1: unique, not confusable): the db refuses.
    A player disqualified and barred on this server is refused (R-SANCT-4)."""
    if await barred_in((await get_game(game_id)).guild_id, user_id) is not None:
        raise UserFacingError("host-barred")
    return await add_player(game_id, user_id, name, locale, _refresh(game_id))


def _refresh(game_id: int) -> list[Effect]:
    from cogs.game.lobby_post import refresh_effect

    return [refresh_effect(game_id)]


async def leave(game_id: int, user_id: int) -> None:
    await remove_player(game_id, user_id, _refresh(game_id))


async def kick(game_id: int, by: int, user_id: int, *, by_is_server_host: bool) -> PlayerInfo:
    """The host refuses a player (R-LIFE-1) before the draw; returns whom he removed."""
    game = await get_game(game_id)
    if by != game.host_id and not by_is_server_host:
        raise UserFacingError("error-not-host")
    signed = {p.user_id: p for p in await players(game_id)}
    if user_id not in signed:
        raise UserFacingError("error-not-in-lobby")
    await remove_player(game_id, user_id, _refresh(game_id))
    return signed[user_id]
