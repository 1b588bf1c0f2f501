"""The forum game's one check: ``check(state, choice) -> Refusal | None``, and ``record``.

A choice is refused with a code of the closed list (FORMAT.md), in this order: unknown names;
the mourning night; a dead actor; a host cancellation; no such power; once-per-game uses and
stolen guns; a dead target; the rule-specific refusals. Each refusal is written once, here;
``available_verbs`` (the Discord layer's menus) asks the same use rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.choices import NIGHT_VERBS, Choice, Verb, ensure_running
from engine.events import Refusal
from engine.forum.powers import (
    TEAM_OF_KEY,
    controls_of,
    fires_at_own,
    held_by_woodman,
    held_gun,
    owner_of_shot,
    player_powers,
    powers,
    team_of_actor,
    team_powers,
)
from engine.roles import Phase
from engine.state import Player, StateView

# --- once-per-game uses and stolen guns (ALREADY_USED, NO_GUN), by verb ----------------------


def _shoot_use(s: StateView, c: Choice) -> Refusal | None:
    if held_by_woodman(s, owner_of_shot(s, c)):
        return Refusal.NO_GUN  # R-NIGHT-10: the true owner cannot shoot that night
    return None


def _hide_use(s: StateView, c: Choice) -> Refusal | None:
    team = team_of_actor(s, c.actor)
    if held_by_woodman(s, team):
        return Refusal.NO_GUN  # R-NIGHT-1: a team whose gun the woodman holds makes no choice
    if team is not None and team in s.basement_used:
        return Refusal.ALREADY_USED  # R-NIGHT-2
    return None


def _block_use(s: StateView, c: Choice) -> Refusal | None:
    return Refusal.ALREADY_USED if c.actor in s.block_used else None  # R-NIGHT-4


def _bite_use(s: StateView, c: Choice) -> Refusal | None:
    if s.number != 1 or c.actor in s.vampires_done:
        return Refusal.ALREADY_USED  # R-NIGHT-11: first night only
    return None


def _fire_use(s: StateView, c: Choice) -> Refusal | None:
    return Refusal.NO_GUN if held_gun(s, c.actor, c.gun) is None else None  # R-NIGHT-10


UseRule = Callable[[StateView, Choice], "Refusal | None"]
_USE_RULES: dict[Verb, UseRule] = {
    Verb.SHOOT: _shoot_use,
    Verb.HIDE: _hide_use,
    Verb.BLOCK: _block_use,
    Verb.BITE: _bite_use,
    Verb.FIRE: _fire_use,
}

# --- the rule-specific refusals for a living target, by verb (``choose`` has none) -----------


def _not_twice(s: StateView, c: Choice, t: Player) -> Refusal | None:
    # R-NIGHT-3, R-DAY-1, R-DAY-2: not the same player two nights / days running
    last = s.last_targets.get(c.actor)
    if last is not None and last.target == t.id and last.number == s.number - 1:
        return Refusal.SAME_TARGET_TWICE
    return None


def _gun_at(s: StateView, c: Choice, owner: str | None, t: Player) -> Refusal | None:
    if owner is not None and (t.id == c.actor or fires_at_own(s, owner, t)):
        # R-NIGHT-7d: not the team (or the owner) the gun is fired for; R-NIGHT-10: the
        # woodman fires no gun at himself
        return Refusal.OWN_TEAM
    return None


def _shoot_at(s: StateView, c: Choice, t: Player) -> Refusal | None:
    return _gun_at(s, c, owner_of_shot(s, c), t)


def _fire_at(s: StateView, c: Choice, t: Player) -> Refusal | None:
    held = held_gun(s, c.actor, c.gun)
    return _gun_at(s, c, None if held is None else held[1], t)


def _hide_who(s: StateView, c: Choice, t: Player) -> Refusal | None:
    team = team_of_actor(s, c.actor)
    return Refusal.NO_POWER if team is not t.faction else None  # R-NIGHT-2: one of its own


def _bite_who(s: StateView, c: Choice, t: Player) -> Refusal | None:
    return Refusal.NO_POWER if t.id == c.actor else None


def _vote_for(s: StateView, c: Choice, t: Player) -> Refusal | None:
    return Refusal.SELF_VOTE if t.id == c.actor else None  # R-VOTE-3


def _order_for(s: StateView, c: Choice, t: Player) -> Refusal | None:
    if all(ctl.hobo == t.id for ctl in controls_of(s, c.actor)):
        return Refusal.SELF_VOTE  # the hobo may not be ordered to vote for himself
    return None


TargetRule = Callable[[StateView, Choice, Player], "Refusal | None"]
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

# --- the check -------------------------------------------------------------------------------


def _actor_refusal(
    s: StateView, c: Choice, p: Player | None, target: Player | None
) -> Refusal | None:
    """Unknown names, the mourning night, a dead actor, a host cancellation (``p``: the actor,
    None for a team's key or an unknown name)."""
    if p is None and not (c.actor in TEAM_OF_KEY and s.is_team_key(c.actor)):
        return Refusal.UNKNOWN_PLAYER
    if target is None and c.verb is not Verb.SKIP:
        return Refusal.UNKNOWN_PLAYER  # no target, or one the game does not have
    if s.mourning and s.phase is Phase.NIGHT and (c.verb in NIGHT_VERBS or c.verb is Verb.SKIP):
        return Refusal.NIGHT_CANCELLED  # R-VOTE-10
    if (p is None and not s.members(TEAM_OF_KEY[c.actor])) or (p is not None and not p.alive):
        return Refusal.NOT_ALIVE
    if c.actor in s.cancelled and c.verb is not Verb.VOTE:
        return Refusal.NO_POWER  # R-SANCT-4: the host cancelled this actor's next choice
    return None


def check(s: StateView, choice: Choice) -> Refusal | None:
    """Refuse a choice with a FORMAT.md code, or return None if it may be recorded.

    Raises ``GameOver`` once the game has a winner. FORMAT.md: anyone may skip explicitly; it
    counts as giving no choice (a criminal team that skips is sanctioned, R-NIGHT-1; a vampire
    is autokilled, R-NIGHT-11)."""
    ensure_running(s)
    p = None if choice.actor in TEAM_OF_KEY else s.player(choice.actor)
    target = None if choice.target is None else s.player(choice.target)
    code = _actor_refusal(s, choice, p, target)
    if code is not None or target is None:
        return code
    verbs = team_powers(s, choice.actor, s.phase) if p is None else player_powers(s, p, s.phase)
    if choice.verb not in verbs:
        return Refusal.NO_POWER
    use = _USE_RULES.get(choice.verb)
    code = None if use is None else use(s, choice)
    if code is not None:
        return code
    if not target.alive:
        return Refusal.NOT_ALIVE
    rule = _TARGET_RULES.get(choice.verb)
    return None if rule is None else rule(s, choice, target)


def available_verbs(s: StateView, actor: str) -> frozenset[Verb]:
    """What ``actor`` may do now: ``powers`` minus used once-per-game choices, guns taken by the
    woodman, the mourning night and host cancellations. Drives the Discord layer's menus."""
    if s.outcome is not None or (s.phase is Phase.NIGHT and s.mourning):
        return frozenset()
    out: set[Verb] = set()
    for verb in powers(s, actor):
        if actor in s.cancelled and verb is not Verb.VOTE:
            continue
        if verb is Verb.FIRE:
            # the menu offers ``fire`` while he holds any gun tonight (R-NIGHT-10)
            held = any(g.woodman == actor for g in s.guns_for_night(s.number))
            if held:
                out.add(verb)
            continue
        use = _USE_RULES.get(verb)
        if use is None or use(s, Choice(actor, verb)) is None:
            out.add(verb)
    if out == {Verb.SKIP}:
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
