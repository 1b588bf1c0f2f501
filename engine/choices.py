"""Choices and their one check: ``check(state, choice) -> Refusal | None``.

A choice is refused with a code of the closed list (FORMAT.md); an accepted one is recorded
by the caller (db: one row per actor and phase, the last one wins, R-TIME-4) and handed to
``resolve_night`` / ``resolve_day``, which check every choice again against the state they
resolve, so a stale choice can never slip through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import GameOver
from engine.events import Refusal
from engine.roles import COP_CABINET, CRIMINAL_TEAMS, Faction, Gun, Phase, Role, team_gun
from engine.state import TEAM_KEYS, HoboControl, Player, StateView


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


def team_of_actor(s: StateView, actor: str) -> Faction | None:
    """The team an actor chooses for: a team name, or a living member of a criminal team, or
    the head zombie."""
    if actor in TEAM_KEYS:
        team = Faction(actor)
        return team if team in s.teams() else None
    p = s.player(actor)
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
            don = s.don(Faction(c.who))
            ok = actor == c.who or (don is not None and don.id == actor)
        else:
            ok = actor == c.who
        if ok:
            out.append(c)
    return out


def powers(s: StateView, actor: str, phase: Phase | None = None) -> frozenset[Verb]:
    """Verbs the actor's role gives in ``phase`` (default: the state's), ignoring once-per-game
    use, stolen guns and sanctions (see ``available_verbs``)."""
    phase = s.phase if phase is None else phase
    if s.is_team_key(actor):
        key = Faction(actor)
        if not s.members(key):
            return frozenset()
        if phase is Phase.DAY:
            return frozenset({Verb.ORDER}) if controls_of(s, actor) else frozenset()
        return frozenset({Verb.SHOOT} if key is Faction.ZOMBIES else {Verb.SHOOT, Verb.HIDE})
    p = s.player(actor)
    if p is None or not p.alive:
        return frozenset()
    verbs: set[Verb] = set()
    if phase is Phase.DAY:
        verbs.add(Verb.VOTE)
        if p.role is Role.LAWYER:
            verbs |= {Verb.PROTECT, Verb.SKIP}
        if p.role is Role.BOUNCER:
            verbs |= {Verb.VOID, Verb.SKIP}
        if controls_of(s, actor):
            verbs.add(Verb.ORDER)
        return frozenset(verbs)
    team = team_of_actor(s, actor)
    if team in CRIMINAL_TEAMS:
        verbs |= {Verb.SHOOT, Verb.HIDE}  # any member may give the team's choice (R-NIGHT-1)
    elif team is Faction.ZOMBIES:
        verbs.add(Verb.SHOOT)
    if s.is_cop_like(actor) or p.role in (Role.SNIPER, Role.MANIAC):
        verbs.add(Verb.SHOOT)
    role_verb = {
        Role.DOCTOR: Verb.HEAL,
        Role.KAMIKAZE: Verb.CHOOSE,
        Role.VAMPIRE: Verb.BITE,
    }.get(p.role)
    if role_verb is not None:
        verbs.add(role_verb)
    if p.role is Role.WOODMAN:
        verbs |= {Verb.BLOCK, Verb.FIRE}
    if verbs and team is None:
        verbs.add(Verb.SKIP)  # R-NIGHT-1: criminal teams cannot skip
    return frozenset(verbs)


def gun_of(s: StateView, actor: str, verb: Verb) -> tuple[Gun, str] | None:
    """The gun (and its owner key) a ``shoot`` by ``actor`` fires."""
    if verb is not Verb.SHOOT:
        return None
    team = team_of_actor(s, actor)
    if team is not None:
        return team_gun(team), team.value
    p = s.player(actor)
    if p is None:
        return None
    if s.is_cop_like(actor):
        return Gun.COP, COP_CABINET
    if p.role is Role.SNIPER:
        return Gun.SNIPER, p.id
    if p.role is Role.MANIAC:
        return Gun.MANIAC, p.id
    return None


def _owner_members(s: StateView, owner: str) -> set[str]:
    """Players a gun of ``owner`` may not shoot (R-NIGHT-7d, R-NIGHT-10)."""
    if owner in TEAM_KEYS:
        return {p.id for p in s.members(Faction(owner))}
    if owner == COP_CABINET:
        cop = s.acting_cop()
        return {cop.id} if cop else set()
    return {owner}


def held_gun(s: StateView, woodman: str, gun: Gun | None) -> tuple[Gun, str] | None:
    for g in s.guns_for_night(s.number):
        if g.woodman == woodman and g.gun is gun:
            return g.gun, g.owner
    return None


def _use_refusal(s: StateView, actor: str, choice: Choice) -> Refusal | None:
    """Once-per-game uses and stolen guns (ALREADY_USED, NO_GUN)."""
    verb = choice.verb
    if verb is Verb.SHOOT:
        gun = gun_of(s, actor, verb)
        if gun is not None and any(g.owner == gun[1] for g in s.guns_for_night(s.number)):
            return Refusal.NO_GUN  # R-NIGHT-10: the true owner cannot shoot that night
    if verb is Verb.HIDE:
        team = team_of_actor(s, actor)
        if team is not None and any(g.owner == team.value for g in s.guns_for_night(s.number)):
            return Refusal.NO_GUN  # R-NIGHT-1: a team whose gun the woodman holds makes no choice
        if team is not None and team.value in s.basement_used:
            return Refusal.ALREADY_USED  # R-NIGHT-2
    if verb is Verb.BLOCK and actor in s.block_used:
        return Refusal.ALREADY_USED  # R-NIGHT-4
    if verb is Verb.BITE and (s.number != 1 or actor in s.vampires_done):
        return Refusal.ALREADY_USED  # R-NIGHT-11: first night only
    if verb is Verb.FIRE and held_gun(s, actor, choice.gun) is None:
        return Refusal.NO_GUN
    return None


def available_verbs(s: StateView, actor: str) -> frozenset[Verb]:
    """What ``actor`` may do now: ``powers`` minus used once-per-game choices, guns taken by the
    woodman, the mourning night and host cancellations. Drives the Discord layer's menus."""
    if s.outcome is not None or (s.phase is Phase.NIGHT and s.mourning):
        return frozenset()
    out: set[Verb] = set()
    for verb in powers(s, actor):
        if actor in s.cancelled and verb is not Verb.VOTE:
            continue
        probe = Choice(actor, verb, None, None)
        if verb is Verb.FIRE:
            if any(g.woodman == actor for g in s.guns_for_night(s.number)):
                out.add(verb)
            continue
        if _use_refusal(s, actor, probe) is None:
            out.add(verb)
    if out == {Verb.SKIP}:
        return frozenset()  # nothing left to skip (a vampire after night 1, a spent woodman)
    return frozenset(out)


def actors(s: StateView) -> dict[str, frozenset[Verb]]:
    """Everyone (players and teams) who may act now, with their verbs."""
    keys = [t.value for t in s.teams()] + [p.id for p in s.living()]
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


def _actor_refusal(s: StateView, choice: Choice) -> Refusal | None:
    """Unknown names, the mourning night, a dead actor, a host cancellation."""
    actor, verb, target = choice.actor, choice.verb, choice.target
    is_team = s.is_team_key(actor)
    p: Player | None = None if is_team else s.player(actor)
    if not is_team and p is None:
        return Refusal.UNKNOWN_PLAYER
    if verb is not Verb.SKIP and (target is None or s.player(target) is None):
        return Refusal.UNKNOWN_PLAYER
    night_verb = verb in NIGHT_VERBS or (verb is Verb.SKIP and s.phase is Phase.NIGHT)
    if night_verb and s.phase is Phase.NIGHT and s.mourning:
        return Refusal.NIGHT_CANCELLED  # R-VOTE-10
    if is_team:
        if not s.members(Faction(actor)):
            return Refusal.NOT_ALIVE
    elif p is not None and not p.alive:
        return Refusal.NOT_ALIVE
    if actor in s.cancelled and verb is not Verb.VOTE:
        return Refusal.NO_POWER  # R-SANCT-4: the host cancelled this actor's next choice
    return None


def _gun_refusal(s: StateView, actor: str, owner: str, target: str) -> Refusal | None:
    if target in _owner_members(s, owner) or target == actor:
        # R-NIGHT-7d: not the team (or the owner) the gun is fired for; R-NIGHT-10: the
        # woodman fires no gun at himself
        return Refusal.OWN_TEAM
    return None


def _target_refusal(s: StateView, choice: Choice, target: Player) -> Refusal | None:
    """The rule-specific refusals, for a living target."""
    actor, verb = choice.actor, choice.verb
    if verb in (Verb.HEAL, Verb.PROTECT, Verb.VOID):
        # R-NIGHT-3, R-DAY-1, R-DAY-2: not the same player two nights / days running
        last = s.last_targets.get(actor)
        if last is not None and last.target == target.id and last.number == s.number - 1:
            return Refusal.SAME_TARGET_TWICE
        return None
    if verb is Verb.SHOOT:
        gun = gun_of(s, actor, verb)
        return None if gun is None else _gun_refusal(s, actor, gun[1], target.id)
    if verb is Verb.FIRE:
        held = held_gun(s, actor, choice.gun)
        return None if held is None else _gun_refusal(s, actor, held[1], target.id)
    if verb is Verb.HIDE:
        if team_of_actor(s, actor) is not target.faction:
            return Refusal.NO_POWER  # R-NIGHT-2: a team hides one of its own
        return None
    if verb is Verb.BITE and target.id == actor:
        return Refusal.NO_POWER
    if verb is Verb.VOTE and target.id == actor:
        return Refusal.SELF_VOTE  # R-VOTE-3
    if verb is Verb.ORDER and all(c.hobo == target.id for c in controls_of(s, actor)):
        return Refusal.SELF_VOTE  # the hobo may not be ordered to vote for himself
    return None


def check(s: StateView, choice: Choice) -> Refusal | None:
    """Refuse a choice with a FORMAT.md code, or return None if it may be recorded.

    Order: unknown names; mourning night; dead actor; host cancellation; no such power;
    once-per-game and stolen guns; dead target; the rule-specific refusals. Raises
    ``GameOver`` once the game has a winner."""
    ensure_running(s)
    code = _actor_refusal(s, choice)
    if code is not None or choice.verb is Verb.SKIP:
        # FORMAT.md: anyone may skip explicitly; it counts as giving no choice (a criminal
        # team that skips is sanctioned, R-NIGHT-1; a vampire is autokilled, R-NIGHT-11).
        return code
    if choice.verb not in powers(s, choice.actor):
        return Refusal.NO_POWER
    code = _use_refusal(s, choice.actor, choice)
    if code is not None:
        return code
    target = s.get(str(choice.target))
    if not target.alive:
        return Refusal.NOT_ALIVE
    return _target_refusal(s, choice, target)


def record(
    s: StateView, recorded: Sequence[Choice], choice: Choice
) -> tuple[list[Choice], Refusal | None]:
    """The one path for a choice: ``check`` it, then record it in the phase's list.

    A later choice replaces the actor's earlier one with the same verb (and gun) until the
    deadline (R-TIME-4); an explicit skip replaces all the actor's choices. A vote cannot be
    changed (R-VOTE-2): a second one is refused ``already_used``. Returns the new list (the
    input is not mutated) and the refusal, if any; hand the final list to the resolver."""
    code = check(s, choice)
    if code is None and choice.verb is Verb.VOTE:
        if any(c.actor == choice.actor and c.verb is Verb.VOTE for c in recorded):
            code = Refusal.ALREADY_USED
    if code is not None:
        return list(recorded), code
    if choice.verb is Verb.SKIP:
        kept = [c for c in recorded if c.actor != choice.actor or c.verb is Verb.VOTE]
    else:
        kept = [
            c
            for c in recorded
            if not (
                c.actor == choice.actor
                and (c.verb is choice.verb and c.gun is choice.gun or c.verb is Verb.SKIP)
            )
        ]
    kept.append(choice)
    return kept, None
