"""Rate-limit buckets, Discord's known per-route limits, the global rate, and injected faults.

Why: discord.py's retry logic (429 with ``retry_after``, 5xx with back-off) is part of what the bot
relies on; tests must be able to trigger it on one chosen request and to see that nothing is lost.
Buckets send Discord's real ``X-RateLimit-*`` headers, and a 429 carries ``Via`` and a JSON
``retry_after`` (without them discord.py takes the answer for a Cloudflare ban and gives up).

On by default, as on Discord: a channel's name and topic may be edited twice per 10 minutes
(``RENAME_LIMIT``; not in Discord's documentation, but stated by discord.py's maintainer in
Rapptz/discord.py#9073 and reported as a silent hang of up to 10 minutes in #5093 and #5173).  The
third edit is answered 429 and recorded as a problem: in production discord.py would wait up to
10 minutes, stalling whatever (a phase change) awaited the edit.  Windows run on the emulator's
clock, so ``emu.clock.advance(minutes=10)`` opens the next one.

Discord's global limit is enforced, as on Discord: at most 50 requests in any second
(``GLOBAL_PER_SECOND``; interaction callbacks and their webhooks exempt: "Interaction endpoints
are not bound to the bot's Global Rate Limit"); the excess is answered 429 with
``X-RateLimit-Global: true``, ``X-RateLimit-Scope: global``, ``Retry-After`` and a JSON body
``{"message", "retry_after", "global": true}`` whose ``retry_after`` is the time until the window
has room again (discord.py then holds every request of the client that long). Only requests let
through fill the window; every attempt counts for ``peak_per_second`` (the bot's demand), which
pytest's summary reports when it is over 50, with ``global_limited`` (the 429s answered).
A per-route bucket's 429 is Discord's too: the bucket's ``X-RateLimit-*`` headers with
``Remaining: 0``, ``X-RateLimit-Scope: user``, ``Retry-After``, and ``"global": false``.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .clock import EmuClock
from .routes import json_response

#: PATCH /channels/{id} changing ``name`` or ``topic``: 2 per 600 s per channel.
RENAME_LIMIT = (2, 600.0)
RENAMED_FIELDS = ("name", "topic")
GLOBAL_PER_SECOND = 50
#: Discord: "Interaction endpoints are not bound to the bot's Global Rate Limit."
GLOBAL_EXEMPT = ("/interactions/", "/webhooks/")


@dataclass
class Bucket:
    limit: int
    window: float
    remaining: int = 0
    reset_at: float = 0.0
    hash: str = ""

    def take(self, now: float) -> float | None:
        """Consume one request; returns seconds to wait if exhausted, else None."""
        if now >= self.reset_at:
            self.remaining = self.limit
            self.reset_at = now + self.window
        if self.remaining <= 0:
            return max(self.reset_at - now, 0.001)
        self.remaining -= 1
        return None

    def headers(self, now: float) -> dict[str, str]:
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(self.remaining),
            "X-RateLimit-Reset": f"{time.time() + max(self.reset_at - now, 0):.3f}",
            "X-RateLimit-Reset-After": f"{max(self.reset_at - now, 0):.3f}",
            "X-RateLimit-Bucket": self.hash,
        }


@dataclass
class Fault:
    """Answer the next matching request(s) with ``status`` or drop the gateway after it."""

    method: str
    template: str
    status: int | None = None
    retry_after: float = 0.05
    drop_gateway: bool = False
    times: int = 1
    hits: int = field(default=0)
    #: "Applied, then failed": the request takes effect (state changed, events sent) and the
    #: answer is ``status`` anyway, or (``status`` None) the connection is dropped unanswered.
    after_apply: bool = False
    #: Only requests whose path parameters include these (e.g. ``{"channel_id": "123"}``); an
    #: id given as a set matches any of them (one game's channels).
    params: dict[str, Any] | None = None
    #: A spell instead of a count: every matching request fails until the emulator's clock
    #: reaches ``until`` (``times`` is then ignored).
    until: Any = None
    #: The JSON error code of a 4xx answer (403: 50013 Missing Permissions by default).
    code: int | None = None
    #: "Never answered": the request hangs (before it is applied, or after with ``after_apply``)
    #: until the emulator closes — what a bot sees when it is killed mid-request.
    hang: bool = False

    def matches(self, params: dict[str, str], now: Any) -> bool:
        if self.until is not None:
            if now >= self.until:
                return False
        elif self.hits >= self.times:
            return False
        for name, wanted in (self.params or {}).items():
            given = params.get(name)
            allowed = {str(w) for w in wanted} if isinstance(wanted, set | frozenset | list) else {str(wanted)}
            if given not in allowed:
                return False
        return True


def too_many_requests(retry_after: float, *, is_global: bool = False, bucket: Bucket | None = None,
                      now: float | None = None, scope: str | None = None) -> web.Response:
    """Discord's 429 ("Exceeding A Rate Limit"): ``Retry-After`` in whole seconds, the body's
    ``retry_after`` in fractions; a global one says so in ``X-RateLimit-Global`` and carries no
    bucket headers, a per-route one carries its bucket's (``Via``: else discord.py takes the
    answer for a Cloudflare ban)."""
    headers = {
        "Via": "1.1 google",
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": scope or ("global" if is_global else "user"),
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    elif bucket is not None:
        headers.update(bucket.headers(time.monotonic() if now is None else now))
        headers["X-RateLimit-Remaining"] = "0"
    else:
        headers["X-RateLimit-Limit"] = "1"
        headers["X-RateLimit-Remaining"] = "0"
        headers["X-RateLimit-Reset-After"] = f"{retry_after:.3f}"
    body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3), "global": is_global}
    return json_response(body, status=429, headers=headers)


class RateLimits:
    """Per-route buckets (a test adds its own with ``limit``), Discord's known limits (on unless
    ``known_limits`` is False), the global request rate, and one-shot faults."""

    def __init__(self, clock: EmuClock | None = None, *, known_limits: bool = True,
                 enforce_global: bool = True) -> None:
        self.clock = clock or EmuClock()
        self.rules: dict[tuple[str, str], tuple[int, float]] = {}
        self.buckets: dict[tuple[str, str, str], Bucket] = {}
        self.faults: list[Fault] = []
        self.limited = 0  # how many 429s were answered
        self.known_limits = known_limits
        self.enforce_global = enforce_global
        self.peak_per_second = 0  # most non-interaction requests attempted within one second
        self.global_limited = 0  # how many of the 429s were the global limit's
        self._recent: deque[float] = deque()  # every attempt in the last second
        self._let_through: deque[float] = deque()  # those answered (what the limit counts)

    def limit(self, method: str, template: str, limit: int, window: float) -> None:
        self.rules[(method.upper(), template)] = (limit, window)

    def _bucket(self, key: tuple[str, str, str], limit: int, window: float) -> Bucket:
        bucket = self.buckets.get(key)
        if bucket is None:
            digest = hashlib.sha1(" ".join(key[:2]).encode()).hexdigest()[:16]
            bucket = self.buckets[key] = Bucket(limit=limit, window=window, hash=digest)
        return bucket

    def check(self, method: str, template: str, major: str) -> tuple[Bucket | None, float | None]:
        rule = self.rules.get((method, template))
        if rule is None:
            return None, None
        bucket = self._bucket((method, template, major), *rule)
        return bucket, bucket.take(self.clock.monotonic())

    def check_known(self, method: str, template: str, major: str, body: Any) -> float | None:
        """Discord's per-resource limits that depend on the body (a rename): seconds to wait,
        or None.  Only a request that would pass takes from the bucket."""
        if not self.known_limits or method != "PATCH" or template != "/channels/{channel_id}":
            return None
        if not isinstance(body, dict) or not any(body.get(k) is not None for k in RENAMED_FIELDS):
            return None
        bucket = self._bucket(("PATCH", "/channels/{channel_id} name/topic", major), *RENAME_LIMIT)
        return bucket.take(self.clock.monotonic())

    def count_global(self, template: str) -> bool:
        """Count a request against the global 50/s; True when it is over (and enforced)."""
        return self.take_global(template) is not None

    def take_global(self, template: str) -> float | None:
        """Count a request against the global limit: None if it may go, else the seconds until
        the last second's window has room again (the 429's ``retry_after``)."""
        if template.startswith(GLOBAL_EXEMPT):
            return None
        now = self.clock.monotonic()
        for window in (self._recent, self._let_through):
            while window and window[0] <= now - 1.0:
                window.popleft()
        self._recent.append(now)
        self.peak_per_second = max(self.peak_per_second, len(self._recent))
        if self.enforce_global and len(self._let_through) >= GLOBAL_PER_SECOND:
            self.global_limited += 1
            return max(self._let_through[0] + 1.0 - now, 0.001)
        self._let_through.append(now)
        return None

    @property
    def over_global(self) -> bool:
        return self.peak_per_second > GLOBAL_PER_SECOND

    def fault_for(self, method: str, template: str, params: dict[str, str] | None = None,
                  now: Any = None) -> Fault | None:
        for fault in self.faults:
            if fault.method == method and fault.template == template and fault.matches(params or {}, now):
                fault.hits += 1
                return fault
        return None
