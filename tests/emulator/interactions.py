"""The emulator's record of one interaction: what the user sent, how the bot answered, when.

Why: Discord gives a bot 3 seconds to acknowledge an interaction and then only accepts
follow-ups through the interaction's webhook token.  The record tracks the acknowledgement (a
timer records a problem if it never comes), the original response message and the follow-ups, and
lets the story API await any of them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# Callback types
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
}


@dataclass
class InteractionRecord:
    id: int
    token: str
    type: int
    user_id: int
    guild_id: int | None
    channel_id: int
    label: str  # "/mafia vote" or "click vote-btn": for messages
    payload: dict[str, Any]
    source_message_id: int | None = None
    created: float = 0.0  # the emulator clock's monotonic time at dispatch (ack deadline)
    callback_type: int | None = None
    acked_after: float | None = None
    #: A callback refused as too late (10062): seconds from dispatch to that attempt.
    refused_after: float | None = None
    callback_body: dict[str, Any] | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    original_edits: int = 0
    reported: bool = False  # a late/missing acknowledgement was already recorded
    timer: asyncio.TimerHandle | None = None
    _waiters: list[tuple[Callable[[], bool], asyncio.Future[None]]] = field(default_factory=list)

    @property
    def acked(self) -> bool:
        return self.callback_type is not None

    def changed(self) -> None:
        """Wake awaiting story handles whose condition now holds."""
        keep = []
        for pred, fut in self._waiters:
            if fut.done():
                continue
            if pred():
                fut.set_result(None)
            else:
                keep.append((pred, fut))
        self._waiters = keep

    async def wait(self, pred: Callable[[], bool], within: float, what: str) -> None:
        if pred():
            return
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append((pred, fut))
        try:
            await asyncio.wait_for(fut, within)
        except TimeoutError:
            state = f"callback type {self.callback_type}" if self.acked else "never acknowledged"
            raise AssertionError(f"{self.label}: timed out after {within}s waiting for {what} ({state})") from None
