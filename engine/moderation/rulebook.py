"""The chat rulebook's codes and table (R-MOD) and the moderation errors."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal, get_args

ActionKind = Literal["warn", "timeout", "ban"]
Target = Literal["member", "other_account"]
ReportOutcome = Literal["upheld", "found_false", "unproven"]
ACTION_KINDS: tuple[str, ...] = get_args(ActionKind)
TARGETS: tuple[str, ...] = get_args(Target)
REPORT_OUTCOMES: tuple[str, ...] = get_args(ReportOutcome)

# Reason codes (besides the violation codes themselves) and notes of a decision.
AUTO_THREE_WARNS = "auto_three_warns"
NOTE_MODERATOR_DURATION = "moderator_duration"
NOTE_RENEWAL_NEEDED = "timeout_renewal_needed"
FALSE_REPORT = "false_report"
MULTIACCOUNT = "multiaccount"

DISCORD_TIMEOUT_MAX = timedelta(days=28)  # Discord refuses a longer communication_disabled_until
MAX_DURATION = timedelta(days=365)  # decision: a sanity bound on configured or typed durations
AUTO_MUTE = timedelta(hours=6)  # R-MOD: "an automatic 6-hour mute"
AUTO_MUTE_WARNS = 3  # R-MOD: "three warns for three DIFFERENT violations"
MORGUE_STEP = timedelta(minutes=30)  # R-SANCT-1: "30 minutes read-only; each further +30"

# R-MOD, the table of RULES.md section 11 exactly as written (source-chat-rules.ru.txt).
# A step is one action or several joined by " + "; an action is ``warn``, ``ban`` or
# ``mute <duration>``, optionally followed by the target ``other_account`` (default: the member).
R_MOD_TABLE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ads", ("ban",)),
    ("spam", ("mute 20m", "ban")),
    ("nsfw", ("mute 6h", "ban")),
    # "бан 1 аккаунта - варн на основной аккаунт": both at once, one step (repeating).
    ("multiaccount", ("ban other_account + warn",)),
    ("false_report", ("warn", "mute 30m", "mute 3h")),
    ("nick_change", ("warn", "mute 3h")),
    ("confusable_nick", ("warn", "mute 3h")),
    ("forward_bot", ("warn", "mute 30m", "mute 1h")),
    ("off_topic_judging", ("warn", "mute 2h")),
    ("disrespect_admin", ("mute 4h", "mute 12h", "ban")),
    ("ruin", ("mute 2h", "mute 3h", "mute 6h")),
    ("forbidden_topics", ("mute 6h", "mute 12h", "ban")),
    ("cop_first_night", ("warn", "mute 30m")),
    ("private_play", ("warn", "mute 2h")),
    ("insult", ("mute 30m",)),
    ("random_day_one", ("warn", "mute 30m")),
    ("afk", ("mute 1h",)),
    ("leave", ("mute 1h",)),
    ("command_flood", ("mute 30m", "mute 2h")),
    ("ally_leak", ("warn", "mute 30m", "mute 3h")),
    ("misleading", ("warn", "mute 30m", "mute 3h")),
    ("cop_exposes_town", ("warn", "mute 30m")),
    ("against_logic", ("warn", "mute 1h")),
    ("early_start", ("warn", "mute 30m", "mute 2h")),
    ("role_gathering", ("warn", "mute 30m", "mute 1h")),
    ("early_reveal", ("warn", "mute 30m", "mute 3h")),
    ("kamikaze_dm_mafia", ("warn", "mute 1h")),
)
VIOLATIONS: tuple[str, ...] = tuple(code for code, _ in R_MOD_TABLE)


class ModerationError(ValueError):
    """A bad argument (duration, step, instant, code); ``code`` is stable for translation.

    Codes: ``bad_duration``, ``duration_not_positive``, ``duration_too_long``, ``bad_action``,
    ``bad_step``, ``empty_step``, ``duplicate_action``, ``bad_ladder``, ``empty_ladder``,
    ``unknown_violation``, ``unknown_step``, ``step_has_no_duration``, ``naive_datetime``,
    ``bad_breach``, ``bad_outcome``.
    """

    def __init__(self, code: str, message: str = "") -> None:
        self.code = code
        super().__init__(message or code)


@dataclass(frozen=True)
class Problem:
    """One problem of a server's overrides: a stable ``code`` and ``where`` it is (a path such
    as ``durations.spam.1`` or ``ladders.insult[2]``)."""

    code: str
    where: str


class OverridesError(ValueError):
    """A server's overrides were refused (R-MOD-1); ``problems`` lists every one found.

    Codes, besides those of ``ModerationError``: ``overrides_not_mapping``,
    ``unknown_override_key``, ``not_mapping``.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        self.codes = tuple(p.code for p in self.problems)
        super().__init__("; ".join(f"{p.where}: {p.code}" for p in self.problems))
