"""A choice and its one check: ``check(state, choice) -> Refusal | None`` (CHAT-GAME.md
section 8's refusal reasons, the first that applies in its order).

The resolvers call this, and only this, to drop a choice: a check is written once.
"""

from __future__ import annotations

from collections.abc import Callable
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


def _unknown(s: ChatState, c: ChatChoice) -> bool:
    return c.actor not in s.by_id or (c.target is not None and c.target not in s.by_id)


def _not_alive(s: ChatState, c: ChatChoice) -> bool:
    # C-DAY-5: the hanged kamikaze is dead when he names whom he takes
    taking = c.verb is ChatVerb.TAKE and c.actor == s.pending_take
    dead_actor = not s.is_alive(c.actor) and not taking
    return dead_actor or (c.target is not None and not s.is_alive(c.target))


def _no_power(s: ChatState, c: ChatChoice) -> bool:
    role = s.by_id[c.actor].role
    if s.phase is Phase.NIGHT:
        if c.verb is ChatVerb.SKIP:
            return False  # anyone may skip; for C-NIGHT-8 it is a choice
        return c.verb not in NIGHT_VERBS.get(role, ()) or c.target is None
    if c.verb is ChatVerb.TAKE:
        return s.pending_take != c.actor or c.target is None  # C-DAY-5
    if c.verb in (ChatVerb.UP, ChatVerb.DOWN):
        return s.candidate is None or s.pending_take is not None  # C-DAY-4: no confirmation
    if c.verb is ChatVerb.VOTE:  # C-DAY-2: the vote is over once there is a candidate
        return s.candidate is not None or s.pending_take is not None
    return True


def _blocked(s: ChatState, c: ChatChoice) -> bool:
    # C-NIGHT-1, C-DAY-2: the mistress's target neither votes nor presses the next day
    return s.phase is Phase.DAY and c.actor in s.blocked and c.verb in DAY_VERBS


def _own_confirmation(s: ChatState, c: ChatChoice) -> bool:
    # C-DAY-4: every living player but the candidate may press
    return c.verb in (ChatVerb.UP, ChatVerb.DOWN) and c.actor == s.candidate


def _self_vote(s: ChatState, c: ChatChoice) -> bool:
    return c.verb is ChatVerb.VOTE and c.target == c.actor  # C-DAY-2: "another living player"


def _self_target(s: ChatState, c: ChatChoice) -> bool:
    # Section 8: every night choice but the doctor's heal names another player; so does the
    # kamikaze's take (C-DAY-5: "one other living player")
    return c.target == c.actor and c.verb not in (ChatVerb.HEAL, ChatVerb.VOTE)


def _own_team(s: ChatState, c: ChatChoice) -> bool:
    # C-NIGHT-3: the cabinet names a target outside the cabinet
    if c.verb is not ChatVerb.KILL or c.target is None:
        return False
    return s.by_id[c.actor].role in CABINET and s.by_id[c.target].role in CABINET


def _same_target_twice(s: ChatState, c: ChatChoice) -> bool:
    # C-NIGHT-1e: the mistress never visits the same player two nights running
    if c.verb is not ChatVerb.VISIT or s.by_id[c.actor].role is not ChatRole.MISTRESS:
        return False
    return s.last_visit.get(c.actor) == c.target


def _already_used(s: ChatState, c: ChatChoice) -> bool:
    # C-NIGHT-2: the doctor heals himself at most once per game
    return c.verb is ChatVerb.HEAL and c.target == c.actor and c.actor in s.self_healed


#: Section 8's order: when a choice breaks several rules, the first is given.
_ORDER: tuple[tuple[Refusal, Callable[[ChatState, ChatChoice], bool]], ...] = (
    (Refusal.UNKNOWN_PLAYER, _unknown),
    (Refusal.NOT_ALIVE, _not_alive),
    (Refusal.NO_POWER, _no_power),
    (Refusal.BLOCKED, _blocked),
    (Refusal.OWN_CONFIRMATION, _own_confirmation),
    (Refusal.SELF_VOTE, _self_vote),
    (Refusal.SELF_TARGET, _self_target),
    (Refusal.OWN_TEAM, _own_team),
    (Refusal.SAME_TARGET_TWICE, _same_target_twice),
    (Refusal.ALREADY_USED, _already_used),
)


def check(state: ChatState, choice: ChatChoice) -> Refusal | None:
    """Why ``choice`` is refused now, or None if it stands."""
    for code, breaks in _ORDER:
        if breaks(state, choice):
            return code
    return None
