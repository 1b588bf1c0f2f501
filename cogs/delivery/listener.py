"""A /host command is the host's "I fixed it" (issue 17, item 3): whatever it is, the rows of his
server's games that a permanent error blocked (a missing permission, the bot's role too low) are
tried again right away; if the fix is not there yet, he is told again what to fix."""

from __future__ import annotations

from typing import Any

import discord
from discord.ext import commands

from cogs.delivery.worker import DeliveryWorker
from db.outbox_claims import unblock

__all__ = ["DeliveryListener"]


class DeliveryListener(commands.Cog):
    def __init__(self, outbox: DeliveryWorker) -> None:
        self.outbox = outbox

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.application_command:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        if interaction.guild_id is None or data.get("name") != "host":
            return
        if await unblock(guild_id=interaction.guild_id):
            self.outbox.wake()
