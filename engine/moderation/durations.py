"""Sanction durations: parse, check and format (``1d2h30m``)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from engine.moderation.rulebook import MAX_DURATION, ModerationError

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


def require_aware(instant: datetime, what: str) -> datetime:
    if instant.tzinfo is None or instant.utcoffset() is None:
        raise ModerationError("naive_datetime", f"the {what} instant must be timezone-aware")
    return instant
