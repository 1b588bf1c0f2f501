"""The chat game's roles, sides and night verbs: CHAT-GAME.md section 1, spelled exactly.

Its own codes, not the forum's ``engine.roles``: the two games share no role (a ``lawyer`` or a
``kamikaze`` of one is not the other's), and a code is a ``StrEnum`` so it serialises as itself.
"""

from __future__ import annotations

from enum import StrEnum


class ChatRole(StrEnum):
    CITIZEN = "citizen"
    COMMISSAR = "commissar"
    SERGEANT = "sergeant"
    DOCTOR = "doctor"
    MISTRESS = "mistress"
    HOBO = "hobo"
    LUCKY = "lucky"
    KAMIKAZE = "kamikaze"
    DON = "don"
    MAFIOSO = "mafioso"
    LAWYER = "lawyer"
    JOURNALIST = "journalist"
    KILLER = "killer"
    WEREWOLF = "werewolf"
    MANIAC = "maniac"
    SUICIDE = "suicide"


class ChatFaction(StrEnum):
    """The sides of section 1 (section 8's faction codes); ``none`` is an unturned werewolf."""

    TOWN = "town"
    MAFIA = "mafia"
    MANIAC = "maniac"
    SUICIDE = "suicide"
    NONE = "none"


class ChatVerb(StrEnum):
    """What a choice does: section 8's night verbs, the day's vote, press and take."""

    CHECK = "check"
    SHOOT = "shoot"
    HEAL = "heal"
    VISIT = "visit"
    PROTECT = "protect"
    INSPECT = "inspect"
    KILL = "kill"
    SKIP = "skip"
    VOTE = "vote"  # C-DAY-2; no target is a skip
    UP = "up"  # C-DAY-4's thumbs-up
    DOWN = "down"  # C-DAY-4's thumbs-down
    TAKE = "take"  # C-DAY-5


R = ChatRole
_TOWN = (R.CITIZEN, R.COMMISSAR, R.SERGEANT, R.DOCTOR, R.MISTRESS, R.HOBO, R.LUCKY, R.KAMIKAZE)
_MAFIA = (R.DON, R.MAFIOSO, R.LAWYER, R.JOURNALIST, R.KILLER)

#: Section 1's "side" column (a werewolf's side is the role he turns into).
FACTION_OF: dict[ChatRole, ChatFaction] = {
    **{role: ChatFaction.TOWN for role in _TOWN},
    **{role: ChatFaction.MAFIA for role in _MAFIA},
    R.WEREWOLF: ChatFaction.NONE,
    R.MANIAC: ChatFaction.MANIAC,
    R.SUICIDE: ChatFaction.SUICIDE,
}

#: Section 1's "at night" column: the verbs each role may choose (a skip is open to all).
NIGHT_VERBS: dict[ChatRole, frozenset[ChatVerb]] = {
    R.COMMISSAR: frozenset({ChatVerb.CHECK, ChatVerb.SHOOT}),
    R.DOCTOR: frozenset({ChatVerb.HEAL}),
    R.MISTRESS: frozenset({ChatVerb.VISIT}),
    R.HOBO: frozenset({ChatVerb.VISIT}),
    R.LAWYER: frozenset({ChatVerb.PROTECT}),
    R.JOURNALIST: frozenset({ChatVerb.INSPECT}),
    R.DON: frozenset({ChatVerb.KILL}),
    R.MAFIOSO: frozenset({ChatVerb.KILL}),
    R.KILLER: frozenset({ChatVerb.KILL}),
    R.MANIAC: frozenset({ChatVerb.KILL}),
}

#: The mafia cabinet (section 1): only these vote in the team's kill (C-NIGHT-3).
CABINET: frozenset[ChatRole] = frozenset({R.DON, R.MAFIOSO})
NIGHT_ONLY: frozenset[ChatVerb] = frozenset().union(*NIGHT_VERBS.values())
DAY_VERBS: frozenset[ChatVerb] = frozenset({ChatVerb.VOTE, ChatVerb.UP, ChatVerb.DOWN})


def has_night_choice(role: ChatRole) -> bool:
    """Whether the role makes a choice at night (section 1; C-NIGHT-8's "active role")."""
    return role in NIGHT_VERBS
