"""Complaints about an administrator (R-MOD-3): sent to the server owner privately, never to
the moderators or the mod-log. The service behind ``/complaint`` (cogs.moderation.reports)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import discord

from cogs.moderation import enforce, modlog
from cogs.moderation.errors import ModRefusal
from locales import t

__all__ = ["Complaint", "send_complaint"]


@dataclass(frozen=True)
class Complaint:
    owner: discord.abc.User
    delivered: bool  # False: the owner's DMs are closed


async def send_complaint(
    client: discord.Client,
    guild: discord.Guild,
    author: discord.abc.User,
    text: str,
    links: list[str],
    at: datetime,
) -> Complaint:
    """DM the owner the complaint in the server's language: the text, who complains, and the
    evidence's links. The owner himself is refused (nobody above him to tell)."""
    owner = guild.owner or await client.fetch_user(guild.owner_id or 0)
    if owner.id == author.id:
        raise ModRefusal("complaint-refused-owner")
    language = (await modlog.log_channel(guild))[1]
    embed = discord.Embed(
        title=t(language, "complaint-title", server=guild.name),
        description=text,
        colour=discord.Colour.dark_gold(),
        timestamp=at,
    )
    embed.add_field(name=t(language, "complaint-from"), value=f"{author.mention} ({author})")
    if links:
        embed.add_field(name=t(language, "mod-field-evidence"), value="\n".join(links)[:1024])
    return Complaint(owner, await enforce.dm(owner, embed))
