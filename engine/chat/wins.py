"""C-WIN: the end, checked after each resolution as a whole, in the order C-WIN-1..4, the first
that holds deciding (C-WIN-5 and C-WIN-6 say who counts and who is in a side's win)."""

from __future__ import annotations

from engine.chat.roles import CABINET, FACTION_OF, ChatFaction
from engine.chat.state import ChatState, Outcome

MAFIA, MANIAC, TOWN = ChatFaction.MAFIA, ChatFaction.MANIAC, ChatFaction.TOWN


def winner(state: ChatState) -> Outcome | None:
    living = [FACTION_OF[p.role] for p in state.players if p.alive]
    if not living:
        return Outcome((), "C-WIN-1")  # nobody alive: a draw
    maniacs = living.count(MANIAC)
    if maniacs and len(living) - 1 <= 1:
        return Outcome((MANIAC,), "C-WIN-2")  # he and at most one other
    side = living.count(MAFIA)
    if not side and not maniacs:
        # C-WIN-3; C-WIN-6: only unturned werewolves and suicides left is a town win too
        return Outcome((TOWN,), "C-WIN-3")
    cabinet = len([p for p in state.players if p.alive and p.role in CABINET])
    if not maniacs and (cabinet or side) >= len(living) - side:
        # C-WIN-4, as scenario c07 reads it (4 of the mafia side against 4 is no win there):
        # while the cabinet (don, mafiosi) lives it is the side's count, the lawyer, the
        # journalist and the killer, who do not know the mafia, counting for neither; once no
        # cabinet member lives, the whole side counts (so a lawyer left with one citizen, who
        # can never be hanged at two, wins). C-WIN-5: a werewolf and a suicide count as
        # "other living players".
        return Outcome((MAFIA,), "C-WIN-4")
    return None


def winning_players(state: ChatState) -> list[str]:
    """C-WIN-6: every member of a winning side, living or dead, by his last role (a converted
    werewolf wins with the side he joined), and beside them the personal wins (C-DAY-6)."""
    sides = set(state.winner.winners) if state.winner else set()
    won = [p.id for p in state.players if p.faction in sides]
    return won + [pid for pid in state.personal_wins if pid not in won]
