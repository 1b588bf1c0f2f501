"""A ladder's steps and their actions (warn, timeout, ban), parsed from plain data."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from engine.moderation.durations import check_duration, format_duration, parse_duration
from engine.moderation.rulebook import ACTION_KINDS, TARGETS, ActionKind, ModerationError, Target

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
