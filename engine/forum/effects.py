"""Small writes shared by the resolvers: each changes a ``Draft`` and appends the events it
causes. Never called on a state a caller owns (a ``GameState`` cannot be written at all)."""

from __future__ import annotations

from engine.choices import Verb
from engine.draft import Draft
from engine.events import (
    Autokilled,
    Cause,
    Converted,
    Died,
    Event,
    GunInherited,
    Learned,
    Left,
    LeftCabinet,
    Notice,
    NoticeCode,
    RoleChanged,
    Won,
    ZombieHead,
)
from engine.forum.powers import powers
from engine.forum.win import outcome
from engine.roles import (
    CRIMINAL_TEAMS,
    Faction,
    Phase,
    Role,
)
from engine.state import GameState


def learn(s: Draft, ev: list[Event], who: str, about: str, what: str) -> None:
    """``who`` is told that ``about`` is ``what`` (R-NIGHT-16, private results R-NIGHT-14)."""
    if who == about:
        return
    s.learn(who, about, what)
    ev.append(Learned(who, about, what))


def notice(ev: list[Event], code: NoticeCode) -> None:
    """Each notice once per resolution."""
    if not any(isinstance(e, Notice) and e.code is code for e in ev):
        ev.append(Notice(code))


def kill(s: Draft, ev: list[Event], who: str, cause: Cause, *, autokilled: bool = False) -> None:
    if not s.get(who).alive:
        return
    s.die(who, cause)
    ev.append(_death(who, cause, autokilled))


def kill_all(s: Draft, ev: list[Event], deaths: dict[str, Cause], order: list[str]) -> None:
    """``kill`` of each of ``order`` by his cause in ``deaths``, in that order (a night's
    deaths, applied together at its end)."""
    for who in order:
        kill(s, ev, who, deaths[who])


def _death(who: str, cause: Cause, autokilled: bool) -> Event:
    if cause is Cause.VOTE:
        return Left(who, autokilled=autokilled)
    if cause is Cause.AUTOKILL:
        return Autokilled(who)
    return Died(who, cause)


def set_role(
    s: Draft,
    ev: list[Event],
    who: str,
    role: Role,
    faction: Faction | None = None,
    *,
    told: bool = True,
) -> None:
    p = s.update(who, role=role, faction=s.get(who).faction if faction is None else faction)
    ev.append(RoleChanged(who, p.role, p.faction, told))


def join_cabinet(s: Draft, ev: list[Event], who: str, cabinet: str) -> None:
    """R-NIGHT-16: a player who joins a cabinet learns its living members and they learn him."""
    members = s.cabinets.get(cabinet, ())
    if who not in members:
        s.set_cabinet(cabinet, (*members, who))
    ev.append(Converted(who, cabinet))
    me = s.get(who)
    for mid in s.cabinets[cabinet]:
        m = s.get(mid)
        if mid == who or not m.alive:
            continue
        learn(s, ev, who, mid, m.role)
        learn(s, ev, mid, who, me.role)


def leave_cabinet(s: Draft, ev: list[Event], who: str, cabinet: str) -> None:
    members = s.cabinets.get(cabinet, ())
    if who in members:
        s.set_cabinet(cabinet, tuple(m for m in members if m != who))
        ev.append(LeftCabinet(who, cabinet))


def tell_cabinet(s: Draft, ev: list[Event], cabinet: str, about: str, what: str) -> None:
    for mid in s.cabinets.get(cabinet, ()):
        if s.get(mid).alive:
            learn(s, ev, mid, about, what)


def successions(s: Draft, ev: list[Event]) -> None:
    """Keep every team led and the cop's gun held, after any death or role change.

    R-ROLE-4: a team whose don is gone gets as don its first living member in signup order
    (told to the cabinet only). Decision: a member stripped to ``citizen`` by the host
    (R-SANCT-4) is passed over. R-NIGHT-13: a horde without a living head names a new one;
    default the first living zombie in signup order (the host may rename, ``host.name_zombie_head``).
    R-NIGHT-5e: the first living assistant takes the cop's gun when no cop lives."""
    for team in CRIMINAL_TEAMS:
        members = s.members(team)
        if not members or s.don(team) is not None:
            continue
        heir = next((m for m in members if m.role is not Role.CITIZEN), None)
        if heir is None:
            continue
        set_role(s, ev, heir.id, Role.DON)
        tell_cabinet(s, ev, team, heir.id, Role.DON)
    head = s.player(s.zombie_head) if s.zombie_head else None
    if head is None or not head.alive or head.role is not Role.ZOMBIE:
        zombies = s.members(Faction.ZOMBIES)
        new = next((p for p in zombies if p.role is Role.ZOMBIE), None) if zombies else None
        s.zombie_head = new.id if new else None
        if new is not None:
            ev.append(ZombieHead(new.id))
    cop = s.acting_cop()
    holder = cop.id if cop else None
    if holder != s.cop_holder:
        s.cop_holder = holder
        if cop is not None and cop.role is Role.ASSISTANT:
            ev.append(GunInherited(cop.id))


def drop_lost_guns(s: Draft) -> None:
    """R-VOTE-11: a gun held by the woodman is lost once its owner (or whole team) is gone;
    guns of a dead woodman are lost with him."""
    if s.held_guns:
        s.held_guns = [g for g in s.held_guns if s.owner_alive(g.owner) and s.get(g.woodman).alive]


def close_phase(s: Draft, ev: list[Event], after: Phase | None) -> None:
    """What follows every change of the game: successions, lost guns and the win check
    (R-WIN). ``after`` is the phase just resolved (R-WIN-6 is checked after nights only), or
    None for a host's action (checked as after a day)."""
    successions(s, ev)
    drop_lost_guns(s)
    if s.outcome is None:
        s.outcome = outcome(s, morning=after is Phase.NIGHT)
        if s.outcome is not None:
            ev.append(Won(s.outcome.winners, s.outcome.reason))


def consume_cancellations(s: Draft, pre: GameState, phase: Phase) -> set[str]:
    """R-SANCT-4: a cancelled "next choice" is used up by the next phase the actor has one."""
    if not s.cancelled:
        return set()
    now = {a for a in s.cancelled if powers(pre, a, phase) - {Verb.VOTE}}
    s.cancelled = [a for a in s.cancelled if a not in now]
    return now
