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
    don_vote = next((t for a, t in votes.items() if state.by_id[a].role is ChatRole.DON), None)
    victim = cabinet_victim(votes, don_vote)
    if victim is None:
        return NO_KILL
    return TeamKill(victim, _decider(state, votes, victim))


def cabinet_victim(votes: Mapping[str, str], don_vote: str | None) -> str | None:
    """C-NIGHT-3: the target with the most of the cabinet's counted votes (``votes``: member →
    target); a tie goes to the don's target (``don_vote``) if it is one of the tied, else
    nobody; no votes, no kill (the mafia may skip). Also what the statistics read back from a
    night's stored choices (db.game_facts)."""
    if not votes:
        return None
    tally: dict[str, int] = {}
    for target in votes.values():
        tally[target] = tally.get(target, 0) + 1
    top = max(tally.values())
    leaders = [t for t, n in tally.items() if n == top]
    if len(leaders) == 1:
        return leaders[0]
    return don_vote if don_vote in leaders else None


def _decider(state: ChatState, votes: Mapping[str, str], victim: str) -> str:
    """C-NIGHT-4e: the don if his counted vote was for the victim, else the first, in C-LIFE-5's
    order, of the mafiosi whose counted votes were for him."""
    for_victim = [a for a, t in votes.items() if t == victim]
    dons = [a for a in for_victim if state.by_id[a].role is ChatRole.DON]
    if dons:
        return dons[0]
    return min(for_victim, key=state.rank)
