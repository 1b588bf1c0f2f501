"""The start of a game: the role list, the fair draw (R-LIFE-3), the deal, day 1.

``start`` is one service call: it decides the role list (the host's choice, else the balance
proposal for the signup, R-BAL), draws a secret seed, deals with ``engine.draw``, opens the
engine's game and stores it (``db.start_game``: one transaction, with the commitment and the
secret seed, and day 1's deadlines). It returns what must be delivered (the public commitment,
each player's role card); nothing is said on Discord here.

Tests (the scenario runner over Discord, issue 11) impose a deal through the same function:
``deal=`` replaces the draw, and nothing reachable from Discord passes it.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from cogs.game import table
from cogs.game.acquaintance import deal_mark, move_deal
from cogs.game.lobby import MULTIFUNCTIONAL_CHILD, options_of
from cogs.game.start_effects import start_effects
from cogs.service import session
from cogs.service.session import GameSession
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from db.games import (
    GameInfo,
    GameStatus,
    PlayerInfo,
    SeedSecret,
    event_log,
    games_in_guild,
    games_of_player,
    get_game,
    load_state,
    players,
    reveal_seed,
    start_game,
)
from engine import GameState, Phase, balance, clock, draw
from engine.errors import EngineError
from engine.forum import told
from engine.forum.deal import new_game
from engine.roles import Faction, Role
from locales import has_key, t

__all__ = [
    "BalanceRefused",
    "Started",
    "finished_game",
    "my_game",
    "role_list_for",
    "schedule_of",
    "start",
]

MIN_PLAYERS = 5  # fewer cannot make a town, a team and a vote that means something


class BalanceRefused(UserFacingError):
    """The role list does not fit (R-BAL): each problem code of ``engine.balance.validate``
    (``code`` or ``code:detail``) becomes its translated sentence."""

    def __init__(self, codes: Sequence[str]) -> None:
        super().__init__("error-balance", problems=", ".join(codes))
        self.codes = tuple(codes)

    def text(self, locale: object) -> str:
        problems = []
        for code in self.codes:
            name, _, detail = code.partition(":")
            problems.append(t(locale, f"balance-{name}", detail=_term(detail, locale)))
        return t(locale, "error-balance", problems="; ".join(problems))


def _term(detail: str, locale: object) -> str:
    """A problem's detail (a team, a role, ``role@faction``) in the reader's words."""
    role, _, faction = detail.partition("@")
    if faction:
        return f"{_term(role, locale)}@{_term(faction, locale)}"
    for kind in ("faction", "role"):
        if has_key(locale, f"{kind}-{detail}"):
            return t(locale, f"{kind}-{detail}")
    return detail or "-"


@dataclass(frozen=True, slots=True)
class Started:
    game: GameInfo
    state: GameState
    commitment: str
    roles: tuple[str, ...]  # the committed role list (role@faction), in the draw's order
    players: list[PlayerInfo]


def schedule_of(game: GameInfo) -> clock.Schedule:
    """The engine's schedule for the game's stored one (cogs.game.lobby.schedule_for)."""
    stored = game.schedule
    if stored.timing == "fast":
        return clock.DurationSchedule(
            vote=timedelta(minutes=stored.day_minutes),
            day_choice=timedelta(minutes=stored.day_minutes),
            night=timedelta(minutes=stored.night_minutes),
        )
    return clock.ClockSchedule(zone=stored.zone)


def role_list_for(game: GameInfo, count: int) -> balance.RoleList:
    """The host's choice (R-BAL-5) or the proposal for ``count`` players; refused with the
    balance's problem codes when it does not fit."""
    chosen: Mapping[str, Any] = game.roles or {}
    try:
        if "roles" in chosen:
            role_list = balance.parse(chosen["roles"], chosen.get("basements"))
        else:
            role_list = balance.propose(count, game.mode)  # type: ignore[arg-type]
    except balance.BalanceError as error:
        raise BalanceRefused(error.codes) from None
    problems = balance.validate(role_list, game.mode, players=count)
    if problems:
        raise BalanceRefused(problems)
    return role_list


def _card(code: str) -> tuple[str, str | None]:
    """``role@faction`` as the engine's (role, faction); no faction: the role's own."""
    role, _, faction = code.partition("@")
    return role, faction or None


def _deal(
    game: GameInfo, ids: list[str], seed: bytes, imposed: Sequence[tuple[str, str]] | None
) -> tuple[tuple[str, ...], dict[str, str]]:
    """The committed role list and each player's card: the draw (R-LIFE-1), or a test's deal."""
    if imposed is None:
        roles = role_list_for(game, len(ids)).codes()
        return roles, draw.deal(seed, str(game.id), roles, ids)
    return tuple(code for _, code in imposed), dict(imposed)


def _opened_game(
    game: GameInfo,
    cards: list[tuple[str, str, str | None]],
    names: dict[str, str],
    opening: tuple[bool, int, Phase, Sequence[str]],
) -> GameState:
    """The engine's game over the deal (``opening``: the child's rule, the phase's number and
    kind, who is out already — a scenario's game opened later than day 1)."""
    multifunctional_child, number, phase, dead = opening
    try:
        return new_game(game.mode, cards, names=names, multifunctional_child=multifunctional_child,
                        number=number, phase=phase, dead=dead)  # fmt: skip
    except EngineError as error:  # a deal imposed by a test that no game can start from
        raise ValueError(f"game {game.id}: impossible deal: {error}") from error


async def _startable(
    game_id: int, by: int, by_is_server_host: bool, *, imposed: bool
) -> tuple[GameInfo, list[PlayerInfo]]:
    """The game and its players in signup order, if ``by`` may start it now: its host (or the
    server's), still in signup, with enough players (a test's imposed deal may have fewer)."""
    game = await get_game(game_id)
    if by != game.host_id and not by_is_server_host:
        raise UserFacingError("error-not-host")
    if game.status is not GameStatus.SIGNUP:
        raise UserFacingError("error-already-started")
    signed = await players(game_id)
    if len(signed) < MIN_PLAYERS and not imposed:
        raise UserFacingError("error-too-few-players", count=len(signed), min=MIN_PLAYERS)
    return game, signed


async def start(
    game_id: int,
    by: int,
    *,
    by_is_server_host: bool,
    deal: Sequence[tuple[str, str]] | None = None,
    multifunctional_child: bool | None = None,
    now: datetime | None = None,
    number: int = 1,
    phase: Phase = Phase.DAY,
    dead: Sequence[str] = (),
    on_server: bool = False,
) -> Started:
    """Deal and open day 1. ``deal``: ``(user id, role@faction)`` in signup order, imposed by
    tests instead of the draw (the commitment then covers that list, unshuffled). ``number``,
    ``phase`` and ``dead`` (user ids) open a scenario's game later than day 1: test-only, like
    ``deal``. ``multifunctional_child``: None, the host's option (R-NIGHT-5c), committed with
    the draw (R-LIFE-3). ``on_server``: the game's own channels and roles (``/host start``).
    Its Discord side is stored with it as outbox rows (cogs.game.start_effects)."""
    game, signed = await _startable(game_id, by, by_is_server_host, imposed=deal is not None)
    if multifunctional_child is None:
        multifunctional_child = MULTIFUNCTIONAL_CHILD in options_of(game)
    options = [MULTIFUNCTIONAL_CHILD] if multifunctional_child else []
    ids = [str(p.user_id) for p in signed]
    seed = secrets.token_bytes(32)
    roles, dealt = _deal(game, ids, seed, deal)
    cards = [(pid, *_card(dealt[pid])) for pid in ids]
    names = {str(p.user_id): p.name for p in signed}
    opening = (multifunctional_child, number, phase, dead)
    state = _opened_game(game, cards, names, opening)
    started_at = now or bot_clock.now()
    schedule = game.schedule
    acquaintance = schedule.acquaintance_minutes if phase is Phase.DAY else 0
    # R-LIFE-2: an acquaintance first; day 1 opens after it (its deadlines count from then).
    opened = started_at + timedelta(minutes=acquaintance)
    if acquaintance:
        schedule = dataclasses.replace(schedule, day_opens_at=opened)
    first = clock.Phase("day" if phase is Phase.DAY else "night", number)
    day_1 = list(clock.deadlines(schedule_of(game), first, opened).values())
    commitment = draw.commitment(seed, str(game_id), roles, ids, options)
    votes_at = next((d.named for d in day_1 if d.kind == "vote"), None)
    opens_at = opened if acquaintance and number == 1 else None
    effects = await start_effects(
        game, state, signed, commitment, votes_at=votes_at, opens_at=opens_at,
        on_server=on_server,
    )  # fmt: skip
    stored = await start_game(
        game_id,
        state,
        commitment=commitment,
        seed=seed.hex(),
        schedule=schedule,
        deadlines=day_1,
        roles=roles,
        dealt={pid: dealt[pid] for pid in ids},
        effects=effects,
        # R-LIFE-2: the deal is told when the acquaintance ends (the mark, in the same commit)
        marks=None if opens_at is None else deal_mark(game_id, opens_at),
    )
    return Started(await get_game(game_id), stored.game_state(), commitment, roles, signed)


async def my_game(
    guild_id: int | None, user_id: int, channel_id: int | None = None
) -> tuple[GameInfo, GameState]:
    """The running game ``user_id`` plays in that a command is about (:func:`my_game_of`),
    with its state."""
    chosen = await my_game_of(guild_id, user_id, channel_id)
    state = (await load_state(chosen.id)).game_state()
    if state.player(str(user_id)) is None:
        raise UserFacingError("error-not-playing")
    return chosen, state


async def my_game_of(guild_id: int | None, user_id: int, channel_id: int | None = None) -> GameInfo:
    """The running game ``user_id`` has a seat in that a command is about: the one whose
    channel it was used in; else, on a server, his latest there; from his DMs (``guild_id``
    None), his only one anywhere — with several, he is asked to use the command in the game's
    channel. No state read: a vote or a choice reads it once, in its own transaction."""
    games = await games_of_player(user_id, guild_id)
    if not games:
        raise UserFacingError("error-not-playing" if guild_id else "error-not-playing-anywhere")
    chosen = None
    for game in reversed(games):
        if await table.is_game_channel(game, channel_id):
            chosen = game
            break
    if chosen is None and guild_id is None and len(games) > 1:
        raise UserFacingError("error-several-games", count=len(games))
    return chosen or games[-1]


def day_opens_at(game: GameInfo) -> datetime | None:
    """When day 1 opens after an acquaintance (R-LIFE-2), while that is still to come."""
    stored = game.schedule.day_opens_at
    return stored if stored is not None and game.day_number == 1 else None


async def refuse_before_day_opens(game: GameInfo, acted_at: datetime) -> None:
    """No vote or choice during the acquaintance (R-LIFE-2)."""
    opens = day_opens_at(game)
    if opens is not None and game.phase == "day" and acted_at < opens:
        raise UserFacingError("error-acquaintance", until=int(opens.timestamp()))


async def set_acquaintance(
    game_id: int, by: int, minutes: int, *, by_is_server_host: bool
) -> datetime:
    """The host shortens or ends the acquaintance (R-LIFE-2): day 1 opens ``minutes`` from now
    (0: now), its deadlines counted from then; returns the new opening. A session step."""

    async def step(s: GameSession) -> datetime:
        game = s.game
        if by != game.host_id and not by_is_server_host:
            raise UserFacingError("error-not-host")
        current = day_opens_at(game)
        now = bot_clock.now()
        if current is None or current <= now:
            raise UserFacingError("error-no-acquaintance")
        opened = min(current, now + timedelta(minutes=minutes))
        schedule = dataclasses.replace(game.schedule, day_opens_at=opened)
        day_1 = clock.deadlines(schedule_of(game), clock.Phase("day", 1), opened).values()
        await session.commit(s, session.Change(s.state, schedule=schedule, deadlines=day_1))
        return opened

    opened = await session.run(game_id, step)
    await move_deal(game_id, opened)  # R-LIFE-2: the roles are told when day 1 opens
    return opened


async def told_role(game: GameInfo, state: GameState, pid: str) -> tuple[str, str]:
    """The role and side ``pid`` was told (his card): ``engine.forum.told`` over the deal and
    the game's log (R-ROLE-3: the child is told it is a citizen until criminals shoot it or the
    vote eliminates it; R-NIGHT-5c: a change he was not told stays hidden until the reveal)."""
    dealt = (game.roles or {}).get("dealt", {}).get(pid)
    card = None
    if dealt is not None:  # a game started before the deal was kept: the state's role
        role, _, faction = dealt.partition("@")
        card = (Role(role), Faction(faction) if faction else state.get(pid).faction)
    logged = [entry.event for entry in await event_log(game.id)]
    role_told, faction_told = told.told_role(state, pid, card, logged)
    return str(role_told), str(faction_told)


async def finished_game(guild_id: int, channel_id: int | None) -> tuple[GameInfo, GameState, str]:
    """The latest game over on this server (of this channel, if any): its last state and its
    revealed seed, for ``/mafia verify``."""
    over = await games_in_guild(guild_id, [GameStatus.FINISHED, GameStatus.CANCELLED])
    # A quick game's end posts its own seed and checks (cogs.quick): /mafia verify is the forum's.
    started = [g for g in over if g.commitment is not None and g.mode != "chat"]
    here = [g for g in started if g.channel_id == channel_id] or started
    if not here:
        running = await games_in_guild(guild_id, [GameStatus.RUNNING])
        if running:
            raise SeedSecret(running[-1].id)
        raise UserFacingError("error-no-game")
    game = here[-1]
    seed = await reveal_seed(game.id)
    state = (await load_state(game.id)).game_state()
    assert seed is not None
    return game, state, seed
