"""Acknowledge an interaction before any read or write (issue 20; DESIGN.md: "Acknowledge
within Discord's 3 s whatever the load").

Discord drops an interaction not acknowledged within 3 seconds ("This interaction failed"),
and at the 21:00 burst hundreds of votes arrive together: a handler that reads and writes first
would answer after the others' writes. So a vote or a choice first defers — an ephemeral
"thinking…" only its user sees, so that a refusal said later leaves nothing in public — and
then :func:`answer` replaces it with the result; an error reaches the one handler
(cogs.support.errors), whose follow-up replaces it the same way. Deferred, it waits for the
interactions that arrived with it to be answered too (cogs.support.ack_gate) before its reads
and writes begin.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.support.ack_gate import settled

__all__ = ["acknowledge", "answer"]

NONE = discord.AllowedMentions.none()


async def acknowledge(interaction: discord.Interaction[Any]) -> None:
    """Defer, ephemerally, unless the interaction is already answered; then let the others'
    answers go first (bounded: cogs.support.ack_gate)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)
        await settled(interaction.client)


async def answer(interaction: discord.Interaction[Any], content: str, **options: Any) -> None:
    """The private answer: replaces the deferred "thinking…" (or is the first reply)."""
    options.setdefault("allowed_mentions", NONE)
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, **options)
    else:
        await interaction.response.send_message(content, ephemeral=True, **options)
