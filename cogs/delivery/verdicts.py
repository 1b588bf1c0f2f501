"""What a failed delivery means (issue 17, item 3):

- **retry**: Discord is down or slow (5xx, a dropped connection, a timeout, a rate limit that
  outlasted discord.py's own waits). Tried again with capped exponential backoff, for as long as
  it takes: a row is never dropped.
- **undeliverable**: nothing anyone can do — a DM to a user whose DMs are closed (403 code
  50007, or any 403 on a DM: the host cannot open a player's DMs), a member who left the server
  (404 10007/10013), a message that is gone (404 10008). Recorded with the reason, and the game
  goes on.
- **blocked**: a permanent error the host can fix — a missing permission (403 50013/50001), the
  bot's role below the game's roles, a channel deleted (404 10003). Not retried blindly: the
  host's channel is told what to fix (cogs.delivery.alerts), and the row resumes when the host
  runs a /host command (which re-checks) or at the next start.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Literal

import aiohttp
import discord

from cogs.delivery.common import Undeliverable
from db.outbox import OutboxItem

__all__ = ["BACKOFF_CAP", "Verdict", "backoff", "judge"]

BACKOFF_BASE = timedelta(seconds=2)
BACKOFF_CAP = timedelta(minutes=2)
GONE = {10007, 10008, 10013}  # unknown member, message, user
CLOSED_DMS = 50007


@dataclass(frozen=True, slots=True)
class Verdict:
    action: Literal["retry", "undeliverable", "blocked"]
    reason: str  # for the host: a catalogue key's tail (cogs.delivery.alerts)


def backoff(attempts: int) -> timedelta:
    """2 s, 4 s, 8 s, … and at most 2 minutes between two attempts."""
    grown: timedelta = BACKOFF_BASE * (2 ** min(attempts, 16))
    return min(grown, BACKOFF_CAP)


def judge(item: OutboxItem, error: BaseException) -> Verdict:
    kind = item.effect.kind
    if isinstance(error, Undeliverable):
        return Verdict("undeliverable", "gone")
    if isinstance(error, discord.Forbidden):
        if kind == "dm" or error.code == CLOSED_DMS:
            return Verdict("undeliverable", "closed-dms")
        return Verdict("blocked", f"forbidden-{kind}")
    if isinstance(error, discord.NotFound):
        if error.code in GONE or kind == "dm":
            return Verdict("undeliverable", "gone")
        return Verdict("blocked", "unknown-channel")
    if isinstance(error, discord.HTTPException) and error.status < 500 and error.status != 429:
        return Verdict("blocked", "refused")  # our request is wrong: a retry would repeat it
    if isinstance(error, discord.HTTPException | TimeoutError | aiohttp.ClientError | OSError):
        return Verdict("retry", "unavailable")
    raise error  # a bug of ours: the worker logs it and retries the row later
