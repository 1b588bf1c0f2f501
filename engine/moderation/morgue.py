"""The morgue's read-only escalation (R-SANCT-1) and reports judged (R-MOD-2)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from engine.moderation.durations import require_aware
from engine.moderation.rulebook import FALSE_REPORT, MORGUE_STEP, ModerationError, ReportOutcome

# ---------------------------------------------------------------------------------------------
# The morgue (R-SANCT-1) and reports (R-MOD-2)
# ---------------------------------------------------------------------------------------------


def morgue_readonly(breach: int, *, step: timedelta = MORGUE_STEP) -> timedelta | None:
    """R-SANCT-1: the read-only period in the morgue for a member's ``breach``-th breach in one
    game (1-based). The first is a warning (None); "a repeated breach: 30 minutes read-only;
    each further breach +30 minutes": breach n >= 2 gives (n - 1) * 30 minutes.

    "Up to the whole game": no cap here — the read-only is on the game's morgue, so it ends with
    the game at the latest (the caller lifts it at the end, or at min(start + period, end)).
    It is a channel permission, not a Discord timeout: the 28-day cap does not apply.
    """
    if isinstance(breach, bool) or breach < 1:
        raise ModerationError("bad_breach", f"breach {breach!r} < 1")
    if step <= timedelta(0):
        raise ModerationError("duration_not_positive", f"{step} is not positive")
    return None if breach == 1 else (breach - 1) * step


@dataclass(frozen=True)
class Report:
    """R-MOD-2: ``reporter`` reported ``accused`` (Discord user ids) for ``violation``."""

    reporter: int
    accused: int
    violation: str
    at: datetime

    def __post_init__(self) -> None:
        require_aware(self.at, "report")


@dataclass(frozen=True)
class Charge:
    """A violation to ``decide`` for ``member``: the outcome of a judged report. ``reason`` is
    ``report_upheld`` or ``report_found_false``."""

    member: int
    violation: str
    reason: str


def resolve_report(report: Report, outcome: ReportOutcome) -> Charge | None:
    """R-MOD-2: ``upheld`` charges the accused with the reported violation; ``found_false``
    charges the reporter with ``false_report``; ``unproven`` (neither shown true nor shown
    false) charges nobody. When a report is found false, sanctions already given on it should
    be revoked by the caller (``Sanction.revoked``), so that they stop counting."""
    if outcome == "upheld":
        return Charge(report.accused, report.violation, "report_upheld")
    if outcome == "found_false":
        return Charge(report.reporter, FALSE_REPORT, "report_found_false")
    if outcome == "unproven":
        return None
    raise ModerationError("bad_outcome", f"no report outcome {outcome!r}")
