"""Day resolution (RULES.md sections 4 and 5): ``resolve_day(state, choices) -> (state, events)``."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence

from engine import effects
from engine.choices import Choice, Verb, check, controls_of
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
    Won,
)
from engine.night import consume_cancellations
from engine.roles import Phase, Role
from engine.state import EngineError, GameState, Mark
from engine.win import winner

_SKIPPED = {Role.LAWYER: NoticeCode.LAWYER_SKIPPED, Role.BOUNCER: NoticeCode.BOUNCER_SKIPPED}
_LOST = {Role.LAWYER: NoticeCode.LAWYER_LOST_ROLE, Role.BOUNCER: NoticeCode.BOUNCER_LOST_ROLE}
_DAY_VERB = {Role.LAWYER: Verb.PROTECT, Role.BOUNCER: Verb.VOID}


def tally(counts: dict[str, int], protected: set[str]) -> str | None:
    """R-VOTE-7: the unique leader leaves; a tie for the lead, nobody. A protected unique
    leader: the unique second leaves; a tie for second, or no second, nobody."""
    if not counts:
        return None
    top = max(counts.values())
    leaders = [t for t, c in counts.items() if c == top]
    if len(leaders) != 1:
        return None
    leader = leaders[0]
    if leader not in protected:
        return leader
    rest = {t: c for t, c in counts.items() if t != leader}
    if not rest:
        return None
    second = max(rest.values())
    seconds = [t for t, c in rest.items() if c == second]
    return seconds[0] if len(seconds) == 1 else None


def resolve_day(
    state: GameState, choices: Sequence[Choice], *, vote_held: bool = True
) -> tuple[GameState, list[Event]]:
    """Resolve day ``state.number``: the lawyer's and bouncer's choices, the hobo's orders and
    the votes (in the order given: a voter's first vote stands, R-VOTE-2).

    ``vote_held`` False: no vote that day (scenario days without ``votes``): nobody leaves or
    is autokilled; day choices and their skips still count. Returns a new state (night
    ``number``) and the events; ``state`` is untouched."""
    if state.phase is not Phase.DAY:
        raise EngineError("not a day")
    pre = state
    s = copy.deepcopy(state)
    ev: list[Event] = []
    d = s.number
    cancelled = consume_cancellations(s, pre, Phase.DAY)
    accepted: list[Choice] = []
    votes: dict[str, str] = {}
    for c in choices:
        code = check(pre, c)
        if code is None and c.verb is Verb.VOTE and c.actor in votes:
            code = Refusal.ALREADY_USED  # R-VOTE-2: a vote cannot be changed
        if code is not None:
            ev.append(Refused(c.actor, c.verb.value, code))
            continue
        if c.verb is Verb.SKIP:  # the last choice wins (R-TIME-4); votes stand (R-VOTE-2)
            accepted = [a for a in accepted if a.actor != c.actor or a.verb is Verb.VOTE]
        accepted.append(c)
        if c.verb is Verb.VOTE and c.target is not None:
            votes[c.actor] = c.target

    def last(actor: str, verb: Verb) -> Choice | None:
        found = [c for c in accepted if c.actor == actor and c.verb is verb]
        return found[-1] if found else None

    # R-DAY-1..4: the lawyer's and the bouncer's choices, or their skips.
    protected: set[str] = set()
    voided: dict[str, str] = {}
    for p in pre.living():
        if p.role not in _DAY_VERB or p.id in cancelled:
            continue
        made = last(p.id, _DAY_VERB[p.role])
        if made is not None and made.target is not None:
            s.last_targets[p.id] = Mark(made.target, d)
            ev.append(DayChoiceMade(p.id, made.verb.value, made.target))
            if p.role is Role.LAWYER:
                protected.add(made.target)
            else:
                voided[made.target] = p.id
            continue
        s.skips[p.id] = s.skips.get(p.id, 0) + 1
        if s.skips[p.id] == 1:
            effects.notice(ev, _SKIPPED[p.role])
        else:
            effects.notice(ev, _LOST[p.role])
            effects.set_role(s, ev, p.id, Role.CITIZEN)  # R-NIGHT-15: keeps the faction
    # R-VOTE-6: orders for hobo votes.
    orders: dict[str, tuple[str, str]] = {}  # hobo -> (target, who ordered)
    for c in accepted:
        if c.verb is Verb.ORDER and c.target is not None:
            for ctl in controls_of(pre, c.actor):
                if c.target != ctl.hobo:
                    orders[ctl.hobo] = (c.target, ctl.who)
    left: str | None = None
    autokilled: list[str] = []
    if vote_held:
        for hobo, (target, _by) in orders.items():
            own = votes.get(hobo)
            if own is not None and own != target:
                ev.append(Refused(hobo, Verb.VOTE.value, Refusal.VOTE_CONTROLLED))
            votes[hobo] = target
        counts: Counter[str] = Counter()
        for p in pre.living():
            cast = votes.get(p.id)
            if cast is None:
                autokilled.append(p.id)  # R-VOTE-4
                continue
            by_order = orders.get(p.id)
            ev.append(VoteCast(p.id, cast, by_order[1] if by_order else None))
            if p.id in voided:
                ev.append(VoteVoided(p.id, voided[p.id]))  # R-VOTE-5
                continue
            counts[cast] += 1
        ev.append(VoteCounted(tuple(sorted(counts.items()))))
        left = tally(dict(counts), protected)
    if left is not None:
        who = pre.get(left)
        # R-VOTE-4: a non-voter who leads leaves by the vote and counts as autokilled too.
        effects.kill(s, ev, left, Cause.VOTE, autokilled=left in autokilled)
        if who.role is Role.CHILD:
            effects.notice(ev, NoticeCode.CHILD_KILLED)  # R-VOTE-9
        if who.role is Role.WOODMAN:
            effects.notice(ev, NoticeCode.MOURNING)  # R-VOTE-10
            s.mourning = True
    for who_id in autokilled:
        effects.kill(s, ev, who_id, Cause.AUTOKILL)
    s.hobo_controls = [c for c in s.hobo_controls if c.day > d]
    effects.successions(s, ev)
    effects.drop_lost_guns(s)  # R-VOTE-11
    if not s.winner:
        s.winner = winner(s, morning=False)
        if s.winner:
            ev.append(Won(tuple(s.winner)))
    s.phase = Phase.NIGHT
    return s, ev
