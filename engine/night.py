"""Night resolution (RULES.md section 6): ``resolve_night(state, choices) -> (state, events)``.

All choices are simultaneous (R-NIGHT preamble): every rule is evaluated against the state at
the night's start (``pre``), and the effects (deaths, conversions, stolen guns, taken votes)
are applied together at the end to a copy (``s``). A player killed in the night still acts.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import effects
from engine.choices import Choice, Verb, check, powers, team_of_actor
from engine.events import (
    BlockResult,
    Cause,
    Event,
    GunStolen,
    NoticeCode,
    Refused,
    VoteTaken,
    Won,
)
from engine.roles import (
    COP_CABINET,
    COP_LETHAL,
    CRIMINAL_TEAMS,
    Faction,
    Gun,
    Phase,
    Role,
    team_gun,
)
from engine.state import EngineError, GameState, HeldGun, HoboControl, Mark, Player
from engine.win import winner

_MISSED = {
    Gun.COP: NoticeCode.COP_MISSED,
    Gun.SNIPER: NoticeCode.SNIPER_MISSED,
    Gun.MANIAC: NoticeCode.MANIAC_MISSED,
    Gun.MAFIA: NoticeCode.MAFIA_MISSED,
    Gun.MANIACS: NoticeCode.MANIACS_MISSED,
}


@dataclass(frozen=True)
class _Shot:
    gun: Gun
    owner: str  # "cop", a team name, or the sniper's / maniac's id
    shooter: str  # who pulls the trigger: player id, team name, or the woodman
    target: str
    by_woodman: bool = False

    @property
    def team(self) -> Faction | None:
        return Faction(self.gun.value) if self.gun in (Gun.MAFIA, Gun.MANIACS) else None


@dataclass
class _Change:
    """A role change applied after the deaths (only to the living unless ``even_if_dead``)."""

    who: str
    role: Role
    faction: Faction | None = None
    join: str | None = None
    leave: str | None = None
    told: bool = True
    even_if_dead: bool = False
    notices: list[NoticeCode] = field(default_factory=list)
    learners: list[tuple[str, str]] = field(default_factory=list)  # (who learns, what)
    inherit_from: str | None = None  # vampire: take the bitten one's counters


@dataclass
class _Night:
    pre: GameState
    s: GameState
    ev: list[Event]
    accepted: list[Choice]
    deaths: dict[str, Cause] = field(default_factory=dict)
    changes: list[_Change] = field(default_factory=list)
    steals: list[HeldGun] = field(default_factory=list)
    controls: list[HoboControl] = field(default_factory=list)

    def die(self, who: str, cause: Cause) -> None:
        self.deaths.setdefault(who, cause)

    def notice(self, code: NoticeCode) -> None:
        effects.notice(self.ev, code)

    def learn(self, who: str, about: str, what: str) -> None:
        effects.learn(self.s, self.ev, who, about, what)

    def last(self, actor: str, verb: Verb) -> Choice | None:
        found = [c for c in self.accepted if c.actor == actor and c.verb is verb]
        return found[-1] if found else None

    def team_choice(self, team: Faction, verb: Verb) -> Choice | None:
        """R-NIGHT-1: the don's (or the team key's) last choice is final; else the last choice
        by any member."""
        lead = self.pre.don(team) if team in CRIMINAL_TEAMS else None
        if team is Faction.ZOMBIES and self.pre.zombie_head:
            lead = self.pre.player(self.pre.zombie_head)
        mine = [
            c for c in self.accepted if c.verb is verb and team_of_actor(self.pre, c.actor) is team
        ]
        final = [c for c in mine if c.actor == team.value or (lead and c.actor == lead.id)]
        if final:
            return final[-1]
        return mine[-1] if mine else None


def _accept(pre: GameState, choices: Sequence[Choice], ev: list[Event]) -> list[Choice]:
    """Check every choice; an accepted explicit skip replaces the actor's earlier choices
    (the last choice wins, R-TIME-4)."""
    accepted: list[Choice] = []
    for c in choices:
        code = check(pre, c)
        if code is not None:
            ev.append(Refused(c.actor, c.verb.value, code))
            continue
        if c.verb is Verb.SKIP:
            accepted = [a for a in accepted if a.actor != c.actor]
        accepted.append(c)
    return accepted


def consume_cancellations(s: GameState, pre: GameState, phase: Phase) -> set[str]:
    """R-SANCT-4: a cancelled "next choice" is used up by the next phase the actor has one."""
    now = {a for a in s.cancelled if powers(pre, a, phase) - {Verb.VOTE}}
    s.cancelled = [a for a in s.cancelled if a not in now]
    return now


def resolve_night(
    state: GameState, choices: Sequence[Choice]
) -> tuple[GameState, list[Event]]:
    """Resolve night ``state.number`` with the final choices (last one per actor wins).

    Returns a new state (day ``number + 1``) and the night's events; ``state`` is untouched."""
    if state.phase is not Phase.NIGHT:
        raise EngineError("not a night")
    s = copy.deepcopy(state)
    ev: list[Event] = []
    n = s.number
    if state.mourning:
        # R-VOTE-10: no night choices are taken; nobody is sanctioned; the day opens at once.
        _accept(state, choices, ev)
        s.mourning = False
        s.held_guns = [g for g in s.held_guns if g.night > n]
        return _finish(s, ev)
    cancelled = consume_cancellations(s, state, Phase.NIGHT)
    night = _Night(state, s, ev, _accept(state, choices, ev))
    shots = _shots(night)
    hidden = _hides(night)
    healed = _heals(night, cancelled)
    victims = _kamikazes(night, cancelled)
    _vampires(night, shots, cancelled)
    targets: dict[str, list[_Shot]] = {}
    for shot in shots:
        targets.setdefault(shot.target, []).append(shot)
    for target, at in targets.items():
        _hit(night, target, at, hidden, healed)
    _kamikaze_victims(night, victims, hidden)
    _team_sanctions(night, cancelled)
    _apply(night)
    return _finish(s, ev)


def _finish(s: GameState, ev: list[Event]) -> tuple[GameState, list[Event]]:
    effects.successions(s, ev)
    effects.drop_lost_guns(s)
    if not s.winner:
        s.winner = winner(s, morning=True)  # R-WIN, R-WIN-6 first
        if s.winner:
            ev.append(Won(tuple(s.winner)))
    s.phase = Phase.DAY
    s.number += 1
    return s, ev


def _gun_owner(pre: GameState, p: Player) -> str | None:
    """Whose gun ``p`` holds, for the woodman's block (R-NIGHT-4: cop or acting assistant,
    a don, the sniper). Decision: the list is exhaustive (lone maniac and zombie not blocked)."""
    if pre.is_cop_like(p.id):
        return "cop"
    if p.role is Role.DON and p.faction in CRIMINAL_TEAMS:
        return p.faction.value
    if p.role is Role.SNIPER:
        return p.id
    return None


def _shots(night: _Night) -> list[_Shot]:
    pre, s = night.pre, night.s
    tonight = pre.guns_for_night(pre.number)
    held = {g.owner for g in tonight}
    blocked: set[str] = set()
    for w in pre.living():
        block = night.last(w.id, Verb.BLOCK) if w.role is Role.WOODMAN else None
        if block is None or block.target is None:
            continue
        s.block_used.append(w.id)  # R-NIGHT-4: once per game, hit or miss
        owner = _gun_owner(pre, pre.get(block.target))
        hit = owner is not None and owner not in held
        if owner is not None and hit:
            blocked.add(owner)
        night.ev.append(BlockResult(w.id, block.target, hit))
    shots: list[_Shot] = []

    def add(gun: Gun, owner: str, shooter: str, choice: Choice | None) -> None:
        if choice is not None and choice.target is not None and owner not in blocked:
            shots.append(_Shot(gun, owner, shooter, choice.target))

    cop = pre.acting_cop()
    if cop is not None:
        add(Gun.COP, "cop", cop.id, night.last(cop.id, Verb.SHOOT))
    for p in pre.living():
        if p.role is Role.SNIPER:
            add(Gun.SNIPER, p.id, p.id, night.last(p.id, Verb.SHOOT))
        if p.role is Role.MANIAC:
            add(Gun.MANIAC, p.id, p.id, night.last(p.id, Verb.SHOOT))
    for team in pre.teams():
        if not pre.members(team):
            continue
        shooter = team.value
        if team is Faction.ZOMBIES:
            shooter = pre.zombie_head or team.value
        add(team_gun(team), team.value, shooter, night.team_choice(team, Verb.SHOOT))
    # R-NIGHT-10: the woodman fires each stolen gun at the target he names for it.
    fired: dict[tuple[str, Gun], Choice] = {}
    for c in night.accepted:
        if c.verb is Verb.FIRE and c.gun is not None:
            fired[(c.actor, c.gun)] = c
    for (woodman, gun), c in fired.items():
        g = next(g for g in tonight if g.woodman == woodman and g.gun is gun)
        assert c.target is not None
        shots.append(_Shot(gun, g.owner, woodman, c.target, by_woodman=True))
    return shots


def _hides(night: _Night) -> set[str]:
    hidden: set[str] = set()
    for team in CRIMINAL_TEAMS:
        if not night.pre.members(team):
            continue
        c = night.team_choice(team, Verb.HIDE)
        if c is not None and c.target is not None:
            hidden.add(c.target)  # R-NIGHT-2
            night.s.basement_used.append(team.value)
    return hidden


def _skip(night: _Night, who: str) -> int:
    s = night.s
    s.skips[who] = s.skips.get(who, 0) + 1
    return s.skips[who]


def _heals(night: _Night, cancelled: set[str]) -> set[str]:
    healed: set[str] = set()
    for d in night.pre.living():
        if d.role is not Role.DOCTOR or d.id in cancelled:
            continue
        c = night.last(d.id, Verb.HEAL)
        if c is not None and c.target is not None:
            healed.add(c.target)
            night.s.last_targets[d.id] = Mark(c.target, night.pre.number)
        elif _skip(night, d.id) >= 2:
            # R-NIGHT-3: a second skip strips the role (R-NIGHT-15: citizen, same faction)
            night.changes.append(
                _Change(d.id, Role.CITIZEN, even_if_dead=True, notices=[NoticeCode.DOCTOR_LOST_ROLE])
            )
    return healed


def _kamikazes(night: _Night, cancelled: set[str]) -> dict[str, str]:
    victims: dict[str, str] = {}
    for k in night.pre.living():
        if k.role is not Role.KAMIKAZE or k.id in cancelled:
            continue
        c = night.last(k.id, Verb.CHOOSE)
        if c is not None and c.target is not None:
            victims[k.id] = c.target
        elif _skip(night, k.id) >= 2:
            night.die(k.id, Cause.EXPLODED)  # R-NIGHT-9: the second skip, he explodes alone
    return victims


def _vampires(night: _Night, shots: list[_Shot], cancelled: set[str]) -> None:
    pre = night.pre
    if pre.number != 1:
        return  # R-NIGHT-11: first night only
    for v in pre.living():
        if v.role is not Role.VAMPIRE or v.id in cancelled or v.id in pre.vampires_done:
            continue
        night.s.vampires_done.append(v.id)
        c = night.last(v.id, Verb.BITE)
        if c is None or c.target is None:
            night.die(v.id, Cause.AUTOKILL)  # R-NIGHT-11: skipping is an autokill
            continue
        b = pre.get(c.target)
        shot_by_b = any(
            sh.owner == b.id and sh.target == v.id and not sh.by_woodman for sh in shots
        )
        if b.role is Role.MANIAC or (b.role is Role.SNIPER and shot_by_b):
            night.die(v.id, Cause.DUEL)  # R-NIGHT-11d: a heal does not save him
            continue
        cop_shot = any(sh.gun is Gun.COP and sh.target == b.id for sh in shots)
        if b.role is Role.CHILD and cop_shot:
            # R-NIGHT-11c
            night.changes.append(
                _Change(v.id, Role.CITIZEN, notices=[NoticeCode.VAMPIRE_LOST_CHILD])
            )
            continue
        if b.faction is Faction.TOWN:
            # R-NIGHT-11a: the bitten becomes citizen, the vampire takes the role (and its seat
            # in the cop's cabinet). Decision: the role's counters (skips, last target, block
            # used) go with it.
            cab = COP_CABINET if b.role in (Role.COP, Role.ASSISTANT) else None
            night.changes.append(_Change(b.id, Role.CITIZEN, leave=cab))
            night.changes.append(_Change(v.id, b.role, Faction.TOWN, join=cab, inherit_from=b.id))
            continue
        # R-NIGHT-11b: biting a criminal (a hidden don included) joins his team. Decision: a
        # bitten zombie likewise brings the vampire into the horde.
        role = Role.ZOMBIE if b.faction is Faction.ZOMBIES else Role.MAFIOSO
        night.changes.append(_Change(v.id, role, b.faction, join=b.faction.value))


def _steal(night: _Night, woodman: str, at: list[_Shot]) -> None:
    """R-NIGHT-10: the invulnerable woodman takes every gun fired at him for the next night."""
    for sh in at:
        night.steals.append(HeldGun(woodman, sh.gun, sh.owner, night.pre.number + 1))
        if sh.gun is Gun.COP:
            night.notice(NoticeCode.COP_MISSED)
            night.learn(sh.shooter, woodman, Faction.TOWN.value)


def _hit(
    night: _Night, target: str, at: list[_Shot], hidden: set[str], healed: set[str]
) -> None:
    """Every shot fired at one target, together (several rules depend on the combination)."""
    pre = night.pre
    t = pre.get(target)
    holding = {g.woodman for g in pre.guns_for_night(pre.number)}
    if t.role is Role.WOODMAN and t.id not in holding:
        _steal(night, t.id, at)  # R-NIGHT-6c, 7c, 8b, 10
        return
    cop_shots = [sh for sh in at if sh.gun is Gun.COP]
    teams_hit = {sh.team for sh in at if sh.team is not None}
    # R-NIGHT-5b: the cop's bullet protects a town player as a heal does (not the child, 5c).
    cop_protected = bool(cop_shots) and t.faction is Faction.TOWN and t.role is not Role.CHILD
    lethal: list[_Shot] = []
    takers: list[_Shot] = []  # R-NIGHT-12: shots that would take the hobo's vote
    for sh in at:
        if sh.gun is Gun.COP:
            if t.faction in COP_LETHAL:
                lethal.append(sh)  # R-NIGHT-5a
            elif t.role is Role.HOBO:
                takers.append(sh)
            elif t.role is not Role.CHILD:
                night.learn(sh.shooter, t.id, Faction.TOWN.value)  # R-NIGHT-5b: "checked"
                night.notice(NoticeCode.COP_MISSED)  # R-NIGHT-5d
        elif sh.gun is Gun.SNIPER:
            if t.role is Role.COP:
                # R-NIGHT-6a / 10d: loses the gun, becomes citizen, learns the cop.
                night.changes.append(_Change(sh.shooter, Role.CITIZEN))
                night.learn(sh.shooter, t.id, Role.COP.value)
            elif t.role is Role.DON and t.faction in CRIMINAL_TEAMS:
                # R-NIGHT-6b (hidden or not) / 10d (the woodman joins, no public notice).
                notices = [] if sh.by_woodman else [NoticeCode.SNIPER_JOINED_CRIMINALS]
                night.changes.append(
                    _Change(
                        sh.shooter,
                        Role.MAFIOSO,
                        t.faction,
                        join=t.faction.value,
                        even_if_dead=not sh.by_woodman,  # R-NIGHT-8: announced all the same
                        notices=notices,
                    )
                )
            else:
                lethal.append(sh)  # the hobo too (R-NIGHT-12); the assistant too (R-ROLE-2)
        elif sh.team is not None:
            if t.role in (Role.CHILD, Role.HOBO):
                if t.role is Role.HOBO:
                    takers.append(sh)
            else:
                lethal.append(sh)  # R-NIGHT-7
        elif sh.gun is Gun.MANIAC:
            if pre.is_cop_like(t.id):
                if not teams_hit:
                    # R-NIGHT-8a / 10e: the shooter dies (not a bullet: no heal), cop survives
                    night.die(sh.shooter, Cause.RECOIL)
            elif t.role is Role.HOBO:
                takers.append(sh)
            else:
                lethal.append(sh)
        elif sh.gun is Gun.ZOMBIE:
            if t.role is Role.CITIZEN:
                if t.id not in hidden:
                    # R-NIGHT-13 / 10b: converts (a heal does not stop it)
                    learners = [(sh.shooter, Role.ZOMBIE.value)] if sh.by_woodman else []
                    night.changes.append(
                        _Change(t.id, Role.ZOMBIE, Faction.ZOMBIES, join=Faction.ZOMBIES.value,
                                learners=learners)
                    )
            elif pre.is_cop_like(t.id) or (t.role is Role.DON and t.faction in CRIMINAL_TEAMS):
                night.die(sh.shooter, Cause.RECOIL)  # R-NIGHT-13 / 10c
                if sh.by_woodman:
                    night.learn(sh.shooter, t.id, t.role.value)
            else:
                lethal.append(sh)
    if t.role is Role.HOBO:
        # R-NIGHT-12: the cop beats the teams; two or more other takers (both teams): he dies.
        for sh in takers:
            if sh.gun is Gun.COP:
                night.notice(NoticeCode.COP_MISSED)
        owners = {sh.owner for sh in takers if sh.gun is not Gun.COP}
        if not cop_shots and len(owners) >= 2:
            lethal.extend(takers)
            takers = []
    if t.role is Role.CHILD:
        if (cop_shots and teams_hit) or len(teams_hit) >= 2:
            first = sorted(teams_hit)[0] if teams_hit else None
            night.die(t.id, Cause.of_gun(team_gun(first)) if first else Cause.COP)
            return  # R-NIGHT-5c, 7a: dies of two shots; a heal does not save; no notice
    died = _lethal(night, t, lethal, hidden, healed, cop_protected)
    if died:
        return
    if t.role is Role.HOBO and takers:
        taker = next((sh for sh in takers if sh.gun is Gun.COP), takers[0])
        _take_vote(night, t.id, taker)
    if t.role is Role.CHILD:
        _child(night, t, cop_shots, teams_hit, at, healed)


def _lethal(
    night: _Night,
    t: Player,
    lethal: list[_Shot],
    hidden: set[str],
    healed: set[str],
    cop_protected: bool,
) -> bool:
    if not lethal:
        return False
    if t.id in hidden:
        # R-NIGHT-2: the basement stops every bullet; the shooter is announced to have missed.
        for sh in lethal:
            code = _MISSED.get(sh.gun)
            if code is not None:
                night.notice(code)
        return False
    if t.id in healed or cop_protected:
        # R-NIGHT-3 heal / R-NIGHT-5b cop's protection
        if t.role is Role.KAMIKAZE:
            night.notice(NoticeCode.SAVED_FROM_BULLET)  # R-NIGHT-9
        if any(sh.gun is Gun.COP for sh in lethal):
            night.notice(NoticeCode.COP_MISSED)  # R-NIGHT-5d: healed
        return False
    night.die(t.id, Cause.of_gun(lethal[0].gun))
    return True


def _take_vote(night: _Night, hobo: str, sh: _Shot) -> None:
    """R-NIGHT-12, R-NIGHT-16: the taker (every member, for a team) learns the hobo."""
    day = night.pre.number + 1
    if sh.by_woodman:
        kind, who = "player", sh.shooter  # decision: the woodman who fired takes the vote
    elif sh.gun is Gun.COP:
        kind, who = "cop", sh.shooter
    elif sh.team is not None:
        kind, who = "team", sh.team.value
    else:
        kind, who = "player", sh.shooter
    night.controls.append(HoboControl(hobo, "cop" if kind == "cop" else kind, who, day))
    night.ev.append(VoteTaken(hobo, "cop" if kind == "cop" else who, day))
    if kind == "team":
        for m in night.pre.members(Faction(who)):
            night.learn(m.id, hobo, Role.HOBO.value)
    else:
        night.learn(who, hobo, Role.HOBO.value)


def _child(
    night: _Night,
    t: Player,
    cop_shots: list[_Shot],
    teams_hit: set[Faction],
    at: list[_Shot],
    healed: set[str],
) -> None:
    if teams_hit:
        # R-NIGHT-7a / 10a: joins the team, even if healed; everyone is told.
        team = next(iter(teams_hit))
        notices = [NoticeCode.CHILD_FOUND]
        if t.id in healed:
            notices.append(NoticeCode.DOCTOR_HEALED_HEALTHY)
        learners = [
            (sh.shooter, Role.MAFIOSO.value) for sh in at if sh.team is team and sh.by_woodman
        ]
        night.changes.append(
            _Change(t.id, Role.MAFIOSO, team, join=team.value, notices=notices, learners=learners)
        )
        return
    if cop_shots:
        night.notice(NoticeCode.COP_MISSED)  # R-NIGHT-5d
        for sh in cop_shots:
            night.learn(sh.shooter, t.id, Faction.TOWN.value)  # the cop is told "town"
        if night.pre.multifunctional_child:
            # R-NIGHT-5c option: joins the cop's cabinet as an assistant, and is told.
            night.changes.append(_Change(t.id, Role.ASSISTANT, join=COP_CABINET))
        else:
            night.changes.append(_Change(t.id, Role.CITIZEN, told=False))  # not told


def _kamikaze_victims(night: _Night, victims: dict[str, str], hidden: set[str]) -> None:
    """R-NIGHT-9: a kamikaze dying in the night takes his victim, even if healed; a hidden
    victim survives (kamikaze_missed). Decision: a kamikaze taken along takes his own victim."""
    done: set[str] = set()
    changed = True
    while changed:
        changed = False
        for k, victim in victims.items():
            cause = night.deaths.get(k)
            if k in done or cause is None or cause is Cause.EXPLODED:
                continue
            done.add(k)
            changed = True
            if victim in hidden:
                night.notice(NoticeCode.KAMIKAZE_MISSED)
            else:
                night.die(victim, Cause.KAMIKAZE)


def _team_sanctions(night: _Night, cancelled: set[str]) -> None:
    """R-NIGHT-1: a criminal team with no choice loses the last living member of its list,
    unless the woodman holds its gun, or the host cancelled its choice (R-SANCT-4)."""
    pre = night.pre
    held = {g.owner for g in pre.guns_for_night(pre.number)}
    for team in CRIMINAL_TEAMS:
        members = pre.members(team)
        if not members or team.value in held or team.value in cancelled:
            continue
        if night.team_choice(team, Verb.SHOOT) is None:
            night.die(members[-1].id, Cause.SANCTION)


def _apply(night: _Night) -> None:
    s, ev = night.s, night.ev
    for who in sorted(night.deaths, key=lambda pid: s.get(pid).order):
        effects.kill(s, ev, who, night.deaths[who])
    for ch in night.changes:
        p = s.get(ch.who)
        if not p.alive and not ch.even_if_dead:
            continue
        if ch.leave:
            effects.leave_cabinet(s, ev, ch.who, ch.leave)
        if ch.faction is not None and ch.faction is not p.faction:
            effects.leave_cabinet(s, ev, ch.who, p.faction.value)  # a team member moving on
        effects.set_role(s, ev, ch.who, ch.role, ch.faction, told=ch.told)
        if ch.inherit_from is not None:
            if ch.inherit_from in s.skips:
                s.skips[ch.who] = s.skips.pop(ch.inherit_from)
            if ch.inherit_from in s.last_targets:
                s.last_targets[ch.who] = s.last_targets.pop(ch.inherit_from)
            if ch.inherit_from in s.block_used:
                s.block_used.append(ch.who)
        if ch.join:
            effects.join_cabinet(s, ev, ch.who, ch.join)
        for code in ch.notices:
            effects.notice(ev, code)
        for who, what in ch.learners:
            effects.learn(s, ev, who, ch.who, what)
    for g in night.steals:
        if s.get(g.woodman).alive:
            s.held_guns.append(g)
            ev.append(GunStolen(g.woodman, g.gun, g.owner, g.night))
    for c in night.controls:
        if s.get(c.hobo).alive:
            s.hobo_controls.append(c)
    n = night.pre.number
    s.held_guns = [g for g in s.held_guns if g.night > n]  # fired or not, tonight's are gone
    s.hobo_controls = [c for c in s.hobo_controls if c.day > n]
