"""C-NIGHT-3: the mafia cabinet's kill, and its decider (C-NIGHT-4e, C-NIGHT-6)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.chat.choices import ChatChoice
from engine.chat.roles import CABINET, ChatRole, ChatVerb
from engine.chat.state import ChatState


@dataclass(frozen=True)
class TeamKill:
    """The team's victim (None: no kill) and its decider."""

    victim: str | None
    decider: str | None


NO_KILL = TeamKill(None, None)


def team_kill(state: ChatState, effective: Mapping[str, ChatChoice]) -> TeamKill:
    """``effective``: the night's choices that stand and were not cancelled, so a blocked don's
    or mafioso's vote is already gone (C-NIGHT-1d: it counts for nothing, not for the tie nor
    as the decider)."""
    votes = {
        actor: c.target
        for actor, c in effective.items()
        if c.verb is ChatVerb.KILL and c.target is not None and state.by_id[actor].role in CABINET
    }
    if not votes:
        return NO_KILL  # C-NIGHT-3: no votes, no kill (the mafia may skip)
    tally: dict[str, int] = {}
    for target in votes.values():
        tally[target] = tally.get(target, 0) + 1
    top = max(tally.values())
    leaders = [t for t, n in tally.items() if n == top]
    don_vote = next((t for a, t in votes.items() if state.by_id[a].role is ChatRole.DON), None)
    if len(leaders) == 1:
        victim = leaders[0]
    elif don_vote in leaders:
        victim = don_vote  # C-NIGHT-3: a tie goes to the don's target if he voted for one of them
    else:
        return NO_KILL  # C-NIGHT-3: else nobody
    return TeamKill(victim, _decider(state, votes, victim))


def _decider(state: ChatState, votes: Mapping[str, str], victim: str) -> str:
    """C-NIGHT-4e: the don if his counted vote was for the victim, else the first, in C-LIFE-5's
    order, of the mafiosi whose counted votes were for him."""
    for_victim = [a for a, t in votes.items() if t == victim]
    dons = [a for a in for_victim if state.by_id[a].role is ChatRole.DON]
    if dons:
        return dons[0]
    return min(for_victim, key=state.rank)
