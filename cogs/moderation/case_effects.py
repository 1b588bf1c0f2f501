"""A new case's Discord effects, composed as outbox rows of no game and stored in the case's own
transaction (issue 17: every Discord effect is an outbox row; db.moderation.create_case):

- the member's DM — what, why, until when, and for a ban how to appeal — built now and stored
  as an embed in the row. It goes before his ban (cogs.delivery.lanes: a case's DM and its ban
  share the member's lane), because after the ban the bot shares no server with him. When his
  DMs are closed the delivery stores the row's fallback instead: one note in the mod-log, and
  the DM is not tried again;
- his timeout (the first 28 days of a mute; the expiry worker renews a longer one), which never
  shortens a longer one already running (``keep_longer``: read back at delivery);
- his ban, and for ``multiaccount`` (R-MOD) the bans of the accounts marked as his;
- the case's post in the mod-log.

What Discord refuses for good (the bot's role below the member's, a missing permission) is told
in the mod-log by the delivery, with what to fix (cogs.delivery.alerts). The moderator's answer
says what was ordered (:func:`case_notes`), not what Discord answered.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs.moderation import modlog
from cogs.moderation.rulebook import Rulebook
from cogs.moderation.texts import step_text
from db import moderation as db
from db import outbox
from db.moderation import CaseInfo
from db.outbox import Effect
from engine.moderation import DISCORD_TIMEOUT_MAX, parse_step
from locales import t

__all__ = ["CaseContext", "bans_linked", "case_context", "case_effects", "case_notes",
           "has_member_timeout"]  # fmt: skip


@dataclass(frozen=True)
class CaseContext:
    """What a case's effects need to know of the server, read before the case's transaction."""

    guild_id: int
    guild_name: str
    target_id: int
    member: discord.Member | None  # he is on the server now (the cache: a read)
    log: modlog.LogTarget
    appeal: str
    linked: tuple[int, ...]  # the other accounts marked as his (/mod settings link)
    sees_joins: bool  # the Server Members intent: the bot sees him come back


async def case_context(guild: discord.Guild, target: discord.abc.Snowflake) -> CaseContext:
    log = await modlog.target(guild)
    config = await db.get_mod_settings(guild.id)
    groups = [g for g in config.linked if target.id in g]
    others = sorted({other for group in groups for other in group if other != target.id})
    return CaseContext(
        guild.id, guild.name, target.id, guild.get_member(target.id), log,
        config.appeal or t(log.language, "mod-appeal-default"), tuple(others),
        guild._state.intents.members,
    )  # fmt: skip


def has_member_timeout(case: CaseInfo) -> bool:
    return any(
        a.kind == "timeout" and a.target == "member" for a in parse_step(case.applied).actions
    )


def bans_linked(case: CaseInfo) -> bool:
    return any(
        a.target == "other_account" and a.kind == "ban" for a in parse_step(case.applied).actions
    )


def _waits(case: CaseInfo, context: CaseContext) -> bool:
    """A mute for someone not on the server: it waits for his return (cogs.moderation.returns)."""
    return not case.banned and has_member_timeout(case) and context.member is None


def case_effects(case: CaseInfo, rulebook: Rulebook, context: CaseContext) -> list[Effect]:
    """The rows of a case just decided (inside its transaction: no I/O here)."""
    guild, member, key = context.guild_id, context.target_id, f"mod:{case.guild_id}:{case.number}"
    audit = f"case {case.number}: {case.violation}"
    closed = modlog.note_row(context.log, "mod-log-dm-closed", number=case.number,
                             key=f"{key}:dm-closed")  # fmt: skip
    notice = _notice(case, rulebook, context).to_dict()
    effects = [outbox.dm(member, "", embed=dict(notice), key=f"{key}:dm", closed=closed)]
    if case.banned:
        effects.append(outbox.ban(guild, member, key=f"{key}:ban", reason=audit))
    elif has_member_timeout(case) and case.expires_at is not None and context.member is not None:
        until = min(case.expires_at, case.created_at + DISCORD_TIMEOUT_MAX)
        effects.append(outbox.timeout(guild, member, until, key=f"{key}:timeout", reason=audit,
                                      keep_longer=True))  # fmt: skip
    if bans_linked(case):
        effects += [outbox.ban(guild, other, key=f"{key}:ban:{other}", reason=audit)
                    for other in context.linked]  # fmt: skip
    waits = None
    if _waits(case, context):  # the log says whether the bot will see him come back
        waits = "mod-log-mute-waits" if context.sees_joins else "mod-log-mute-waits-blind"
    return effects + modlog.case_row(context.log, case, rulebook, note=waits)


def case_notes(case: CaseInfo, context: CaseContext) -> list[str]:
    """The moderator's notes (catalogue keys): what was ordered, and what waits."""
    notes: list[str] = []
    running = None if context.member is None else context.member.timed_out_until  # a read
    if _waits(case, context):
        notes.append("mod-note-not-member")
    elif not case.banned and has_member_timeout(case) and case.expires_at is not None:
        if running is not None and running >= case.expires_at:
            notes.append("mod-note-longer-timeout")
    if bans_linked(case) and not context.linked:
        notes.append("mod-note-no-linked")
    notes.append("mod-note-no-log" if context.log.channel_id is None else "mod-note-ordered")
    return notes


def _notice(case: CaseInfo, rulebook: Rulebook, context: CaseContext) -> discord.Embed:
    """The member's DM about his case, in the server's language: what, why, until when, and
    for a ban how to appeal."""
    language = context.log.language
    kind = "ban" if case.banned else ("mute" if has_member_timeout(case) else "warn")
    embed = discord.Embed(
        title=t(language, f"mod-dm-{kind}-title", server=context.guild_name),
        colour=modlog.COLOURS[kind],
    )
    embed.add_field(name=t(language, "mod-field-violation"),
                    value=rulebook.name(case.violation, language), inline=False)  # fmt: skip
    embed.add_field(name=t(language, "mod-field-step"), value=step_text(case.applied, language),
                    inline=False)  # fmt: skip
    if case.expires_at is not None:
        embed.add_field(
            name=t(language, "mod-field-until"), value=f"<t:{int(case.expires_at.timestamp())}:f>"
        )
    if case.reason:
        embed.add_field(name=t(language, "mod-field-reason"), value=case.reason[:1024],
                        inline=False)  # fmt: skip
    if case.banned:
        embed.add_field(name=t(language, "mod-field-appeal"), value=context.appeal[:1024],
                        inline=False)  # fmt: skip
    embed.set_footer(text=t(language, "mod-dm-footer", number=case.number))
    return embed
