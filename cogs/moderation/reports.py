"""Reports (R-MOD-2) and complaints (R-MOD-3).

- ``/report member violation [message] [text]`` and the message menu "Report" (which carries
  the message): the report is stored, then posted in the mod-log with two persistent buttons.
  "Uphold" opens a case on the ladder for the accused and thanks the reporter; "Reject as false"
  asks for a confirmation, then opens a ``false_report`` case for the reporter (R-MOD-2). The
  reporter is told the outcome in a DM; nothing is public.
- ``/complaint text [evidence] [file]``: a complaint about an administrator goes to the server
  owner's DMs (R-MOD-3); when they are closed, the complainant is told to reach the owner
  another way. Only the complainant and the owner ever see it.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.host import is_server_host
from cogs.moderation import cases, judging, modlog
from cogs.moderation.complaints import evidence_links, send_complaint
from cogs.moderation.errors import ModRefusal
from cogs.moderation.report_effects import PostAt, post_key, report_post
from cogs.moderation.rulebook import Rulebook, server_rulebook
from cogs.moderation.texts import step_text
from cogs.support import clock
from cogs.support.inert import inert
from cogs.support.views import GuardedModal, PersistentItem
from db import moderation as db
from db import outbox
from locales import t

__all__ = ["ReportButton", "ReportCog", "file_report", "setup"]

log = logging.getLogger(__name__)


def report_buttons(report_id: int, locale: object) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ReportButton(report_id, "uphold", t(locale, "report-uphold")))
    view.add_item(ReportButton(report_id, "false", t(locale, "report-reject")))
    return view


async def file_report(
    guild: discord.Guild,
    *,
    reporter_id: int,
    accused: discord.Member | discord.User,
    violation: str,
    key: str,
    message_link: str | None = None,
    text: str | None = None,
) -> db.ReportInfo | None:
    """Store a report with its post in the mod-log (an outbox row, its buttons built at
    delivery); None when the server has no mod-log (nobody would read it). A known ``key``
    posts nothing again."""
    log = await modlog.target(guild)
    if log.channel_id is None:
        return None
    rulebook = await server_rulebook(guild.id)
    report, created = await db.create_report(
        guild_id=guild.id,
        reporter_id=reporter_id,
        accused_id=accused.id,
        violation=violation,
        key=key,
        at=clock.now(),
        message_link=message_link,
        text=text,
        effects=lambda made: report_post(log, made, rulebook),
    )
    if created:
        cases.wake_delivery(guild)
    return report


async def _judge(
    interaction: discord.Interaction[Any], report: db.ReportInfo, *, upheld: bool
) -> tuple[db.ReportInfo, cases.Outcome]:
    """The service's judgement (cogs.moderation.judging), which brings the report's post up to
    date and tells the reporter (outbox rows)."""
    guild = interaction.guild
    assert guild is not None
    await judging.may_judge(interaction.user, report, server_host=await is_server_host(interaction))
    await interaction.response.defer(ephemeral=True, thinking=True)
    done = await judging.judge(
        interaction.client, guild, interaction.user, report, upheld=upheld,
        server_host=await is_server_host(interaction), post=await _legacy_post(interaction, report),
    )  # fmt: skip
    return done.report, done.outcome


async def _legacy_post(
    interaction: discord.Interaction[Any], report: db.ReportInfo
) -> PostAt | None:
    """A report posted before its post was an outbox row: its message (upheld from the post
    itself; rejected from the ephemeral confirmation: found in the mod-log's history)."""
    if await outbox.stored(post_key(report.id)):
        return None
    message = interaction.message
    if message is None or message.flags.ephemeral:
        assert interaction.guild is not None
        message = await _find_report_post(interaction.guild, report.id)
    return None if message is None else PostAt(message.channel.id, message.id)


async def _uphold(interaction: discord.Interaction[Any], report: db.ReportInfo) -> None:
    assert interaction.guild is not None
    _, outcome = await _judge(interaction, report, upheld=True)
    await interaction.followup.send(
        t(
            interaction.locale,
            "report-upheld",
            number=outcome.case.number,
            action=step_text(outcome.case.applied, interaction.locale),
        ),
        ephemeral=True,
    )


async def _ask_false(interaction: discord.Interaction[Any], report: db.ReportInfo) -> None:
    await judging.may_judge(interaction.user, report, server_host=await is_server_host(interaction))
    if report.state != "open":
        raise ModRefusal("report-already-judged")
    view = discord.ui.View(timeout=None)
    view.add_item(ReportButton(report.id, "falseok", t(interaction.locale, "report-confirm")))
    await interaction.response.send_message(
        t(interaction.locale, "report-confirm-question", member=f"<@{report.reporter_id}>"),
        view=view,
        ephemeral=True,
        allowed_mentions=discord.AllowedMentions.none(),
    )


async def _reject_false(interaction: discord.Interaction[Any], report: db.ReportInfo) -> None:
    assert interaction.guild is not None
    _, outcome = await _judge(interaction, report, upheld=False)
    await interaction.followup.send(
        t(interaction.locale, "report-rejected", number=outcome.case.number), ephemeral=True
    )


async def _find_report_post(guild: discord.Guild, report_id: int) -> discord.Message | None:
    """The report's mod-log post (the confirmation is another, ephemeral message)."""
    channel, _ = await modlog.log_channel(guild)
    if not isinstance(channel, discord.TextChannel):
        return None
    wanted = f"modrep:uphold:{report_id}"
    async for message in channel.history(limit=200):
        for row in message.components:
            for item in getattr(row, "children", []):
                if getattr(item, "custom_id", None) == wanted:
                    return message
    return None


class ReportButton(PersistentItem, template=r"modrep:(?P<action>uphold|false|falseok):(?P<id>\d+)"):
    """A report's buttons in the mod-log, and the confirmation of "reject as false"."""

    def __init__(self, report_id: int, action: str, label: str = "…") -> None:
        style = {
            "uphold": discord.ButtonStyle.success,
            "false": discord.ButtonStyle.danger,
            "falseok": discord.ButtonStyle.danger,
        }[action]
        super().__init__(
            discord.ui.Button(label=label, style=style, custom_id=f"modrep:{action}:{report_id}")
        )
        self.report_id, self.action = report_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> ReportButton:
        return cls(int(match["id"]), match["action"])

    async def act(self, interaction: discord.Interaction[Any]) -> None:
        report = await db.get_report(self.report_id)
        if report is None or interaction.guild_id != report.guild_id:
            raise ModRefusal("report-already-judged")
        if report.state != "open":
            raise ModRefusal("report-already-judged")
        if self.action == "uphold":
            await _uphold(interaction, report)
        elif self.action == "false":
            await _ask_false(interaction, report)
        else:
            await _reject_false(interaction, report)


async def _report_answer(
    interaction: discord.Interaction[Any],
    accused: discord.Member | discord.User,
    violation: str,
    message_link: str | None,
    text: str | None,
) -> None:
    guild = interaction.guild
    if guild is None:
        raise ModRefusal("error-guild-only")
    if accused.id == interaction.user.id:
        raise ModRefusal("report-refused-yourself")
    if accused.bot:
        raise ModRefusal("mod-refused-bot")
    rulebook = await server_rulebook(guild.id)
    code = _match_violation(rulebook, violation, interaction.locale)
    report = await file_report(
        guild,
        reporter_id=interaction.user.id,
        accused=accused,
        violation=code,
        key=f"report:{interaction.id}",
        message_link=message_link,
        text=inert(text) if text else None,  # repeated in the mod-log (and a case's reason)
    )
    if report is None:
        raise ModRefusal("report-no-log")
    await interaction.response.send_message(
        t(interaction.locale, "report-sent", number=report.id), ephemeral=True
    )


def _match_violation(rulebook: Rulebook, typed: str, locale: object) -> str:
    """A violation by its code or its name (as typed in a modal), else a refusal."""
    wanted = typed.strip().casefold()
    for code in rulebook.codes():
        if wanted in (code.casefold(), rulebook.name(code, locale).casefold()):
            return code
    raise ModRefusal("mod-refused-unknown-violation", code=typed.strip()[:32])


class ReportModal(GuardedModal):
    """The message menu "Report": which rule, and what happened."""

    def __init__(self, message: discord.Message, locale: object) -> None:
        super().__init__(title=t(locale, "report-modal-title"), custom_id=f"modreport:{message.id}")
        self.message = message
        self.violation: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(locale, "report-modal-violation"), max_length=100, custom_id="violation"
        )
        self.details: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(locale, "report-modal-text"),
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=1000,
            custom_id="text",
        )
        self.add_item(self.violation)
        self.add_item(self.details)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await _report_answer(
            interaction,
            self.message.author,
            self.violation.value,
            self.message.jump_url,
            self.details.value or None,
        )


async def _violation_choices(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    assert interaction.guild_id is not None
    rulebook = await server_rulebook(interaction.guild_id)
    typed = typed.casefold()
    return [
        app_commands.Choice(name=f"{rulebook.name(code, interaction.locale)}"[:100], value=code)
        for code in rulebook.codes()
        if typed in code or typed in rulebook.name(code, interaction.locale).casefold()
    ][:25]


class ReportCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.menu = app_commands.ContextMenu(
            name=locale_str("Report", key="cmd-report-message.name"), callback=self._report_message
        )
        self.menu.guild_only = True
        bot.tree.add_command(self.menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.menu.name, type=self.menu.type)

    async def _report_message(
        self, interaction: discord.Interaction[Any], message: discord.Message
    ) -> None:
        await ReportModal(message, interaction.locale).open(interaction)

    @app_commands.command(
        name=locale_str("report"),
        description=locale_str("Report a rule violation to the moderators"),
    )
    @app_commands.describe(
        member=locale_str("Who broke the rule"),
        violation=locale_str("Which rule"),
        message=locale_str("A link to the message, if there is one"),
        text=locale_str("What happened"),
    )
    @app_commands.autocomplete(violation=_violation_choices)
    @app_commands.guild_only()
    async def report(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member,
        violation: str,
        message: app_commands.Range[str, 1, 200] | None = None,
        text: app_commands.Range[str, 1, 1000] | None = None,
    ) -> None:
        await _report_answer(interaction, member, violation, message, text)

    @app_commands.command(
        name=locale_str("complaint"),
        description=locale_str("A complaint about an administrator, to the server owner privately"),
    )
    @app_commands.describe(
        text=locale_str("What happened"),
        evidence=locale_str("A link to the evidence"),
        file=locale_str("A screenshot or a file"),
    )
    @app_commands.guild_only()
    async def complaint(
        self,
        interaction: discord.Interaction[Any],
        text: app_commands.Range[str, 1, 1500],
        evidence: app_commands.Range[str, 1, 500] | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        assert interaction.guild is not None
        links = evidence_links(evidence, file.url if file else None)
        owner = await send_complaint(
            interaction.client,
            interaction.guild,
            interaction.user,
            text,
            links,
            interaction.created_at,
            key=str(interaction.id),
            locale=interaction.locale,
        )
        await interaction.response.send_message(
            t(interaction.locale, "complaint-ordered", owner=owner.mention),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReportCog(bot))
    bot.add_dynamic_items(ReportButton)
