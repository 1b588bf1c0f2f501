"""Interactions being handled right now, so that a stop (SIGTERM, Ctrl-C) answers them first.

discord.py runs each command, button or modal in a task of its own and, on ``close()``, shuts the
HTTP session under them: a vote being recorded at that moment would get no answer, and the user
would not know whether it counted. The command tree's and the views' ``interaction_check`` call
:meth:`InFlight.admit`, which registers the current task; :meth:`InFlight.drain` waits for them.
Once draining has begun, new interactions are refused with a sentence ("restarting"), so nothing
new starts that the stop would cut off.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

from locales import t

__all__ = ["InFlight", "admit_interaction"]

log = logging.getLogger(__name__)


class InFlight:
    def __init__(self) -> None:
        self.closing = False
        self._tasks: set[asyncio.Task[Any]] = set()

    def __len__(self) -> int:
        return sum(1 for task in self._tasks if not task.done())

    def admit(self) -> bool:
        """Register the current task; False once the bot is stopping (the caller refuses)."""
        if self.closing:
            return False
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return True

    async def drain(self, within: float) -> int:
        """Refuse new interactions and wait up to ``within`` seconds for the running ones;
        returns how many were still running then."""
        self.closing = True
        current = asyncio.current_task()
        pending = {task for task in self._tasks if task is not current and not task.done()}
        if pending:
            log.info("stopping: waiting for %d interaction(s) to be answered", len(pending))
            _, pending = await asyncio.wait(pending, timeout=within)
        if pending:
            log.warning("stopping: %d interaction(s) did not finish in %ss", len(pending), within)
        return len(pending)


async def admit_interaction(interaction: discord.Interaction[Any]) -> bool:
    """``interaction_check`` for the tree and the views: admit, or answer "restarting"."""
    inflight: InFlight | None = getattr(interaction.client, "inflight", None)
    if inflight is None or inflight.admit():
        return True
    if interaction.type is discord.InteractionType.autocomplete:
        await interaction.response.autocomplete([])
    else:
        await interaction.response.send_message(
            t(interaction.locale, "error-restarting"), ephemeral=True
        )
    return False
