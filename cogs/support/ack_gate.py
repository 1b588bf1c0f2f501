"""Answers before writes: while interactions that arrived are still unanswered, the work that
follows an answer waits (issue 20: "A user never sees 'interaction failed' because the bot was
busy").

At the 21:00 burst hundreds of votes arrive within a second. Each handler defers first
(cogs.support.acknowledge), but one event loop runs them all: a handler whose defer returned
goes on to read and write the game while the votes behind it are still waiting for their own
defers, and every write it does delays them. So the answered ones wait here — after their own
answer, before their reads — until every interaction that arrived is answered, then all the
writes run. Interactions of a burst reach the bot one by one over the gateway, so while a burst
is on (``BURST`` arrivals within a tenth of a second) "every one answered" is also "none new for
``LULL`` seconds": the first answered would otherwise find the gate open while the rest of the
burst is still coming in. A steady stream below that rate waits only for the answers in flight.
The wait is bounded (``WITHIN``), so a handler that never answers, or a steady
stream of interactions, delays the writes at most that long; an interaction older than Discord's
3 s can no longer be answered and is no longer waited for.

Arrivals are noted synchronously as the gateway hands over an interaction (the bot's
``dispatch``), before any handler runs. Answers are seen from discord.py's own
``response.is_done()``, whichever code answered: one watcher per client looks every few
milliseconds while any is pending (never when none is), so the waiters cost nothing each.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import deque
from typing import Any

import discord

__all__ = ["AckGate", "arrived", "settled"]

#: The longest a write waits for other interactions' answers (s).
WITHIN = 2.0
#: After this long an interaction cannot be answered any more (Discord's 3 s): not waited for.
ANSWERABLE = 3.0
#: This many arrivals within ``BURST_WINDOW`` seconds are a burst, which is over only after no
#: arrival for ``LULL`` seconds.
BURST = 8
BURST_WINDOW = 0.1
LULL = 0.1
#: How often the watcher looks while answers are pending (s).
LOOK_EVERY = 0.005


class AckGate:
    """The interactions of one client that arrived and are not answered yet."""

    def __init__(self) -> None:
        self._pending: dict[int, tuple[discord.Interaction[Any], float]] = {}
        self._quiet = asyncio.Event()
        self._quiet.set()
        self._watcher: asyncio.Task[None] | None = None
        self._recent: deque[float] = deque()  # arrivals of the last BURST_WINDOW (monotonic)
        self._burst_until = 0.0  # while a burst is on, the gate stays closed until then

    def __len__(self) -> int:
        return len(self._pending)

    def arrived(self, interaction: discord.Interaction[Any]) -> None:
        now = time.monotonic()
        self._pending[interaction.id] = (interaction, now)
        self._recent.append(now)
        while self._recent[0] < now - BURST_WINDOW:
            self._recent.popleft()
        if len(self._recent) >= BURST:
            self._burst_until = now + LULL
        self._quiet.clear()
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.get_running_loop().create_task(self._watch())

    async def settled(self) -> None:
        """Return once every arrived interaction is answered, or when the watcher opens the
        gate, ``WITHIN`` after it closed at the latest (one timer for all the waiters of a
        burst, not one each)."""
        await self._quiet.wait()

    async def _watch(self) -> None:
        closed_until = time.monotonic() + WITHIN
        while self._prune() and time.monotonic() < closed_until:  # noqa: ASYNC110 — no signal
            await asyncio.sleep(LOOK_EVERY)  # of an answer from discord.py: looked at
        self._quiet.set()

    def _prune(self) -> bool:
        """Forget the answered (and the unanswerable); True while the gate stays closed."""
        now = time.monotonic()
        for key, (interaction, since) in list(self._pending.items()):
            if since < now - ANSWERABLE or interaction.response.is_done():
                del self._pending[key]
        return bool(self._pending) or now < self._burst_until


_gates: weakref.WeakKeyDictionary[Any, AckGate] = weakref.WeakKeyDictionary()


def gate_of(client: Any) -> AckGate:
    gate = _gates.get(client)
    if gate is None:
        gate = _gates[client] = AckGate()
    return gate


def arrived(interaction: discord.Interaction[Any]) -> None:
    """Note an interaction as the gateway hands it over (before its handler runs)."""
    gate_of(interaction.client).arrived(interaction)


async def settled(client: Any) -> None:
    """Wait (at most ``WITHIN`` s) until ``client``'s arrived interactions are all answered."""
    gate = _gates.get(client)
    if gate is not None:
        await gate.settled()
