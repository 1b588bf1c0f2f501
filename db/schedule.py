"""A game's schedule as a typed value: how its phases are timed and every change its host made
to the clock (R-TIME), stored as JSON in the game's ``schedule`` column.

The shape stored is the one the rows written before this type already hold (``timing``,
``zone``, the fast game's minutes, ``day_opens_at``, and the host's changes under ``host``), so
old rows read as they were; keys the value does not know are ignored. ``None`` (a game made
without a schedule) is a game by the clock in Moscow time, as it always was read.

Stored shape (JSON)::

    {"timing": "clock" | "fast", "zone": "Europe/Moscow",
     "day_minutes": 20, "night_minutes": 10, "acquaintance_minutes": 0,
     "day_opens_at": iso,                            # R-LIFE-2: day 1 after the acquaintance
     "host": {"game": {"vote": "20:00" | 15, ...},   # whole game: a wall time, or fast minutes
              "overrides": [{"phase": "day", "number": 2, "kind": "vote", "until": ...}],
              "opens": "10:00" | 30,                 # R-TIME-6: days open at / minutes after
              "opening": {"number": 3, "at": iso},   # the current day's opening, if later
              "paused": {"at": iso, "deadlines": [[kind, named, close, by_clock], ...]},
              "outage": 2,                           # R-TIME-5 in force on day 2
              "notes": [{"phase": "day", "number": 2, "key": ..., "args": {...}}],
              "continue_at_parity": true}}           # R-WIN-2, the host's standing decision
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from types import MappingProxyType
from typing import Any, Literal, cast

__all__ = [
    "GameSchedule",
    "HostChanges",
    "HostOverride",
    "Note",
    "Opening",
    "Paused",
    "PausedDeadline",
    "Timing",
]

Timing = Literal["clock", "fast"]
#: A host's time: a wall time ("20:00") by the clock, minutes in a fast game.
Value = str | int
NoteArg = str | int | float

FAST_DEFAULTS = {"day_minutes": 20, "night_minutes": 10, "acquaintance_minutes": 0}
_EMPTY: Mapping[str, Any] = MappingProxyType({})


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True)
class HostOverride:
    """One phase's deadline of one kind, set by the host: ``until`` a wall time, minutes, or
    an exact instant (ISO text, R-TIME-5's reopened vote)."""

    phase: str
    number: int
    kind: str
    until: Value


@dataclass(frozen=True, slots=True)
class Opening:
    """R-TIME-6: day ``number`` opens at ``at``, later than its night's resolution."""

    number: int
    at: datetime


@dataclass(frozen=True, slots=True)
class PausedDeadline:
    kind: str
    named: datetime
    close: datetime
    by_clock: bool


@dataclass(frozen=True, slots=True)
class Paused:
    """The clock stopped at ``at``; the phase's deadlines put aside until the resume."""

    at: datetime
    deadlines: tuple[PausedDeadline, ...] = ()


@dataclass(frozen=True, slots=True)
class Note:
    """A host's change, announced again with the results of the phase it was made in."""

    phase: str
    number: int
    key: str
    args: Mapping[str, NoteArg] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True, slots=True)
class HostChanges:
    game: Mapping[str, Value] = field(default_factory=lambda: _EMPTY)  # clock kind → value
    overrides: tuple[HostOverride, ...] = ()
    opens: Value | None = None
    opening: Opening | None = None
    paused: Paused | None = None
    outage: int | None = None
    notes: tuple[Note, ...] = ()
    continue_at_parity: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.game:
            data["game"] = dict(self.game)
        if self.overrides:
            data["overrides"] = [dataclasses.asdict(o) for o in self.overrides]
        if self.opens is not None:
            data["opens"] = self.opens
        if self.opening is not None:
            data["opening"] = {"number": self.opening.number, "at": self.opening.at.isoformat()}
        if self.paused is not None:
            kept = [
                [d.kind, d.named.isoformat(), d.close.isoformat(), d.by_clock]
                for d in self.paused.deadlines
            ]
            data["paused"] = {"at": self.paused.at.isoformat(), "deadlines": kept}
        if self.outage is not None:
            data["outage"] = self.outage
        if self.notes:
            data["notes"] = [
                {"phase": n.phase, "number": n.number, "key": n.key, "args": dict(n.args)}
                for n in self.notes
            ]
        if self.continue_at_parity:
            data["continue_at_parity"] = True
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> HostChanges:
        data = data or {}
        opening, paused = data.get("opening"), data.get("paused")
        return cls(
            game=_frozen(data.get("game")),
            overrides=tuple(
                HostOverride(o["phase"], int(o["number"]), o["kind"], o["until"])
                for o in data.get("overrides") or ()
            ),
            opens=data.get("opens"),
            opening=None
            if not opening
            else Opening(int(opening["number"]), datetime.fromisoformat(opening["at"])),
            paused=None
            if not paused
            else Paused(
                datetime.fromisoformat(paused["at"]),
                tuple(
                    PausedDeadline(
                        kind, datetime.fromisoformat(named), datetime.fromisoformat(close), bool(by)
                    )
                    for kind, named, close, by in paused.get("deadlines") or ()
                ),
            ),
            outage=data.get("outage"),
            notes=tuple(
                Note(n["phase"], int(n["number"]), n["key"], _frozen(n.get("args")))
                for n in data.get("notes") or ()
            ),
            continue_at_parity=bool(data.get("continue_at_parity")),
        )


@dataclass(frozen=True, slots=True)
class GameSchedule:
    """How a game is timed: by the clock in ``zone`` (R-TIME: votes 21:00, night 22:00), or by
    durations in minutes (a fast game); the acquaintance before day 1 (R-LIFE-2) and, once it
    is set, the instant day 1 opens; and the host's changes."""

    timing: Timing = "clock"
    zone: str = "Europe/Moscow"
    day_minutes: int = FAST_DEFAULTS["day_minutes"]
    night_minutes: int = FAST_DEFAULTS["night_minutes"]
    acquaintance_minutes: int = 0
    day_opens_at: datetime | None = None
    host: HostChanges = HostChanges()
    #: False for a game made without a timing (tests, the oldest rows): its deadlines are read
    #: as by the clock, but it is not a clock game where that matters (R-SANCT-3's threshold).
    timed: bool = True

    def with_host(self, **changes: Any) -> GameSchedule:
        """This schedule with some of the host's changes replaced."""
        return dataclasses.replace(self, host=dataclasses.replace(self.host, **changes))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.timed:
            data["timing"] = self.timing
            if self.timing == "clock":
                data["zone"] = self.zone
            else:
                data |= {"day_minutes": self.day_minutes, "night_minutes": self.night_minutes}
            data["acquaintance_minutes"] = self.acquaintance_minutes
        if self.day_opens_at is not None:
            data["day_opens_at"] = self.day_opens_at.isoformat()
        host = self.host.to_json()
        if host:
            data["host"] = host
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> GameSchedule:
        """The stored value (a row written before this type too); None: untimed."""
        data = data or {}
        opens = data.get("day_opens_at")
        timing = "fast" if data.get("timing") == "fast" else "clock"
        return cls(
            timing=cast(Timing, timing),
            zone=str(data.get("zone") or "Europe/Moscow"),
            day_minutes=int(data.get("day_minutes") or FAST_DEFAULTS["day_minutes"]),
            night_minutes=int(data.get("night_minutes") or FAST_DEFAULTS["night_minutes"]),
            acquaintance_minutes=int(data.get("acquaintance_minutes") or 0),
            day_opens_at=datetime.fromisoformat(opens) if opens else None,
            host=HostChanges.from_json(data.get("host")),
            timed="timing" in data,
        )
