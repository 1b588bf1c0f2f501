"""The server's mod-log: one post per case and one per change of a case, with its number.

The channel is the server's log channel setting (``/mod settings log``); without one nothing is
posted and the moderator is told so once, in the answer. Posts are in the server's language and
mention nobody (a log is read, not pinged).
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs.moderation.rulebook import Rulebook
from cogs.moderation.texts import step_text
from db.guild_settings import get_settings
from db.moderation import CaseInfo
from locales import FluentArg, t

__all__ = ["case_embed", "log_channel", "post", "post_case", "post_change"]

log = logging.getLogger(__name__)

COLOURS = {
    "warn": discord.Colour.gold(),
    "mute": discord.Colour.orange(),
    "ban": discord.Colour.red(),
}


async def log_channel(guild: discord.Guild) -> tuple[discord.abc.Messageable | None, str]:
    """The server's mod-log channel (None if unset or gone) and the server's language."""
    config = await get_settings(guild.id)
    channel = guild.get_channel(config.log_channel_id) if config.log_channel_id else None
    if not isinstance(channel, discord.TextChannel | discord.Thread):
        return None, config.language
    return channel, config.language


def _kind(case: CaseInfo) -> str:
    if case.banned:
        return "ban"
    return "mute" if "mute" in case.applied.split(" + ")[0] or case.expires_at else "warn"


def case_embed(
    case: CaseInfo, rulebook: Rulebook, locale: object, note: str | None = None
) -> discord.Embed:
    """A case as a moderator reads it: who, what, which step and why, by whom, until when;
    ``note``: a catalogue key for what the bot could not do yet (a mute waiting for a return)."""
    embed = discord.Embed(
        title=t(
            locale, "mod-case-title", number=case.number, action=step_text(case.applied, locale)
        ),
        colour=COLOURS.get(_kind(case), discord.Colour.greyple()),
        timestamp=case.created_at,
    )
    embed.add_field(name=t(locale, "mod-field-member"), value=f"<@{case.user_id}>")
    embed.add_field(name=t(locale, "mod-field-moderator"), value=f"<@{case.moderator_id}>")
    embed.add_field(
        name=t(locale, "mod-field-violation"),
        value=t(
            locale,
            "mod-offence",
            offence=case.offence,
            violation=rulebook.name(case.violation, locale),
            code=case.violation,
        ),
        inline=False,
    )
    why = t(
        locale, "mod-field-step-value", step=case.step, computed=step_text(case.computed, locale)
    )
    if case.auto_mute:
        why += "\n" + t(locale, "mod-auto-mute-reason")
    embed.add_field(name=t(locale, "mod-field-step"), value=why, inline=False)
    if case.expires_at is not None:
        embed.add_field(
            name=t(locale, "mod-field-until"), value=f"<t:{int(case.expires_at.timestamp())}:f>"
        )
    embed.add_field(name=t(locale, "mod-field-state"), value=t(locale, f"mod-state-{case.state}"))
    if case.reason:
        embed.add_field(name=t(locale, "mod-field-reason"), value=case.reason[:1024], inline=False)
    if case.evidence:
        embed.add_field(
            name=t(locale, "mod-field-evidence"), value=case.evidence[:1024], inline=False
        )
    if note is not None:
        embed.add_field(name=t(locale, "mod-field-note"), value=t(locale, note), inline=False)
    if case.source != "command":
        embed.set_footer(text=t(locale, f"mod-source-{case.source}"))
    return embed


async def post(guild: discord.Guild, build: Any) -> bool:
    """Post ``build(language)`` (an embed, or text) in the mod-log; False when there is none."""
    channel, language = await log_channel(guild)
    if channel is None:
        return False
    made = build(language)
    try:
        if isinstance(made, discord.Embed):
            await channel.send(embed=made, allowed_mentions=discord.AllowedMentions.none())
        else:
            await channel.send(made, allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException as error:
        log.warning("moderation: the mod-log post in %s failed: %s", guild.id, error)
        return False
    return True


async def post_case(
    guild: discord.Guild, case: CaseInfo, rulebook: Rulebook, *, note: str | None = None
) -> bool:
    return await post(guild, lambda language: case_embed(case, rulebook, language, note))


async def post_change(guild: discord.Guild, key: str, /, **args: FluentArg) -> bool:
    """A change of a case (``key``: its sentence, which names the case's number)."""
    return await post(guild, lambda language: t(language, key, **args))
