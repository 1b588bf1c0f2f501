"""Judging a report (R-MOD-2), one service call for the report's buttons: who may judge it, the
case it opens — on the accused for the reported violation (upheld), or on the reporter for
``false_report`` (a report found false is itself one) — and the report closed and linked to it.
Refusals are the project's own (:class:`ModRefusal`, a catalogue key); the buttons parse, call
:func:`judge` and answer."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs.moderation import cases
from cogs.moderation.access import hierarchy_refusal, is_moderator
from cogs.moderation.errors import ModRefusal
from cogs.moderation.next_step import next_step_bans
from cogs.moderation.report_effects import PostAt, judged_effects
from cogs.moderation.rulebook import server_rulebook
from db import moderation as db
from engine.moderation import FALSE_REPORT

__all__ = ["HOST_JUDGED", "Judged", "judge", "may_judge"]

#: Detectors whose reports a game's host may judge too (the issue: afk "for the host to confirm").
HOST_JUDGED = frozenset({"afk"})


@dataclass(frozen=True, slots=True)
class Judged:
    report: db.ReportInfo
    outcome: cases.Outcome


async def may_judge(
    judge: discord.abc.User, report: db.ReportInfo, *, server_host: bool
) -> discord.Member:
    """The judge as a member allowed to judge this report: a moderator, or for the reports a
    host may confirm (:data:`HOST_JUDGED`) the server's host."""
    if isinstance(judge, discord.Member):
        if await is_moderator(judge):
            return judge
        if report.violation in HOST_JUDGED and server_host:
            return judge
    raise ModRefusal("mod-refused-not-moderator")


async def judge(
    client: discord.Client,
    guild: discord.Guild,
    by: discord.abc.User,
    report: db.ReportInfo,
    *,
    upheld: bool,
    server_host: bool,
    post: PostAt | None = None,
) -> Judged:
    """Close ``report`` as upheld or false and open its case (applied as any case is); its post
    brought up to date and the reporter told, as rows stored with the report's link to the case
    (``post``: the post's message, for one made before posts were rows)."""
    judge_member = await may_judge(by, report, server_host=server_host)
    target_id = report.accused_id if upheld else report.reporter_id
    violation = report.violation if upheld else FALSE_REPORT
    target = guild.get_member(target_id) or await client.fetch_user(target_id)
    refusal = hierarchy_refusal(guild, judge_member, target)
    if refusal is not None:
        raise ModRefusal(refusal)
    rulebook = await server_rulebook(guild.id)
    banning = await next_step_bans(guild.id, target_id, violation, rulebook)
    if banning and not judge_member.guild_permissions.ban_members:
        raise ModRefusal("mod-refused-not-banner")
    judged = await db.judge_report(report.id, "upheld" if upheld else "rejected", judge_member.id)
    if judged is None:
        raise ModRefusal("report-already-judged")  # another moderator was quicker
    outcome = await cases.open_case(
        guild,
        target,
        moderator_id=judge_member.id,
        violation=violation,
        key=f"report:{report.id}:{'uphold' if upheld else 'false'}",
        reason=report.text if upheld else None,
        evidence=report.message_link,
        source="report",
        rulebook=rulebook,
    )
    build = await judged_effects(guild, judged, post)
    linked = await db.link_report_case(report.id, outcome.case.number, build)
    cases.wake_delivery(client)
    return Judged(linked, outcome)
