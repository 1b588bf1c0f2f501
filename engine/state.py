"""Game state: immutable, indexed once, serialisable to JSON and back exactly.

``GameState`` is a frozen dataclass of immutable parts (``Player`` a slotted class that refuses
writes, the other records named tuples, sequences tuples, mappings ``FrozenMap``). A resolver
never changes a state: it opens a ``engine.draft.Draft`` on it, which copies only what it
writes (a changed player is one new ``Player``; unchanged players are shared), and freezes the
draft into the next state.

The indexes a rule needs (player by id, the living in signup order, each faction's members, the
teams dealt, the acting cop) are built once per state, in ``Index``, so every query is a dict
look-up or a ready tuple: a phase costs time linear in the players, not quadratic.
"""

from __future__ import annotations

import dataclasses
import json
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import InitVar, dataclass, field
from enum import StrEnum
from operator import attrgetter
from typing import Any, ClassVar, NamedTuple, NoReturn

from engine.errors import EngineError, InvalidState, UnknownPlayer
from engine.frozen import EMPTY, FrozenMap, generated_init
from engine.roles import (
    COP_CABINET,
    CRIMINAL_TEAMS,
    ROLE_ASSISTANT,
    ROLE_COP,
    ROLE_DON,
    TEAMS,
    Faction,
    Gun,
    Mode,
    Phase,
    Role,
)

__all__ = [
    "EngineError",
    "GameState",
    "HeldGun",
    "HoboControl",
    "Index",
    "Mark",
    "Outcome",
    "Player",
    "StateView",
    "WinReason",
    "is_criminal",
]

TEAM_KEYS: frozenset[str] = frozenset(t.value for t in TEAMS)


class Player:
    """One player, immutable: compared, hashed, copied and pickled by value like the named
    tuple it was, with ``_replace`` and ``_fields``; its JSON row is ``row()``.

    Why a slotted class rather than a ``NamedTuple``: on Python 3.11 a named tuple's field is
    read through a descriptor the interpreter does not specialise (~12 ns), a slot directly
    (~5 ns), and a night reads a few hundred fields. ``__new__`` fills the slots of a
    ``_PlayerSlots`` (the same layout, writable) by plain stores and makes it a ``Player`` by
    ``__class__`` assignment (as ``GameState``'s, ~2x faster than through the slots'
    descriptors); every later write is refused."""

    __slots__ = ("id", "role", "faction", "order", "alive", "cause", "name")
    _fields: ClassVar[tuple[str, ...]] = __slots__

    id: str
    role: Role
    faction: Faction
    order: int  # signup order, 0-based (R-LIFE-3: the team's list, successions)
    alive: bool
    cause: str | None  # events.Cause value once dead
    name: str  # the themed character name (R-LIFE-1), for display; defaults to the id

    def __new__(
        cls,
        id: str,
        role: Role,
        faction: Faction,
        order: int,
        alive: bool = True,
        cause: str | None = None,
        name: str = "",
    ) -> Player:
        p = _new(_PlayerSlots)
        p.id = id
        p.role = role
        p.faction = faction
        p.order = order
        p.alive = alive
        p.cause = cause
        p.name = name
        p.__class__ = cls  # type: ignore[assignment]  # (the same layout)
        return p  # type: ignore[return-value]  # (a Player now)

    def row(self) -> list[Any]:
        """The player's JSON row, in ``PLAYER_FIELDS`` order."""
        return [self.id, self.role, self.faction, self.order, self.alive, self.cause, self.name]

    def _replace(self, **changes: Any) -> Player:
        row = self.row()
        for name, value in changes.items():
            row[PLAYER_COLUMNS[name]] = value
        return Player(*row)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"the game state is immutable: cannot set Player.{name}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"the game state is immutable: cannot delete Player.{name}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not Player:
            return NotImplemented
        return self is other or self.row() == other.row()

    def __hash__(self) -> int:
        return hash(tuple(self.row()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(PLAYER_FIELDS, self.row(), strict=True))
        return f"Player({fields})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Player, tuple(self.row()))

    def __copy__(self) -> Player:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Player:
        return self


class _PlayerSlots:
    """``Player``'s very layout (the same slots on the same base), but writable."""

    __slots__ = Player.__slots__
    id: str
    role: Role
    faction: Faction
    order: int
    alive: bool
    cause: str | None
    name: str


_new = object.__new__
PLAYER_FIELDS: tuple[str, ...] = Player._fields  # the columns of a player's JSON row
PLAYER_COLUMNS: dict[str, int] = {name: i for i, name in enumerate(PLAYER_FIELDS)}


class Mark(NamedTuple):
    """A last target (doctor, lawyer, bouncer) and the night/day number it was chosen."""

    target: str
    number: int


class HeldGun(NamedTuple):
    """A gun the woodman took (R-NIGHT-10), fireable on night ``night`` only.

    ``owner``: ``"cop"`` (the cop's cabinet, R-VOTE-11), a team name, or a player id (sniper,
    lone maniac)."""

    woodman: str
    gun: Gun
    owner: str
    night: int


class HoboControl(NamedTuple):
    """Who took the hobo's vote for day ``day`` (R-NIGHT-12, R-VOTE-6).

    ``kind``: ``"cop"`` (the acting cop orders), ``"team"`` (``who`` is the team name; its
    don or the team key orders) or ``"player"`` (``who`` orders: lone maniac, woodman)."""

    hobo: str
    kind: str
    who: str
    day: int


class WinReason(StrEnum):
    """The rule that ended the game (``Outcome.reason``)."""

    TOWN_CLEARED = "R-WIN-1"
    MAFIA_PARITY = "R-WIN-2"
    MANIAC_LAST = "R-WIN-3"
    LAST_FACTION = "R-WIN-4"
    BOUNCER_OR_LAWYER = "R-WIN-6a"
    SHOOTER_BASEMENT = "R-WIN-6b"
    WOODMAN = "R-WIN-6c"
    HOBO = "R-WIN-6d"
    NOBODY_LEFT = "R-WIN-7"
    HORDE_ALONE = "horde-alone"  # decision: a two-sided game with only zombies left
    HOST_JOINT_WIN = "host:R-WIN-4"  # the host declared the criminals' joint win


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game, as python-chess's ``Outcome(termination, winner)``: who won, and the
    rule that says so (for the cog's announcement)."""

    winners: tuple[Faction, ...]
    reason: WinReason


class Index:
    """Look-ups of one state (or of a draft between changes), each built once, when first
    needed: ``by_id`` at once; the living, each faction's living members, the teams dealt and
    the acting cop in one pass over the players; the living by role, the dons and each
    faction's whole list (dead included) on their first use."""

    __slots__ = (
        "_acting_cop", "_by_role", "_cabinets", "_dons", "_everyone", "_living", "_members",
        "_players", "_team_keys", "_teams", "by_id",
    )  # fmt: skip

    def __init__(
        self,
        players: Sequence[Player],
        cabinets: Mapping[str, Sequence[str]],
        by_id: Mapping[str, Player] | None = None,
    ) -> None:
        self._players = players
        self._cabinets = cabinets
        self.by_id: Mapping[str, Player] = (
            by_id if by_id is not None else {p.id: p for p in players}
        )
        self._living: tuple[Player, ...] | None = None
        self._members: dict[str, tuple[Player, ...]] = {}
        self._everyone: dict[str, tuple[Player, ...]] = {}
        self._by_role: dict[Role, tuple[Player, ...]] | None = None
        self._team_keys: frozenset[str] = frozenset()
        self._teams: tuple[Faction, ...] = ()
        self._acting_cop: Player | None = None
        self._dons: dict[str, Player | None] = {}

    def _scan(self) -> tuple[Player, ...]:
        """One pass over the players: the living, each faction's living members, the factions
        dealt (the dead count too); then the acting cop."""
        living: list[Player] = []
        groups: dict[str, Any] = {}  # lists, then tuples
        dead_factions: set[str] = set()
        for p in self._players:
            if not p.alive:
                dead_factions.add(p.faction)
                continue
            living.append(p)
            group = groups.get(p.faction)
            if group is None:
                groups[p.faction] = [p]
            else:
                group.append(p)
        for faction, ps in groups.items():
            groups[faction] = tuple(ps)  # in place: no second dict
        self._members = groups
        self._by_role = None  # built when first asked (``with_role``)
        self._teams = tuple([t for t in TEAMS if t in groups or t in dead_factions])
        self._team_keys = frozenset(self._teams)
        self._acting_cop = _acting_cop(living, self.by_id, self._cabinets)
        self._living = tuple(living)
        return self._living

    def after_deaths(
        self, dead: Sequence[Player], players: Sequence[Player], by_id: Mapping[str, Player]
    ) -> Index:
        """This (scanned) index once ``dead``, each living before, have died (``players`` and
        ``by_id`` have their dead copies): the scan's results lose them, and only what they
        were (a don, the acting cop) is looked up again, the living by role when next asked
        (after the deaths of a night, nothing asks); the teams dealt are the same (the dead
        count too)."""
        assert self._living is not None
        ix = Index.__new__(Index)  # every slot set once, here
        ix._players, ix._cabinets, ix.by_id = players, self._cabinets, by_id
        living, members = self._living, dict(self._members)
        cop = self._acting_cop
        lost = dons_lost = False
        for old in dead:
            living = _without(living, old)
            rest = _without(members[old.faction], old)
            if rest:
                members[old.faction] = rest
            else:
                del members[old.faction]  # as a scan makes them: no empty group
            lost = lost or (cop is not None and cop.id == old.id)
            dons_lost = dons_lost or old.role is ROLE_DON
        ix._living, ix._members = living, members
        ix._everyone, ix._by_role = {}, None
        ix._teams, ix._team_keys = self._teams, self._team_keys
        ix._acting_cop = _acting_cop(living, by_id, self._cabinets) if lost else cop
        ix._dons = {} if dons_lost else dict(self._dons)
        return ix

    @property
    def scanned(self) -> bool:
        """Whether the one-pass look-ups are built."""
        return self._living is not None

    @property
    def living(self) -> tuple[Player, ...]:
        return self._living if self._living is not None else self._scan()

    def don(self, team: str) -> Player | None:
        """The team's living don (R-ROLE-4), looked up once per team and index."""
        if team in self._dons:
            return self._dons[team]
        found = None
        for p in self.members(team, True):
            if p.role is ROLE_DON:
                found = p
                break
        self._dons[team] = found
        return found

    def counts(self) -> dict[str, int]:
        """How many living players each faction has."""
        if self._living is None:
            self._scan()
        return {f: len(ps) for f, ps in self._members.items()}

    def members(self, faction: str, alive: bool) -> tuple[Player, ...]:
        """``faction``: a ``Faction`` or its key (the enum is a ``str``)."""
        if self._living is None:
            self._scan()
        if alive:
            return self._members.get(faction, ())
        if faction not in self._everyone:
            self._everyone[faction] = tuple(p for p in self._players if p.faction == faction)
        return self._everyone[faction]

    def with_role(self, role: Role) -> tuple[Player, ...]:
        """The living players with ``role``, in signup order."""
        if self._by_role is None:
            living = self._living if self._living is not None else self._scan()
            self._by_role = _by_role(living)
        return self._by_role.get(role, ())

    @property
    def teams(self) -> tuple[Faction, ...]:
        if self._living is None:
            self._scan()
        return self._teams

    @property
    def team_keys(self) -> frozenset[str]:
        """The teams dealt (criminal teams and the horde), living or not, as their keys."""
        if self._living is None:
            self._scan()
        return self._team_keys

    @property
    def acting_cop(self) -> Player | None:
        if self._living is None:
            self._scan()
        return self._acting_cop


def _without(players: tuple[Player, ...], p: Player) -> tuple[Player, ...]:
    """``players`` (in signup order) without ``p``, found by a binary search on the order,
    then by identity (no comparison of players by value)."""
    i = bisect_left(players, p.order, key=_ORDER)
    while players[i] is not p:
        i += 1
    return players[:i] + players[i + 1 :]


_ORDER = attrgetter("order")


def _by_role(players: Sequence[Player]) -> dict[Role, tuple[Player, ...]]:
    """``players`` grouped by role, each group in order."""
    groups: dict[Any, Any] = {}
    for p in players:
        found = groups.get(p.role)
        if found is None:
            groups[p.role] = [p]
        else:
            found.append(p)
    for key, found in groups.items():
        groups[key] = tuple(found)  # in place: no second dict
    return groups


def _acting_cop(
    living: Sequence[Player], by_id: Mapping[str, Player], cabinets: Mapping[str, Sequence[str]]
) -> Player | None:
    """The living cop, else R-NIGHT-5e: the first living assistant in the order they entered
    the cop's cabinet (R-NIGHT-5c: a multifunctional child after every earlier assistant)."""
    for p in living:
        if p.role is ROLE_COP:
            return p
    for pid in cabinets.get(COP_CABINET, ()):
        member = by_id.get(pid)
        if member is not None and member.alive and member.role is ROLE_ASSISTANT:
            return member
    return next((p for p in living if p.role is ROLE_ASSISTANT), None)


class StateView:
    """The queries of a state, shared by the frozen ``GameState`` and the working ``Draft``."""

    __slots__ = ()

    mode: Mode
    phase: Phase
    number: int
    multifunctional_child: bool
    cabinets: Mapping[str, Sequence[str]]
    skips: Mapping[str, int]
    last_targets: Mapping[str, Mark]
    basement_used: Sequence[str]
    block_used: Sequence[str]
    held_guns: Sequence[HeldGun]
    hobo_controls: Sequence[HoboControl]
    vampires_done: Sequence[str]
    mourning: bool
    cancelled: Sequence[str]
    zombie_head: str | None
    cop_holder: str | None
    parity_continue: bool
    outcome: Outcome | None

    def index(self) -> Index:
        raise NotImplementedError

    @property
    def winner(self) -> list[Faction]:
        """The winning factions, [] while the game goes on (``outcome`` says why)."""
        return list(self.outcome.winners) if self.outcome is not None else []

    def player(self, pid: str) -> Player | None:
        return self.index().by_id.get(pid)

    def get(self, pid: str) -> Player:
        p = self.index().by_id.get(pid)
        if p is None:
            raise UnknownPlayer(f"unknown player {pid!r}")
        return p

    def living(self) -> tuple[Player, ...]:
        """The living players in signup order."""
        return self.index().living

    def members(self, faction: Faction, *, alive: bool = True) -> tuple[Player, ...]:
        """The team's list: its members in signup order (R-NIGHT-1)."""
        return self.index().members(faction, alive)

    def with_role(self, role: Role) -> tuple[Player, ...]:
        """The living players with ``role``, in signup order."""
        return self.index().with_role(role)

    def teams(self) -> tuple[Faction, ...]:
        """Teams dealt in this game (criminal teams and the horde), living or not."""
        return self.index().teams

    def is_team_key(self, actor: str) -> bool:
        """Whether ``actor`` is the key of a team dealt in this game (``mafia``...)."""
        return actor in self.index().team_keys

    def don(self, team: Faction) -> Player | None:
        return self.index().don(team)

    def acting_cop(self) -> Player | None:
        """The living cop, else the first living assistant of the cop's cabinet (R-NIGHT-5e)."""
        return self.index().acting_cop

    def is_cop_like(self, pid: str) -> bool:
        """The cop or the acting assistant (R-WIN-3, R-NIGHT-8a, R-NIGHT-13)."""
        cop = self.index().acting_cop
        return cop is not None and cop.id == pid

    def guns_for_night(self, night: int) -> list[HeldGun]:
        """Stolen guns fireable on ``night`` whose owner is still in the game (R-VOTE-11)."""
        if not self.held_guns:
            return []
        return [g for g in self.held_guns if g.night == night and self.owner_alive(g.owner)]

    def owner_alive(self, owner: str) -> bool:
        """R-VOTE-11: the cop's gun belongs to the cop's cabinet (any acting cop keeps it), a
        team's to its living members, a sniper's or lone maniac's to himself."""
        if owner == COP_CABINET:
            return self.index().acting_cop is not None
        if owner in TEAM_KEYS:
            return bool(self.index().members(owner, True))
        p = self.index().by_id.get(owner)
        return p is not None and p.alive


@dataclass(frozen=True, slots=True)
class GameState(StateView):
    mode: Mode
    players: tuple[Player, ...]  # in signup order
    phase: Phase = Phase.DAY
    number: int = 1  # day N comes before night N
    multifunctional_child: bool = False  # host option (R-NIGHT-5c)
    cabinets: Mapping[str, tuple[str, ...]] = EMPTY  # in the order members entered
    knows: Mapping[str, Mapping[str, str]] = EMPTY
    skips: Mapping[str, int] = EMPTY  # by player: doctor, kamikaze, lawyer, bouncer
    last_targets: Mapping[str, Mark] = EMPTY  # doctor, lawyer, bouncer
    basement_used: tuple[str, ...] = ()  # teams (R-NIGHT-2)
    block_used: tuple[str, ...] = ()  # woodmen (R-NIGHT-4)
    held_guns: tuple[HeldGun, ...] = ()  # R-NIGHT-10
    hobo_controls: tuple[HoboControl, ...] = ()  # R-NIGHT-12
    vampires_done: tuple[str, ...] = ()  # R-NIGHT-11
    mourning: bool = False  # the coming night is cancelled (R-VOTE-10)
    cancelled: tuple[str, ...] = ()  # R-SANCT-4: next choice cancelled
    zombie_head: str | None = None  # R-NIGHT-13
    cop_holder: str | None = None  # who holds the cop's gun (R-NIGHT-5e), kept for events
    parity_continue: bool = False  # host let the town play on (R-WIN-2)
    outcome: Outcome | None = None  # None while the game goes on
    # the look-ups of the draft frozen into this, else built (``_slot_init`` makes __init__)
    index_of_draft: InitVar[Index | None] = None
    _index: Index = field(init=False, repr=False, compare=False)

    def index(self) -> Index:
        return self._index

    # the hottest queries, straight to the index (same answers as ``StateView``'s)
    def player(self, pid: str) -> Player | None:
        return self._index.by_id.get(pid)

    def get(self, pid: str) -> Player:
        p = self._index.by_id.get(pid)
        if p is None:
            raise UnknownPlayer(f"unknown player {pid!r}")
        return p

    def is_cop_like(self, pid: str) -> bool:
        cop = self._index.acting_cop
        return cop is not None and cop.id == pid

    def members(self, faction: Faction, *, alive: bool = True) -> tuple[Player, ...]:
        return self._index.members(faction, alive)

    def don(self, team: Faction) -> Player | None:
        return self._index.don(team)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as its fields, rebuilt by ``GameState(...)`` (the default
        way would call its ``__new__`` without them)."""
        return (GameState, tuple([getattr(self, name) for name in _INIT_FIELDS]))

    # --- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data (lists and dicts), the exact inverse of ``from_dict``."""
        out = self.outcome
        return {
            "mode": self.mode,
            "player_fields": list(PLAYER_FIELDS),
            "players": [p.row() for p in self.players],  # rows, in PLAYER_FIELDS order
            "phase": self.phase,
            "number": self.number,
            "multifunctional_child": self.multifunctional_child,
            "cabinets": {k: list(v) for k, v in self.cabinets.items()},
            "knows": self.knows,  # FrozenMap is a dict: serialised as it is
            "skips": self.skips,
            "last_targets": {k: list(v) for k, v in self.last_targets.items()},
            "basement_used": list(self.basement_used),
            "block_used": list(self.block_used),
            "held_guns": [list(g) for g in self.held_guns],
            "hobo_controls": [list(h) for h in self.hobo_controls],
            "vampires_done": list(self.vampires_done),
            "mourning": self.mourning,
            "cancelled": list(self.cancelled),
            "zombie_head": self.zombie_head,
            "cop_holder": self.cop_holder,
            "parity_continue": self.parity_continue,
            "outcome": None
            if out is None
            else {"winners": list(out.winners), "reason": out.reason},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """Inverse of ``to_dict``; ``InvalidState`` names what is wrong, never a ``KeyError``."""
        if not isinstance(data, Mapping):
            raise InvalidState("an engine state is a JSON object")
        try:
            state = _read(data)
        except InvalidState:
            raise
        except KeyError as exc:
            raise InvalidState(f"engine state: missing {exc.args[0]!r}") from None
        except (TypeError, ValueError, AttributeError) as exc:
            raise InvalidState(f"engine state: {exc}") from None
        _consistent(state)
        return state

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise InvalidState(f"not a JSON engine state: {exc}") from None
        return cls.from_dict(data)


class _StateSlots(StateView):
    """``GameState``'s very layout (the same slots on the same base), but writable."""

    __slots__ = GameState.__slots__


def _slot_new(cls: type[GameState]) -> None:
    """Give the frozen, slotted dataclass ``GameState`` a ``__new__`` that builds it, with the
    same parameters and defaults as the ``__init__`` ``dataclass`` made (which goes);
    ``index_of_draft`` (the draft's look-ups) becomes ``_index``, else a new ``Index``.

    Why: that ``__init__`` calls ``object.__setattr__`` per field, ~85 ns each for 21 fields,
    and a phase builds one state. Here the slots are filled by plain stores into a
    ``_StateSlots`` (~5 ns each), which then becomes a ``GameState`` by ``__class__``
    assignment (Python allows it between classes of the same layout): the whole ~4x faster.
    The instance is not seen by anyone before ``__new__`` returns, and ``__setattr__`` still
    refuses every later write: the state stays as immutable. Generated the way
    ``dataclasses`` generates its own (one ``exec`` of a fixed template, at import), as
    ``engine.events`` does for the events."""
    scope: dict[str, Any] = {"_Index": Index, "_new": object.__new__, "_Slots": _StateSlots}
    new = generated_init(
        cls,
        "    o.{name} = {name}",
        scope,
        head="    o = _new(_Slots)",
        extra=["index_of_draft=None"],  # the InitVar
        tail="    o._index = index_of_draft if index_of_draft is not None"
        " else _Index(players, cabinets)\n    o.__class__ = cls\n    return o",
        method="__new__",
    )
    cls.__new__ = staticmethod(new)  # type: ignore[method-assign]
    del cls.__init__  # object's, which ignores the arguments once ``__new__`` is a class's own


_slot_new(GameState)
_INIT_FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(GameState) if f.init)


def is_criminal(p: Player) -> bool:
    return p.faction in CRIMINAL_TEAMS


def frozen_knows(knows: Mapping[str, Mapping[str, str]]) -> FrozenMap[str, Mapping[str, str]]:
    return FrozenMap({k: v if isinstance(v, FrozenMap) else FrozenMap(v) for k, v in knows.items()})


def _strs(value: Any, what: str) -> tuple[str, ...]:
    if type(value) is not list:
        raise InvalidState(f"engine state: {what} must be a list of strings")
    for v in value:  # a loop, not all(...): no generator per list on every load
        if not isinstance(v, str):
            raise InvalidState(f"engine state: {what} must be a list of strings")
    return tuple(value)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidState(f"engine state: {what} must be an integer")
    return value


_ROLES: dict[str, Role] = {r.value: r for r in Role}
_FACTIONS: dict[str, Faction] = {f.value: f for f in Faction}


def _player(row: Sequence[Any]) -> Player:
    pid, role, faction, order, alive, cause, name = row
    if type(pid) is not str or type(name) is not str or type(alive) is not bool:
        raise InvalidState(f"engine state: bad player row {list(row)!r}")
    if cause is not None and type(cause) is not str:
        raise InvalidState(f"engine state: bad cause for {pid!r}")
    if type(order) is not int:
        raise InvalidState("engine state: order must be an integer")
    known_role, known_faction = _ROLES.get(role), _FACTIONS.get(faction)
    if known_role is None or known_faction is None:
        raise InvalidState(f"engine state: unknown role or faction {role!r}@{faction!r} of {pid!r}")
    return Player(pid, known_role, known_faction, order, alive, cause, name)


def _rows(d: Mapping[str, Any]) -> list[Any]:
    if "player_fields" not in d and isinstance(d.get("players"), list):
        # the first version's JSON: players as objects (still read, written as rows)
        return [[p[f] for f in PLAYER_FIELDS] for p in d["players"]]
    if tuple(d["player_fields"]) != PLAYER_FIELDS:
        raise InvalidState(f"engine state: player_fields must be {list(PLAYER_FIELDS)}")
    rows = d["players"]
    if not isinstance(rows, list):
        raise InvalidState("engine state: players must be a list of rows")
    return rows


def _knows(d: Mapping[str, Any]) -> FrozenMap[str, Mapping[str, str]]:
    out: dict[str, Mapping[str, str]] = {}
    for who, what in d.items():
        if not isinstance(what, dict):
            raise InvalidState(f"engine state: what {who!r} knows must map ids to codes")
        for a, w in what.items():  # a loop, not all(...): no generator per player
            if type(a) is not str or type(w) is not str:
                raise InvalidState(f"engine state: what {who!r} knows must map ids to codes")
        out[who] = FrozenMap(what)
    return FrozenMap(out)


def _legacy_winner(winner: Any) -> Mapping[str, Any] | None:
    """The first version's JSON had ``winner`` (a list) instead of ``outcome``: a running game
    (no winner) reads as it was; a finished one has no rule to name and is refused."""
    if winner:
        raise InvalidState("engine state: a game finished before outcomes were kept")
    return None


def _outcome(d: Mapping[str, Any] | None) -> Outcome | None:
    if d is None:
        return None
    return Outcome(tuple(Faction(f) for f in d["winners"]), WinReason(d["reason"]))


def _read(d: Mapping[str, Any]) -> GameState:
    return GameState(
        mode=Mode(d["mode"]),
        players=tuple([_player(p) for p in _rows(d)]),
        phase=Phase(d["phase"]),
        number=_int(d["number"], "number"),
        multifunctional_child=bool(d["multifunctional_child"]),
        cabinets=FrozenMap({str(k): _strs(v, "a cabinet") for k, v in d["cabinets"].items()}),
        knows=_knows(d["knows"]),
        skips=FrozenMap({str(k): _int(v, "a skip count") for k, v in d["skips"].items()}),
        last_targets=FrozenMap(
            {str(k): Mark(str(v[0]), _int(v[1], "a mark")) for k, v in d["last_targets"].items()}
        ),
        basement_used=_strs(d["basement_used"], "basement_used"),
        block_used=_strs(d["block_used"], "block_used"),
        held_guns=tuple(HeldGun(str(w), Gun(g), str(o), _int(n, "a night")) for w, g, o, n in d["held_guns"]),
        hobo_controls=tuple(HoboControl(str(h), str(k), str(w), _int(n, "a day")) for h, k, w, n in d["hobo_controls"]),
        vampires_done=_strs(d["vampires_done"], "vampires_done"),
        mourning=bool(d["mourning"]),
        cancelled=_strs(d["cancelled"], "cancelled"),
        zombie_head=d["zombie_head"],
        cop_holder=d["cop_holder"],
        parity_continue=bool(d["parity_continue"]),
        outcome=_outcome(d["outcome"] if "outcome" in d else _legacy_winner(d["winner"])),
    )  # fmt: skip


def _consistent(s: GameState) -> None:
    """Every id the state mentions is one of its players, each once, in signup order."""
    known = s.index().by_id  # one entry per id
    if len(known) != len(s.players):
        raise InvalidState("engine state: a player id appears twice")
    orders = [p.order for p in s.players]
    if orders != sorted(orders):
        raise InvalidState("engine state: players are not in signup order")
    mentioned = set(s.knows)
    for members in s.cabinets.values():
        mentioned.update(members)
    for what in s.knows.values():
        mentioned.update(what)
    mentioned.update([g.woodman for g in s.held_guns])
    mentioned.update([h.hobo for h in s.hobo_controls])
    unknown = mentioned.difference(known)
    if unknown:
        raise InvalidState(f"engine state: unknown player ids {sorted(unknown)}")
