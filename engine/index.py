"""The look-ups of one list of players, built when first asked.

A rule asks "the living", "the team's list", "the team's don", "the acting cop": each is a
dict look-up or a ready tuple here, so a phase costs time linear in the players. A frozen
state has one index; a draft drops its index on every write and makes a new one when next
asked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter

from engine.parts import Player
from engine.roles import COP_CABINET, TEAMS, Faction, Role


class Index:
    """The players by id at once; the living in signup order, each faction's living members,
    the teams dealt and the acting cop together when one of them is first asked; the living
    by role and each faction's whole list on their first use."""

    def __init__(self, players: Sequence[Player], cabinets: Mapping[str, Sequence[str]]) -> None:
        self.players = players
        self.cabinets = cabinets
        self.by_id: dict[str, Player] = {p.id: p for p in players}
        self._living: tuple[Player, ...] | None = None
        self._living_members: dict[str, tuple[Player, ...]] = {}
        self._teams: tuple[Faction, ...] = ()
        self._acting_cop: Player | None = None
        self._everyone: dict[str, tuple[Player, ...]] | None = None
        self._by_role: dict[str, tuple[Player, ...]] | None = None

    def _scan(self) -> tuple[Player, ...]:
        """The living, each faction's living members, the factions dealt (the dead count too),
        then the acting cop."""
        self._living = tuple(p for p in self.players if p.alive)
        self._living_members = _grouped(self._living, _FACTION)
        # a team whose members are all dead is still a team of this game
        dealt = {p.faction for p in self.players}
        self._teams = tuple(t for t in TEAMS if t in dealt)
        self._acting_cop = _acting_cop(self._living, self.by_id, self.cabinets)
        return self._living

    @property
    def living(self) -> tuple[Player, ...]:
        return self._living if self._living is not None else self._scan()

    @property
    def teams(self) -> tuple[Faction, ...]:
        """The teams dealt (criminal teams and the horde), living or not."""
        if self._living is None:
            self._scan()
        return self._teams

    @property
    def acting_cop(self) -> Player | None:
        if self._living is None:
            self._scan()
        return self._acting_cop

    def members(self, faction: str, alive: bool) -> tuple[Player, ...]:
        """``faction``: a ``Faction`` or its key (the enum is a ``str``)."""
        if alive:
            if self._living is None:
                self._scan()
            return self._living_members.get(faction, ())
        if self._everyone is None:
            self._everyone = _grouped(self.players, _FACTION)
        return self._everyone.get(faction, ())

    def counts(self) -> dict[str, int]:
        """How many living players each faction has (only factions with one)."""
        if self._living is None:
            self._scan()
        return {f: len(ps) for f, ps in self._living_members.items()}

    def with_role(self, role: Role) -> tuple[Player, ...]:
        """The living players with ``role``, in signup order."""
        if self._by_role is None:
            self._by_role = _grouped(self.living, _ROLE)
        return self._by_role.get(role, ())

    def don(self, team: str) -> Player | None:
        """The team's living don (R-ROLE-4)."""
        return next((p for p in self.members(team, True) if p.role is Role.DON), None)


_FACTION = attrgetter("faction")
_ROLE = attrgetter("role")


def _grouped(
    players: Sequence[Player], key: Callable[[Player], str]
) -> dict[str, tuple[Player, ...]]:
    """``players`` grouped by ``key`` (their faction or role), each group in signup order."""
    groups: dict[str, list[Player]] = {}
    for p in players:
        groups.setdefault(key(p), []).append(p)
    return {k: tuple(group) for k, group in groups.items()}


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
