"""End of game (RULES.md section 8), checked after every resolution."""

from __future__ import annotations

from engine.roles import CRIMINAL_TEAMS, Faction, Mode, Role
from engine.state import GameState, Player


def _criminal(p: Player) -> bool:
    return p.faction in CRIMINAL_TEAMS


def _shooter_basement(s: GameState, p: Player) -> bool | None:
    """For R-WIN-6b: None if ``p`` is no shooter, else whether his side has a basement left."""
    if s.is_cop_like(p.id) or p.role is Role.MANIAC:
        return False  # the cop's and the lone maniac's sides have no basement
    if p.role is Role.DON and _criminal(p):
        return p.faction.value not in s.basement_used
    return None


def _two_left(s: GameState, a: Player, b: Player) -> list[Faction] | None:
    """R-WIN-6: None = the rule does not apply; [] = the game goes on; else the winner."""
    for x, y in ((a, b), (b, a)):
        if _criminal(y):
            if x.role is Role.BOUNCER:
                return [Faction.TOWN]  # R-WIN-6a: he voids the criminal's vote
            if x.role is Role.LAWYER:
                # R-WIN-6a: the lawyer wins unless he protected himself the day before.
                last = s.last_targets.get(x.id)
                if last is not None and last.target == x.id and last.number == s.number:
                    return [y.faction]
                return [Faction.TOWN]
            if x.role is Role.WOODMAN:
                return [y.faction]  # R-WIN-6c
            if x.role is Role.HOBO and s.mode is Mode.THREE_SIDED:
                return [y.faction]  # R-WIN-6d: his taken vote always ties
    ba, bb = _shooter_basement(s, a), _shooter_basement(s, b)
    if ba is not None and bb is not None:  # R-WIN-6b
        if ba and not bb:
            return [a.faction]
        if bb and not ba:
            return [b.faction]
        return []
    return None


def winner(s: GameState, *, morning: bool) -> list[Faction]:
    """The winning faction(s), or [] while the game goes on (R-WIN-5).

    ``morning``: right after a night's resolution, when R-WIN-6 is checked first."""
    alive = s.living()
    if morning and len(alive) == 2:
        two = _two_left(s, alive[0], alive[1])
        if two is not None:
            return two
    count = {f: sum(1 for p in alive if p.faction is f) for f in Faction}
    if s.mode is Mode.THREE_SIDED:
        # R-WIN-4: a faction wins when every player of both other factions is dead. Decision:
        # the zombie horde, if dealt, is one more faction that must be dead (and wins likewise).
        for f in (Faction.TOWN, Faction.MAFIA, Faction.MANIACS, Faction.ZOMBIES):
            others = sum(c for g, c in count.items() if g is not f)
            if others == 0 and (count[f] > 0 or f is Faction.TOWN):
                return [f]
        return []
    criminals = count[Faction.MAFIA] + count[Faction.MANIACS]
    if criminals + count[Faction.MANIAC] + count[Faction.ZOMBIES] == 0:
        return [Faction.TOWN]  # R-WIN-1
    if len(alive) <= 2 and count[Faction.MANIAC] == 1:
        # R-WIN-3: the maniac and at most one other, neither the cop nor a don (alone wins too)
        other = next((p for p in alive if p.faction is not Faction.MANIAC), None)
        if other is None or (not s.is_cop_like(other.id) and other.role is not Role.DON):
            return [Faction.MANIAC]
    if (
        not s.parity_continue
        and count[Faction.MANIAC] == 0
        and count[Faction.ZOMBIES] == 0
        and count[Faction.TOWN] <= count[Faction.MAFIA]
    ):
        # R-WIN-2. Decision: a living zombie horde also blocks the mafia's parity win, as the
        # lone maniac does (the original's two-sided rule predates the optional zombies).
        return [Faction.MAFIA]
    if count[Faction.ZOMBIES] > 0 and count[Faction.ZOMBIES] == len(alive):
        return [Faction.ZOMBIES]  # decision: the horde wins when only zombies remain
    return []
