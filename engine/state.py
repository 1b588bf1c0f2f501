"""Game state: plain dataclasses, serialisable to JSON and back exactly.

The state holds no history beyond the counters the rules need; the event log lives beside it
(db). Resolution functions never mutate a state they are given: they work on a deep copy and
return it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.roles import (
    COP_CABINET,
    CRIMINAL_TEAMS,
    TEAMS,
    Faction,
    Gun,
    Mode,
    Phase,
    Role,
    default_faction,
)


class EngineError(ValueError):
    """A call the engine cannot honour (bad deal, wrong phase, invalid host command)."""


@dataclass
class Player:
    id: str
    role: Role
    faction: Faction
    order: int  # signup order, 0-based (R-LIFE-3: the team's list, successions)
    alive: bool = True
    cause: str | None = None  # events.Cause value once dead
    name: str = ""  # the themed character name (R-LIFE-1), for display; defaults to the id


@dataclass
class Mark:
    """A last target (doctor, lawyer, bouncer) and the night/day number it was chosen."""

    target: str
    number: int


@dataclass
class HeldGun:
    """A gun the woodman took (R-NIGHT-10), fireable on night ``night`` only.

    ``owner``: ``"cop"`` (whoever holds the cop's gun), a team name, or a player id (sniper,
    lone maniac)."""

    woodman: str
    gun: Gun
    owner: str
    night: int


@dataclass
class HoboControl:
    """Who took the hobo's vote for day ``day`` (R-NIGHT-12, R-VOTE-6).

    ``kind``: ``"cop"`` (the acting cop orders), ``"team"`` (``who`` is the team name; its
    don or the team key orders) or ``"player"`` (``who`` orders: lone maniac, woodman)."""

    hobo: str
    kind: str
    who: str
    day: int


@dataclass
class GameState:
    mode: Mode
    players: list[Player]
    phase: Phase = Phase.DAY
    number: int = 1  # day N comes before night N
    multifunctional_child: bool = False  # host option (R-NIGHT-5c)
    cabinets: dict[str, list[str]] = field(default_factory=dict)
    knows: dict[str, dict[str, str]] = field(default_factory=dict)
    skips: dict[str, int] = field(
        default_factory=dict
    )  # by player: doctor, kamikaze, lawyer, bouncer
    last_targets: dict[str, Mark] = field(default_factory=dict)  # doctor, lawyer, bouncer
    basement_used: list[str] = field(default_factory=list)  # teams (R-NIGHT-2)
    block_used: list[str] = field(default_factory=list)  # woodmen (R-NIGHT-4)
    held_guns: list[HeldGun] = field(default_factory=list)  # R-NIGHT-10
    hobo_controls: list[HoboControl] = field(default_factory=list)  # R-NIGHT-12
    vampires_done: list[str] = field(default_factory=list)  # R-NIGHT-11
    mourning: bool = False  # the coming night is cancelled (R-VOTE-10)
    cancelled: list[str] = field(default_factory=list)  # R-SANCT-4: next choice cancelled
    zombie_head: str | None = None  # R-NIGHT-13
    cop_holder: str | None = None  # who holds the cop's gun (R-NIGHT-5e), kept for events
    parity_continue: bool = False  # host let the town play on (R-WIN-2)
    winner: list[Faction] = field(default_factory=list)  # empty while the game goes on

    # --- queries -------------------------------------------------------------------------
    def player(self, pid: str) -> Player | None:
        for p in self.players:
            if p.id == pid:
                return p
        return None

    def get(self, pid: str) -> Player:
        p = self.player(pid)
        if p is None:
            raise EngineError(f"unknown player {pid!r}")
        return p

    def living(self) -> list[Player]:
        return sorted((p for p in self.players if p.alive), key=lambda p: p.order)

    def members(self, faction: Faction, *, alive: bool = True) -> list[Player]:
        """The team's list: its members in signup order (R-NIGHT-1)."""
        return sorted(
            (p for p in self.players if p.faction is faction and (p.alive or not alive)),
            key=lambda p: p.order,
        )

    def teams(self) -> list[Faction]:
        """Teams dealt in this game (criminal teams and the horde), living or not."""
        return [t for t in TEAMS if any(p.faction is t for p in self.players)]

    def don(self, team: Faction) -> Player | None:
        for p in self.members(team):
            if p.role is Role.DON:
                return p
        return None

    def acting_cop(self) -> Player | None:
        """The living cop, else the first living assistant in the order they entered the
        cop's cabinet (R-NIGHT-5e; R-NIGHT-5c: a multifunctional child comes after every
        assistant who was there before him, whatever the signup order)."""
        living = self.living()
        for p in living:
            if p.role is Role.COP:
                return p
        for pid in self.cabinets.get(COP_CABINET, []):
            p = self.get(pid)
            if p.alive and p.role is Role.ASSISTANT:
                return p
        for p in living:
            if p.role is Role.ASSISTANT:
                return p
        return None

    def is_cop_like(self, pid: str) -> bool:
        """The cop or the acting assistant (R-WIN-3, R-NIGHT-8a, R-NIGHT-13)."""
        cop = self.acting_cop()
        return cop is not None and cop.id == pid

    def guns_for_night(self, night: int) -> list[HeldGun]:
        """Stolen guns fireable on ``night`` whose owner is still in the game (R-VOTE-11)."""
        return [g for g in self.held_guns if g.night == night and self.owner_alive(g.owner)]

    def owner_alive(self, owner: str) -> bool:
        if owner == "cop":
            return self.acting_cop() is not None
        if owner in {t.value for t in TEAMS}:
            return bool(self.members(Faction(owner)))
        p = self.player(owner)
        return p is not None and p.alive

    # --- serialisation -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        return cls(
            mode=Mode(data["mode"]),
            players=[
                Player(
                    id=p["id"],
                    role=Role(p["role"]),
                    faction=Faction(p["faction"]),
                    order=p["order"],
                    alive=p["alive"],
                    cause=p["cause"],
                    name=p["name"],
                )
                for p in data["players"]
            ],
            phase=Phase(data["phase"]),
            number=data["number"],
            multifunctional_child=data["multifunctional_child"],
            cabinets={k: list(v) for k, v in data["cabinets"].items()},
            knows={k: dict(v) for k, v in data["knows"].items()},
            skips=dict(data["skips"]),
            last_targets={k: Mark(**v) for k, v in data["last_targets"].items()},
            basement_used=list(data["basement_used"]),
            block_used=list(data["block_used"]),
            held_guns=[
                HeldGun(g["woodman"], Gun(g["gun"]), g["owner"], g["night"])
                for g in data["held_guns"]
            ],
            hobo_controls=[HoboControl(**h) for h in data["hobo_controls"]],
            vampires_done=list(data["vampires_done"]),
            mourning=data["mourning"],
            cancelled=list(data["cancelled"]),
            zombie_head=data["zombie_head"],
            cop_holder=data["cop_holder"],
            parity_continue=data["parity_continue"],
            winner=[Faction(f) for f in data["winner"]],
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        return cls.from_dict(json.loads(text))


def new_game(
    mode: Mode | str,
    deal: Sequence[tuple[str, Role | str] | tuple[str, Role | str, Faction | str | None]],
    *,
    multifunctional_child: bool = False,
    dead: Iterable[str] = (),
    names: Mapping[str, str] | None = None,
) -> GameState:
    """Create a game from a role deal: ``(player_id, role[, faction])`` in signup order.

    Opens the cabinets and the knowledge they give (R-LIFE-4, R-NIGHT-16). The game starts at
    day 1. ``dead`` marks players already out (for scenarios that start mid-game); ``names``
    gives character names by id (default: the id)."""
    from engine import effects  # local: effects imports this module

    mode = Mode(mode)
    players: list[Player] = []
    seen: set[str] = set()
    for order, entry in enumerate(deal):
        pid, role_code = entry[0], entry[1]
        faction_code = entry[2] if len(entry) > 2 else None
        if pid in seen:
            raise EngineError(f"duplicate player {pid!r}")
        seen.add(pid)
        try:
            role = Role(role_code)
        except ValueError:
            raise EngineError(f"unknown role {role_code!r} for {pid!r}") from None
        try:
            faction = default_faction(role, mode) if faction_code is None else Faction(faction_code)
        except ValueError:
            raise EngineError(f"unknown faction {faction_code!r} for {pid!r}") from None
        name = (names or {}).get(pid, pid)
        players.append(Player(pid, role, faction, order, name=name))
    state = GameState(mode=mode, players=players, multifunctional_child=multifunctional_child)
    for pid in dead:
        state.get(pid).alive = False
    state.knows = {p.id: {} for p in players}
    # R-LIFE-4: cabinets opened to their members; they know each other's roles (R-NIGHT-16).
    for team in state.teams():
        state.cabinets[team.value] = [p.id for p in state.members(team, alive=False)]
    cop_cabinet = [p.id for p in players if p.role in (Role.COP, Role.ASSISTANT)]
    if cop_cabinet:
        state.cabinets[COP_CABINET] = cop_cabinet
    for members in state.cabinets.values():
        for a in members:
            for b in members:
                if a != b:
                    state.knows[a][b] = state.get(b).role.value
    scratch: list[Any] = []
    effects.successions(state, scratch)
    return state


def is_criminal(p: Player) -> bool:
    return p.faction in CRIMINAL_TEAMS
