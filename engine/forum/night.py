"""Night resolution (RULES.md section 6): ``resolve_night(state, choices) -> (state, events)``.

All choices are simultaneous (R-NIGHT preamble): every rule is evaluated against the state at
the night's start (``pre``), and the effects (deaths, conversions, stolen guns, taken votes)
are applied together at the end to a copy (``s``). A player killed in the night still acts.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.choices import Choice, Verb, ensure_running
from engine.draft import Draft
from engine.errors import PhaseError
from engine.events import BlockResult, Cause, Event, GunStolen, NoticeCode, Refused
from engine.forum import effects
from engine.forum.checks import check
from engine.forum.powers import team_of_actor
from engine.forum.shots import Change, NightWork, Shot, hit
from engine.roles import COP_CABINET, CRIMINAL_TEAMS, Faction, Gun, Phase, Role, team_gun
from engine.state import GameState, Mark, Player


def _accept(
    pre: GameState, choices: Sequence[Choice], ev: list[Event]
) -> list[tuple[Choice, Faction | None]]:
    """Check every choice; the accepted ones, each with the team its actor chooses for. An
    accepted explicit skip replaces the actor's earlier choices (the last choice wins,
    R-TIME-4)."""
    accepted: list[tuple[Choice, Faction | None]] = []
    for c in choices:
        code = check(pre, c)
        if code is not None:
            ev.append(Refused(c.actor, c.verb, code))
            continue
        if c.verb is Verb.SKIP:
            accepted = [a for a in accepted if a[0].actor != c.actor]
        accepted.append((c, team_of_actor(pre, c.actor)))
    return accepted


def resolve_night(state: GameState, choices: Sequence[Choice]) -> tuple[GameState, list[Event]]:
    """Resolve night ``state.number`` with the final choices (last one per actor wins).

    Returns a new state (day ``number + 1``) and the night's events; ``state`` is immutable
    and shared, unchanged, by the parts of the new state the night did not touch."""
    if state.phase is not Phase.NIGHT:
        raise PhaseError("not a night")
    ensure_running(state)
    s = Draft(state)
    ev: list[Event] = []
    if state.mourning:
        # R-VOTE-10: no night choices are taken; nobody is sanctioned; the day opens at once.
        _accept(state, choices, ev)
        s.mourning = False
        s.held_guns = [g for g in s.held_guns if g.night > state.number]
        return _finish(s, ev)
    cancelled = effects.consume_cancellations(s, state, Phase.NIGHT)
    night = NightWork(state, s, ev, _accept(state, choices, ev))
    woodmen, lone, doctors, kamikazes, vampires = _cast(state)
    shots = _shots(night, woodmen, lone)
    _hides(night)
    healed = _heals(night, doctors, cancelled)
    victims = _kamikazes(night, kamikazes, cancelled)
    _vampires(night, vampires, shots, cancelled)
    targets: dict[str, list[Shot]] = {}
    for shot in shots:
        targets.setdefault(shot.target, []).append(shot)
    for target, at in targets.items():
        hit(night, target, at, healed)
    _kamikaze_victims(night, victims, night.hidden)
    _team_sanctions(night, cancelled)
    _apply(night)
    return _finish(s, ev)


def _finish(s: Draft, ev: list[Event]) -> tuple[GameState, list[Event]]:
    effects.close_phase(s, ev, Phase.NIGHT)  # R-WIN, R-WIN-6 first
    s.phase = Phase.DAY
    s.number += 1
    return s.freeze(), ev


def _gun_owner(pre: GameState, p: Player) -> str | None:
    """Whose gun ``p`` holds, for the woodman's block (R-NIGHT-4: cop or acting assistant,
    a don, the sniper). Decision: the list is exhaustive (lone maniac and zombie not blocked)."""
    if pre.is_cop_like(p.id):
        return COP_CABINET
    if p.role is Role.DON and p.faction in CRIMINAL_TEAMS:
        return p.faction
    if p.role is Role.SNIPER:
        return p.id
    return None


def _cast(pre: GameState) -> tuple[list[Player], ...]:
    """The living players with a night role of their own, each group in signup order: the
    woodmen, the snipers and lone maniacs (who fire their own guns), the doctors, the
    kamikazes, the vampires."""
    lone = [p for p in pre.living() if p.role in (Role.SNIPER, Role.MANIAC)]
    woodmen, doctors, kamikazes, vampires = (
        list(pre.with_role(role))
        for role in (Role.WOODMAN, Role.DOCTOR, Role.KAMIKAZE, Role.VAMPIRE)
    )
    return woodmen, lone, doctors, kamikazes, vampires


def _blocks(night: NightWork, woodmen: Sequence[Player]) -> set[str]:
    """R-NIGHT-4: the gun owners the woodmen block tonight."""
    pre, s, held = night.pre, night.s, night.held
    blocked: set[str] = set()
    for w in woodmen:
        block = night.latest.get((w.id, Verb.BLOCK))
        if block is None or block.target is None:
            continue
        s.block_used = (*s.block_used, w.id)  # R-NIGHT-4: once per game, hit or miss
        owner = _gun_owner(pre, pre.get(block.target))
        hit = owner is not None and owner not in held
        if owner is not None and hit:
            blocked.add(owner)
        night.ev.append(BlockResult(w.id, block.target, hit))
    return blocked


def _shots(night: NightWork, woodmen: list[Player], lone: list[Player]) -> list[Shot]:
    pre, latest, tonight = night.pre, night.latest, night.tonight
    blocked = _blocks(night, woodmen) if woodmen else set()
    aimed: list[tuple[Gun, str, str, Choice | None]] = []  # gun, owner, shooter, choice
    cop = pre.acting_cop()
    if cop is not None:
        aimed.append((Gun.COP, COP_CABINET, cop.id, latest.get((cop.id, Verb.SHOOT))))
    for p in lone:
        gun = Gun.SNIPER if p.role is Role.SNIPER else Gun.MANIAC
        aimed.append((gun, p.id, p.id, latest.get((p.id, Verb.SHOOT))))
    for team in pre.teams():
        if not pre.members(team):
            continue
        shooter: str = team
        if team is Faction.ZOMBIES:
            shooter = pre.zombie_head or team
        aimed.append((team_gun(team), team, shooter, night.team_choice(team, Verb.SHOOT)))
    shots: list[Shot] = []
    for gun, owner, shooter, c in aimed:
        if c is not None and c.target is not None and owner not in blocked:
            shots.append(Shot(gun, owner, shooter, c.target))
    # R-NIGHT-10: the woodman fires each stolen gun at the target he names for it.
    fired: dict[tuple[str, Gun], Choice] = {}
    for c, _ in night.accepted if tonight else ():
        if c.verb is Verb.FIRE and c.gun is not None:
            fired[(c.actor, c.gun)] = c
    for (woodman, gun), c in fired.items():
        g = next(g for g in tonight if g.woodman == woodman and g.gun is gun)
        assert c.target is not None
        shots.append(Shot(gun, g.owner, woodman, c.target, by_woodman=True))
    return shots


def _hides(night: NightWork) -> None:
    """R-NIGHT-2: each team's basement, into ``night.hidden``."""
    hidden = night.hidden
    for team in CRIMINAL_TEAMS:
        if not night.pre.members(team):
            continue
        c = night.team_choice(team, Verb.HIDE)
        if c is not None and c.target is not None:
            hidden.add(c.target)  # R-NIGHT-2
            night.s.basement_used = (*night.s.basement_used, team)


def _skip(night: NightWork, who: str) -> int:
    skips = night.s.writable_skips()
    skips[who] = skips.get(who, 0) + 1
    return skips[who]


def _heals(night: NightWork, doctors: list[Player], cancelled: set[str]) -> set[str]:
    healed: set[str] = set()
    for d in doctors:
        if d.id in cancelled:
            continue
        c = night.last(d.id, Verb.HEAL)
        if c is not None and c.target is not None:
            healed.add(c.target)
            night.s.writable_last_targets()[d.id] = Mark(c.target, night.pre.number)
        elif _skip(night, d.id) >= 2:
            # R-NIGHT-3: a second skip strips the role (R-NIGHT-15: citizen, same faction)
            night.changes.append(
                Change(d.id, Role.CITIZEN, even_if_dead=True, notices=[NoticeCode.DOCTOR_LOST_ROLE])
            )
    return healed


def _kamikazes(night: NightWork, kamikazes: list[Player], cancelled: set[str]) -> dict[str, str]:
    victims: dict[str, str] = {}
    for k in kamikazes:
        if k.id in cancelled:
            continue
        c = night.last(k.id, Verb.CHOOSE)
        if c is not None and c.target is not None:
            victims[k.id] = c.target
        elif _skip(night, k.id) >= 2:
            night.die(k.id, Cause.EXPLODED)  # R-NIGHT-9: the second skip, he explodes alone
    return victims


def _vampires(
    night: NightWork, vampires: list[Player], shots: list[Shot], cancelled: set[str]
) -> None:
    pre = night.pre
    if pre.number != 1:
        return  # R-NIGHT-11: first night only
    for v in vampires:
        if v.id in cancelled or v.id in pre.vampires_done:
            continue
        night.s.vampires_done = (*night.s.vampires_done, v.id)
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
            # R-NIGHT preamble: a vampire killed this night still acted, so the notice is made
            # and he dies a citizen (hence even_if_dead, here and for 11a / 11b below).
            night.changes.append(
                Change(
                    v.id, Role.CITIZEN, even_if_dead=True, notices=[NoticeCode.VAMPIRE_LOST_CHILD]
                )
            )
            continue
        if b.faction is Faction.TOWN:
            # R-NIGHT-11a: the bitten becomes citizen, the vampire takes the role (and its seat
            # in the cop's cabinet). Decision: the role's counters (skips, last target, block
            # used) go with it.
            cab = COP_CABINET if b.role in (Role.COP, Role.ASSISTANT) else None
            night.changes.append(Change(b.id, Role.CITIZEN, leave=cab, even_if_dead=True))
            night.changes.append(
                Change(v.id, b.role, Faction.TOWN, join=cab, inherit_from=b.id, even_if_dead=True)
            )
            continue
        # R-NIGHT-11b: biting a criminal (a hidden don included) joins his team. Decision: a
        # bitten zombie likewise brings the vampire into the horde.
        role = Role.ZOMBIE if b.faction is Faction.ZOMBIES else Role.MAFIOSO
        night.changes.append(Change(v.id, role, b.faction, join=b.faction, even_if_dead=True))


def _kamikaze_victims(night: NightWork, victims: dict[str, str], hidden: set[str]) -> None:
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


def _team_sanctions(night: NightWork, cancelled: set[str]) -> None:
    """R-NIGHT-1: a criminal team with no choice loses the last living member of its list,
    unless the woodman holds its gun, or the host cancelled its choice (R-SANCT-4)."""
    pre = night.pre
    for team in CRIMINAL_TEAMS:
        members = pre.members(team)
        if not members or team in night.held or team in cancelled:
            continue
        if night.team_choice(team, Verb.SHOOT) is None:
            night.die(members[-1].id, Cause.SANCTION)


def _inherit(s: Draft, heir: str, bitten: str) -> None:
    """R-NIGHT-11: the vampire takes with the role whatever goes with it: its counters (skips,
    last target, the block used) and, from a woodman, the guns he holds."""
    if bitten in s.skips:
        skips = s.writable_skips()
        skips[heir] = skips.pop(bitten)
    if bitten in s.last_targets:
        marks = s.writable_last_targets()
        marks[heir] = marks.pop(bitten)
    if bitten in s.block_used:
        s.block_used = (*s.block_used, heir)
    s.held_guns = [g._replace(woodman=heir) if g.woodman == bitten else g for g in s.held_guns]


def _change(night: NightWork, ch: Change) -> None:
    s, ev = night.s, night.ev
    p = s.get(ch.who)
    if not p.alive and not ch.even_if_dead:
        return
    if ch.leave:
        effects.leave_cabinet(s, ev, ch.who, ch.leave)
    if ch.faction is not None and ch.faction is not p.faction:
        effects.leave_cabinet(s, ev, ch.who, p.faction)  # a team member moving on
    effects.set_role(s, ev, ch.who, ch.role, ch.faction, told=ch.told)
    if ch.inherit_from is not None:
        _inherit(s, ch.who, ch.inherit_from)
    if ch.join:
        effects.join_cabinet(s, ev, ch.who, ch.join)
    for code in ch.notices:
        effects.notice(ev, code)
    for who, what in ch.learners:
        effects.learn(s, ev, who, ch.who, what)


def _apply(night: NightWork) -> None:
    """The night's effects, together: deaths, role changes, stolen guns, taken votes."""
    s, ev = night.s, night.ev
    if night.deaths:
        order = sorted(night.deaths, key=lambda pid: s.players[pid].order)
        effects.kill_all(s, ev, night.deaths, order)
    # stolen guns first, so that a vampire biting the woodman tonight takes them (R-NIGHT-11)
    if night.steals:
        s.held_guns = (*s.held_guns, *night.steals)
    for ch in night.changes:
        _change(night, ch)
    if s.held_guns:
        _keep_guns(night)
    if s.hobo_controls or night.controls:
        n = night.pre.number
        s.hobo_controls = [c for c in s.hobo_controls if c.day > n]
        s.hobo_controls.extend(c for c in night.controls if s.get(c.hobo).alive)


def _keep_guns(night: NightWork) -> None:
    """R-NIGHT-10: the guns stolen tonight are held for the next night by a living woodman;
    fired or not, tonight's are gone."""
    s, ev = night.s, night.ev
    stolen = {(g.gun, g.owner, g.night) for g in night.steals}
    kept = []
    for g in s.held_guns:
        if (g.gun, g.owner, g.night) not in stolen:
            kept.append(g)
        elif s.get(g.woodman).alive:
            kept.append(g)
            ev.append(GunStolen(g.woodman, g.gun, g.owner, g.night))
    s.held_guns = [g for g in kept if g.night > night.pre.number]
