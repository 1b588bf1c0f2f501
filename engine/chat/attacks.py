"""C-NIGHT-4: the night's attacks on each player, in the order a-e: the werewolf's turn, the
doctor's heal, the lucky's coin, death, and the kamikaze's take."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from engine.chat.choices import ChatChoice
from engine.chat.events import CoinDrawn, Turned
from engine.chat.mafia import TeamKill
from engine.chat.roles import ChatRole, ChatVerb
from engine.chat.state import ChatState
from engine.events import Cause, Notice, NoticeCode

#: The attacks of C-NIGHT-4 by who makes them (the mafia's is its decider's, C-NIGHT-4e).
_SOLO: dict[ChatRole, Cause] = {
    ChatRole.KILLER: Cause.KILLER,
    ChatRole.MANIAC: Cause.MANIAC,
    ChatRole.COMMISSAR: Cause.COP,  # the commissar's shot (C-NIGHT-5)
}


@dataclass(frozen=True)
class Attack:
    cause: Cause
    attacker: str
    target: str


@dataclass
class Kills:
    """What the attacks did: the dead in the order they fell (buried by the night), the
    turned werewolves, and the other events in the order they happened."""

    died: dict[str, Cause] = field(default_factory=dict)
    turned: dict[str, ChatRole] = field(default_factory=dict)
    events: list[object] = field(default_factory=list)


def attacks(state: ChatState, effective: Mapping[str, ChatChoice], team: TeamKill) -> list[Attack]:
    out = []
    if team.victim is not None and team.decider is not None:
        out.append(Attack(Cause.MAFIA, team.decider, team.victim))
    for actor, c in effective.items():
        cause = _SOLO.get(state.by_id[actor].role)
        wanted = ChatVerb.SHOOT if cause is Cause.COP else ChatVerb.KILL
        if cause is not None and c.verb is wanted and c.target is not None:
            out.append(Attack(cause, actor, c.target))
    return out


def _turn(hits: list[Attack]) -> ChatRole | None:
    """C-NIGHT-4a: the only attack the mafia's -> a mafioso; the commissar's shot -> sergeant."""
    if len(hits) != 1:
        return None
    return {Cause.MAFIA: ChatRole.MAFIOSO, Cause.COP: ChatRole.SERGEANT}.get(hits[0].cause)


def resolve_attacks(
    state: ChatState,
    all_attacks: list[Attack],
    healed: frozenset[str],
    draw_coin: Callable[[str], bool],
) -> Kills:
    """Each attacked player, in signup order, through C-NIGHT-4a-d; then e for the kamikazes."""
    kills = Kills()
    unstopped_on: dict[str, list[Attack]] = {}
    on: dict[str, list[Attack]] = {}
    for a in all_attacks:
        on.setdefault(a.target, []).append(a)
    for target in sorted(on, key=state.signup.__getitem__):
        p, hits = state.by_id[target], on[target]
        role = _turn(hits) if p.role is ChatRole.WEREWOLF else None
        if role is not None:  # C-NIGHT-4a: a conversion, no death, no heal matters
            kills.turned[p.id] = role
            kills.events += [Turned(p.id, role), Notice(NoticeCode.WEREWOLF_TURNED)]
            continue
        # C-NIGHT-4b: the heal saves from every attack but the killer's
        through = [a for a in hits if p.id not in healed or a.cause is Cause.KILLER]
        if through and p.role is ChatRole.LUCKY:  # C-NIGHT-4c
            heads = draw_coin(p.id)
            kills.events.append(CoinDrawn(p.id, state.number, heads))
            if heads:
                kills.events.append(Notice(NoticeCode.LUCKY_SURVIVED))
                continue
        if through:  # C-NIGHT-4d
            kills.died[p.id] = through[0].cause
            unstopped_on[p.id] = through
    _kamikaze_takes(state, kills, unstopped_on)
    return kills


def _kamikaze_takes(state: ChatState, kills: Kills, unstopped_on: dict[str, list[Attack]]) -> None:
    """C-NIGHT-4e: a kamikaze who dies by an attack takes every attacker whose attack was not
    stopped (the mafia's: its decider); they die whatever heal they had."""
    for victim, through in unstopped_on.items():
        if state.by_id[victim].role is not ChatRole.KAMIKAZE:
            continue
        for attack in through:
            if attack.attacker in kills.died:
                continue
            kills.died[attack.attacker] = Cause.KAMIKAZE
            kills.events.append(Notice(NoticeCode.TOOK_ALONG))
