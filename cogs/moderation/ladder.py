"""From a member's stored cases to the ladder's decision, and to the row to store (R-MOD).

The engine decides (``engine.moderation.decide``); this module only converts: stored cases to
the engine's ``Sanction`` history, and the ``Decision`` to a :class:`db.moderation.NewCase`.

Decisions on what the issue leaves open (each pinned by a test in tests/test_moderation_*.py):

- ``/mod warn``, ``/mod mute`` and ``/mod ban`` say what the moderator expects; the ladder
  decides. When the step the ladder gives is another kind (the 2nd ``spam`` is a ban, not a
  mute), the bot refuses and names the step and the command that gives it, instead of applying
  something the moderator did not ask for.
- A moderator's duration on a ban step makes the ban temporary (R-MOD-1: "administrators may
  change any duration"; a permanent ban is the longest); on a mute step it is the mute's
  length (the engine's override); on a warn step it is refused (nothing to last).
- A case revoked counts for nothing (the engine's ``revoked``); a case pardoned (ended early)
  still counts: it happened.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from db.moderation import REVOKED, CaseInfo, NewCase
from engine.moderation import (
    Catalogue,
    Decision,
    Sanction,
    Step,
    decide,
    format_duration,
)

__all__ = ["Decided", "Kind", "LadderRefused", "decide_for", "history", "step_kind"]

Kind = Literal["warn", "mute", "ban"]


class LadderRefused(Exception):
    """The ladder's step is not what the command asked for, or the duration does not fit it."""

    def __init__(self, code: str, decision: Decision | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.decision = decision


def step_kind(step: Step) -> Kind:
    """What the step mainly does to the member: a ban, else a mute, else a warn."""
    if step.bans:
        return "ban"
    if any(a.kind == "timeout" and a.target == "member" for a in step.actions):
        return "mute"
    return "warn"


def history(cases: Sequence[CaseInfo]) -> list[Sanction]:
    return [
        Sanction(
            c.violation, c.step, c.created_at, c.warned, c.auto_mute, revoked=c.state == REVOKED
        )
        for c in cases
    ]


@dataclass(frozen=True)
class Decided:
    decision: Decision
    new: NewCase


def decide_for(
    cases: Sequence[CaseInfo],
    violation: str,
    at: datetime,
    catalogue: Catalogue,
    *,
    kind: Kind | None = None,
    duration: timedelta | None = None,
) -> Decided:
    """The ladder's decision for the member whose ``cases`` these are, checked against what
    the command asked (``kind``: None for reports and detectors, which take the step as it is)."""
    past = history(cases)
    plain = decide(past, violation, at, catalogue=catalogue)
    _, step = catalogue.step(violation, plain.offence)
    if kind is not None and step_kind(step) != kind:
        raise LadderRefused(f"wrong_kind_{step_kind(step)}", plain)
    ban_until: datetime | None = None
    decision = plain
    if duration is not None:
        if step.bans:
            ban_until = at + duration  # a temporary ban (R-MOD-1)
        elif step.has_duration:
            decision = decide(past, violation, at, override_duration=duration, catalogue=catalogue)
        else:
            raise LadderRefused("no_duration", plain)
    return Decided(decision, to_new_case(decision, step, ban_until))


def to_new_case(decision: Decision, step: Step, ban_until: datetime | None) -> NewCase:
    # What was applied: the step's actions with the member's timeout as long as the whole mute
    # (the engine cut it at 28 days for Discord; the case keeps the real length).
    parts: list[str] = []
    for action in decision.actions:
        if action.kind == "timeout" and action.target == "member" and decision.mute is not None:
            parts.append(f"mute {format_duration(decision.mute)}")
        else:
            parts.append(action.text())
    applied = " + ".join(parts)
    expires = ban_until if decision.banned else decision.timeout_ends_at
    return NewCase(
        violation=decision.violation,
        offence=decision.offence,
        step=decision.step,
        computed=step.text(),
        applied=applied,
        warned=decision.warned,
        banned=decision.banned,
        auto_mute=decision.auto_mute,
        expires_at=expires,
        renew_at=decision.renew_at,
    )
