"""Moderation by the chat rulebook (R-MOD) and the morgue escalation (R-SANCT-1).

Why a module of its own: the coming ``/mod`` cog must answer "what does this member get for this
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

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
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


# ---------------------------------------------------------------------------------------------
# Durations
# ---------------------------------------------------------------------------------------------

_DURATION = re.compile(r"(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?")
_UNITS = (timedelta(days=1), timedelta(hours=1), timedelta(minutes=1), timedelta(seconds=1))


def check_duration(duration: timedelta) -> timedelta:
    """``duration`` if it is a usable sanction length: positive and at most ``MAX_DURATION``."""
    if duration <= timedelta(0):
        raise ModerationError("duration_not_positive", f"{duration} is not positive")
    if duration > MAX_DURATION:
        raise ModerationError("duration_too_long", f"{duration} is over {MAX_DURATION}")
    return duration


def parse_duration(value: object) -> timedelta:
    """A duration from plain data: a ``timedelta``, an ``int`` of minutes, or a string such as
    ``"30m"``, ``"6h"``, ``"1d12h"``, ``"90"`` (minutes) — case and spaces ignored."""
    if isinstance(value, timedelta):
        return check_duration(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return check_duration(timedelta(minutes=value))
    if not isinstance(value, str):
        raise ModerationError("bad_duration", f"not a duration: {value!r}")
    text = "".join(value.split()).lower()
    if text.isdigit():
        return check_duration(timedelta(minutes=int(text)))
    match = _DURATION.fullmatch(text)
    if not text or match is None:
        raise ModerationError("bad_duration", f"not a duration: {value!r}")
    total = timedelta(0)
    for amount, unit in zip(match.groups(), _UNITS, strict=True):
        if amount is not None:
            total += int(amount) * unit
    return check_duration(total)


def format_duration(duration: timedelta) -> str:
    """The compact form ``parse_duration`` reads back: ``20m``, ``6h``, ``1d12h``, ``90s``."""
    seconds = int(duration.total_seconds())
    parts: list[str] = []
    for unit, letter in zip(_UNITS, "dhms", strict=True):
        size = int(unit.total_seconds())
        if seconds >= size:
            parts.append(f"{seconds // size}{letter}")
            seconds %= size
    return "".join(parts) or "0m"


def _aware(instant: datetime, what: str) -> datetime:
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ModerationError("naive_datetime", f"the {what} instant must be timezone-aware")
    return instant


# ---------------------------------------------------------------------------------------------
# The catalogue
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One thing to do: ``warn``, ``timeout`` (a mute; ``duration`` set) or ``ban``.

    ``target`` is ``member`` (the offender) or ``other_account`` (multiaccount: the extra
    account, which the caller names). In a catalogue ``until`` is None; in a ``Decision`` a
    timeout carries the instant its Discord timeout ends (at most 28 days after the decision).
    """

    kind: ActionKind
    duration: timedelta | None = None
    target: Target = "member"
    until: datetime | None = None

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS or self.target not in TARGETS:
            raise ModerationError("bad_action", f"bad action {self.kind!r} -> {self.target!r}")
        if (self.kind == "timeout") != (self.duration is not None):
            raise ModerationError("bad_action", "a timeout, and only a timeout, has a duration")
        if self.duration is not None:
            check_duration(self.duration)

    def text(self) -> str:
        """The plain-data form: ``warn``, ``mute 30m``, ``ban other_account``."""
        word = "mute " + format_duration(self.duration) if self.duration is not None else self.kind
        return word if self.target == "member" else f"{word} {self.target}"


@dataclass(frozen=True)
class Step:
    """One rung of a ladder: one or more actions applied together."""

    actions: tuple[Action, ...]

    def __post_init__(self) -> None:
        if not self.actions:
            raise ModerationError("empty_step", "a step needs at least one action")
        keys = [(a.kind, a.target) for a in self.actions]
        if len(set(keys)) != len(keys):
            raise ModerationError("duplicate_action", "an action appears twice in one step")

    @property
    def warns(self) -> bool:
        """Whether the step warns the member (what the three-warns rule counts)."""
        return any(a.kind == "warn" and a.target == "member" for a in self.actions)

    @property
    def bans(self) -> bool:
        """Whether the step bans the member."""
        return any(a.kind == "ban" and a.target == "member" for a in self.actions)

    @property
    def has_duration(self) -> bool:
        return any(a.kind == "timeout" for a in self.actions)

    def with_duration(self, duration: timedelta) -> Step:
        """The step with every timeout's duration replaced (R-MOD-1, a moderator's change)."""
        if not self.has_duration:
            raise ModerationError("step_has_no_duration", "this step has no timeout")
        check_duration(duration)
        return Step(
            tuple(
                Action(a.kind, duration, a.target) if a.kind == "timeout" else a
                for a in self.actions
            )
        )

    def text(self) -> str:
        return " + ".join(a.text() for a in self.actions)


def parse_action(text: object) -> Action:
    """``warn``, ``ban``, ``mute <duration>`` (or ``timeout <duration>``), optionally followed by
    ``other_account``."""
    if not isinstance(text, str):
        raise ModerationError("bad_action", f"not an action: {text!r}")
    words = text.lower().split()
    target: Target = "member"
    if len(words) > 1 and words[-1] == "other_account":
        target = "other_account"
        words = words[:-1]
    if words in (["warn"], ["ban"]):
        return Action("warn" if words[0] == "warn" else "ban", None, target)
    if len(words) >= 2 and words[0] in ("mute", "timeout"):
        return Action("timeout", parse_duration("".join(words[1:])), target)
    raise ModerationError("bad_action", f"not an action: {text!r}")


def parse_step(data: object) -> Step:
    """A step from plain data: ``"mute 30m"``, ``"ban other_account + warn"`` or a list of
    action strings."""
    if isinstance(data, str):
        parts: list[object] = list(data.split("+"))
    elif isinstance(data, list | tuple):
        parts = list(data)
    else:
        raise ModerationError("bad_step", f"not a step: {data!r}")
    return Step(tuple(parse_action(p) for p in parts))


def parse_ladder(data: object) -> tuple[Step, ...]:
    """A ladder from plain data: a non-empty list of steps (first offence first)."""
    if not isinstance(data, list | tuple):
        raise ModerationError("bad_ladder", f"not a list of steps: {data!r}")
    if not data:
        raise ModerationError("empty_ladder", "a ladder needs at least one step")
    return tuple(parse_step(step) for step in data)


@dataclass(frozen=True)
class Catalogue:
    """A server's rulebook: each violation code's ladder, in the table's order, and the length of
    the automatic mute for three warns (R-MOD; editable per server, R-MOD-1)."""

    ladders: tuple[tuple[str, tuple[Step, ...]], ...]
    auto_mute: timedelta = AUTO_MUTE

    def __post_init__(self) -> None:
        codes = self.codes()
        if len(set(codes)) != len(codes):
            raise ModerationError("bad_ladder", "a violation code appears twice")
        for code, ladder in self.ladders:
            if not ladder:
                raise ModerationError("empty_ladder", f"{code} has no step")
        check_duration(self.auto_mute)

    def codes(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.ladders)

    def ladder(self, violation: str) -> tuple[Step, ...]:
        for code, ladder in self.ladders:
            if code == violation:
                return ladder
        raise ModerationError("unknown_violation", f"no violation {violation!r}")

    def step(self, violation: str, offence: int) -> tuple[int, Step]:
        """The step number (1-based) and step for the ``offence``-th offence: the n-th offence
        gets the n-th step, the last step repeating (R-MOD)."""
        if offence < 1:
            raise ModerationError("unknown_step", f"offence {offence} < 1")
        ladder = self.ladder(violation)
        number = min(offence, len(ladder))
        return number, ladder[number - 1]

    def to_data(self) -> dict[str, object]:
        """Plain data (JSON-ready) that ``apply_overrides`` reads back to this catalogue."""
        return {
            "ladders": {code: [s.text() for s in ladder] for code, ladder in self.ladders},
            "auto_mute": format_duration(self.auto_mute),
        }


def _build(table: Iterable[tuple[str, Sequence[str]]]) -> Catalogue:
    return Catalogue(tuple((code, parse_ladder(list(steps))) for code, steps in table))


DEFAULT_CATALOGUE: Catalogue = _build(R_MOD_TABLE)
_OVERRIDE_KEYS = ("ladders", "durations", "auto_mute")


def _step_number(key: object, length: int) -> int | None:
    """A 1-based step number from a JSON key (``"2"``) or an int; None if out of range."""
    if isinstance(key, bool):
        return None
    if isinstance(key, str) and key.strip().isdigit():
        key = int(key.strip())
    if isinstance(key, int) and 1 <= key <= length:
        return key
    return None


def validate_overrides(catalogue: Catalogue, data: object) -> tuple[Problem, ...]:
    """Every problem of a server's overrides (empty when they apply); see ``apply_overrides``."""
    try:
        apply_overrides(catalogue, data)
    except OverridesError as error:
        return error.problems
    return ()


def apply_overrides(catalogue: Catalogue, data: object) -> Catalogue:
    """R-MOD-1: ``catalogue`` with a server's changes applied. ``data`` is plain data::

        {
          "ladders":   {"insult": ["warn", "mute 30m", "mute 2h"]},   # replace ladders
          "durations": {"spam": {"1": "30m"}, "ruin": {"3": 720}},   # change steps' durations
          "auto_mute": "8h"                                           # the three-warns mute
        }

    All keys are optional. Ladders are replaced first, so ``durations`` number the steps of the
    resulting ladder (1-based). Codes must be the table's (no new violations: the cogs have
    names and translations only for these). Durations are as ``parse_duration`` reads them.
    Every problem found is reported at once: ``OverridesError.problems``.
    """
    problems: list[Problem] = []
    if not isinstance(data, Mapping):
        raise OverridesError([Problem("overrides_not_mapping", "")])
    for key in data:
        if key not in _OVERRIDE_KEYS:
            problems.append(Problem("unknown_override_key", str(key)))
    ladders = dict(catalogue.ladders)

    def section(name: str) -> Mapping[object, object]:
        value = data.get(name, {})
        if isinstance(value, Mapping):
            return value
        problems.append(Problem("not_mapping", name))
        return {}

    for code, raw in section("ladders").items():
        where = f"ladders.{code}"
        if code not in ladders:
            problems.append(Problem("unknown_violation", where))
            continue
        if not isinstance(raw, list | tuple):
            problems.append(Problem("bad_ladder", where))
            continue
        if not raw:
            problems.append(Problem("empty_ladder", where))
            continue
        steps: list[Step] = []
        for index, step in enumerate(raw, start=1):
            try:
                steps.append(parse_step(step))
            except ModerationError as error:
                problems.append(Problem(error.code, f"{where}[{index}]"))
        if len(steps) == len(raw):
            ladders[str(code)] = tuple(steps)

    for code, changes in section("durations").items():
        where = f"durations.{code}"
        if code not in ladders:
            problems.append(Problem("unknown_violation", where))
            continue
        if not isinstance(changes, Mapping):
            problems.append(Problem("not_mapping", where))
            continue
        ladder = list(ladders[str(code)])
        for key, raw in changes.items():
            number = _step_number(key, len(ladder))
            if number is None:
                problems.append(Problem("unknown_step", f"{where}.{key}"))
                continue
            try:
                ladder[number - 1] = ladder[number - 1].with_duration(parse_duration(raw))
            except ModerationError as error:
                problems.append(Problem(error.code, f"{where}.{key}"))
        ladders[str(code)] = tuple(ladder)

    auto_mute = catalogue.auto_mute
    if "auto_mute" in data:
        try:
            auto_mute = parse_duration(data["auto_mute"])
        except ModerationError as error:
            problems.append(Problem(error.code, "auto_mute"))
    if problems:
        raise OverridesError(problems)
    return Catalogue(tuple((code, ladders[code]) for code in catalogue.codes()), auto_mute)


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
        _aware(self.at, "sanction")
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
    _aware(ends_at, "mute end")
    _aware(now, "current")
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
    _aware(at, "decision")
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
        _aware(self.at, "report")


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
