"""Playing: votes and choices, and resolving a phase at its deadline.

Each function is one service call. A vote or a choice is checked by the engine against the
current state (a refusal is :class:`~cogs.support.refusals.RuleRefused` with the rule's code),
then recorded by the db inside the transaction that also checks the deadline by the time the
user acted (``acted_at``, the interaction's snowflake: R-TIME-2); the game's row is read once,
locked, in that transaction (db.play.locked_for_action). A resolution is a session step
(cogs.service.session) over the deadline the scheduler claimed (db.claims): it reads the phase's
choices and votes, asks the engine, and stores the new state under the game's version guard; a
vote committed meanwhile makes the session read again, so nothing accepted is lost and a phase
is resolved once. What the resolution says on Discord is stored with it (the
outbox, cogs.game.results) and delivered exactly once by the outbox worker.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from cogs.game import activity, host_decisions, host_time
from cogs.game.aftermath import after_resolution_effects
from cogs.game.results import compose
from cogs.game.start import refuse_before_day_opens
from cogs.game.stuck_notice import stuck_effects
from cogs.service import session
from cogs.service.session import Change, GameSession
from cogs.support import clock as bot_clock
from cogs.support.errors import UserFacingError
from cogs.support.refusals import RuleRefused
from db.claims import claimed
from db.errors import OutOfGame
from db.games import (
    GameInfo,
    GameStatus,
    PendingDeadline,
    PhaseClosed,
    choices_for_phase,
    get_game,
    votes_for_day,
)
from db.play import insert_choice, insert_vote, locked_for_action
from engine import (
    Choice,
    Event,
    GameState,
    Gun,
    Phase,
    Refusal,
    Verb,
    check,
    clock,
    resolve_day,
    resolve_night,
)
from engine.forum.votes import hobo_orders

__all__ = [
    "Resolved",
    "cast_vote",
    "make_choice",
    "my_choices",
    "phase_choices",
    "resolve",
    "resolve_due",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Resolved:
    game: GameInfo
    before: GameState
    after: GameState
    events: list[Event]
    phase: Phase  # the phase that was resolved


def _refuse_unless_in(s: GameSession, phase: tuple[str, int] | None) -> None:
    """A post's or prompt's action is for its own phase (``phase``): refused once it is over."""
    if phase is None:
        return
    state = s.state if s.running else None
    if state is None or state.outcome is not None or (str(state.phase), state.number) != phase:
        raise PhaseClosed(s.game_id, f"{phase[0]} {phase[1]} is over")


async def _allowed(s: GameSession, choice: Choice, acted_at: datetime) -> GameState:
    """The engine's and the clock's refusals of ``choice`` on the session's game."""
    await refuse_before_day_opens(s.game, acted_at)
    host_time.refuse_before_opening(s.game, acted_at)  # R-TIME-6
    state = s.state
    if state.player(choice.actor) is None:
        raise UserFacingError("error-not-in-this-game")  # another game's post or prompt
    me = state.player(choice.actor)
    if me is not None and not me.alive:  # said of him, not of his target (issue 19)
        raise OutOfGame(s.game_id, f"{choice.actor} is out")
    refusal = check(state, choice)
    if refusal is not None:
        raise RuleRefused(refusal)
    return state


async def cast_vote(
    game_id: int,
    voter: str,
    target: str,
    *,
    acted_at: datetime,
    phase: tuple[str, int] | None = None,
) -> GameSession:
    """``voter``'s vote for ``target`` today (R-VOTE-2: once, final); ``phase``: the day the
    vote post was for (("day", 2)), refused if it is over. The game is read once, locked, and
    the vote stored in the same transaction. Returns the game as the vote found it."""
    async with locked_for_action(game_id) as (connection, row):
        s = GameSession.of(row)
        _refuse_unless_in(s, phase)
        state = await _allowed(s, Choice(voter, Verb.VOTE, target), acted_at)
        if await _ordered_otherwise(game_id, state, voter, target):
            raise RuleRefused(Refusal.VOTE_CONTROLLED)
        await insert_vote(connection, row, state.number, voter, target, acted_at=acted_at)
    await host_time.after_vote(game_id, first=s)  # R-TIME-5: an outage's vote closes when all in
    return s


async def _ordered_otherwise(game_id: int, state: GameState, voter: str, target: str) -> bool:
    """R-VOTE-6: the hobo whose vote was taken has already been ordered to vote for someone
    else today. The engine would refuse his own vote at the close; say so now, before it is
    announced as if it counted. (An order given after his vote still overrides it then.)"""
    if not state.hobo_controls:
        return False
    day = await choices_for_phase(game_id, "day", state.number)
    ordered = hobo_orders(state, [c for c in day if c.verb is Verb.ORDER]).get(voter)
    return ordered is not None and ordered[0] != target


async def make_choice(
    game_id: int,
    actor: str,
    verb: Verb,
    target: str | None,
    gun: Gun | None = None,
    *,
    acted_at: datetime,
    phase: tuple[str, int] | None = None,
) -> GameSession:
    """A day or night choice; the last one before the deadline stands (R-TIME-4). ``phase``:
    the phase the prompt was for, refused if it is over. One read of the game, locked."""
    choice = Choice(actor, verb, target, gun)
    async with locked_for_action(game_id) as (connection, row):
        s = GameSession.of(row)
        _refuse_unless_in(s, phase)
        state = await _allowed(s, choice, acted_at)
        await insert_choice(
            connection, row, str(state.phase), state.number, choice, acted_at=acted_at
        )
    return s


async def my_choices(game_id: int, state: GameState, actor: str) -> list[Choice]:
    """What ``actor`` has chosen in the current phase so far (his vote included)."""
    return [c for c in await phase_choices(game_id, state) if c.actor == actor]


async def resolve_due(claim: PendingDeadline, now: datetime | None = None) -> Resolved | None:
    """Resolve the phase the scheduler claimed (``claim``: the game, its version, the phase and
    its close as read): None if the claim no longer holds — the game moved on since (another
    process resolved it, a host changed it) or another process holds it (db.claims). A lost
    version race (a vote committed during the resolution) resolves again only if the same
    phase is still the current one and still due at the same close."""
    async with claimed(claim.game_id, claim.version) as row:
        if row is None:
            return None
        first = GameSession.of(row)
        return await session.run(claim.game_id, lambda s: _resolve(s, claim, now), first=first)


def _still_due(s: GameSession, claim: PendingDeadline) -> bool:
    game = s.game
    closes = game.votes_deadline if game.phase == "day" else game.choices_deadline
    return (
        game.status is GameStatus.RUNNING
        and (game.phase, game.day_number) == (claim.phase, claim.day_number)
        and closes is not None
        and closes.closes_at == claim.closes_at
    )


async def _resolve(s: GameSession, claim: PendingDeadline, now: datetime | None) -> Resolved | None:
    if not _still_due(s, claim):
        log.info("game %s: %s %s is no longer due here", s.game_id, claim.phase, claim.day_number)
        return None
    game, state = s.game, s.state
    choices = await phase_choices(game.id, state)
    under = await activity.inactive(game, state, choices)  # R-SANCT-3
    after, events = resolve(game, state, choices, under)
    moment = now or bot_clock.now()
    next_deadlines, opened = _next_deadlines(game, after, moment)
    effects = await compose(game, state, after, events, next_deadlines)
    effects += await after_resolution_effects(game, state, after, events)
    effects += await activity.notes_effects(game, state, under, events)
    effects += await host_time.notes_effects(game, state, opened, events)  # the host's
    effects += await stuck_effects(game, state, after, events)  # R-WIN-5
    change = Change(
        after,
        events,
        effects,
        status=GameStatus.FINISHED if after.outcome is not None else None,
        deadlines=next_deadlines,
        schedule=host_time.schedule_after(game, after, opened, moment),
    )
    await session.commit(s, change)
    return Resolved(await get_game(game.id), state, after, events, state.phase)


async def phase_choices(game_id: int, state: GameState) -> list[Choice]:
    """What the current phase's resolution takes: its choices (R-TIME-4: the last of each
    actor's), and the day's votes."""
    choices = await choices_for_phase(game_id, str(state.phase), state.number)
    if state.phase is Phase.DAY:
        choices = [*choices, *await votes_for_day(game_id, state.number)]
    return choices


def resolve(
    game: GameInfo,
    state: GameState,
    choices: Sequence[Choice],
    inactive: Mapping[str, int] | None = None,
) -> tuple[GameState, list[Event]]:
    """The engine's resolution of the current phase with ``choices``, then the day's removals
    for inactivity (``inactive``, R-SANCT-3), the host's standing decisions applied (R-WIN-2).
    Pure: the preview (cogs.game.host_preview) calls it too."""
    if state.phase is Phase.DAY:
        after, events = activity.remove(*resolve_day(state, list(choices)), inactive or {})
    else:
        after, events = resolve_night(state, list(choices))
    return host_decisions.on_resolution(game, after, events)


def _next_deadlines(
    game: GameInfo, after: GameState, now: datetime
) -> tuple[list[clock.Deadline], datetime]:
    """The next phase's deadlines (with the host's changes) and its opening."""
    if after.outcome is not None:
        return [], now
    schedule = host_time.schedule_for(game)
    phase = clock.Phase("day" if after.phase is Phase.DAY else "night", after.number)
    opened = clock.day_opening(schedule, now) if after.phase is Phase.DAY else now
    return list(clock.deadlines(schedule, phase, opened).values()), opened
