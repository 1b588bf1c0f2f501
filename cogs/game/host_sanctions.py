"""The host's sanctions in a running game (R-SANCT-4, issue 12) and the substitute.

Each is one service call: checked, applied through ``engine.host`` where the engine has a
say (cancel, strip, autokill, disqualify), stored once with its announcement and the host
channel's line (cogs.game.host_common.apply). What is said in public never reveals a role:

- a warning, a read-only period, an autokill and a disqualification are public (the rules'
  "announced"), with the player's character name only;
- a cancelled choice and a stripped role are told to the player (or his team's cabinet) alone:
  saying them in public would tell everyone that he had a choice, or a role, to lose.

Discord's part is outbox rows (cogs.delivery), all stored with the sanction's change: the
read-only timeout, the morgue's mute, the dead role and the morgue's mute for the autokilled
(cogs.game.host_common.apply). A Discord timeout ends by itself, so a read-only period survives a
restart with nothing more stored.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from cogs.game.aftermath import MORGUE_MUTE
from cogs.game.host_common import Change, apply, event_effects
from cogs.game.player_locale import dm_locales
from cogs.game.render import shown_name
from cogs.game.server import load_game_channels
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from cogs.support.inert import inert
from db.games import GameInfo, event_log, get_game, votes_for_day
from db.host_tools import bar
from db.outbox import Effect, overwrite, timeout
from engine import Event, GameState, Phase, host
from engine.events import HostAction
from locales import t

__all__ = [
    "autokill",
    "cancel_next_choice",
    "disqualify",
    "left_server",
    "morgue_read_only",
    "read_only",
    "strip_role",
    "warn",
]


def _player(state: GameState, who: str, *, alive: bool = True) -> str:
    player = state.player(who)
    if player is None:
        raise UserFacingError("host-not-player")
    if alive and not player.alive:
        raise UserFacingError("host-not-alive")
    return shown_name(player)


async def warn(game_id: int, by: int, who: str, reason: str, *, by_is_server_host: bool) -> int:
    """A warning in the game (R-SANCT-4): announced, told to the player, logged; returns how
    many he has had in this game."""

    said = inert(reason)  # the host's words, repeated: never markdown or a mention

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        name = _player(state, who, alive=False)
        before = sum(
            1 for logged in await event_log(game.id) if logged.event == HostAction("warn", who)
        )
        number = before + 1
        return Change(
            events=[HostAction("warn", who)],
            public=[t(locale, "host-note-warn", name=name, number=number, reason=said)],
            private=[
                Effect(
                    "dm",
                    int(who),
                    t((await dm_locales(game))(who), "host-dm-warn", number=number, reason=said),
                )
            ]
            if who.isdigit()
            else [],
            result=number,
        )

    _, _, change = await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-warn",
        who=f"<@{who}>",
        reason=said,
    )
    return int(change.result)


async def read_only(
    game_id: int, by: int, who: str, minutes: int, *, by_is_server_host: bool
) -> datetime:
    """Read-only for ``minutes`` (R-SANCT-4): announced, and the Discord timeout until the
    returned instant stored with it (an outbox row, cogs.delivery)."""
    until = bot_clock.now() + timedelta(minutes=minutes)

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        name = _player(state, who, alive=False)
        stamp = int(until.timestamp())
        muted = timeout(game.guild_id, int(who), until, reason="R-SANCT-4: read-only by the host")
        return Change(
            events=[HostAction("read_only", who)],
            public=[t(locale, "host-note-read-only", name=name, until=stamp)],
            private=[muted],
        )

    await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-read-only",
        who=f"<@{who}>",
        minutes=minutes,
    )
    return until


async def cancel_next_choice(game_id: int, by: int, actor: str, *, by_is_server_host: bool) -> None:
    """Cancel a player's or a team's next choice (R-SANCT-4): told to him or his team's
    cabinet only."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        if not state.is_team_key(actor):
            _player(state, actor)
        after, events = host.cancel_next_choice(state, actor)
        notice = t(locale, "host-dm-cancelled")
        private: list[Effect] = []
        if actor.isdigit():
            mine = t((await dm_locales(game))(actor), "host-dm-cancelled")  # his language
            private.append(Effect("dm", int(actor), mine))
        else:
            channels = await load_game_channels(game.id)
            cabinet = None if channels is None else dict(channels.cabinets).get(actor)
            if cabinet is not None:
                private.append(Effect("post", cabinet, notice))
        return Change(state=after, events=events, private=private)

    shown = actor if not actor.isdigit() else f"<@{actor}>"
    await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-cancel",
        who=shown,
    )


async def morgue_read_only(game_id: int, by: int, who: str, *, by_is_server_host: bool) -> None:
    """R-SANCT-2: a dead player who knows others' roles may be made read-only in the morgue;
    the command sets the morgue's overwrite. Logged, not announced (it would say he knows)."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        _player(state, who, alive=False)
        if state.get(who).alive:
            raise UserFacingError("host-morgue-alive")
        channels = await load_game_channels(game.id)
        muted = [] if channels is None or not who.isdigit() else [
            overwrite(channels.morgue, int(who), deny=MORGUE_MUTE,
                      key=f"morgue-mute:{game.id}:{who}", reason="R-SANCT-2: read-only")
        ]  # fmt: skip
        return Change(events=[HostAction("morgue_read_only", who)], private=muted)

    await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key="host-morgue",
        who=f"<@{who}>",
    )


async def strip_role(game_id: int, by: int, who: str, *, by_is_server_host: bool) -> None:
    """Strip a role to ``citizen`` (R-SANCT-4, R-NIGHT-15): told to the player only."""
    await _engine_tool(game_id, by, who, "host-strip", by_is_server_host)


async def autokill(game_id: int, by: int, who: str, *, by_is_server_host: bool) -> list[Event]:
    """Autokill (R-SANCT-4): out at once, announced without his role; no morgue for him.
    Returns the engine's events (his death, for the server's part)."""
    return await _engine_tool(game_id, by, who, "host-autokill", by_is_server_host)


async def disqualify(
    game_id: int, by: int, who: str, *, bar_later: bool, by_is_server_host: bool
) -> list[Event]:
    """Disqualify (R-SANCT-4): out at once, announced; with ``bar_later`` he may not sign up
    for later games on this server. Returns the engine's events."""
    after = await _engine_tool(game_id, by, who, "host-disqualify", by_is_server_host)
    if bar_later and who.isdigit():
        await bar((await get_game(game_id)).guild_id, int(who), game_id)
    return after


async def _void_votes_for(
    game: GameInfo, state: GameState, who: str, locale: str, change: Change
) -> None:
    """A player removed mid-day cannot be voted out: the votes already cast for him are void
    and their voters vote again (else R-VOTE-4 would autokill them for a vote that was final,
    R-VOTE-2, but can no longer count); each is told by DM, with the vote's deadline."""
    voters = [v.actor for v in await votes_for_day(game.id, state.number) if v.target == who]
    if not voters:
        return
    change.void_votes_for.append(who)
    name = shown_name(state.get(who)) if state.player(who) else who
    until = int(game.votes_deadline.announced_at.timestamp()) if game.votes_deadline else 0
    language = await dm_locales(game)  # each voter in his own language (issue 19)
    for voter in voters:
        if voter.isdigit():
            text = t(language(voter), "host-dm-vote-void", name=name, until=until)
            change.private.append(Effect("dm", int(voter), text))


async def _engine_tool(
    game_id: int, by: int, who: str, tool: str, by_is_server_host: bool
) -> list[Event]:
    override = {
        "host-strip": host.strip_role,
        "host-autokill": host.autokill,
        "host-disqualify": host.disqualify,
    }[tool]

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        _player(state, who)
        after, events = override(state, who)
        change = await event_effects(game, state, events)
        change.state, change.events = after, events
        if tool != "host-strip" and state.phase is Phase.DAY:
            await _void_votes_for(game, state, who, locale, change)
        return change

    _, _, change = await apply(
        game_id,
        by,
        by_is_server_host=by_is_server_host,
        decide=decide,
        log_key=tool,
        who=f"<@{who}>",
    )
    return list(change.events)


async def left_server(game_id: int, who: str) -> None:
    """R-VOTE-12: a living player who leaves the server leaves the game at once, as the host's
    autokill would take him out (he can vote no more, and may not post in the morgue): announced
    without a role, the votes cast for him today void and their voters told to vote again, his
    own vote void with him. :class:`UserFacingError` (nothing stored) when he is no living
    player of it."""

    async def decide(game: GameInfo, state: GameState, locale: str) -> Change:
        player = state.player(who)
        if player is None or not player.alive:
            raise UserFacingError("host-not-alive")
        after, events = host.autokill(state, who)
        change = Change(state=after, events=events)
        change.public = [t(locale, "note-left-server", name=player.name or who)]
        if state.phase is Phase.DAY:
            await _void_votes_for(game, state, who, locale, change)
        return change

    await apply(
        game_id, None, by_is_server_host=True, decide=decide,
        log_key="host-log-left-server", who=f"<@{who}>",
    )  # fmt: skip
