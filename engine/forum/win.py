"""End of game (RULES.md section 8), checked after every resolution and host action.

``outcome(state, morning=...)`` gives the ``Outcome(winners, reason)`` or None while the game
goes on (R-WIN-5). Order: R-WIN-7 first, then (after a night only) R-WIN-6, then the mode's
rules.
"""

from __future__ import annotations

from engine.roles import CRIMINAL_TEAMS, Faction, Mode, Role
from engine.state import Outcome, Player, StateView, WinReason


def _criminal(p: Player) -> bool:
    return p.faction in CRIMINAL_TEAMS


def _shooter_basement(s: StateView, p: Player) -> bool | None:
    """For R-WIN-6b: None if ``p`` is no shooter, else whether his side has a basement left."""
    if s.is_cop_like(p.id) or p.role is Role.MANIAC:
        return False  # the cop's and the lone maniac's sides have no basement
    if p.role is Role.DON and _criminal(p):
        return p.faction not in s.basement_used
    return None


def _against_criminal(s: StateView, x: Player, y: Player) -> Outcome | None:
    """R-WIN-6a, 6c, 6d: ``x`` alone against the criminal ``y`` in the morning."""
    if x.role is Role.BOUNCER:
        return Outcome((Faction.TOWN,), WinReason.BOUNCER_OR_LAWYER)  # he voids y's vote
    if x.role is Role.LAWYER:
        # the lawyer wins unless he protected himself the day before
        last = s.last_targets.get(x.id)
        selfish = last is not None and last.target == x.id and last.number == s.number
        return Outcome((y.faction,) if selfish else (Faction.TOWN,), WinReason.BOUNCER_OR_LAWYER)
    if x.role is Role.WOODMAN:
        return Outcome((y.faction,), WinReason.WOODMAN)
    if x.role is Role.HOBO and s.mode is Mode.THREE_SIDED:
        return Outcome((y.faction,), WinReason.HOBO)  # his taken vote always ties
    return None


def _two_left(s: StateView, a: Player, b: Player) -> Outcome | bool:
    """R-WIN-6: the outcome; False = the rule does not apply; True = the game goes on."""
    for x, y in ((a, b), (b, a)):
        if _criminal(y):
            found = _against_criminal(s, x, y)
            if found is not None:
                return found
        if y.faction is Faction.ZOMBIES and x.role is Role.WOODMAN and x.faction is not y.faction:
            # R-WIN-6e: the horde's shot only lends the woodman a gun he may not fire at the
            # horde, and the vote always ties: the zombies win.
            return Outcome((Faction.ZOMBIES,), WinReason.ZOMBIE_WOODMAN)
    ba, bb = _shooter_basement(s, a), _shooter_basement(s, b)
    if ba is None or bb is None:
        return False
    if ba != bb:  # R-WIN-6b: the side with its basement unused wins
        return Outcome(((a if ba else b).faction,), WinReason.SHOOTER_BASEMENT)
    return True


def _three_sided(count: dict[str, int]) -> Outcome | None:
    # R-WIN-4: a faction wins when every player of both other factions is dead. Decision: the
    # zombie horde, if dealt, is one more faction that must be dead (and wins likewise).
    standing = [f for f, n in count.items() if n]
    if len(standing) == 1:
        return Outcome((Faction(standing[0]),), WinReason.LAST_FACTION)
    return None


def _two_sided(s: StateView, alive: tuple[Player, ...], count: dict[str, int]) -> Outcome | None:
    if not any(count.get(f, 0) for f in (*CRIMINAL_TEAMS, Faction.MANIAC, Faction.ZOMBIES)):
        return Outcome((Faction.TOWN,), WinReason.TOWN_CLEARED)  # R-WIN-1
    if len(alive) <= 2 and count.get(Faction.MANIAC, 0) == 1:
        # R-WIN-3: the maniac and at most one other, neither the cop nor a don (alone wins too)
        other = next((p for p in alive if p.faction is not Faction.MANIAC), None)
        if other is None or (not s.is_cop_like(other.id) and other.role is not Role.DON):
            return Outcome((Faction.MANIAC,), WinReason.MANIAC_LAST)
    if (
        not s.parity_continue
        and count.get(Faction.MANIAC, 0) == 0
        and count.get(Faction.ZOMBIES, 0) == 0
        and count.get(Faction.TOWN, 0) <= count.get(Faction.MAFIA, 0)
    ):
        # R-WIN-2. Decision: a living zombie horde also blocks the mafia's parity win, as the
        # lone maniac does (the original's two-sided rule predates the optional zombies).
        return Outcome((Faction.MAFIA,), WinReason.MAFIA_PARITY)
    if count.get(Faction.ZOMBIES, 0) == len(alive):
        return Outcome((Faction.ZOMBIES,), WinReason.HORDE_ALONE)  # decision
    return None


def outcome(s: StateView, *, morning: bool) -> Outcome | None:
    """How the game ended, or None while it goes on (R-WIN-5).

    ``morning``: right after a night's resolution, when R-WIN-6 is checked (after R-WIN-7)."""
    alive = s.living()
    if not alive:
        return Outcome((Faction.TOWN,), WinReason.NOBODY_LEFT)  # R-WIN-7
    if morning and len(alive) == 2:
        two = _two_left(s, alive[0], alive[1])
        if isinstance(two, Outcome):
            return two
        if two:
            return None  # R-WIN-6b: neither or both have a basement: the game goes on
    count = s.index().counts()  # the factions with a living player
    if s.mode is Mode.THREE_SIDED:
        return _three_sided(count)
    return _two_sided(s, alive, count)


def winner(s: StateView, *, morning: bool) -> list[Faction]:
    """The winning faction(s) only, [] while the game goes on (see ``outcome``)."""
    found = outcome(s, morning=morning)
    return list(found.winners) if found is not None else []
