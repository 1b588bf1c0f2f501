"""A choice and its one check: ``check(state, choice) -> Refusal | None`` (CHAT-GAME.md
section 8's refusal reasons, the first that applies in its order).

The resolvers call this, and only this, to drop a choice: a check is written once.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.chat.roles import CABINET, DAY_VERBS, NIGHT_VERBS, ChatRole, ChatVerb
from engine.chat.state import ChatState
from engine.events import Refusal
from engine.roles import Phase


@dataclass(frozen=True)
class ChatChoice:
    """``actor`` chooses ``verb`` on ``target`` (``None``: a skip, a skipped vote, a press)."""

    actor: str
    verb: ChatVerb
    target: str | None = None


_PRESSES = frozenset({ChatVerb.UP, ChatVerb.DOWN})
_OTHER_PLAYER_ONLY = frozenset(ChatVerb) - {ChatVerb.HEAL, ChatVerb.VOTE}


def _no_power(s: ChatState, c: ChatChoice, role: ChatRole) -> bool:
    """The actor's role has no such choice now."""
    if s.phase is Phase.NIGHT:
        if c.verb is ChatVerb.SKIP:
            return False  # anyone may skip; for C-NIGHT-8 it is a choice
        return c.verb not in NIGHT_VERBS.get(role, ()) or c.target is None
    if c.verb is ChatVerb.TAKE:
        return s.pending_take != c.actor or c.target is None  # C-DAY-5
    if c.verb in _PRESSES:
        return s.candidate is None or s.pending_take is not None  # C-DAY-4: no confirmation
    if c.verb is ChatVerb.VOTE:  # C-DAY-2: the vote is over once there is a candidate
        return s.candidate is not None or s.pending_take is not None
    return True


def check(state: ChatState, choice: ChatChoice) -> Refusal | None:
    """Why ``choice`` is refused now, or None if it stands: section 8's reasons, the first in
    its order when a choice breaks several."""
    s, c = state, choice
    actor = s.by_id.get(c.actor)
    target = None if c.target is None else s.by_id.get(c.target)
    if actor is None or (c.target is not None and target is None):
        return Refusal.UNKNOWN_PLAYER
    # C-DAY-5: the hanged kamikaze is dead when he names whom he takes
    taking = c.verb is ChatVerb.TAKE and c.actor == s.pending_take
    if (not actor.alive and not taking) or (target is not None and not target.alive):
        return Refusal.NOT_ALIVE
    if _no_power(s, c, actor.role):
        return Refusal.NO_POWER
    if s.phase is Phase.DAY and c.actor in s.blocked and c.verb in DAY_VERBS:
        return (
            Refusal.BLOCKED
        )  # C-NIGHT-1, C-DAY-2: the mistress's target neither votes nor presses
    if c.verb in _PRESSES and c.actor == s.candidate:
        return Refusal.OWN_CONFIRMATION  # C-DAY-4: every living player but the candidate
    if c.verb is ChatVerb.VOTE and c.target == c.actor:
        return Refusal.SELF_VOTE  # C-DAY-2: "another living player"
    if c.target == c.actor and c.verb in _OTHER_PLAYER_ONLY:
        # section 8: every night choice but the doctor's heal names another player; so does
        # the kamikaze's take (C-DAY-5: "one other living player")
        return Refusal.SELF_TARGET
    if (
        c.verb is ChatVerb.KILL
        and actor.role in CABINET
        and target is not None
        and target.role in CABINET
    ):
        return Refusal.OWN_TEAM  # C-NIGHT-3: the cabinet names a target outside the cabinet
    if (
        c.verb is ChatVerb.VISIT
        and actor.role is ChatRole.MISTRESS
        and s.last_visit.get(c.actor) == c.target
    ):
        return Refusal.SAME_TARGET_TWICE  # C-NIGHT-1e: never the same player two nights running
    if c.verb is ChatVerb.HEAL and c.target == c.actor and c.actor in s.self_healed:
        return Refusal.ALREADY_USED  # C-NIGHT-2: the doctor heals himself once per game
    return None


def night_actors(state: ChatState) -> list[str]:
    """The living players with a night choice, in signup order: the night ends early once
    each of them has made one (section 3; a skip is one)."""
    return [p.id for p in state.players if p.alive and p.role in NIGHT_VERBS]
