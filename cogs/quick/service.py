"""The quick game's service: the registration (C-LIFE-1, cogs.quick.registration's, given here
too), the start (C-LIFE-2/3), each choice, vote and press, and each stage's end
(cogs.quick.rounds).

Every change of a running game is a step of cogs.service.session's ``run`` (the game read once,
committed once under its version guard, read again if something else was committed meanwhile),
and every Discord effect is an outbox row stored in the step's transaction. In one process the
steps of one game also take turns (a lock per game): ten players pressing at once then cost no
retries, and the version guard still decides between processes.
"""

from __future__ import annotations

import asyncio
import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from cogs.game.player_locale import dm_locales
from cogs.quick import effects as fx
from cogs.quick import rounds
from cogs.quick.end import after_end
from cogs.quick.model import QuickState
from cogs.quick.registration import join, open_quick, reg_effects, withdraw
from cogs.quick.settings import QuickSettings, load, roles_for
from cogs.quick.texts import mention, public_lines
from cogs.quick.town import with_end_town, with_morning_town
from cogs.service import session
from cogs.service.session import GameSession
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from cogs.support.refusals import RuleRefused
from db.claims import claimed
from db.game_facts import ChoiceRow
from db.games import GameStatus, cancel_game, games_of_player, get_game, players
from db.guild_settings import get_settings
from db.outbox import Effect, post
from db.quick import (
    MODE,
    channel_posts,
    closed_dms,
    game_seed,
)
from db.records import GameInfo, PendingDeadline
from db.state import Then, advance_phase, start_game
from engine import draw
from engine.chat import ChatOptions, ChatRole, ChatState, check, deal_game, new_game
from engine.chat.balance import MIN_PLAYERS
from engine.chat.events import BlindShot
from engine.chat.leave import last_words as speak
from engine.chat.leave import leave as leave_game
from engine.clock import Deadline
from engine.events import Cause, Died
from locales import t

__all__ = ["act", "join", "open_quick", "resolve_due", "start", "withdraw"]

_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)


@dataclass(frozen=True)
class Finding:
    """What C-MOD-1's detectors see in a committed step: ``detector`` on ``user_id``."""

    detector: str
    user_id: int
    key: str
    guild_id: int


#: Told of each step's findings once it is committed (cogs.quick.commands flags them).
observers: list[Callable[[list[Finding]], Awaitable[None]]] = []


def findings(game: GameInfo, events: Sequence[Any]) -> list[Finding]:
    """C-MOD-1 in the events: a blind shot on night 1 (``cop_first_night``), C-NIGHT-8's
    removal (``afk``), C-LIFE-7's leave (``leave``; the key the server-leave detector uses)."""
    out = []
    for e in events:
        if isinstance(e, BlindShot):
            out.append(Finding("cop_first_night", int(e.commissar), f"cop1:{game.id}:{e.commissar}",
                               game.guild_id))  # fmt: skip
        elif isinstance(e, Died) and e.cause is Cause.ASLEEP:
            out.append(Finding("afk", int(e.who), f"afk:{game.id}:{e.who}", game.guild_id))
        elif isinstance(e, Died) and e.cause is Cause.LEAVE:
            out.append(Finding("leave", int(e.who), f"leave:{game.id}:{e.who}", game.guild_id))
    return out


async def _notify(found: list[Finding]) -> None:
    for observer in observers:
        if found:
            await observer(found)


async def _context(game: GameInfo) -> rounds.Game:
    """The game's names and settings; the server's language for its public posts, each
    player's for his DMs (issue 19: his latest interaction's, else the server's)."""
    locale = (await get_settings(game.guild_id)).language
    names = {str(p.user_id): p.name for p in await players(game.id)}
    return rounds.Game(game.id, game.guild_id, game.channel_id or 0, locale, names,
                       await load(game.guild_id), await dm_locales(game))  # fmt: skip


def _deadline(qs: QuickState) -> list[Deadline]:
    if qs.closes is None:
        return []
    kind = "night_choice" if qs.phase == "night" else "vote"
    return [Deadline(kind, qs.closes, qs.closes, False)]  # type: ignore[arg-type]


# -- the start (C-LIFE-2, C-LIFE-3) -------------------------------------------------------------


async def start(
    game_id: int, *, by: int | None = None, now: datetime | None = None,
    deal: Sequence[ChatRole] | None = None, seed: bytes | None = None,
) -> bool:  # fmt: skip
    """Deal and open night 1 (``by``: the registered player who pressed **Start now**); with
    fewer than four at the countdown's end, the game is cancelled. Whether it started.
    ``deal``: the roles in signup order, imposed by tests instead of the draw (the commitment
    then covers that list, unshuffled) and ``seed`` the draw's secret (a test's lucky coin);
    nothing reachable from Discord passes them."""
    async with _locks[game_id]:
        game = await get_game(game_id)
        if game.status is not GameStatus.SIGNUP:
            raise UserFacingError("error-already-started")
        signed = await players(game_id)
        if by is not None and all(p.user_id != by for p in signed):
            raise UserFacingError("quick-not-registered")
        if len(signed) < MIN_PLAYERS:
            if by is not None:
                raise UserFacingError("quick-too-few", min=MIN_PLAYERS)
            await cancel_game(game_id, await reg_effects(game, "cancelled"))
            return False
        await _deal(game, [p.user_id for p in signed], now or bot_clock.now(), deal, seed)
    full = (await load(game.guild_id)).full_table
    if by is not None and full is not None and len(signed) < full:  # C-MOD-1: early_start
        await _notify([Finding("early_start", by, f"early:{game_id}:{by}", game.guild_id)])
    return True


async def _deal(
    game: GameInfo, ids: list[int], now: datetime, imposed: Sequence[ChatRole] | None,
    secret: bytes | None = None,
) -> None:  # fmt: skip
    ctx = await _context(game)
    settings: QuickSettings = ctx.settings
    pids = [str(i) for i in ids]
    roles = list(imposed) if imposed is not None else roles_for(settings, len(pids))
    seed = secret or secrets.token_bytes(32)
    options = ChatOptions(roles_public=settings.roles_public, secret_vote=settings.secret_vote)
    if imposed is None:
        chat = deal_game(seed, str(game.id), roles, pids, options)
    else:
        chat = new_game(list(zip(pids, roles, strict=True)), game_id=str(game.id),
                        seed=seed.hex(), options=options)  # fmt: skip
    codes = [r.value for r in roles]
    commitment = draw.commitment(seed, str(game.id), codes, pids)
    qs = QuickState(chat, "night", now + timedelta(seconds=settings.seconds("night")), round=1)
    g, c, loc = game.id, ctx.channel, ctx.locale
    start_text = t(loc, "quick-started", id=g, count=len(ids), commitment=commitment)
    closed = await closed_dms(g)
    if closed:  # C-LIFE-3: who must open his DMs (or read his card by /mafia role)
        start_text += "\n" + t(loc, "quick-open-dms", who=", ".join(f"<@{u}>" for u in closed))
    effects = [
        *await reg_effects(game, "started"),
        fx.quick_op(
            game.guild_id, g, "open", f"quick:{g}:open", channel=c, members=ids, locale=loc
        ),  # fmt: skip
        post(c, start_text, key=f"quick:{g}:start"),
        *fx.role_cards(g, chat, ctx.language_of),
        *fx.cabinets(game.guild_id, g, chat, c, loc),
        # night 1 at once (C-LIFE-4); the channel's close is the "open" row's
        *[e for e in rounds.opening(ctx, qs) if e.kind != "quick"],
    ]
    await start_game(
        game.id, qs.to_json(), commitment=commitment, seed=seed.hex(), deadlines=_deadline(qs),
        roles=codes, dealt={pid: chat.player(pid).role.value for pid in pids}, effects=effects,
    )  # fmt: skip


# -- playing ------------------------------------------------------------------------------------


def _quick_state(s: GameSession) -> QuickState:
    if s.game.mode != MODE or s.state_text is None or s.game.status is not GameStatus.RUNNING:
        raise UserFacingError("quick-no-game")
    return QuickState.from_json(s.state_text)


async def _commit(
    s: GameSession, nxt: QuickState, effects: list[Effect], events: Sequence[Any] = (),
    resolved: QuickState | None = None, then: Then | None = None,
) -> None:  # fmt: skip
    """The step stored: the new state, its events in the log, the choices of the night it
    resolved (``resolved``: the stage that ended) as rows (db.game_facts reads both), the
    effects; at the end ``then``'s too, composed once the end is counted (cogs.quick.end)."""
    status = GameStatus.FINISHED if nxt.stage == "over" else None
    choices = [] if resolved is None or resolved.stage != "night" else [
        ChoiceRow("night", resolved.number, actor, verb, target, order=i)
        for i, (actor, (verb, target)) in enumerate(resolved.choices.items())
    ]  # fmt: skip
    await advance_phase(s.game_id, s.version, nxt.to_json(), list(events), status=status,
                        deadlines=_deadline(nxt), effects=effects, choices=choices,
                        then=then)  # fmt: skip


async def _resolved(
    ctx: rounds.Game, game: GameInfo, before: QuickState, later: rounds.Next,
    effects: list[Effect],
) -> tuple[list[Effect], Then | None]:  # fmt: skip
    """A stage's end: the morning's town on a night's results (issue 22), the end's effects
    (and what is composed after it is counted) when the game is over."""
    if before.stage == "night" and later.state.stage != "over":
        effects = await with_morning_town(ctx.guild, ctx.id, before.round, later.state.chat,
                                          ctx.names, ctx.locale, effects)  # fmt: skip
    ended, then = await _maybe_end(ctx, game, later.state, effects)
    return effects + ended, then


_STAGE_VERBS = {
    "night": {"check", "shoot", "heal", "visit", "protect", "inspect", "kill", "skip"},
    "vote": {"vote"},
    "confirm": {"up", "down"},
    "take": {"take"},
}


async def act(
    game_id: int, user_id: int, verb: str, target: str | None, *, round_: int | None,
    acted_at: datetime,
) -> str:  # fmt: skip
    """A night choice, a vote, a press or a take; refused by the engine's check or by the
    stage's end (judged by ``acted_at``); the stage ends at once when everyone chose."""

    async def step(s: GameSession) -> str:
        qs = _quick_state(s)
        if verb not in _STAGE_VERBS.get(qs.stage, set()) or (
            round_ is not None and round_ != qs.round
        ):
            raise UserFacingError("quick-not-now")
        if qs.closes is not None and acted_at >= qs.closes:
            raise UserFacingError("quick-too-late")
        actor = str(user_id)
        if verb == "vote" and actor in qs.choices:
            raise UserFacingError("quick-voted-already")  # C-DAY-2: final
        refusal = check(qs.chat, rounds.choice_of(qs, actor, verb, target))
        if refusal is not None:
            raise RuleRefused(refusal)
        nxt = qs.with_choice(actor, verb, target)
        ctx = await _context(s.game)
        effects = _announce(ctx, qs, nxt, actor, verb, target)
        if rounds.all_chose(nxt):
            later = rounds.advance(ctx, nxt, bot_clock.now())
            seen[:] = findings(s.game, later.events)
            effects, then = await _resolved(ctx, s.game, nxt, later, effects + later.effects)
            await _commit(s, later.state, effects, later.events, nxt, then)
            return verb
        await _commit(s, nxt, effects)
        return verb

    seen: list[Finding] = []
    async with _locks[game_id]:
        done = await session.run(game_id, step)
    await _notify(seen)
    return done


def _announce(ctx: rounds.Game, qs: QuickState, nxt: QuickState, actor: str, verb: str,
              target: str | None) -> list[Effect]:  # fmt: skip
    """A vote announced as cast (or, secret, as a vote), the confirmation's live count."""
    g, loc = ctx.id, ctx.locale
    if verb == "vote":
        n = len(nxt.choices)
        if ctx.settings.secret_vote:
            text = t(loc, "quick-vote-secret", count=n)
        else:
            whom = mention(target) if target else t(loc, "quick-skip")
            text = t(loc, "quick-vote-cast", voter=mention(actor), target=whom)
        return [post(ctx.channel, text, key=f"quick:{g}:r{qs.round}:vote:{actor}")]
    if verb in ("up", "down"):
        up = sum(1 for v, _ in nxt.choices.values() if v == "up")
        down = sum(1 for v, _ in nxt.choices.values() if v == "down")
        text = t(loc, "quick-confirm", who=mention(qs.chat.candidate or ""),
                 ends=f"<t:{int(qs.closes.timestamp())}:R>" if qs.closes else "", up=up, down=down)  # fmt: skip
        return [Effect("edit", 0, text, None, f"quick:{g}:r{qs.round}:confirm")]
    return []


async def _maybe_end(
    ctx: rounds.Game, game: GameInfo, qs: QuickState, effects: Sequence[Effect] = ()
) -> tuple[list[Effect], Then | None]:
    """The end's effects when ``qs`` is over, the end's town on its post of the roles, and
    what is composed once the end is counted (cogs.quick.end); its log: every post of the
    game's channel so far (stored, delivered or not) and those of this step (``effects``)."""
    if qs.stage != "over":
        return [], None
    drawn = rounds.Draw(await game_seed(game.id), game.commitment or "",
                        (game.roles or {}).get("roles", []), [int(p.id) for p in qs.chat.players],
                        (game.roles or {}).get("dealt", {}))  # fmt: skip
    log = await channel_posts(game.id, ctx.channel)
    log += [e.content for e in effects if e.kind == "post" and e.target_id == ctx.channel]
    ended = await with_end_town(ctx.guild, ctx.id, qs.chat, ctx.names, ctx.locale,
                                rounds.ending(ctx, qs, drawn, log))  # fmt: skip
    return ended, after_end(ctx, qs.chat, drawn, ctx.names)


async def resolve_due(pending: PendingDeadline) -> bool:
    """The scheduler's claim: a registration's end, or a stage's."""
    if pending.phase == "signup":
        try:
            await start(pending.game_id)
        except UserFacingError:
            return False
        return True

    async def step(s: GameSession) -> bool:
        if s.version != pending.version:
            return False
        qs = _quick_state(s)
        ctx = await _context(s.game)
        nxt = rounds.advance(ctx, qs, bot_clock.now())
        effects, then = await _resolved(ctx, s.game, qs, nxt, nxt.effects)
        await _commit(s, nxt.state, effects, nxt.events, qs, then)
        seen[:] = findings(s.game, nxt.events)
        return True

    # The forum's claim (db.claims): the row locked on PostgreSQL while the stage resolves, so
    # two processes never resolve it twice; the version guard decides on SQLite.
    seen: list[Finding] = []
    async with _locks[pending.game_id], claimed(pending.game_id, pending.version) as row:
        if row is None:
            return False
        done = await session.run(pending.game_id, step, first=GameSession.of(row))
    await _notify(seen)
    return done


async def leave(game_id: int, user_id: int, *, quiet: bool = False) -> None:
    """C-LIFE-7: ``/mafia leave`` in a running quick game (or leaving the server): he dies at
    once, with his role. ``quiet``: the server-leave detector has flagged it already."""

    async def step(s: GameSession) -> None:
        qs = _quick_state(s)
        pid = str(user_id)
        if not qs.chat.is_alive(pid):
            if quiet:
                return
            raise UserFacingError("quick-not-alive")
        chat, events = leave_game(qs.chat, pid)
        ctx = await _context(s.game)
        lines = public_lines(ctx.locale, events, chat, secret_vote=ctx.settings.secret_vote)
        nxt = QuickState(chat, "over" if chat.winner else qs.stage, qs.closes,
                         {a: c for a, c in qs.choices.items() if a != pid}, qs.words_until,
                         qs.round)  # fmt: skip
        effects = [post(ctx.channel, "\n".join(lines), key=f"quick:{game_id}:left:{pid}"),
                   fx.quick_op(ctx.guild, game_id, "dead", f"quick:{game_id}:dead:{pid}",
                               channel=ctx.channel, member=user_id)]  # fmt: skip
        ended, then = await _maybe_end(ctx, s.game, nxt, effects)
        await _commit(s, nxt, effects + ended, events, then=then)
        seen[:] = [] if quiet else findings(s.game, events)

    seen: list[Finding] = []
    async with _locks[game_id]:
        await session.run(game_id, step)
    await _notify(seen)


async def quick_game_of(user_id: int) -> GameInfo:
    """The running quick game ``user_id`` plays in."""
    games = [g for g in await games_of_player(user_id, None) if g.mode == MODE]
    if not games:
        raise UserFacingError("quick-no-game")
    return games[-1]


async def last_words(user_id: int, text: str, acted_at: datetime) -> bool:
    """C-DAY-7: a DM to the bot from one who may speak, within the window: posted, escaped,
    without mentions. Whether it was taken (other DMs are not the game's)."""
    try:
        game = await quick_game_of(user_id)
    except UserFacingError:
        return False

    async def step(s: GameSession) -> bool:
        qs = _quick_state(s)
        pid = str(user_id)
        if pid not in qs.chat.may_speak or qs.words_until is None or acted_at >= qs.words_until:
            return False
        chat, events = speak(qs.chat, pid, text[:300])
        ctx = await _context(s.game)
        lines = public_lines(ctx.locale, events, chat, secret_vote=ctx.settings.secret_vote)
        nxt = QuickState(chat, qs.stage, qs.closes, qs.choices, qs.words_until, qs.round)
        effects = [post(ctx.channel, "\n".join(lines), key=f"quick:{game.id}:words:{pid}:said")]
        await _commit(s, nxt, effects, events)
        return True

    async with _locks[game.id]:
        return await session.run(game.id, step)


async def living_names(game_id: int) -> list[tuple[str, str]]:
    """The living players (id, name), for ``/mafia act``'s autocomplete."""
    s = await session.open_session(game_id)
    qs = _quick_state(s)
    names = {str(p.user_id): p.name for p in await players(game_id)}
    return [(p.id, names.get(p.id, p.id)) for p in qs.chat.living()]


async def chat_state(game_id: int) -> ChatState:
    return (await quick_state(game_id)).chat


async def quick_state(game_id: int) -> QuickState:
    """The stored quick state, running or over (tests and the demo read the stage from it)."""
    s = await session.open_session(game_id)
    if s.game.mode != MODE or s.state_text is None:
        raise UserFacingError("quick-no-game")
    return QuickState.from_json(s.state_text)
