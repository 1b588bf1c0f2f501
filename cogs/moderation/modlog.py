"""The server's mod-log: one post per case and one per change of a case, with its number.

Each post is an outbox row of no game (db.outbox), stored in the transaction of the case or the
change it tells of (issue 17) and delivered by cogs.delivery. The channel is the server's log channel setting (``/mod settings log``); without one nothing is
posted and the moderator is told so once, in the answer. Posts are in the server's language and
mention nobody (a log is read, not pinged).
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs.moderation.rulebook import Rulebook
from cogs.moderation.texts import step_text
from db import outbox
from db.guild_settings import get_settings
from db.moderation import CaseInfo
from db.outbox import Effect
from locales import FluentArg, t

__all__ = ["LogTarget", "case_embed", "case_row", "change", "log_channel", "note_row", "target"]

COLOURS = {
    "warn": discord.Colour.gold(),
    "mute": discord.Colour.orange(),
    "ban": discord.Colour.red(),
}


async def log_channel(
    guild: discord.Guild,
) -> tuple[discord.TextChannel | discord.Thread | None, str]:
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


@dataclass(frozen=True, slots=True)
class LogTarget:
    """Where a server's mod-log posts go (None: no mod-log) and in which language."""

    channel_id: int | None
    language: str


async def target(guild: discord.Guild) -> LogTarget:
    channel, language = await log_channel(guild)
    return LogTarget(None if channel is None else channel.id, language)


def case_row(
    log: LogTarget, case: CaseInfo, rulebook: Rulebook, *, note: str | None = None
) -> list[Effect]:
    """The case's post in the mod-log: an outbox row of no game, stored with the case."""
    if log.channel_id is None:
        return []
    embed = case_embed(case, rulebook, log.language, note).to_dict()
    key = f"mod:{case.guild_id}:{case.number}:log"
    return [outbox.post(log.channel_id, "", embed=dict(embed), key=key)]


def note_row(log: LogTarget, sentence: str, /, *, key: str | None = None,
             **args: FluentArg) -> list[Effect]:  # fmt: skip
    """A change of a case in the mod-log (``sentence``: its catalogue key, which names the
    case's number), as an outbox row to store with the change; none without a mod-log."""
    if log.channel_id is None:
        return []
    return [outbox.post(log.channel_id, t(log.language, sentence, **args), key=key)]


async def change(
    guild: discord.Guild, sentence: str, /, *, key: str | None = None, **args: FluentArg
) -> list[Effect]:
    """:func:`note_row` for ``guild``'s mod-log."""
    return note_row(await target(guild), sentence, key=key, **args)
