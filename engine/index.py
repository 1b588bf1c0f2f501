"""The look-ups of one list of players, built in one pass when first asked.

A rule asks "the living", "the team's list", "the team's don", "the acting cop": each is a
dict look-up or a ready tuple here, so a phase costs time linear in the players. A frozen
state has one index; a draft drops its index on every write and makes a new one when next
asked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property

from engine.parts import Player
from engine.roles import COP_CABINET, TEAMS, Faction, Role


class Index:
    """The players by id; the living in signup order; each faction's members (living, and
    all); the living by role; the teams dealt; each team's don; the acting cop. Each is built
    when first asked (a night asks for some, a JSON round trip for none)."""

    def __init__(self, players: Sequence[Player], cabinets: Mapping[str, Sequence[str]]) -> None:
        self.players = players
        self.cabinets = cabinets
        self.by_id: dict[str, Player] = {p.id: p for p in players}

    @cached_property
    def living(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if p.alive)

    @cached_property
    def everyone(self) -> dict[str, tuple[Player, ...]]:
        return _by_faction(self.players)

    @cached_property
    def living_members(self) -> dict[str, tuple[Player, ...]]:
        return _by_faction(self.living)

    @cached_property
    def by_role(self) -> dict[str, tuple[Player, ...]]:
        groups: dict[str, list[Player]] = {}
        for p in self.living:
            groups.setdefault(p.role, []).append(p)
        return {role: tuple(group) for role, group in groups.items()}

    @cached_property
    def teams(self) -> tuple[Faction, ...]:
        """The teams dealt: a team whose members are all dead is still a team of this game."""
        return tuple(t for t in TEAMS if t in self.everyone)

    @cached_property
    def acting_cop(self) -> Player | None:
        return _acting_cop(self.living, self.by_id, self.cabinets)

    def members(self, faction: str, alive: bool) -> tuple[Player, ...]:
        """``faction``: a ``Faction`` or its key (the enum is a ``str``)."""
        return (self.living_members if alive else self.everyone).get(faction, ())

    def counts(self) -> dict[str, int]:
        """How many living players each faction has (only factions with one)."""
        return {f: len(ps) for f, ps in self.living_members.items()}

    def with_role(self, role: Role) -> tuple[Player, ...]:
        """The living players with ``role``, in signup order."""
        return self.by_role.get(role, ())

    def don(self, team: str) -> Player | None:
        """The team's living don (R-ROLE-4)."""
        return next((p for p in self.members(team, True) if p.role is Role.DON), None)


def _by_faction(players: Sequence[Player]) -> dict[str, tuple[Player, ...]]:
    """``players`` grouped by faction, each group in signup order."""
    groups: dict[str, list[Player]] = {}
    for p in players:
        groups.setdefault(p.faction, []).append(p)
    return {faction: tuple(group) for faction, group in groups.items()}


def _acting_cop(
    living: Sequence[Player], by_id: Mapping[str, Player], cabinets: Mapping[str, Sequence[str]]
) -> Player | None:
    """The living cop, else R-NIGHT-5e: the first living assistant in the order they entered
    the cop's cabinet (R-NIGHT-5c: a multifunctional child after every earlier assistant)."""
    for p in living:
        if p.role is Role.COP:
            return p
    for pid in cabinets.get(COP_CABINET, ()):
        member = by_id.get(pid)
        if member is not None and member.alive and member.role is Role.ASSISTANT:
            return member
    return next((p for p in living if p.role is Role.ASSISTANT), None)
