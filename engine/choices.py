"""Choices and their one check: ``check(state, choice) -> Refusal | None``.

A choice is refused with a code of the closed list (FORMAT.md); an accepted one is recorded
by the caller (db: one row per actor and phase, the last one wins, R-TIME-4) and handed to
``resolve_night`` / ``resolve_day``, which check every choice again against the state they
resolve, so a stale choice can never slip through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import GameOver
from engine.events import Refusal
from engine.roles import (
    COP_CABINET,
    CRIMINAL_TEAMS,
    FACTION_ZOMBIES,
    PHASE_DAY,
    PHASE_NIGHT,
    ROLE_CITIZEN,
    ROLE_MANIAC,
    ROLE_SNIPER,
    TEAMS,
    Faction,
    Gun,
    Phase,
    Role,
)
from engine.state import HoboControl, Player, StateView


class Verb(StrEnum):
    # night (FORMAT.md)
    SHOOT = "shoot"
    HEAL = "heal"
    BLOCK = "block"
    FIRE = "fire"
    CHOOSE = "choose"
    BITE = "bite"
    HIDE = "hide"
    SKIP = "skip"
    # day
    PROTECT = "protect"
    VOID = "void"
    ORDER = "order"
    VOTE = "vote"


# Members the rules read on the hot path, as plain globals: on Python 3.11 reading
# ``Role.DON`` costs ~60 ns (the EnumType metaclass has a ``__getattr__``, which forces the
# slow attribute path) and an imported global ~5 ns; a night reads hundreds of them.
VERB_BITE = Verb.BITE
VERB_BLOCK = Verb.BLOCK
VERB_CHOOSE = Verb.CHOOSE
VERB_FIRE = Verb.FIRE
VERB_HEAL = Verb.HEAL
VERB_HIDE = Verb.HIDE
VERB_ORDER = Verb.ORDER
VERB_PROTECT = Verb.PROTECT
VERB_SHOOT = Verb.SHOOT
VERB_SKIP = Verb.SKIP
VERB_VOID = Verb.VOID
VERB_VOTE = Verb.VOTE


NIGHT_VERBS = frozenset(
    {Verb.SHOOT, Verb.HEAL, Verb.BLOCK, Verb.FIRE, Verb.CHOOSE, Verb.BITE, Verb.HIDE}
)
DAY_VERBS = frozenset({Verb.PROTECT, Verb.VOID, Verb.ORDER, Verb.VOTE})


@dataclass(frozen=True)
class Choice:
    """``actor`` is a player id or a team name (``mafia``, ``maniacs``, ``zombies``).

    ``gun`` is set for the woodman's ``fire`` only. ``skip`` has no target."""

    actor: str
    verb: Verb
    target: str | None = None
    gun: Gun | None = None


_TEAM_OF_KEY: dict[str, Faction] = {t.value: t for t in TEAMS}
# the refusals read on the hot path, as plain globals (see VERB_BITE above)
_NOT_ALIVE = Refusal.NOT_ALIVE
_NO_GUN = Refusal.NO_GUN
_OWN_TEAM = Refusal.OWN_TEAM


def team_of_actor(s: StateView, actor: str) -> Faction | None:
    """The team an actor chooses for: a team name, or a living member of a criminal team, or
    the head zombie."""
    if actor in _TEAM_OF_KEY:
        return _TEAM_OF_KEY[actor] if s.is_team_key(actor) else None
    return _team_of_player(s, s.player(actor))


def _team_of_player(s: StateView, p: Player | None) -> Faction | None:
    if p is None or not p.alive or p.role is ROLE_CITIZEN:
        return None  # a member stripped to citizen (R-SANCT-4) no longer chooses for the team
    if p.faction in CRIMINAL_TEAMS:
        return p.faction
    if p.faction is FACTION_ZOMBIES and s.zombie_head == p.id:
        return FACTION_ZOMBIES
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
            don = s.don(_TEAM_OF_KEY[c.who])
            ok = actor == c.who or (don is not None and don.id == actor)
        else:
            ok = actor == c.who
        if ok:
            out.append(c)
    return out


def hobo_orders(s: StateView, orders: Sequence[Choice]) -> dict[str, tuple[str, str]]:
    """R-VOTE-6: hobo -> (the target he is ordered to vote for, who ordered), from the day's
    ``order`` choices in the order given (the last valid order for a hobo stands)."""
    ordered: dict[str, tuple[str, str]] = {}
    for c in orders:
        if c.target is not None:
            for ctl in controls_of(s, c.actor):
                if c.target != ctl.hobo:
                    ordered[ctl.hobo] = (c.target, ctl.who)
    return ordered


_NONE: frozenset[Verb] = frozenset()
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
_VOTE = frozenset({Verb.VOTE})
_SHOOT = frozenset({Verb.SHOOT})
_SKIP = frozenset({Verb.SKIP})


def _team_powers(s: StateView, actor: str, phase: Phase) -> frozenset[Verb]:
    team = _TEAM_OF_KEY[actor]
    if not s.members(team):
        return _NONE
    if phase is PHASE_DAY:
        return frozenset({VERB_ORDER}) if controls_of(s, actor) else _NONE
    return _TEAM_VERBS[team]


def powers(s: StateView, actor: str, phase: Phase | None = None) -> frozenset[Verb]:
    """Verbs the actor's role gives in ``phase`` (default: the state's), ignoring once-per-game
    use, stolen guns and sanctions (see ``available_verbs``)."""
    phase = s.phase if phase is None else phase
    if s.is_team_key(actor):
        return _team_powers(s, actor, phase)
    return _player_powers(s, s.player(actor), phase)


def _player_powers(
    s: StateView, p: Player | None, phase: Phase, team: Faction | None = None
) -> frozenset[Verb]:
    """``team``: the team ``p`` chooses for (``_team_of_player``), if the caller has it."""
    if p is None or not p.alive:
        return _NONE
    if phase is PHASE_DAY:
        verbs = _DAY_ROLE_VERBS.get(p.role, _VOTE)
        return verbs | {VERB_ORDER} if s.hobo_controls and controls_of(s, p.id) else verbs
    if team is None:
        team = _team_of_player(s, p)
    key = (p.role, s.is_cop_like(p.id), team)
    found = _NIGHT_POWERS.get(key)
    if found is None:
        found = _NIGHT_POWERS[key] = _night_powers(*key)
    return found


def _night_powers(role: Role, cop_like: bool, team: Faction | None) -> frozenset[Verb]:
    verbs = _NIGHT_ROLE_VERBS.get(role, _NONE) | (_SHOOT if cop_like else _NONE)
    if team is not None:
        return verbs | _TEAM_VERBS[team]  # R-NIGHT-1: criminal teams cannot skip
    return verbs | _SKIP if verbs else _NONE


_NIGHT_POWERS: dict[tuple[Role, bool, Faction | None], frozenset[Verb]] = {}


def _fires_at_own(s: StateView, owner: str, target: Player) -> bool:
    """Whether a gun of ``owner`` is aimed at its own (R-NIGHT-7d, R-NIGHT-10): a living member
    of the team, the acting cop for the cop's gun, the sniper or lone maniac himself."""
    if owner in _TEAM_OF_KEY:
        return target.faction == owner and target.alive
    if owner == COP_CABINET:
        return s.is_cop_like(target.id)
    return owner == target.id


def held_gun(s: StateView, woodman: str, gun: Gun | None) -> tuple[Gun, str] | None:
    for g in s.guns_for_night(s.number):
        if g.woodman == woodman and g.gun is gun:
            return g.gun, g.owner
    return None


def _owner_of_shot(s: StateView, p: Player | None, team: Faction | None) -> str | None:
    """Whose gun a ``shoot`` by player ``p`` (None: a team's key) of ``team`` fires: the
    team's, the cop's cabinet's, or the sniper's or lone maniac's own."""
    if team is not None:
        return team
    if p is None:
        return None
    if s.is_cop_like(p.id):
        return COP_CABINET
    return p.id if p.role is ROLE_SNIPER or p.role is ROLE_MANIAC else None


def _held_by_woodman(s: StateView, owner: str | None) -> bool:
    return owner is not None and any(g.owner == owner for g in s.guns_for_night(s.number))


def _shoot_use(s: StateView, c: Choice, p: Player | None, team: Faction | None) -> Refusal | None:
    if s.held_guns and _held_by_woodman(s, _owner_of_shot(s, p, team)):
        return Refusal.NO_GUN  # R-NIGHT-10: the true owner cannot shoot that night
    return None


def _hide_use(s: StateView, c: Choice, p: Player | None, team: Faction | None) -> Refusal | None:
    if s.held_guns and _held_by_woodman(s, team):
        return Refusal.NO_GUN  # R-NIGHT-1: a team whose gun the woodman holds makes no choice
    if team is not None and team in s.basement_used:
        return Refusal.ALREADY_USED  # R-NIGHT-2
    return None


def _block_use(s: StateView, c: Choice, p: Player | None, team: Faction | None) -> Refusal | None:
    return Refusal.ALREADY_USED if c.actor in s.block_used else None  # R-NIGHT-4


def _bite_use(s: StateView, c: Choice, p: Player | None, team: Faction | None) -> Refusal | None:
    if s.number != 1 or c.actor in s.vampires_done:
        return Refusal.ALREADY_USED  # R-NIGHT-11: first night only
    return None


def _fire_use(s: StateView, c: Choice, p: Player | None, team: Faction | None) -> Refusal | None:
    return Refusal.NO_GUN if held_gun(s, c.actor, c.gun) is None else None


UseRule = Callable[[StateView, Choice, "Player | None", "Faction | None"], "Refusal | None"]
#: Once-per-game uses and stolen guns (ALREADY_USED, NO_GUN), by verb; the other verbs have none.
_USE_RULES: dict[Verb, UseRule] = {
    Verb.SHOOT: _shoot_use,
    Verb.HIDE: _hide_use,
    Verb.BLOCK: _block_use,
    Verb.BITE: _bite_use,
    Verb.FIRE: _fire_use,
}


def available_verbs(s: StateView, actor: str) -> frozenset[Verb]:
    """What ``actor`` may do now: ``powers`` minus used once-per-game choices, guns taken by the
    woodman, the mourning night and host cancellations. Drives the Discord layer's menus."""
    if s.outcome is not None or (s.phase is PHASE_NIGHT and s.mourning):
        return frozenset()
    out: set[Verb] = set()
    p = None if actor in _TEAM_OF_KEY else s.player(actor)
    team = team_of_actor(s, actor)
    for verb in powers(s, actor):
        if actor in s.cancelled and verb is not VERB_VOTE:
            continue
        probe = Choice(actor, verb, None, None)
        if verb is VERB_FIRE:
            if any(g.woodman == actor for g in s.guns_for_night(s.number)):
                out.add(verb)
            continue
        rule = _USE_RULES.get(verb)
        if rule is None or rule(s, probe, p, team) is None:
            out.add(verb)
    if out == {VERB_SKIP}:
        return frozenset()  # nothing left to skip (a vampire after night 1, a spent woodman)
    return frozenset(out)


def actors(s: StateView) -> dict[str, frozenset[Verb]]:
    """Everyone (players and teams) who may act now, with their verbs."""
    keys: list[str] = [*s.teams(), *(p.id for p in s.living())]
    out = {}
    for key in keys:
        verbs = available_verbs(s, key)
        if verbs:
            out[key] = verbs
    return out


def ensure_running(s: StateView) -> None:
    """Nothing is checked, recorded or resolved once the game has a winner."""
    if s.outcome is not None:
        won = "+".join(f.value for f in s.outcome.winners)
        raise GameOver(f"the game is over: {won} won ({s.outcome.reason.value})")


def _actor_refusal(
    s: StateView, choice: Choice, p: Player | None, t: Player | None
) -> Refusal | None:
    """Unknown names, the mourning night, a dead actor, a host cancellation (``p`` is None for
    a team's key)."""
    actor, verb = choice.actor, choice.verb
    if p is None and not s.is_team_key(actor):
        return Refusal.UNKNOWN_PLAYER
    if t is None and verb is not VERB_SKIP:
        return Refusal.UNKNOWN_PLAYER
    if s.mourning and s.phase is PHASE_NIGHT and (verb in NIGHT_VERBS or verb is VERB_SKIP):
        return Refusal.NIGHT_CANCELLED  # R-VOTE-10
    if p is None:
        if not s.members(_TEAM_OF_KEY[actor]):
            return Refusal.NOT_ALIVE
    elif not p.alive:
        return Refusal.NOT_ALIVE
    if s.cancelled and actor in s.cancelled and verb is not VERB_VOTE:
        return Refusal.NO_POWER  # R-SANCT-4: the host cancelled this actor's next choice
    return None


def _gun_refusal(s: StateView, actor: str, owner: str, target: Player) -> Refusal | None:
    if target.id == actor or _fires_at_own(s, owner, target):
        # R-NIGHT-7d: not the team (or the owner) the gun is fired for; R-NIGHT-10: the
        # woodman fires no gun at himself
        return Refusal.OWN_TEAM
    return None


def _not_twice(
    s: StateView, c: Choice, t: Player, p: Player | None, team: Faction | None
) -> Refusal | None:
    # R-NIGHT-3, R-DAY-1, R-DAY-2: not the same player two nights / days running
    last = s.last_targets.get(c.actor)
    if last is not None and last.target == t.id and last.number == s.number - 1:
        return Refusal.SAME_TARGET_TWICE
    return None


def _shoot_at(
    s: StateView, c: Choice, t: Player, p: Player | None, team: Faction | None
) -> Refusal | None:
    owner = _owner_of_shot(s, p, team)
    return None if owner is None else _gun_refusal(s, c.actor, owner, t)


def _fire_at(
    s: StateView, c: Choice, t: Player, p: Player | None, team: Faction | None
) -> Refusal | None:
    held = held_gun(s, c.actor, c.gun)
    return None if held is None else _gun_refusal(s, c.actor, held[1], t)


def _hide_who(
    s: StateView, c: Choice, t: Player, p: Player | None, team: Faction | None
) -> Refusal | None:
    return Refusal.NO_POWER if team is not t.faction else None  # R-NIGHT-2: one of its own


def _bite_who(
    s: StateView, c: Choice, t: Player, p: Player | None, team: Faction | None
) -> Refusal | None:
    return Refusal.NO_POWER if t.id == c.actor else None


def _vote_for(
    s: StateView, c: Choice, t: Player, p: Player | None, team: Faction | None
) -> Refusal | None:
    return Refusal.SELF_VOTE if t.id == c.actor else None  # R-VOTE-3


def _order_for(
    s: StateView, c: Choice, t: Player, p: Player | None, team: Faction | None
) -> Refusal | None:
    if all(ctl.hobo == t.id for ctl in controls_of(s, c.actor)):
        return Refusal.SELF_VOTE  # the hobo may not be ordered to vote for himself
    return None


TargetRule = Callable[
    [StateView, Choice, Player, "Player | None", "Faction | None"], "Refusal | None"
]
#: The rule-specific refusals for a living target, by verb (``choose`` has none).
_TARGET_RULES: dict[Verb, TargetRule] = {
    Verb.HEAL: _not_twice,
    Verb.PROTECT: _not_twice,
    Verb.VOID: _not_twice,
    Verb.SHOOT: _shoot_at,
    Verb.FIRE: _fire_at,
    Verb.HIDE: _hide_who,
    Verb.BITE: _bite_who,
    Verb.VOTE: _vote_for,
    Verb.ORDER: _order_for,
}


def check(s: StateView, choice: Choice) -> Refusal | None:
    """Refuse a choice with a FORMAT.md code, or return None if it may be recorded.

    Order: unknown names; mourning night; dead actor; host cancellation; no such power;
    once-per-game and stolen guns; dead target; the rule-specific refusals. Raises
    ``GameOver`` once the game has a winner."""
    if s.outcome is not None:
        ensure_running(s)
    actor = choice.actor
    p = None if actor in _TEAM_OF_KEY else s.player(actor)
    target = None if choice.target is None else s.player(choice.target)
    if p is not None and target is not None and not s.mourning and not s.cancelled:
        # the common case, a player naming a player when nothing is cancelled: of the actor's
        # refusals only his death applies
        return _named_refusal(s, choice, p, target, s.phase is PHASE_DAY)
    code = _actor_refusal(s, choice, p, target)
    if code is not None or target is None:
        # FORMAT.md: anyone may skip explicitly; it counts as giving no choice (a criminal
        # team that skips is sanctioned, R-NIGHT-1; a vampire is autokilled, R-NIGHT-11).
        return code
    if p is None:
        team: Faction | None = _TEAM_OF_KEY[actor]
        return _power_refusal(s, choice, target, p, team, _team_powers(s, actor, s.phase))
    return _player_refusal(s, choice, p, target)


def check_all(s: StateView, choices: Sequence[Choice]) -> list[Refusal | None]:
    """``[check(s, c) for c in choices]``, the way the resolvers check a phase's choices:
    what depends on the state alone (its outcome, the mourning night, the cancellations, the
    phase) is read once, and each player is looked up in the index directly."""
    if s.outcome is not None:
        ensure_running(s)
    if s.mourning or s.cancelled:
        return [check(s, c) for c in choices]
    if s.phase is PHASE_NIGHT:
        return night_checks(s, choices)[0]
    by_id = s.index().by_id
    out: list[Refusal | None] = []
    for c in choices:
        p = None if c.actor in _TEAM_OF_KEY else by_id.get(c.actor)
        target = None if c.target is None else by_id.get(c.target)
        if p is None or target is None:
            out.append(check(s, c))
        elif c.verb is VERB_VOTE and p.alive and target.alive:
            out.append(Refusal.SELF_VOTE if c.actor == target.id else None)  # as check's
        else:
            out.append(_named_refusal(s, c, p, target, True))
    return out


def night_checks(
    s: StateView, choices: Sequence[Choice]
) -> tuple[list[Refusal | None], list[Faction | None]]:
    """``check_all`` of a night's choices, and with each accepted one the team its actor
    chooses for (``team_of_actor``; None for a refused one), which the night's resolution needs next: one pass, and
    the commonest choice, a living player shooting a player, checked inline (the steps of
    ``_power_refusal`` with ``_shoot_use`` and ``_shoot_at``)."""
    if s.outcome is not None:
        ensure_running(s)
    if s.mourning or s.cancelled:
        each = [check(s, c) for c in choices]
        return each, [_team_if_ok(s, c, code) for c, code in zip(choices, each, strict=True)]
    by_id = s.index().by_id
    cop = s.acting_cop()  # read once for the powers table and the cop's gun
    cop_id = None if cop is None else cop.id
    head = s.zombie_head
    codes: list[Refusal | None] = []
    teams: list[Faction | None] = []
    for c in choices:
        actor = c.actor
        p = None if actor in _TEAM_OF_KEY else by_id.get(actor)
        target = None if c.target is None else by_id.get(c.target)
        if p is None or target is None:
            code = check(s, c)
            codes.append(code)
            teams.append(_team_if_ok(s, c, code))
            continue
        if not p.alive:
            codes.append(_NOT_ALIVE)
            teams.append(None)
            continue
        role, faction = p.role, p.faction
        team: Faction | None = None  # _team_of_player, inline
        if role is ROLE_CITIZEN:
            pass
        elif faction in CRIMINAL_TEAMS or (faction is FACTION_ZOMBIES and head == actor):
            team = faction
        key = (role, actor == cop_id, team)
        verbs = _NIGHT_POWERS.get(key)
        if verbs is None:
            verbs = _NIGHT_POWERS[key] = _night_powers(*key)
        if c.verb is VERB_SHOOT and c.verb in verbs:
            code = _shoot_refusal(s, actor, target, team, cop_id, role)
        else:
            code = _power_refusal(s, c, target, p, team, verbs)
        codes.append(code)
        teams.append(team if code is None else None)
    return codes, teams


def _shoot_refusal(
    s: StateView, actor: str, t: Player, team: Faction | None, cop_id: str | None, role: Role
) -> Refusal | None:
    """``_shoot_use`` then ``_shoot_at`` for a living player's ``shoot`` (he has the power)."""
    if team is not None:
        owner: str | None = team
    elif actor == cop_id:
        owner = COP_CABINET
    else:
        owner = actor if role is ROLE_SNIPER or role is ROLE_MANIAC else None
    if owner is None:
        return None if t.alive else _NOT_ALIVE
    if s.held_guns and _held_by_woodman(s, owner):
        return _NO_GUN  # R-NIGHT-10: the true owner cannot shoot that night
    if not t.alive:
        return _NOT_ALIVE
    tid = t.id
    if team is not None:  # _gun_refusal and _fires_at_own, inline (R-NIGHT-7d)
        own = t.faction == team
    elif owner == COP_CABINET:
        own = tid == cop_id
    else:
        own = tid == owner
    return _OWN_TEAM if own or tid == actor else None


def _team_if_ok(s: StateView, c: Choice, code: Refusal | None) -> Faction | None:
    return team_of_actor(s, c.actor) if code is None else None


def _named_refusal(
    s: StateView, choice: Choice, p: Player, target: Player, by_day: bool
) -> Refusal | None:
    """``check`` of a player's choice naming a player, when nothing is cancelled."""
    if not p.alive:
        return Refusal.NOT_ALIVE
    if by_day and choice.verb is VERB_VOTE:  # a vote: what follows, in short
        if not target.alive:
            return Refusal.NOT_ALIVE
        return Refusal.SELF_VOTE if choice.actor == target.id else None  # R-VOTE-1, R-VOTE-3
    return _player_refusal(s, choice, p, target)


def _player_refusal(s: StateView, choice: Choice, p: Player, target: Player) -> Refusal | None:
    team = _team_of_player(s, p)
    return _power_refusal(s, choice, target, p, team, _player_powers(s, p, s.phase, team))


def _power_refusal(
    s: StateView,
    choice: Choice,
    target: Player,
    p: Player | None,
    team: Faction | None,
    verbs: frozenset[Verb],
) -> Refusal | None:
    """No such power; once-per-game uses and stolen guns; a dead target; the rule-specific
    refusals (``p`` None: a team's key)."""
    if choice.verb not in verbs:
        return Refusal.NO_POWER
    use = _USE_RULES.get(choice.verb)
    code = None if use is None else use(s, choice, p, team)
    if code is not None:
        return code
    if not target.alive:
        return Refusal.NOT_ALIVE
    rule = _TARGET_RULES.get(choice.verb)
    return None if rule is None else rule(s, choice, target, p, team)


def record(
    s: StateView, recorded: Sequence[Choice], choice: Choice
) -> tuple[list[Choice], Refusal | None]:
    """The one path for a choice: ``check`` it, then record it in the phase's list.

    A later choice replaces the actor's earlier one with the same verb (and gun) until the
    deadline (R-TIME-4); an explicit skip replaces all the actor's choices. A vote cannot be
    changed (R-VOTE-2): a second one is refused ``already_used``. Returns the new list (the
    input is not mutated) and the refusal, if any; hand the final list to the resolver."""
    code = check(s, choice)
    if code is None and choice.verb is VERB_VOTE:
        if any(c.actor == choice.actor and c.verb is VERB_VOTE for c in recorded):
            code = Refusal.ALREADY_USED
    if code is not None:
        return list(recorded), code
    if choice.verb is VERB_SKIP:
        kept = [c for c in recorded if c.actor != choice.actor or c.verb is VERB_VOTE]
    else:
        kept = [
            c
            for c in recorded
            if not (
                c.actor == choice.actor
                and (c.verb is choice.verb and c.gun is choice.gun or c.verb is VERB_SKIP)
            )
        ]
    kept.append(choice)
    return kept, None
