"""The signup's test DM: the one Discord call of delivery made for an interaction's answer.

It is not an outbox row on purpose: its only point is the answer — the player who has just
joined is told at once, in the same interaction, that his DMs are closed and the role card
(R-LIFE-1: cards go by DM) will not reach him. A row would be delivered after the interaction's
answer and could tell him nothing there. Nothing depends on it: it changes no state, and a lost
or repeated probe costs a courtesy message at most.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.support.inert import inert
from locales import t

__all__ = ["test_dm"]

NONE = discord.AllowedMentions.none()


async def test_dm(interaction: discord.Interaction[Any], name: str) -> None:
    """A DM at signup, so that closed DMs are found before the start; if it cannot be
    delivered, the player is told privately how to open them (a followup of the answer)."""
    try:
        await interaction.user.send(
            t(interaction.locale, "lobby-dm-test", name=inert(name)), allowed_mentions=NONE
        )
    except discord.HTTPException:  # 50007: DMs closed (or the bot blocked)
        await interaction.followup.send(
            t(interaction.locale, "lobby-dm-closed"), ephemeral=True, allowed_mentions=NONE
        )
