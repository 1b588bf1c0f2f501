"""The day (section 4): the vote and its candidate (C-DAY-2, C-DAY-3), the confirmation and the
hanging (C-DAY-4, C-DAY-6), then the kamikaze's take (C-DAY-5, ``engine.chat.kamikaze``).

The Discord side calls ``resolve_vote`` when the vote closes, ``resolve_confirmation`` when
the confirmation closes, and ``resolve_take`` if a kamikaze was hanged; ``resolve_day`` does the
three at once (the scenario runner)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from engine.chat.choices import ChatChoice
from engine.chat.events import Candidate, PersonalWin, Pressed, TakeAwaited
from engine.chat.kamikaze import resolve_take
from engine.chat.resolution import bury, guard, next_night, standing
from engine.chat.roles import ChatRole, ChatVerb
from engine.chat.state import ChatState
from engine.errors import PhaseError
from engine.events import Cause, VoteCast, VoteCounted
from engine.roles import Phase

_VOTE = frozenset({ChatVerb.VOTE})
_PRESS = frozenset({ChatVerb.UP, ChatVerb.DOWN})


def _only(choices: Iterable[ChatChoice], verbs: frozenset[ChatVerb]) -> list[ChatChoice]:
    return [c for c in choices if c.verb in verbs]


def resolve_vote(state: ChatState, choices: Iterable[ChatChoice]) -> tuple[ChatState, list[Any]]:
    """C-DAY-2, C-DAY-3: count the votes; the candidate is the unique leader with more votes
    than there are skips. The next state holds him for the confirmation (or, with none, is the
    next night)."""
    guard(state, Phase.DAY)
    if state.candidate is not None or state.pending_take is not None:
        raise PhaseError("the vote of this day is already counted")
    votes: dict[str, str | None] = {}
    out: list[Any] = []
    for c in _only(choices, _VOTE):
        if c.actor in votes:
            continue  # C-DAY-2: a vote cannot be changed
        kept, refused = standing(state, [c])
        out += refused
        if kept:
            votes[c.actor] = c.target
            if c.target is not None:
                out.append(VoteCast(c.actor, c.target))
    tally = Counter(t for t in votes.values() if t is not None)
    # C-DAY-3: every living player without a counted vote is a skip, the blocked excepted
    skips = sum(1 for p in state.living() if p.id not in state.blocked and votes.get(p.id) is None)
    out.append(VoteCounted(tuple(sorted(tally.items()))))
    top = max(tally.values(), default=0)
    leaders = [t for t, n in tally.items() if n == top]
    candidate = leaders[0] if len(leaders) == 1 and top > skips else None
    out.append(Candidate(candidate, skips))
    if candidate is None:
        after, ended = next_night(state)  # nobody is hanged today, the day ends
        return after, out + ended
    return replace(state, candidate=candidate), out


def resolve_confirmation(
    state: ChatState, choices: Iterable[ChatChoice]
) -> tuple[ChatState, list[Any]]:
    """C-DAY-4: hanged on a strict majority of 👍 over 👎 among those pressed (a tie spares
    him); a press may be changed until the end, so the last one counts."""
    guard(state, Phase.DAY)
    candidate = state.candidate
    pressed, refused = standing(state, _only(choices, _PRESS))
    up = sum(1 for c in pressed.values() if c.verb is ChatVerb.UP)
    down = len(pressed) - up
    out: list[Any] = [*refused, Pressed(up, down)]
    state = replace(state, candidate=None)
    if candidate is None or up <= down:
        after, ended = next_night(state)
        return after, out + ended
    return _hang(state, candidate, out)


def _hang(state: ChatState, who: str, out: list[Any]) -> tuple[ChatState, list[Any]]:
    role = state.by_id[who].role
    state, buried = bury(replace(state, may_speak=frozenset({who})), {who: Cause.VOTE})
    out += buried
    if role is ChatRole.SUICIDE:  # C-DAY-6: he wins alone; the game goes on without him
        state = replace(state, personal_wins=(*state.personal_wins, who))
        out.append(PersonalWin(who))
    if role is ChatRole.KAMIKAZE and len(state.living()) > 0:
        # C-DAY-5: the check of successions and the win waits for his choice
        return replace(state, pending_take=who), [*out, TakeAwaited(who)]
    after, ended = next_night(state)
    return after, out + ended


def resolve_day(state: ChatState, choices: Iterable[ChatChoice]) -> tuple[ChatState, list[Any]]:
    """The whole day at once: the vote, the confirmation, and a hanged kamikaze's take (the
    given ``take``, or nobody)."""
    given = list(choices)
    state, out = resolve_vote(state, given)
    if state.candidate is not None:
        state, more = resolve_confirmation(state, given)
        out += more
    takes = [c for c in given if c.verb is ChatVerb.TAKE]
    if state.pending_take is not None:
        state, more = resolve_take(state, takes[0] if takes else None)
        out += more
    elif takes:
        out += standing(state, takes)[1]  # no hanged kamikaze: refused, no_power
    return state, out
