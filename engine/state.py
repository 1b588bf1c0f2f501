"""Game state: immutable, indexed once, serialisable to JSON and back exactly.

``GameState`` is a frozen dataclass of immutable parts (``engine.parts``: players and the other
records are named tuples; sequences are tuples; mappings ``FrozenMap``). A resolver never
changes a state: it opens a ``engine.draft.Draft`` on it, which copies only what it writes (a
changed player is one new ``Player``; unchanged players are shared), and freezes the draft into
the next state.

The look-ups a rule needs (player by id, the living, each faction's members, the teams dealt,
the acting cop) are built once per state, in ``engine.index.Index``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import EngineError, InvalidState, UnknownPlayer
from engine.frozen import EMPTY, FrozenMap
from engine.index import Index
from engine.parts import PLAYER_FIELDS, HeldGun, HoboControl, Mark, Outcome, Player, WinReason
from engine.roles import COP_CABINET, CRIMINAL_TEAMS, TEAMS, Faction, Gun, Mode, Phase, Role

__all__ = [
    "PLAYER_FIELDS",
    "TEAM_KEYS",
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
        """The look-ups of the players as they are now."""
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
        return actor in self.index().teams

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
    _index: Index = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # the look-ups, built once: the state never changes (a derived field of a frozen
        # dataclass is set the way ``dataclasses`` documents, through ``object.__setattr__``)
        object.__setattr__(self, "_index", Index(self.players, self.cabinets))

    def index(self) -> Index:
        return self._index

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied as its fields, rebuilt by ``GameState(...)`` (which builds
        the look-ups again)."""
        return (GameState, tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.init))

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


def is_criminal(p: Player) -> bool:
    return p.faction in CRIMINAL_TEAMS


def frozen_knows(knows: Mapping[str, Mapping[str, str]]) -> FrozenMap[str, Mapping[str, str]]:
    return FrozenMap({k: v if isinstance(v, FrozenMap) else FrozenMap(v) for k, v in knows.items()})


def _strs(value: Any, what: str) -> tuple[str, ...]:
    if type(value) is not list:
        raise InvalidState(f"engine state: {what} must be a list of strings")
    if not all(isinstance(v, str) for v in value):
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
        if not all(type(a) is str and type(w) is str for a, w in what.items()):
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
