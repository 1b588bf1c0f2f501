"""Delivering a resolved phase: the public lines (through ``engine.public_view`` only, by
cogs.game.render) in the game's channel, each private line by DM to its player, and the next
deadline as a Discord timestamp.

Delivery here is at least once per resolution call, not yet through a transactional outbox:
a crash between the resolution's commit and these posts loses the posts (the state and the
event log are safe). DESIGN's outbox is the next step (see the closing note of issue 10).
"""

from __future__ import annotations

import logging

import discord

from cogs.game.play import Resolved
from cogs.game.render import private_lines, public_line, text
from db.guild_settings import get_settings
from locales import t

__all__ = ["announce"]

log = logging.getLogger(__name__)
NONE = discord.AllowedMentions.none()


async def announce(client: discord.Client, resolved: Resolved) -> None:
    game, before, after = resolved.game, resolved.before, resolved.after
    locale = (await get_settings(game.guild_id)).language
    names = {p.id: p.name or p.id for p in before.players}
    if game.channel_id is None:
        return
    channel = client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    head = t(locale, f"results-{resolved.phase}", number=before.number)
    lines = [head]
    for event in resolved.events:
        line = public_line(event, resolved.phase)
        if line is not None:
            lines.append("• " + text(line, locale, names))
    if after.outcome is None:
        deadline = game.votes_deadline if game.phase == "day" else game.choices_deadline
        if deadline is not None:
            until = int(deadline.announced_at.timestamp())
            lines.append(t(locale, f"next-{game.phase}", number=after.number, until=until))
    await channel.send("\n".join(lines)[:2000], allowed_mentions=NONE)
    for event in resolved.events:
        for recipient, line in private_lines(event):
            await _tell(client, recipient, text(line, locale, names))


async def _tell(client: discord.Client, recipient: str, message: str) -> None:
    if not recipient.isdigit():
        return  # a cabinet: its channel comes with the game's channels
    try:
        user = client.get_user(int(recipient)) or await client.fetch_user(int(recipient))
        await user.send(message)
    except discord.HTTPException as error:
        log.info("could not tell %s privately: %s", recipient, error)
