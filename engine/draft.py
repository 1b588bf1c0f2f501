"""A working copy of a state, written by a resolver and frozen into the next state.

Copy-on-write: opening a draft copies references, not players. Writing a player replaces that
one ``Player``; writing what a player knows copies that player's map only; the other containers
stay the base's until first written; the indexes are rebuilt lazily, once after a batch of
changes. ``freeze`` makes the next ``GameState``, which shares every unchanged part with the
one the draft was opened on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from engine.errors import UnknownPlayer
from engine.frozen import EMPTY, FrozenMap
from engine.roles import Mode, Phase
from engine.state import (
    GameState,
    HeldGun,
    HoboControl,
    Index,
    Mark,
    Outcome,
    Player,
    StateView,
)

K = TypeVar("K")
V = TypeVar("V")


class Draft(StateView):
    """The mutable twin of ``GameState``: the same queries, plus the writes a phase makes."""

    __slots__ = (
        "_index", "_knows_written", "base", "basement_used", "block_used", "cabinets",
        "cancelled", "cop_holder", "held_guns", "hobo_controls", "knows", "last_targets", "mode",
        "mourning", "multifunctional_child", "number", "outcome", "parity_continue", "phase",
        "players", "skips", "vampires_done", "zombie_head",
    )  # fmt: skip

    def __init__(self, base: GameState) -> None:
        self.base = base
        self.mode: Mode = base.mode
        self.phase: Phase = base.phase
        self.number: int = base.number
        self.multifunctional_child: bool = base.multifunctional_child
        self.players: dict[str, Player] = dict(base.index().by_id)  # in signup order
        # copy-on-write: the base's own (immutable) containers until a write replaces them;
        # a sequence is replaced by a new tuple, a map copied once by its ``writable_`` method
        self.cabinets: Mapping[str, tuple[str, ...]] = base.cabinets
        self.knows: Mapping[str, Mapping[str, str]] = base.knows
        self._knows_written: dict[str, dict[str, str]] = {}
        self.skips: Mapping[str, int] = base.skips
        self.last_targets: Mapping[str, Mark] = base.last_targets
        self.basement_used: Sequence[str] = base.basement_used
        self.block_used: Sequence[str] = base.block_used
        self.held_guns: Sequence[HeldGun] = base.held_guns
        self.hobo_controls: Sequence[HoboControl] = base.hobo_controls
        self.vampires_done: Sequence[str] = base.vampires_done
        self.mourning: bool = base.mourning
        self.cancelled: Sequence[str] = base.cancelled
        self.zombie_head: str | None = base.zombie_head
        self.cop_holder: str | None = base.cop_holder
        self.parity_continue: bool = base.parity_continue
        self.outcome: Outcome | None = base.outcome
        self._index: Index | None = base.index()

    def index(self) -> Index:
        if self._index is None:
            self._index = Index(tuple(self.players.values()), self.cabinets)
        return self._index

    def player(self, pid: str) -> Player | None:
        return self.players.get(pid)

    def get(self, pid: str) -> Player:
        p = self.players.get(pid)
        if p is None:
            raise UnknownPlayer(f"unknown player {pid!r}")
        return p

    # --- writes --------------------------------------------------------------------------
    def update(self, pid: str, **changes: Any) -> Player:
        """Replace player ``pid`` by a copy with ``changes`` (the only way a player changes)."""
        p = self.get(pid)._replace(**changes)
        self.players[pid] = p
        self._index = None  # built again when next asked
        return p

    def die(self, pid: str, cause: str) -> Player:
        """Player ``pid`` dies of ``cause``."""
        return self.update(pid, alive=False, cause=cause)

    def set_cabinet(self, name: str, members: tuple[str, ...]) -> None:
        cabinets = dict(self.cabinets)
        cabinets[name] = members
        self.cabinets = cabinets
        self._index = None  # the acting cop follows the cop's cabinet (R-NIGHT-5c)

    def writable_skips(self) -> dict[str, int]:
        """The skip counters, to write (copied from the base's on the first call)."""
        skips = self.skips
        if type(skips) is not dict:
            skips = self.skips = dict(skips)
        return skips

    def writable_last_targets(self) -> dict[str, Mark]:
        """The last targets, to write (copied from the base's on the first call)."""
        marks = self.last_targets
        if type(marks) is not dict:
            marks = self.last_targets = dict(marks)
        return marks

    def known(self, who: str) -> Mapping[str, str]:
        """What ``who`` knows so far (including what this draft taught him)."""
        written = self._knows_written.get(who)
        return written if written is not None else self.knows.get(who, EMPTY)

    def learn(self, who: str, about: str, what: str) -> None:
        written = self._knows_written.get(who)
        if written is None:
            written = self._knows_written[who] = dict(self.knows.get(who, EMPTY))
        written[about] = what

    # --- the next state ------------------------------------------------------------------
    def freeze(self) -> GameState:
        knows = self.knows
        if self._knows_written:
            merged = dict(knows)
            for who, what in self._knows_written.items():
                merged[who] = FrozenMap(what)
            knows = FrozenMap(merged)
        return GameState(
            mode=self.mode,
            players=tuple(self.players.values()),
            phase=self.phase,
            number=self.number,
            multifunctional_child=self.multifunctional_child,
            cabinets=_frozen(self.cabinets),
            knows=knows,
            skips=_frozen(self.skips),
            last_targets=_frozen(self.last_targets),
            basement_used=tuple(self.basement_used),
            block_used=tuple(self.block_used),
            held_guns=tuple(self.held_guns),
            hobo_controls=tuple(self.hobo_controls),
            vampires_done=tuple(self.vampires_done),
            mourning=self.mourning,
            cancelled=tuple(self.cancelled),
            zombie_head=self.zombie_head,
            cop_holder=self.cop_holder,
            parity_continue=self.parity_continue,
            outcome=self.outcome,
        )


def _frozen(m: Mapping[K, V]) -> FrozenMap[K, V]:
    """``m`` itself if the draft never wrote it (the base's), else a frozen copy."""
    return m if type(m) is FrozenMap else FrozenMap(m)
