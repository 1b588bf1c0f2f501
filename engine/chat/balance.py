"""C-BAL: the default role list by number of players, and a server's own list validated."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.chat.roles import FACTION_OF, ChatFaction, ChatRole
from engine.errors import InvalidDeal, InvalidRoleList

R = ChatRole
MIN_PLAYERS, MAX_PLAYERS = 4, 30  # C-LIFE-1

#: Section 6: what each size adds to the row above (6 also takes one citizen away).
_ADDED: dict[int, tuple[ChatRole, ...]] = {
    4: (R.DON, R.COMMISSAR, R.DOCTOR, R.CITIZEN),
    5: (R.CITIZEN,),
    6: (R.MAFIOSO, R.MISTRESS),
    7: (R.SERGEANT,),
    8: (R.KAMIKAZE,),
    9: (R.MAFIOSO,),
    10: (R.WEREWOLF,),
    11: (R.HOBO,),
    12: (R.MAFIOSO,),
    13: (R.SUICIDE,),
    14: (R.MANIAC,),
    15: (R.LAWYER,),
    16: (R.MAFIOSO,),
    17: (R.LUCKY,),
    18: (R.CITIZEN,),
    19: (R.MAFIOSO,),
    20: (R.JOURNALIST,),
    21: (R.CITIZEN,),
    22: (R.KILLER,),
    **{n: (R.MAFIOSO,) if n in (24, 28) else (R.CITIZEN,) for n in range(23, MAX_PLAYERS + 1)},
}


def default_roles(players: int) -> list[ChatRole]:
    """The default list for ``players`` (4..30)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidDeal(f"the chat game is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    roles: list[ChatRole] = []
    for n in range(MIN_PLAYERS, players + 1):
        roles += _ADDED[n]
        if n == 6:
            roles.remove(R.CITIZEN)  # "one citizen fewer"
    return roles


def validate_roles(roles: Sequence[str]) -> list[ChatRole]:
    """A server's own list for one size, or ``InvalidDeal`` saying what is wrong. What a game
    needs to be played by these rules: 4..30 known roles; one don, who leads the cabinet's kill
    (C-NIGHT-3); at most one commissar, whose cabinet the sergeants share, and no sergeant
    without him (C-LIFE-5); the mafia side fewer than the others (else C-WIN-4 held at once)."""
    if not MIN_PLAYERS <= len(roles) <= MAX_PLAYERS:
        raise InvalidRoleList("size", f"a list has {MIN_PLAYERS} to {MAX_PLAYERS} roles, not "
                              f"{len(roles)}", least=MIN_PLAYERS, most=MAX_PLAYERS,
                              count=len(roles))  # fmt: skip
    unknown = sorted({r for r in roles if r not in ChatRole.__members__.values()})
    if unknown:
        raise InvalidRoleList("unknown", f"unknown roles: {', '.join(unknown)}",
                              roles=", ".join(unknown))  # fmt: skip
    dealt = [ChatRole(r) for r in roles]
    count = Counter(dealt)
    if count[R.DON] != 1:
        raise InvalidRoleList("one-don", "a list has exactly one don")
    if count[R.COMMISSAR] > 1:
        raise InvalidRoleList("one-commissar", "a list has at most one commissar")
    if count[R.SERGEANT] and not count[R.COMMISSAR]:
        raise InvalidRoleList("sergeant", "a sergeant needs a commissar")
    mafia = sum(1 for r in dealt if FACTION_OF[r] is ChatFaction.MAFIA)
    if mafia >= len(dealt) - mafia:
        raise InvalidRoleList("mafia-half", "the mafia side must be fewer than the other players")
    return dealt
