"""How moderation reads in a language: a duration, a ladder step, a violation's name."""

from __future__ import annotations

from datetime import timedelta

from engine.moderation import Action, Step, parse_step
from locales import t

__all__ = ["duration_text", "ladder_text", "step_text"]


def duration_text(duration: timedelta, locale: object) -> str:
    """``1 d 2 h 30 min`` in ``locale`` (days, hours, minutes; seconds only if nothing else)."""
    seconds = int(duration.total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [
        t(locale, f"mod-unit-{unit}", count=amount)
        for unit, amount in (("days", days), ("hours", hours), ("minutes", minutes))
        if amount
    ]
    if not parts:
        parts = [t(locale, "mod-unit-seconds", count=seconds)]
    return " ".join(parts)


def _action_text(action: Action, locale: object) -> str:
    if action.kind == "timeout":
        assert action.duration is not None
        text = t(locale, "mod-action-mute", duration=duration_text(action.duration, locale))
    else:
        text = t(locale, f"mod-action-{action.kind}")
    if action.target == "other_account":
        return t(locale, "mod-action-other-account", action=text)
    return text


def step_text(step: Step | str, locale: object) -> str:
    """``mute 30 min``, ``ban the other account + warn``: a step (or its plain-data text)."""
    if isinstance(step, str):
        step = parse_step(step)
    return " + ".join(_action_text(a, locale) for a in step.actions)


def ladder_text(ladder: tuple[Step, ...], locale: object) -> str:
    return " → ".join(step_text(s, locale) for s in ladder)
