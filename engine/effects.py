"""Small mutations shared by the resolvers: each changes a working copy of the state and
appends the events it causes. Never called on a state a caller still owns."""

from __future__ import annotations

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
    ZombieHead,
)
from engine.roles import CRIMINAL_TEAMS, Faction, Role
from engine.state import GameState


def learn(s: GameState, ev: list[Event], who: str, about: str, what: str) -> None:
    """``who`` is told that ``about`` is ``what`` (R-NIGHT-16, private results R-NIGHT-14)."""
    if who == about:
        return
    s.knows.setdefault(who, {})[about] = what
    ev.append(Learned(who, about, what))


def notice(ev: list[Event], code: NoticeCode) -> None:
    if Notice(code) not in ev:
        ev.append(Notice(code))


def kill(
    s: GameState, ev: list[Event], who: str, cause: Cause, *, autokilled: bool = False
) -> None:
    p = s.get(who)
    if not p.alive:
        return
    p.alive = False
    p.cause = cause.value
    if cause is Cause.VOTE:
        ev.append(Left(who, autokilled=autokilled))
    elif cause is Cause.AUTOKILL:
        ev.append(Autokilled(who))
    else:
        ev.append(Died(who, cause))


def set_role(
    s: GameState,
    ev: list[Event],
    who: str,
    role: Role,
    faction: Faction | None = None,
    *,
    told: bool = True,
) -> None:
    p = s.get(who)
    p.role = role
    if faction is not None:
        p.faction = faction
    ev.append(RoleChanged(who, p.role, p.faction, told))


def join_cabinet(s: GameState, ev: list[Event], who: str, cabinet: str) -> None:
    """R-NIGHT-16: a player who joins a cabinet learns its living members and they learn him."""
    members = s.cabinets.setdefault(cabinet, [])
    if who not in members:
        members.append(who)
    ev.append(Converted(who, cabinet))
    me = s.get(who)
    for mid in members:
        m = s.get(mid)
        if mid == who or not m.alive:
            continue
        learn(s, ev, who, mid, m.role.value)
        learn(s, ev, mid, who, me.role.value)


def leave_cabinet(s: GameState, ev: list[Event], who: str, cabinet: str) -> None:
    members = s.cabinets.get(cabinet, [])
    if who in members:
        members.remove(who)
        ev.append(LeftCabinet(who, cabinet))


def tell_cabinet(s: GameState, ev: list[Event], cabinet: str, about: str, what: str) -> None:
    for mid in s.cabinets.get(cabinet, []):
        if s.get(mid).alive:
            learn(s, ev, mid, about, what)


def successions(s: GameState, ev: list[Event]) -> None:
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
        tell_cabinet(s, ev, team.value, heir.id, Role.DON.value)
    head = s.player(s.zombie_head) if s.zombie_head else None
    if head is None or not head.alive or head.role is not Role.ZOMBIE:
        new = next((p for p in s.members(Faction.ZOMBIES) if p.role is Role.ZOMBIE), None)
        s.zombie_head = new.id if new else None
        if new is not None:
            ev.append(ZombieHead(new.id))
    cop = s.acting_cop()
    holder = cop.id if cop else None
    if holder != s.cop_holder:
        s.cop_holder = holder
        if cop is not None and cop.role is Role.ASSISTANT:
            ev.append(GunInherited(cop.id))


def drop_lost_guns(s: GameState) -> None:
    """R-VOTE-11: a gun held by the woodman is lost once its owner (or whole team) is gone;
    guns of a dead woodman are lost with him."""
    s.held_guns = [g for g in s.held_guns if s.owner_alive(g.owner) and s.get(g.woodman).alive]
