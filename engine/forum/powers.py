"""Who may act, and with which verbs (RULES.md sections 3, 4 and 6): the powers a role gives in
a phase, the team an actor chooses for (R-NIGHT-1), the hobo's vote a taker may order
(R-VOTE-6), and whose gun a shot fires (R-NIGHT-7d, R-NIGHT-10).

What a power leaves out (once-per-game uses, stolen guns, sanctions) is ``engine.forum.checks``.
"""

from __future__ import annotations

from engine.choices import Choice, Verb
from engine.roles import COP_CABINET, CRIMINAL_TEAMS, TEAMS, Faction, Gun, Phase, Role
from engine.state import HoboControl, Player, StateView

TEAM_OF_KEY: dict[str, Faction] = {t.value: t for t in TEAMS}

_NONE: frozenset[Verb] = frozenset()
_VOTE_ONLY = frozenset({Verb.VOTE})  # R-VOTE-1: every living player votes
_DAY_ROLE_VERBS: dict[Role, frozenset[Verb]] = {
    Role.LAWYER: frozenset({Verb.VOTE, Verb.PROTECT, Verb.SKIP}),  # R-DAY-1, R-DAY-3
    Role.BOUNCER: frozenset({Verb.VOTE, Verb.VOID, Verb.SKIP}),  # R-DAY-2, R-DAY-3
}
_NIGHT_ROLE_VERBS: dict[Role, frozenset[Verb]] = {
    Role.DOCTOR: frozenset({Verb.HEAL}),  # R-NIGHT-3
    Role.KAMIKAZE: frozenset({Verb.CHOOSE}),  # R-NIGHT-9
    Role.VAMPIRE: frozenset({Verb.BITE}),  # R-NIGHT-11
    Role.WOODMAN: frozenset({Verb.BLOCK, Verb.FIRE}),  # R-NIGHT-4, R-NIGHT-10
    Role.SNIPER: frozenset({Verb.SHOOT}),  # R-NIGHT-6
    Role.MANIAC: frozenset({Verb.SHOOT}),  # R-NIGHT-8
}
_TEAM_VERBS: dict[Faction, frozenset[Verb]] = {
    Faction.MAFIA: frozenset({Verb.SHOOT, Verb.HIDE}),  # any member may give the team's
    Faction.MANIACS: frozenset({Verb.SHOOT, Verb.HIDE}),  # choice (R-NIGHT-1)
    Faction.ZOMBIES: frozenset({Verb.SHOOT}),  # R-NIGHT-13
}


def team_of_actor(s: StateView, actor: str) -> Faction | None:
    """The team an actor chooses for: a team name, or a living member of a criminal team, or
    the head zombie."""
    if actor in TEAM_OF_KEY:
        return TEAM_OF_KEY[actor] if s.is_team_key(actor) else None
    return team_of_player(s, s.player(actor))


def team_of_player(s: StateView, p: Player | None) -> Faction | None:
    if p is None or not p.alive or p.role is Role.CITIZEN:
        return None  # a member stripped to citizen (R-SANCT-4) no longer chooses for the team
    if p.faction in CRIMINAL_TEAMS:
        return p.faction
    if p.faction is Faction.ZOMBIES and s.zombie_head == p.id:
        return Faction.ZOMBIES
    return None


def controls_of(s: StateView, actor: str) -> list[HoboControl]:
    """Hobo votes ``actor`` may order today (R-VOTE-6)."""
    out: list[HoboControl] = []
    for c in s.hobo_controls:
        if c.day != s.number or not s.get(c.hobo).alive:
            continue
        if c.kind == "cop":
            ok = s.is_cop_like(actor)
        elif c.kind == "team":
            don = s.don(TEAM_OF_KEY[c.who])
            ok = actor == c.who or (don is not None and don.id == actor)
        else:
            ok = actor == c.who
        if ok:
            out.append(c)
    return out


def powers(s: StateView, actor: str, phase: Phase | None = None) -> frozenset[Verb]:
    """Verbs the actor's role gives in ``phase`` (default: the state's), ignoring once-per-game
    use, stolen guns and sanctions (see ``engine.forum.checks.available_verbs``)."""
    phase = s.phase if phase is None else phase
    if actor in TEAM_OF_KEY and s.is_team_key(actor):
        return team_powers(s, actor, phase)
    return player_powers(s, s.player(actor), phase)


def team_powers(s: StateView, actor: str, phase: Phase) -> frozenset[Verb]:
    """``powers`` of a team's key (``actor``) in ``phase``."""
    team = TEAM_OF_KEY[actor]
    if not s.members(team):
        return _NONE
    if phase is Phase.DAY:
        return frozenset({Verb.ORDER}) if controls_of(s, actor) else _NONE  # R-VOTE-6
    return _TEAM_VERBS[team]


def player_powers(s: StateView, p: Player | None, phase: Phase) -> frozenset[Verb]:
    """``powers`` of player ``p`` (None: no such player) in ``phase``."""
    if p is None or not p.alive:
        return _NONE
    if phase is Phase.DAY:
        verbs = _DAY_ROLE_VERBS.get(p.role, _VOTE_ONLY)
        return verbs | {Verb.ORDER} if controls_of(s, p.id) else verbs  # R-VOTE-6
    verbs = _NIGHT_ROLE_VERBS.get(p.role, _NONE)
    if s.is_cop_like(p.id):
        verbs = verbs | {Verb.SHOOT}  # R-NIGHT-5, R-NIGHT-5e: the cop's gun
    team = team_of_player(s, p)
    if team is not None:
        return verbs | _TEAM_VERBS[team]  # R-NIGHT-1: criminal teams cannot skip
    return verbs | {Verb.SKIP} if verbs else _NONE


# --- whose gun ------------------------------------------------------------------------------


def fires_at_own(s: StateView, owner: str, target: Player) -> bool:
    """Whether a gun of ``owner`` is aimed at its own (R-NIGHT-7d, R-NIGHT-10): a living member
    of the team, the acting cop for the cop's gun, the sniper or lone maniac himself."""
    if owner in TEAM_OF_KEY:
        return target.faction == owner and target.alive
    if owner == COP_CABINET:
        return s.is_cop_like(target.id)
    return owner == target.id


def held_gun(s: StateView, woodman: str, gun: Gun | None) -> tuple[Gun, str] | None:
    """The stolen gun ``woodman`` may fire tonight, with its owner (R-NIGHT-10)."""
    for g in s.guns_for_night(s.number):
        if g.woodman == woodman and g.gun is gun:
            return g.gun, g.owner
    return None


def owner_of_shot(s: StateView, c: Choice) -> str | None:
    """Whose gun a ``shoot`` fires: the team's (its key or a member choosing for it), the cop's
    cabinet's, or the sniper's or lone maniac's own."""
    team = team_of_actor(s, c.actor)
    if team is not None:
        return team
    p = s.player(c.actor)
    if p is None:
        return None
    if s.is_cop_like(p.id):
        return COP_CABINET
    return p.id if p.role in (Role.SNIPER, Role.MANIAC) else None


def held_by_woodman(s: StateView, owner: str | None) -> bool:
    """Whether the woodman holds ``owner``'s gun tonight (R-NIGHT-10)."""
    return owner is not None and any(g.owner == owner for g in s.guns_for_night(s.number))
