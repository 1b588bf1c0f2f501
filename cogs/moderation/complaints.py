"""Complaints about an administrator (R-MOD-3): sent to the server owner privately, never to
the moderators or the mod-log. The service behind ``/complaint`` (cogs.moderation.reports): the
DM is an outbox row of no game (issue 17), delivered by cogs.delivery."""

from __future__ import annotations

import re
from datetime import datetime

import discord

from cogs.moderation import modlog
from cogs.moderation.cases import wake_delivery
from cogs.moderation.errors import ModRefusal
from db import outbox
from locales import t

__all__ = ["evidence_links", "send_complaint"]

_LINK = re.compile(r"https?://\S+")


def evidence_links(evidence: str | None, file_url: str | None) -> list[str]:
    """The complaint's evidence: the rulebook's «пишите владельцу с доказательствами» (R-MOD-3)
    asks for it, so a complaint without an attachment or a link (``http(s)://``, a message's
    link included) is refused with what to add; text that is no link is not evidence."""
    links = [file_url] if file_url else []
    if evidence is not None:
        if _LINK.fullmatch(evidence.strip()) is None:
            raise ModRefusal("complaint-evidence-not-link")
        links.append(evidence.strip())
    if not links:
        raise ModRefusal("complaint-needs-evidence")
    return links


async def send_complaint(
    client: discord.Client,
    guild: discord.Guild,
    author: discord.abc.User,
    text: str,
    links: list[str],
    at: datetime,
    *,
    key: str,
    locale: object,
) -> discord.abc.User:
    """DM the owner the complaint in the server's language: the text, who complains, and the
    evidence's links — an outbox row (``key``: the command's), whose fallback, when the owner's
    DMs are closed, is a DM telling the complainant (in his ``locale``) to reach the owner
    another way. The owner
    himself is refused (nobody above him to tell). Returns the owner."""
    owner = guild.owner or await client.fetch_user(guild.owner_id or 0)  # a read
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
    closed = t(locale, "complaint-dm-closed-later", server=guild.name, owner=owner.mention)
    told = outbox.dm(author.id, closed, key=f"complaint:{key}:closed")
    row = outbox.dm(owner.id, "", embed=dict(embed.to_dict()), key=f"complaint:{key}",
                    closed=[told])  # fmt: skip
    await outbox.add_unbound(guild.id, [row])
    wake_delivery(client)
    return owner
