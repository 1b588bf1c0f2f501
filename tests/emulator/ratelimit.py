"""Rate-limit buckets and injected faults.

Why: discord.py's retry logic (429 with ``retry_after``, 5xx with back-off) is part of what the bot
relies on; tests must be able to trigger it on one chosen request and to see that nothing is lost.
Buckets send Discord's real ``X-RateLimit-*`` headers, and a 429 carries ``Via`` and a JSON
``retry_after`` (without them discord.py takes the answer for a Cloudflare ban and gives up).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field

from aiohttp import web

from .routes import json_response


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


def too_many_requests(retry_after: float, *, is_global: bool = False, bucket: Bucket | None = None) -> web.Response:
    headers = {"Via": "1.1 google", "X-RateLimit-Scope": "global" if is_global else "user"}
    if bucket is not None:
        headers.update(bucket.headers(time.monotonic()))
        headers["X-RateLimit-Remaining"] = "0"
    else:
        headers["X-RateLimit-Limit"] = "1"
        headers["X-RateLimit-Remaining"] = "0"
        headers["X-RateLimit-Reset-After"] = f"{retry_after:.3f}"
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global, "code": 0}
    return json_response(body, status=429, headers=headers)


class RateLimits:
    """Optional per-route buckets (off unless a test configures one) plus one-shot faults."""

    def __init__(self) -> None:
        self.rules: dict[tuple[str, str], tuple[int, float]] = {}
        self.buckets: dict[tuple[str, str, str], Bucket] = {}
        self.faults: list[Fault] = []
        self.limited = 0  # how many 429s were answered

    def limit(self, method: str, template: str, limit: int, window: float) -> None:
        self.rules[(method.upper(), template)] = (limit, window)

    def check(self, method: str, template: str, major: str) -> tuple[Bucket | None, float | None]:
        rule = self.rules.get((method, template))
        if rule is None:
            return None, None
        key = (method, template, major)
        bucket = self.buckets.get(key)
        if bucket is None:
            digest = hashlib.sha1(f"{method} {template}".encode()).hexdigest()[:16]
            bucket = self.buckets[key] = Bucket(limit=rule[0], window=rule[1], hash=digest)
        return bucket, bucket.take(time.monotonic())

    def fault_for(self, method: str, template: str) -> Fault | None:
        for fault in self.faults:
            if fault.method == method and fault.template == template and fault.hits < fault.times:
                fault.hits += 1
                return fault
        return None
