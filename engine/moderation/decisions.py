"""Decisions: the n-th offence gets the n-th step; three warns, the automatic mute (R-MOD)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from engine.moderation.catalogue import DEFAULT_CATALOGUE, Catalogue
from engine.moderation.durations import require_aware
from engine.moderation.rulebook import (
    AUTO_MUTE_WARNS,
    AUTO_THREE_WARNS,
    DISCORD_TIMEOUT_MAX,
    NOTE_MODERATOR_DURATION,
    NOTE_RENEWAL_NEEDED,
    ModerationError,
    Target,
)
from engine.moderation.steps import Action, Step

# ---------------------------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sanction:
    """A past sanction of one member, as the caller stores it (``Decision.record()`` makes one).

    ``step`` is the step number applied; ``warned`` whether it warned the member (None: look it
    up in the catalogue the decision uses); ``auto_mute`` whether it carried the three-warns
    mute; ``revoked`` whether it was cancelled (e.g. the report behind it was found false,
    R-MOD-2) — a revoked sanction counts for nothing.
    """

    violation: str
    step: int
    at: datetime
    warned: bool | None = None
    auto_mute: bool = False
    revoked: bool = False

    def __post_init__(self) -> None:
        require_aware(self.at, "sanction")
        if self.step < 1:
            raise ModerationError("unknown_step", f"step {self.step} < 1")


@dataclass(frozen=True)
class Decision:
    """What to apply now (R-MOD).

    ``offence``: this is the member's n-th (counted) offence of ``violation``; ``step``: the
    ladder step applied (1-based, at most the ladder's length). ``actions``: in order, the
    step's actions and then, if any, the automatic mute (one member timeout at most: the longer
    of the step's and the automatic one). ``reasons``: the violation code, then
    ``auto_three_warns`` if the automatic mute was added. ``mute``: the whole mute of the member;
    ``timeout_ends_at``: when it ends. A mute over 28 days: the member timeout action lasts 28
    days, ``renew_at`` is when it runs out and ``notes`` has ``timeout_renewal_needed`` (then
    apply ``next_timeout(timeout_ends_at, renew_at)``).
    """

    violation: str
    offence: int
    step: int
    at: datetime
    actions: tuple[Action, ...]
    reasons: tuple[str, ...]
    mute: timedelta | None = None
    timeout_ends_at: datetime | None = None
    renew_at: datetime | None = None
    notes: tuple[str, ...] = ()

    @property
    def warned(self) -> bool:
        return any(a.kind == "warn" and a.target == "member" for a in self.actions)

    @property
    def banned(self) -> bool:
        return any(a.kind == "ban" and a.target == "member" for a in self.actions)

    @property
    def auto_mute(self) -> bool:
        return AUTO_THREE_WARNS in self.reasons

    def record(self) -> Sanction:
        """The history record to store for this decision."""
        return Sanction(self.violation, self.step, self.at, self.warned, self.auto_mute)


def _timeout(duration: timedelta, target: Target, at: datetime) -> Action:
    """The Discord timeout to set now for a mute of ``duration``: at most 28 days."""
    now = min(duration, DISCORD_TIMEOUT_MAX)
    return Action("timeout", now, target, at + now)


def next_timeout(ends_at: datetime, now: datetime) -> Action | None:
    """The timeout to set at ``now`` for a mute ending at ``ends_at`` (a 28-day chunk at most),
    or None when the mute is over. The scheduler calls it at each ``Action.until`` of a long
    mute until it returns None."""
    require_aware(ends_at, "mute end")
    require_aware(now, "current")
    if ends_at <= now:
        return None
    return _timeout(ends_at - now, "member", now)


def _member_mute(step: Step) -> timedelta | None:
    """The duration of the step's timeout of the member, if any."""
    for action in step.actions:
        if action.kind == "timeout" and action.target == "member":
            return action.duration
    return None


def _counted_warns(past: Sequence[Sanction], catalogue: Catalogue) -> set[str]:
    """The distinct violations warned since the last automatic mute (decision 1)."""
    counted: set[str] = set()
    for record in past:
        if record.auto_mute:
            counted = set()  # the automatic mute consumed the warns before it (and its own)
            continue
        warned = record.warned
        if warned is None:
            try:
                warned = catalogue.step(record.violation, record.step)[1].warns
            except ModerationError:
                warned = False  # a code this catalogue does not know: nothing to look up
        if warned:
            counted.add(record.violation)
    return counted


def _actions(step: Step, mute: timedelta | None, at: datetime) -> list[Action]:
    """The step's actions at ``at``, the member's timeouts made one ``mute`` long."""
    actions: list[Action] = []
    for action in step.actions:
        if action.kind != "timeout":
            actions.append(action)
        elif action.target != "member":
            assert action.duration is not None
            actions.append(_timeout(action.duration, action.target, at))
        elif mute is not None:
            actions.append(_timeout(mute, "member", at))
    if mute is not None and not any(a.kind == "timeout" and a.target == "member" for a in actions):
        actions.append(_timeout(mute, "member", at))  # the automatic mute after a plain warn
    return actions


def decide(
    history: Iterable[Sanction],
    violation: str,
    at: datetime,
    *,
    override_duration: timedelta | None = None,
    catalogue: Catalogue = DEFAULT_CATALOGUE,
) -> Decision:
    """R-MOD: what the member whose ``history`` this is gets for ``violation`` at ``at``.

    The n-th offence of the same violation gets the n-th step, the last step repeating; revoked
    records and records after ``at`` do not count (decision 6). ``override_duration``: the
    moderator's duration for this step's timeouts (R-MOD-1; decision 5). A warn that makes the
    third distinct warned violation since the last automatic mute adds the automatic mute
    (``auto_three_warns``; decision 1). Deterministic: the same arguments give the same decision.
    """
    require_aware(at, "decision")
    past = sorted(
        (s for s in history if not s.revoked and s.at <= at), key=lambda s: s.at
    )  # stable: ties keep the order given
    offence = 1 + sum(1 for s in past if s.violation == violation)
    number, step = catalogue.step(violation, offence)
    notes: list[str] = []
    if override_duration is not None:
        step = step.with_duration(override_duration)  # R-MOD-1: a moderator's change
        notes.append(NOTE_MODERATOR_DURATION)
    reasons = [violation]
    mute = _member_mute(step)
    # Decision 1 (R-MOD three warns): counted on warns; a ban supersedes (decision 4).
    if step.warns and not step.bans:
        counted = _counted_warns(past, catalogue)
        if violation not in counted and len(counted) + 1 >= AUTO_MUTE_WARNS:
            reasons.append(AUTO_THREE_WARNS)
            mute = catalogue.auto_mute if mute is None else max(mute, catalogue.auto_mute)
    if step.bans:
        mute = None  # decision 4: no mute beside a ban of the member
    actions = _actions(step, mute, at)
    renew_at = None
    if mute is not None and mute > DISCORD_TIMEOUT_MAX:  # decision 3
        renew_at = at + DISCORD_TIMEOUT_MAX
        notes.append(NOTE_RENEWAL_NEEDED)
    return Decision(
        violation=violation,
        offence=offence,
        step=number,
        at=at,
        actions=tuple(actions),
        reasons=tuple(reasons),
        mute=mute,
        timeout_ends_at=at + mute if mute is not None else None,
        renew_at=renew_at,
        notes=tuple(notes),
    )
