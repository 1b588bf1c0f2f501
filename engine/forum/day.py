"""Day resolution (RULES.md sections 4 and 5): ``resolve_day(state, choices) -> (state, events)``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.choices import Choice, Verb, ensure_running
from engine.draft import Draft
from engine.errors import PhaseError
from engine.events import (
    Cause,
    DayChoiceMade,
    Event,
    NoticeCode,
    Refusal,
    Refused,
    VoteCast,
    VoteCounted,
    VoteVoided,
)
from engine.forum import effects
from engine.forum.checks import check
from engine.forum.votes import hobo_orders, tally
from engine.roles import Phase, Role
from engine.state import GameState, Mark

_SKIPPED = {Role.LAWYER: NoticeCode.LAWYER_SKIPPED, Role.BOUNCER: NoticeCode.BOUNCER_SKIPPED}
_LOST = {Role.LAWYER: NoticeCode.LAWYER_LOST_ROLE, Role.BOUNCER: NoticeCode.BOUNCER_LOST_ROLE}
_DAY_VERB = {Role.LAWYER: Verb.PROTECT, Role.BOUNCER: Verb.VOID}


@dataclass
class DayWork:
    """A day in progress: the state at its opening, the draft of the next state, the events,
    the accepted choices (the last per actor and verb) and the votes (the first stands)."""

    pre: GameState
    s: Draft
    ev: list[Event] = field(default_factory=list)
    latest: dict[tuple[str, Verb], Choice] = field(default_factory=dict)
    votes: dict[str, str] = field(default_factory=dict)
    protected: set[str] = field(default_factory=set)
    voided: dict[str, str] = field(default_factory=dict)  # voter -> the bouncer
    orders: list[Choice] = field(default_factory=list)  # hobo orders, in the order given


def _accept(day: DayWork, choices: Sequence[Choice]) -> None:
    votes = day.votes
    for c in choices:
        code, verb = check(day.pre, c), c.verb
        if code is None and verb is Verb.VOTE:
            if c.actor in votes:
                code = Refusal.ALREADY_USED  # R-VOTE-2: a vote cannot be changed
            else:
                assert c.target is not None  # check refuses a vote for nobody
                votes[c.actor] = c.target
                continue
        if code is not None:
            day.ev.append(Refused(c.actor, verb, code))
        elif verb is Verb.SKIP:  # the last choice wins (R-TIME-4); votes stand (R-VOTE-2)
            for made in (Verb.PROTECT, Verb.VOID):
                day.latest.pop((c.actor, made), None)
            day.orders = [o for o in day.orders if o.actor != c.actor]
        elif verb is Verb.ORDER:
            day.orders.append(c)
        else:
            day.latest[(c.actor, c.verb)] = c


def _day_choices(day: DayWork, cancelled: set[str]) -> None:
    """R-DAY-1..4: the lawyer's and the bouncer's choices, or their skips."""
    s, ev = day.s, day.ev
    for p in day.pre.living():
        if p.role not in _DAY_VERB or p.id in cancelled:
            continue
        made = day.latest.get((p.id, _DAY_VERB[p.role]))
        if made is not None and made.target is not None:
            s.writable_last_targets()[p.id] = Mark(made.target, day.pre.number)
            ev.append(DayChoiceMade(p.id, made.verb, made.target))
            if p.role is Role.LAWYER:
                day.protected.add(made.target)
            else:
                day.voided[made.target] = p.id
            continue
        skips = s.writable_skips()
        skips[p.id] = skips.get(p.id, 0) + 1
        if skips[p.id] == 1:
            effects.notice(ev, _SKIPPED[p.role])
        else:
            effects.notice(ev, _LOST[p.role])
            effects.set_role(s, ev, p.id, Role.CITIZEN)  # R-NIGHT-15: keeps the faction


def _vote(day: DayWork) -> tuple[str | None, list[str]]:
    """The vote (R-VOTE-1..7): who leaves, and who is autokilled for giving no vote."""
    ev, votes = day.ev, day.votes
    orders = hobo_orders(day.pre, day.orders)
    for hobo, (target, _by) in orders.items():
        own = votes.get(hobo)
        if own is not None and own != target:
            ev.append(Refused(hobo, Verb.VOTE, Refusal.VOTE_CONTROLLED))
        votes[hobo] = target
    counts: dict[str, int] = {}
    autokilled: list[str] = []
    voided = day.voided
    for p in day.pre.living():
        pid = p.id
        cast = votes.get(pid)
        if cast is None:
            autokilled.append(pid)  # R-VOTE-4
            continue
        by_order = orders.get(pid) if orders else None
        ev.append(VoteCast(pid, cast, by_order[1] if by_order else None))
        if pid in voided:
            ev.append(VoteVoided(pid, voided[pid]))  # R-VOTE-5
            continue
        counts[cast] = counts.get(cast, 0) + 1
    ev.append(VoteCounted(tuple(sorted(counts.items()))))
    return tally(counts, day.protected), autokilled


def _leave(day: DayWork, left: str, autokilled: list[str]) -> None:
    s, ev = day.s, day.ev
    who = day.pre.get(left)
    # R-VOTE-4: a non-voter who leads leaves by the vote and counts as autokilled too.
    effects.kill(s, ev, left, Cause.VOTE, autokilled=left in autokilled)
    if who.role is Role.CHILD:
        effects.notice(ev, NoticeCode.CHILD_KILLED)  # R-VOTE-9
    if who.role is Role.WOODMAN:
        effects.notice(ev, NoticeCode.MOURNING)  # R-VOTE-10
        s.mourning = True


def resolve_day(
    state: GameState, choices: Sequence[Choice], *, vote_held: bool = True
) -> tuple[GameState, list[Event]]:
    """Resolve day ``state.number``: the lawyer's and bouncer's choices, the hobo's orders and
    the votes (in the order given: a voter's first vote stands, R-VOTE-2).

    ``vote_held`` False: no vote that day (scenario days without ``votes``): nobody leaves or
    is autokilled; day choices and their skips still count. Returns a new state (night
    ``number``) and the events; ``state`` is immutable."""
    if state.phase is not Phase.DAY:
        raise PhaseError("not a day")
    ensure_running(state)
    day = DayWork(state, Draft(state))
    cancelled = effects.consume_cancellations(day.s, state, Phase.DAY)
    _accept(day, choices)
    _day_choices(day, cancelled)
    left, autokilled = _vote(day) if vote_held else (None, [])
    if left is not None:
        _leave(day, left, autokilled)
    for who in autokilled:
        effects.kill(day.s, day.ev, who, Cause.AUTOKILL)
    if day.s.hobo_controls:
        day.s.hobo_controls = [c for c in day.s.hobo_controls if c.day > state.number]
    effects.close_phase(day.s, day.ev, Phase.DAY)  # R-VOTE-11 lost guns, R-WIN
    day.s.phase = Phase.NIGHT
    return day.s.freeze(), day.ev
