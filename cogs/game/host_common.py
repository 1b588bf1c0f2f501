"""What every ``/host`` tool of a running game shares (issue 12): find the game, refuse a
non-host, apply the change once under the game's version guard with its Discord effects (the
public announcement, the DMs, the server's side of its deaths or end, the host channel's log
line) stored in the same transaction, so a
repeated or raced command never says anything twice.

The tools themselves live beside this module: deadlines (``host_time``), decisions and
sanctions (``host_sanctions``), the preview and the log (``host_preview``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cogs.game.aftermath import tool_effects
from cogs.game.player_locale import dm_locales
from cogs.game.render import display_names, private_lines, public_line, text
from cogs.game.results import POST_LIMIT, reveal_lines
from cogs.game.server import ANNOUNCEMENTS, load_game_channels
from cogs.game.table import channel_for
from cogs.service import session
from cogs.service.session import GameSession
from cogs.support.embeds import chunk_lines
from cogs.support.errors import UserFacingError
from db.games import GameInfo, GameStatus, get_game
from db.guild_settings import get_settings
from db.outbox import Effect, add
from db.unset import UNSET, Unset
from engine import Event, GameState, Phase, clock
from engine.errors import EngineError, GameOver, HostError, UnknownPlayer
from locales import FluentArg, t

__all__ = [
    "Change",
    "HostRefused",
    "apply",
    "event_effects",
    "game_language",
    "host_log",
    "log_only",
    "require_host",
    "running_game",
    "wake",
    "wakers",
]

log = logging.getLogger(__name__)

#: Called after a host tool stored something: the outbox has posts to deliver, the scheduler
#: may have a moved deadline. The workers register here when they start (cogs.game.host_watch).
wakers: list[Callable[[], None]] = []


def wake() -> None:
    for waker in wakers:
        waker()


#: The engine's refusal codes of host overrides (``HostError.code``) with a sentence of their
#: own; the others are told as the tool's refusal (``<tool>-refused``).
HOST_ERROR_KEYS = {"not_alive": "host-not-alive"}


class HostRefused(UserFacingError):
    """The engine refused a host override (``engine.errors.HostError``): the engine's message
    is English prose for logs, so the host is told a sentence chosen by the error's type and
    code, never by its text."""

    def __init__(self, error: EngineError, tool: str) -> None:
        if isinstance(error, UnknownPlayer):
            key = "host-not-player"
        elif isinstance(error, HostError) and error.code in HOST_ERROR_KEYS:
            key = HOST_ERROR_KEYS[error.code]
        elif isinstance(error, GameOver):
            key = "host-not-running"
        else:
            key = f"{tool}-refused"
        super().__init__(key)
        self.engine_message = str(error)


@dataclass
class Change:
    """What a host tool does to the game: a new state and its events (None: unchanged), a new
    stored schedule and deadlines (UNSET: unchanged), public lines for the announcements, and
    the tool's own result for the answer."""

    state: GameState | None = None
    events: Sequence[Event] = ()
    schedule: Any = UNSET
    deadlines: Iterable[clock.Deadline] | Unset = UNSET
    public: list[str] = field(default_factory=list)
    private: list[Effect] = field(default_factory=list)
    result: Any = None
    # Players removed mid-day: today's votes for them are deleted with the change, so that
    # their voters may vote again instead of being autokilled for a vote that cannot count.
    void_votes_for: list[str] = field(default_factory=list)


Decide = Callable[[GameInfo, GameState, str], Awaitable[Change]]


def require_host(game: GameInfo, by: int, by_is_server_host: bool) -> None:
    if by != game.host_id and not by_is_server_host:
        raise UserFacingError("error-not-host")


async def running_game(game_id: int, by: int, by_is_server_host: bool) -> GameInfo:
    game = await get_game(game_id)
    require_host(game, by, by_is_server_host)
    if game.status is not GameStatus.RUNNING:
        raise UserFacingError("host-not-running")
    return game


async def game_language(game: GameInfo) -> str:
    return (await get_settings(game.guild_id)).language


async def host_log(game: GameInfo, by: int | None, key: str, **args: FluentArg) -> list[Effect]:
    """The host channel's line for a tool used (none for a game without its own channels: its
    lobby channel is public, and a log line there could say too much). ``by`` None: the bot's
    own doing (a player who left the server), the line ``key`` alone."""
    channels = await load_game_channels(game.id)
    if channels is None:
        return []
    locale = await game_language(game)
    what = t(locale, key, **args)
    line = what if by is None else t(locale, "host-log", host=f"<@{by}>", what=what)
    return [Effect("post", channels.host, line)]


async def log_only(game: GameInfo, by: int, key: str, **args: FluentArg) -> None:
    """A tool that changes nothing (the preview, the log) still leaves its line."""
    await add(game.id, await host_log(game, by, key, **args))
    wake()


async def event_effects(game: GameInfo, before: GameState, events: Sequence[Event]) -> Change:
    """The public lines and private messages of a host override's events, as a resolution's
    (cogs.game.results): public ones through ``engine.public_view`` only, so no role leaks."""
    locale = await game_language(game)
    names = display_names(before)
    change = Change()
    for event in events:
        # A host's removal is said as such by night too (R-SANCT-4): its cause is the host's and
        # shows no role, unlike a night's deaths, whose causes public_view hides.
        line = public_line(event, Phase.DAY)
        if line is not None:
            change.public.append("• " + text(line, locale, names))
        for recipient, told in private_lines(event):
            if recipient.isdigit():
                said = text(told, (await dm_locales(game))(recipient), names)
                change.private.append(Effect("dm", int(recipient), said))
    return change


async def apply(
    game_id: int,
    by: int | None,
    *,
    by_is_server_host: bool,
    decide: Decide,
    log_key: str,
    **log_args: FluentArg,
) -> tuple[GameInfo, GameState, Change]:
    """Run ``decide`` on the game's current state and store its change once (a session step:
    run again on what is stored when a vote or choice slipped in meanwhile). Returns the game
    after, the state before, the change. ``by`` None: the bot applies it by the rules (no
    host's check)."""

    async def step(s: GameSession) -> tuple[GameInfo, GameState, Change]:
        game = s.game
        if by is not None:
            require_host(game, by, by_is_server_host)
        if not s.running:
            raise UserFacingError("host-not-running")
        state = s.state
        locale = await game_language(game)
        try:
            change = await decide(game, state, locale)
        except EngineError as error:
            raise HostRefused(error, log_key) from None
        after = change.state if change.state is not None else state
        effects = await _announcements(game, change, after, locale)
        effects += change.private
        if change.state is not None:
            # the deaths' roles and mutes, or the end (R-LIFE-6): in the tool's own transaction,
            # so no crash between the two can lose them (issue 17)
            effects += await tool_effects(game, after, change.events)
        effects += await host_log(game, by, log_key, **log_args)
        stored = session.Change(
            after,
            change.events,
            effects,
            status=GameStatus.FINISHED if after.outcome is not None else None,
            schedule=change.schedule,
            deadlines=change.deadlines,
            void_votes_for=change.void_votes_for,
        )
        await session.commit(s, stored)
        return await get_game(game_id), state, change

    applied = await session.run(game_id, step)
    wake()
    return applied


async def _announcements(
    game: GameInfo, change: Change, after: GameState, locale: str
) -> list[Effect]:
    """The tool's public lines, and the reveal after a break if it ended the game (R-LIFE-6): in
    one post when they fit, else as few as hold them, cut between lines (issue 20)."""
    announcements = await channel_for(game, ANNOUNCEMENTS)
    if announcements is None:
        return []
    lines = list(change.public)
    if after.outcome is not None:
        lines += ["", f"**{t(locale, 'end-reveal-title')}**", *reveal_lines(after, locale)]
    return [Effect("post", announcements, chunk) for chunk in chunk_lines(lines, POST_LIMIT)]
