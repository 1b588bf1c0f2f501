"""Moderation by the chat rulebook (R-MOD) and the morgue escalation (R-SANCT-1).

Why a package of its own, apart from the rules of the game: the coming ``/mod`` cog must answer "what does this member get for this
violation now?" the same way every time, for the default rulebook and for a server's edited one
(R-MOD-1), and the answer must be testable without Discord. Pure: no I/O, no clock (the instant of
the decision comes in as an aware datetime), no randomness; codes are stable strings the cogs
translate. Plain data in, frozen dataclasses out.

The pieces:

- ``R_MOD_TABLE`` — the R-MOD table exactly as written, as plain data (the one place it lives);
  ``DEFAULT_CATALOGUE`` is built from it with the same parser that reads a server's overrides.
- ``apply_overrides(catalogue, data)`` — R-MOD-1: a server's changes as plain data (a dict the
  caller loaded from JSON); every problem is reported at once with a stable code and a path.
- ``decide(history, violation, at)`` — R-MOD: the n-th offence of a violation gets the n-th step
  (the last repeats); three warns for three different violations add the automatic mute.
- ``next_timeout(ends_at, now)`` — the renewal of a mute longer than Discord's 28-day timeout.
- ``morgue_readonly(breach)`` — R-SANCT-1: the read-only period for the n-th morgue breach.
- ``resolve_report(report, outcome)`` — R-MOD-2: who is charged with what when a report is
  judged (a report found false is the violation ``false_report`` for the reporter).

Decisions on what the rulebook leaves open (each repeated where it is applied):

1. Three warns (original: "Если накопилось 3 Варна за РАЗНЫЕ нарушения, бот выдаст мут на 6
   часов" — "if 3 warns for DIFFERENT violations have accumulated, the bot gives a 6-hour mute").
   The automatic mute is given together with the warn that makes the third distinct warned
   violation; a further warn for a violation already counted adds nothing. The mute *consumes*
   the warns that triggered it: counting restarts after it, so the next automatic mute needs
   three new warns for three different violations. The original says nothing about a reset;
   "накопилось" ("have accumulated") reads as a pile that the mute empties, and without a reset
   every later warn for a new violation would mute again, which no moderator intends.
   Warns do not expire (the original names no period); a revoked record counts for nothing
   (neither its warn nor, if it carried the automatic mute, its reset).
2. A step that warns is a step whose actions include a warn to the member; the multiaccount
   step (ban the extra account, warn the main one) therefore counts as a warn.
3. A mute longer than Discord's 28-day cap is given as a 28-day timeout plus a renewal: the
   decision carries the whole mute's end (``timeout_ends_at``) and the instant the first
   timeout runs out (``renew_at``, note ``timeout_renewal_needed``); ``next_timeout`` gives each
   following chunk. Nothing is silently shortened.
4. A ban of the member supersedes any mute of the member in the same step; no automatic mute is
   added to a ban.
5. A moderator's duration (R-MOD "Moderators may change a step's duration when applying it")
   replaces the duration of the step's timeouts; a step without a timeout has no duration to
   change (error ``step_has_no_duration``). It does not change the automatic mute; when both
   apply, the member gets one timeout of the longer of the two.
6. Only records at or before the decision's instant are considered (a decision is about the
   past); ties keep the order given.
"""

from __future__ import annotations

from engine.moderation.catalogue import (
    DEFAULT_CATALOGUE,
    Catalogue,
    apply_overrides,
    validate_overrides,
)
from engine.moderation.decisions import (
    Decision,
    Sanction,
    decide,
    next_timeout,
)
from engine.moderation.durations import (
    check_duration,
    format_duration,
    parse_duration,
)
from engine.moderation.morgue import (
    Charge,
    Report,
    morgue_readonly,
    resolve_report,
)
from engine.moderation.rulebook import (
    ACTION_KINDS,
    AUTO_MUTE,
    AUTO_MUTE_WARNS,
    AUTO_THREE_WARNS,
    DISCORD_TIMEOUT_MAX,
    FALSE_REPORT,
    MAX_DURATION,
    MORGUE_STEP,
    MULTIACCOUNT,
    NOTE_MODERATOR_DURATION,
    NOTE_RENEWAL_NEEDED,
    R_MOD_TABLE,
    REPORT_OUTCOMES,
    TARGETS,
    VIOLATIONS,
    ActionKind,
    ModerationError,
    OverridesError,
    Problem,
    ReportOutcome,
    Target,
)
from engine.moderation.steps import (
    Action,
    Step,
    parse_action,
    parse_ladder,
    parse_step,
)

__all__ = [
    "ACTION_KINDS",
    "AUTO_MUTE",
    "AUTO_MUTE_WARNS",
    "AUTO_THREE_WARNS",
    "Action",
    "ActionKind",
    "Catalogue",
    "Charge",
    "DEFAULT_CATALOGUE",
    "DISCORD_TIMEOUT_MAX",
    "Decision",
    "FALSE_REPORT",
    "MAX_DURATION",
    "MORGUE_STEP",
    "MULTIACCOUNT",
    "ModerationError",
    "NOTE_MODERATOR_DURATION",
    "NOTE_RENEWAL_NEEDED",
    "OverridesError",
    "Problem",
    "REPORT_OUTCOMES",
    "R_MOD_TABLE",
    "Report",
    "ReportOutcome",
    "Sanction",
    "Step",
    "TARGETS",
    "Target",
    "VIOLATIONS",
    "apply_overrides",
    "check_duration",
    "decide",
    "format_duration",
    "morgue_readonly",
    "next_timeout",
    "parse_action",
    "parse_duration",
    "parse_ladder",
    "parse_step",
    "resolve_report",
    "validate_overrides",
]
