"""A report's Discord effects, as outbox rows of no game stored with the report's changes
(issue 17): its post in the mod-log with the two persistent buttons, stored with the report;
once judged, the post's edit (the outcome written in, the buttons gone) and the reporter's DM
(R-MOD-2: he learns the outcome privately), stored with the report's link to its case.

The edit of a post that a row made follows that row (``edit_made``: delivered once the post is,
on the message it made); a report posted before its posts were rows is edited by the message
the moderator clicked, or found in the mod-log's history (a read)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import discord

from cogs.delivery.views import NO_VIEW, report_spec
from cogs.moderation import modlog
from cogs.moderation.rulebook import Rulebook, server_rulebook
from db import moderation as db
from db import outbox
from db.outbox import Effect
from locales import t

__all__ = ["PostAt", "judged_effects", "post_key", "report_embed", "report_post"]


@dataclass(frozen=True, slots=True)
class PostAt:
    """A report's post known by its message (one made before the posts were outbox rows)."""

    channel_id: int
    message_id: int


def post_key(report_id: int) -> str:
    return f"report:{report_id}:post"


def report_embed(report: db.ReportInfo, rulebook: Rulebook, locale: object) -> discord.Embed:
    embed = discord.Embed(
        title=t(locale, "report-title", number=report.id),
        colour=discord.Colour.blurple(),
        timestamp=report.created_at,
    )
    embed.add_field(name=t(locale, "mod-field-member"), value=f"<@{report.accused_id}>")
    reporter = f"<@{report.reporter_id}>"
    embed.add_field(name=t(locale, "report-field-reporter"), value=reporter)
    embed.add_field(
        name=t(locale, "mod-field-violation"),
        value=f"{rulebook.name(report.violation, locale)} (`{report.violation}`)",
        inline=False,
    )
    if report.message_link:
        embed.add_field(
            name=t(locale, "mod-field-evidence"), value=report.message_link, inline=False
        )
    if report.text:
        embed.add_field(name=t(locale, "report-field-text"), value=report.text[:1024], inline=False)
    if report.state != "open":
        embed.add_field(
            name=t(locale, "mod-field-state"),
            value=t(
                locale,
                f"report-state-{report.state}",
                by=f"<@{report.handled_by}>",
                number=report.case_number or 0,
            ),
            inline=False,
        )
    return embed


def report_post(log: modlog.LogTarget, report: db.ReportInfo, rulebook: Rulebook) -> list[Effect]:
    """The report's post in the mod-log, with its buttons (built at delivery from the spec)."""
    if log.channel_id is None:
        return []
    embed = dict(report_embed(report, rulebook, log.language).to_dict())
    view = report_spec(report.id, log.language)
    return [outbox.post(log.channel_id, "", embed=embed, view=view, key=post_key(report.id))]


async def judged_effects(
    guild: discord.Guild, report: db.ReportInfo, post: PostAt | None
) -> Callable[[db.ReportInfo], list[Effect]]:
    """What a judgement of ``report`` does on Discord, as a builder of its rows from the report
    judged and linked (read here, before the transaction: no I/O in the builder)."""
    rulebook = await server_rulebook(guild.id)
    log = await modlog.target(guild)
    by_row = await outbox.stored(post_key(report.id))
    # The reporter learns the outcome privately; not when the bot itself reported, nor one who
    # left the server (the bot shares none with him).
    me = guild.me.id if guild.me is not None else None
    tell = report.reporter_id != me and guild.get_member(report.reporter_id) is not None

    def build(judged: db.ReportInfo) -> list[Effect]:
        effects: list[Effect] = []
        embed = dict(report_embed(judged, rulebook, log.language).to_dict())
        key = f"report:{judged.id}"
        if by_row:
            effects.append(outbox.edit_made(post_key(judged.id), "", embed=embed, view=NO_VIEW,
                                            key=f"{key}:judged"))  # fmt: skip
        elif post is not None:
            effects.append(outbox.edit(post.channel_id, post.message_id, "", embed=embed,
                                       view=NO_VIEW, key=f"{key}:judged"))  # fmt: skip
        if tell:
            sentence = "report-dm-upheld" if judged.state == "upheld" else "report-dm-false"
            text = t(log.language, sentence, server=guild.name, number=judged.case_number or 0)
            told = dict(discord.Embed(description=text).to_dict())
            effects.append(outbox.dm(judged.reporter_id, "", embed=told, key=f"{key}:told"))
        return effects

    return build
