"""Roles, factions, modes and guns: the codes of RULES.md section 1, spelled exactly.

All are ``StrEnum`` so a value *is* its code string (``Role.COP == "cop"``) and serialises to
JSON as that string.
"""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    CITIZEN = "citizen"
    COP = "cop"
    ASSISTANT = "assistant"
    DOCTOR = "doctor"
    CHILD = "child"
    LAWYER = "lawyer"
    BOUNCER = "bouncer"
    SNIPER = "sniper"
    WOODMAN = "woodman"
    KAMIKAZE = "kamikaze"
    DON = "don"
    MAFIOSO = "mafioso"
    MANIAC = "maniac"
    VAMPIRE = "vampire"
    HOBO = "hobo"
    ZOMBIE = "zombie"


class Faction(StrEnum):
    TOWN = "town"
    MAFIA = "mafia"
    MANIACS = "maniacs"  # second criminal team, three-sided only
    MANIAC = "maniac"  # the lone maniac, two-sided only
    ZOMBIES = "zombies"


class Mode(StrEnum):
    TWO_SIDED = "two-sided"
    THREE_SIDED = "three-sided"


class Gun(StrEnum):
    """A night shot (section 1). The names are the keys of the woodman's ``fire`` choice."""

    COP = "cop"
    SNIPER = "sniper"
    MAFIA = "mafia"
    MANIACS = "maniacs"
    MANIAC = "maniac"
    ZOMBIE = "zombie"


class Phase(StrEnum):
    DAY = "day"
    NIGHT = "night"


#: The criminal teams ("ММ"): each has a don, a cabinet, a gun and a basement.
CRIMINAL_TEAMS: tuple[Faction, ...] = (Faction.MAFIA, Faction.MANIACS)
#: Groups that choose together (a cabinet with one gun): the criminal teams and the horde.
TEAMS: tuple[Faction, ...] = (Faction.MAFIA, Faction.MANIACS, Faction.ZOMBIES)
#: Factions the cop's bullet kills (R-NIGHT-5a).
COP_LETHAL: frozenset[Faction] = frozenset(
    {Faction.MAFIA, Faction.MANIACS, Faction.MANIAC, Faction.ZOMBIES}
)
#: The cop's cabinet (R-LIFE-4); criminal teams' cabinets are named after the team.
COP_CABINET = "cop"


def team_gun(team: Faction) -> Gun:
    """The gun a team fires: its own name, or ``zombie`` for the horde."""
    return _TEAM_GUNS[team]


_TEAM_GUNS: dict[Faction, Gun] = {
    Faction.MAFIA: Gun.MAFIA,
    Faction.MANIACS: Gun.MANIACS,
    Faction.ZOMBIES: Gun.ZOMBIE,
}


def default_faction(role: Role, mode: Mode) -> Faction:
    """Faction of a dealt role when the deal does not name one (FORMAT.md ``role@faction``)."""
    if role in (Role.DON, Role.MAFIOSO):
        return Faction.MAFIA
    if role is Role.MANIAC:
        return Faction.MANIAC
    if role is Role.ZOMBIE:
        return Faction.ZOMBIES
    return Faction.TOWN  # the vampire too, until a bite moves it (section 1)
