"""What the night tells: the commissar's check and the journalist's inspect (C-NIGHT-5), the
hobo's visitors (C-NIGHT-6), and the sergeant's share of the commissar's night (C-NIGHT-7).
Every step sees the roles as they were at the night's start (section 3)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.chat.choices import ChatChoice
from engine.chat.events import BlindShot, CommissarChose, Visitors
from engine.chat.mafia import TeamKill
from engine.chat.roles import CABINET, ChatRole, ChatVerb
from engine.chat.state import ChatState
from engine.events import Learned

_READS_CITIZEN_TO_JOURNALIST = frozenset({ChatRole.COMMISSAR, ChatRole.SERGEANT})


def _read(state: ChatState, target: str, clients: frozenset[str], journalist: bool) -> str:
    """The role a check reads: a lawyer's client reads ``citizen`` (C-NIGHT-2); to the
    journalist so do the commissar and the sergeant (C-NIGHT-5)."""
    role = state.by_id[target].role
    if target in clients or (journalist and role in _READS_CITIZEN_TO_JOURNALIST):
        return ChatRole.CITIZEN.value
    return role.value


def checks(
    state: ChatState, effective: Mapping[str, ChatChoice], clients: frozenset[str]
) -> list[Learned | CommissarChose | BlindShot]:
    """C-NIGHT-5 and C-NIGHT-7, in signup order of the actors (and C-MOD-1's blind shot)."""
    sergeants = [p.id for p in state.players if p.alive and p.role is ChatRole.SERGEANT]
    out: list[Learned | CommissarChose | BlindShot] = []
    for actor, c in effective.items():
        role = state.by_id[actor].role
        if c.target is None:
            continue
        if role is ChatRole.JOURNALIST and c.verb is ChatVerb.INSPECT:
            out.append(Learned(actor, c.target, _read(state, c.target, clients, True)))
        elif role is ChatRole.COMMISSAR and c.verb in (ChatVerb.CHECK, ChatVerb.SHOOT):
            out += [CommissarChose(s, actor, c.verb, c.target) for s in sergeants]  # C-NIGHT-7
            if c.verb is ChatVerb.SHOOT and state.number == 1:
                out.append(BlindShot(actor, c.target))  # C-NIGHT-5: reported, not refused
            if c.verb is ChatVerb.CHECK:  # a commissar who shoots does not check
                what = _read(state, c.target, clients, False)
                out += [Learned(who, c.target, what) for who in (actor, *sergeants)]
    return out


def hobo_visitors(
    state: ChatState, effective: Mapping[str, ChatChoice], team: TeamKill
) -> list[Visitors]:
    """C-NIGHT-6: every other player whose choice named the hobo's target, whether it took
    effect or not (a mistress's visit voided by a heal included), but not a blocked player's
    cancelled choice nor a refused one (``effective`` holds neither); of the mafia's votes only
    the decider, and only on the team's victim. A blocked hobo learns nothing."""
    out = []
    for hobo, c in effective.items():
        target = c.target
        if state.by_id[hobo].role is not ChatRole.HOBO or c.verb is not ChatVerb.VISIT:
            continue
        if target is None:
            continue
        seen = {
            actor
            for actor, other in effective.items()
            if other.target == target
            and actor not in (hobo, target)  # the target is not his own visitor
            and not (other.verb is ChatVerb.KILL and state.by_id[actor].role in CABINET)
        }
        if team.victim == target and team.decider is not None:
            seen.add(team.decider)
        out.append(Visitors(hobo, target, tuple(sorted(seen, key=state.signup.__getitem__))))
    return out
