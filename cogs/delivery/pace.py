"""The process's pace on Discord's REST API (issue 20: "deliveries in parallel across games …
within Discord's global and per-route limits").

Discord lets a bot make 50 requests per second in all (interaction callbacks and their webhooks
exempt) and answers the excess with a global 429, after which discord.py holds *every* request
of the process — the votes' followups included — for the ``retry_after``. The outbox worker
delivers many lanes at once (cogs.delivery.worker), and one row may make several requests (a
setup, an end), so a cap on rows in flight does not bound the rate: the bound is one shared
bucket that every request of the process passes, right before it is sent (an ``aiohttp`` trace,
discord.py's ``http_trace``: discord.py's own retries pass it too). Per-route buckets stay
discord.py's (it reads their headers and waits before a 429).

The pace is 45 per second (REST_PER_SECOND), 10 % under the limit for the network's jitter;
a bot Discord has granted a higher global limit may raise it. With several
processes (shards: ``SHARD_IDS``), each takes its share of it — the limit is the bot's, not the
process's — ``45 × its shards / SHARD_COUNT`` (docs/en/owners.md: "Shards").
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import aiohttp

__all__ = ["PER_SECOND", "Pace", "share", "trace"]

#: Discord's global limit is 50 per second; the pace keeps a margin under it.
PER_SECOND = 45.0
#: "Interaction endpoints are not bound to the bot's Global Rate Limit."
EXEMPT = ("interactions/", "webhooks/")


class Pace:
    """Requests one at a time through a turnstile: each passes no sooner than ``1 / rate`` s
    after the one before it *passed* (first come, first served), so no second ever holds more
    than ``rate + 1`` of them — not even after the event loop stalled (the requests a stall held
    back do not go out in a heap). A request alone never waits."""

    def __init__(self, rate: float = PER_SECOND) -> None:
        if rate <= 0:
            raise ValueError("a pace needs a positive rate")
        self.rate = rate
        self.interval = 1.0 / rate
        self._next = 0.0  # the loop's time at which the next request may pass
        self._turn = asyncio.Lock()  # FIFO: the waiters pass in their order of arrival
        self.waited = 0  # requests that had to wait (for the logs and the benchmarks)

    async def wait(self) -> None:
        loop = asyncio.get_running_loop()
        async with self._turn:
            left = self._next - loop.time()
            if left > 0:
                self.waited += 1
                await asyncio.sleep(left)  # the loop's timers never fire early
            self._next = max(loop.time(), self._next) + self.interval


def counted(path: str) -> bool:
    """Whether a request to ``path`` counts against the global limit (Discord's REST API, not
    an interaction's answer, nor the gateway or the CDN)."""
    marker = path.find("/api/v")
    if marker < 0:
        return False
    rest = path[marker + len("/api/v") :].split("/", 1)  # "10/channels/…"
    return not (len(rest) > 1 and rest[1].startswith(EXEMPT))


def trace(pace: Pace) -> aiohttp.TraceConfig:
    """discord.py's ``http_trace``: every counted request waits for ``pace`` before it is sent."""
    config = aiohttp.TraceConfig()

    async def on_start(
        session: aiohttp.ClientSession, context: SimpleNamespace,
        params: aiohttp.TraceRequestStartParams,
    ) -> None:  # fmt: skip
        if counted(params.url.path):
            await pace.wait()

    config.on_request_start.append(on_start)
    return config


def share(
    shard_count: int | None, shard_ids: tuple[int, ...] | None, per_second: float = PER_SECOND
) -> float:
    """This process's share of the bot's pace (``per_second``, REST_PER_SECOND): all of it, or
    its shards' part of them."""
    if shard_count is None or shard_ids is None:
        return per_second
    return per_second * len(shard_ids) / shard_count
