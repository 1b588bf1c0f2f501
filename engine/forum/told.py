"""What a player has been told of his own role (his card, ``/mafia role``): R-ROLE-3, R-NIGHT-5c.

The deal tells each player his role, except the child: it plays as a citizen and learns its
role only when criminals shoot it (R-NIGHT-7a, R-NIGHT-10a: a ``RoleChanged`` it is told of,
to ``mafioso``) or when it is eliminated by the vote (R-VOTE-9: "the Child was killed").
A change the player is not told of (R-NIGHT-5c: the cop's bullet strips the child to a
citizen) stays hidden from him until the reveal.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.events import Cause, Event, RoleChanged
from engine.roles import Faction, Role
from engine.state import GameState

__all__ = ["as_dealt", "told_role", "voted_out_child"]


def as_dealt(role: Role, faction: Faction) -> tuple[Role, Faction]:
    """What the deal tells a player dealt ``role`` of ``faction`` (R-ROLE-3: the child,
    a citizen of the town)."""
    return (Role.CITIZEN, faction) if role is Role.CHILD else (role, faction)


def told_role(
    state: GameState, pid: str, dealt: tuple[Role, Faction] | None, events: Iterable[Event]
) -> tuple[Role, Faction]:
    """The role and side ``pid`` knows he has: the deal's as told (``dealt``: his card at the
    deal; None: the state's role stands for it), then each change he was told of among
    ``events`` (the game's log), and the child's own role once the vote eliminated it."""
    player = state.get(pid)
    told = as_dealt(*(dealt or (player.role, player.faction)))
    for event in events:
        if isinstance(event, RoleChanged) and event.who == pid and event.told:
            told = (event.role, event.faction)
    if player.role is Role.CHILD and not player.alive and player.cause == Cause.VOTE:
        told = (Role.CHILD, player.faction)  # R-VOTE-9: announced, so told
    return told


def voted_out_child(before: GameState, events: Iterable[Event]) -> str | None:
    """The child the day's vote eliminated (R-VOTE-9), who is told its role now; else None."""
    for event in events:
        who = getattr(event, "who", None)
        cause = getattr(event, "cause", None)
        if cause == Cause.VOTE and isinstance(who, str):
            player = before.player(who)
            if player is not None and player.role is Role.CHILD:
                return who
    return None
