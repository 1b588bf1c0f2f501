"""``/mod``: the moderators' commands (R-MOD), and ``/mafia rules`` for everyone.

Thin: each command checks who acts (cogs.moderation.access), calls one service function
(cogs.moderation.cases, rules_admin, settings) and answers ephemerally; the public record is the
mod-log. ``/mod`` is hidden from members by ``default_permissions`` (Moderate Members) and
checked again here, since a server admin may change those defaults.
"""

from __future__ import annotations

import io
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.moderation import cases, settings
from cogs.moderation.access import (
    hierarchy_refusal,
    require_manager,
    require_moderator,
)
from cogs.moderation.errors import ModRefusal
from cogs.moderation.expiry import ExpiryWorker
from cogs.moderation.history import HistoryPage, history_message
from cogs.moderation.ladder import Kind, LadderRefused, history, step_kind
from cogs.moderation.modlog import case_embed
from cogs.moderation.rulebook import Rulebook, server_rulebook
from cogs.moderation.rules_admin import (
    EXPORT_NAME,
    export_text,
    import_text,
    reset_rules,
    rules_embed,
    set_violation,
)
from cogs.moderation.texts import step_text
from db import moderation as db
from db.guild_settings import get_settings, update_settings
from engine.moderation import ModerationError, Step, decide, parse_duration
from locales import t

__all__ = ["ModCog", "setup"]

MODERATE = discord.Permissions(moderate_members=True)
Duration = app_commands.Range[str, 1, 20]
Text = app_commands.Range[str, 1, 500]
#: The options of /mod warn, mute and ban (the same three-line story for each).
SANCTION_OPTIONS = {
    "member": locale_str("Who broke the rule"),
    "violation": locale_str("Which rule (R-MOD)"),
    "duration": locale_str("Another duration for this step, e.g. 30m, 2h, 1d"),
    "reason": locale_str("What happened, in your words"),
    "evidence": locale_str("A message link or an attachment's link"),
    "file": locale_str("A screenshot or a file as evidence"),
}


def _duration(text: str | None) -> timedelta | None:
    if text is None:
        return None
    try:
        return parse_duration(text)
    except ModerationError as error:
        raise ModRefusal(f"mod-problem-{error.code}") from None


def _evidence(link: str | None, file: discord.Attachment | None) -> str | None:
    """The case's evidence: the link given, and the attached file's address (Discord keeps it)."""
    parts = [part for part in (link, file.url if file else None) if part]
    return "\n".join(parts)[:500] or None


def _answer(outcome: cases.Outcome, rulebook: Rulebook, locale: object) -> str:
    case = outcome.case
    if not outcome.created:
        return t(locale, "mod-duplicate", number=case.number)
    lines = [
        t(
            locale,
            "mod-done",
            number=case.number,
            member=f"<@{case.user_id}>",
            offence=case.offence,
            code=case.violation,
            violation=rulebook.name(case.violation, locale),
            action=step_text(case.applied, locale),
        )
    ]
    if case.auto_mute:
        lines.append(t(locale, "mod-auto-mute-reason"))
    if case.expires_at is not None:
        lines.append(t(locale, "mod-until", until=f"<t:{int(case.expires_at.timestamp())}:f>"))
    lines += [t(locale, note) for note in outcome.notes]
    return "\n".join(lines)


async def _violation_choices(
    interaction: discord.Interaction[Any], typed: str
) -> list[app_commands.Choice[str]]:
    """The server's violations matching what was typed; with the member chosen, each says the
    step he would get now ("spam — 2nd: ban")."""
    assert interaction.guild_id is not None
    rulebook = await server_rulebook(interaction.guild_id)
    member = getattr(interaction.namespace, "member", None)
    past = []
    if member is not None:
        past = history(await db.cases_of(interaction.guild_id, member.id, limit=1000))
    now = interaction.created_at
    typed = typed.casefold()
    found: list[app_commands.Choice[str]] = []
    for code in rulebook.codes():
        name = rulebook.name(code, interaction.locale)
        if typed not in code.casefold() and typed not in name.casefold():
            continue
        label = f"{code} — {name}"
        if member is not None:
            decision = decide(past, code, now, catalogue=rulebook.catalogue)
            step = rulebook.catalogue.step(code, decision.offence)[1]
            label = t(
                interaction.locale,
                "mod-choice-next",
                label=label,
                offence=decision.offence,
                action=step_text(step, interaction.locale),
            )
        found.append(app_commands.Choice(name=label[:100], value=code))
    return found[:25]


class ModCog(commands.Cog):
    mod = app_commands.Group(
        name=locale_str("mod"),
        description=locale_str("Moderation by the chat rulebook"),
        default_permissions=MODERATE,
        guild_only=True,
    )
    rules = app_commands.Group(
        name=locale_str("rules"),
        description=locale_str("The server's rulebook: see, change, reset, export, import"),
        parent=mod,
    )
    config = app_commands.Group(
        name=locale_str("settings"),
        description=locale_str("Moderation settings: mod-log, detectors, linked accounts"),
        parent=mod,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # --- cases ----------------------------------------------------------------------------------

    async def _sanction(
        self,
        interaction: discord.Interaction[Any],
        kind: Kind,
        member: discord.Member | discord.User,
        violation: str,
        duration: str | None,
        reason: str | None,
        evidence: str | None,
    ) -> None:
        moderator = await require_moderator(interaction, ban=kind == "ban")
        guild = interaction.guild
        assert guild is not None
        refusal = hierarchy_refusal(guild, moderator, member, mute=kind == "mute")
        if refusal is not None:
            raise ModRefusal(refusal)
        rulebook = await server_rulebook(guild.id)
        if not rulebook.knows(violation):
            raise ModRefusal("mod-refused-unknown-violation", code=violation)
        length = _duration(duration)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            outcome = await cases.open_case(
                guild,
                member,
                moderator_id=moderator.id,
                violation=violation,
                key=f"cmd:{interaction.id}",
                kind=kind,
                duration=length,
                reason=reason,
                evidence=evidence,
                at=interaction.created_at,
                rulebook=rulebook,
            )
        except LadderRefused as refused:
            raise _ladder_refusal(refused, member, rulebook) from None
        await interaction.followup.send(
            _answer(outcome, rulebook, interaction.locale),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @mod.command(
        name=locale_str("warn"), description=locale_str("Warn a member (the ladder's step)")
    )
    @app_commands.describe(**SANCTION_OPTIONS)
    async def warn(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | discord.User,  # a User: he is not on the server (left)
        violation: str,
        duration: Duration | None = None,
        reason: Text | None = None,
        evidence: Text | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        proof = _evidence(evidence, file)
        await self._sanction(interaction, "warn", member, violation, duration, reason, proof)

    @mod.command(
        name=locale_str("mute"), description=locale_str("Mute a member (the ladder's step)")
    )
    @app_commands.describe(**SANCTION_OPTIONS)
    async def mute(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | discord.User,  # a User: he is not on the server (left)
        violation: str,
        duration: Duration | None = None,
        reason: Text | None = None,
        evidence: Text | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        proof = _evidence(evidence, file)
        await self._sanction(interaction, "mute", member, violation, duration, reason, proof)

    @mod.command(name=locale_str("ban"), description=locale_str("Ban a member (the ladder's step)"))
    @app_commands.describe(
        **{**SANCTION_OPTIONS, "duration": locale_str("A temporary ban: how long, e.g. 7d")}
    )
    async def ban(
        self,
        interaction: discord.Interaction[Any],
        member: discord.Member | discord.User,  # a User: he is not on the server (left)
        violation: str,
        duration: Duration | None = None,
        reason: Text | None = None,
        evidence: Text | None = None,
        file: discord.Attachment | None = None,
    ) -> None:
        proof = _evidence(evidence, file)
        await self._sanction(interaction, "ban", member, violation, duration, reason, proof)

    warn.autocomplete("violation")(_violation_choices)
    mute.autocomplete("violation")(_violation_choices)
    ban.autocomplete("violation")(_violation_choices)

    @mod.command(
        name=locale_str("pardon"),
        description=locale_str("End a case's sanction now (it still counts on the ladder)"),
    )
    @app_commands.describe(case=locale_str("The case's number"))
    async def pardon(
        self, interaction: discord.Interaction[Any], case: app_commands.Range[int, 1]
    ) -> None:
        moderator = await require_moderator(interaction)
        assert interaction.guild is not None
        ended = await cases.end_case(interaction.guild, case, moderator.id, revoke=False)
        if ended is None:
            raise ModRefusal("mod-refused-not-active", number=case)
        await interaction.response.send_message(
            t(interaction.locale, "mod-pardoned", number=case), ephemeral=True
        )

    @mod.command(name=locale_str("history"), description=locale_str("A member's cases"))
    @app_commands.describe(member=locale_str("Whose cases"))
    async def history_(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        embed, view = await history_message(interaction.guild_id, member.id, 0, interaction.locale)
        if view is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @mod.command(
        name=locale_str("case"),
        description=locale_str("See a case; change its reason or duration; revoke it"),
    )
    @app_commands.describe(
        number=locale_str("The case's number"),
        reason=locale_str("A new reason"),
        duration=locale_str("A new duration from the case's start, e.g. 2h"),
        revoke=locale_str("Revoke: lift the sanction; the case no longer counts"),
    )
    async def case(
        self,
        interaction: discord.Interaction[Any],
        number: app_commands.Range[int, 1],
        reason: app_commands.Range[str, 1, 500] | None = None,
        duration: app_commands.Range[str, 1, 20] | None = None,
        revoke: bool = False,
    ) -> None:
        moderator = await require_moderator(interaction)
        guild = interaction.guild
        assert guild is not None
        found = await db.get_case(guild.id, number)
        if found is None:
            raise ModRefusal("mod-refused-no-case", number=number)
        if found.banned and (revoke or duration) and not moderator.guild_permissions.ban_members:
            raise ModRefusal("mod-refused-not-banner")
        length = _duration(duration)
        if reason is not None or length is not None:
            found = await cases.edit_case(
                guild, number, moderator.id, reason=reason, duration=length
            )
        if revoke:
            ended = await cases.end_case(guild, number, moderator.id, revoke=True)
            if ended is None:
                raise ModRefusal("mod-refused-already-revoked", number=number)
            found = ended
        rulebook = await server_rulebook(guild.id)
        await interaction.response.send_message(
            embed=case_embed(found, rulebook, interaction.locale), ephemeral=True
        )

    @mod.command(name=locale_str("unban"), description=locale_str("Lift a ban"))
    @app_commands.describe(user=locale_str("Who is banned"), reason=locale_str("Why"))
    async def unban(
        self,
        interaction: discord.Interaction[Any],
        user: discord.User,
        reason: app_commands.Range[str, 1, 500] | None = None,
    ) -> None:
        moderator = await require_moderator(interaction, ban=True)
        guild = interaction.guild
        assert guild is not None
        await interaction.response.defer(ephemeral=True, thinking=True)
        ended = await cases.unban(guild, user.id, moderator.id, reason)
        key = "mod-unbanned" if ended else "mod-not-banned"
        await interaction.followup.send(
            t(interaction.locale, key, member=f"<@{user.id}>"),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # --- the rulebook (R-MOD-1) -----------------------------------------------------------------

    @rules.command(name=locale_str("show"), description=locale_str("The server's rulebook"))
    async def rules_show(self, interaction: discord.Interaction[Any]) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        rulebook = await server_rulebook(interaction.guild_id)
        await interaction.response.send_message(
            embed=rules_embed(rulebook, interaction.locale), ephemeral=True
        )

    @rules.command(
        name=locale_str("set"),
        description=locale_str("Change a violation: its ladder, its name, retire it; or add one"),
    )
    @app_commands.describe(
        violation=locale_str("The violation's code (a new code adds a violation)"),
        ladder=locale_str("Steps from the first offence, e.g. warn, mute 30m, ban"),
        name=locale_str("Its name in the server's language"),
        retired=locale_str("Retire it (true) or bring it back (false)"),
    )
    async def rules_set(
        self,
        interaction: discord.Interaction[Any],
        violation: app_commands.Range[str, 1, 32],
        ladder: app_commands.Range[str, 1, 300] | None = None,
        name: app_commands.Range[str, 1, 100] | None = None,
        retired: bool | None = None,
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        language = (await get_settings(interaction.guild_id)).language
        rulebook = await set_violation(
            interaction.guild_id,
            violation,
            language=language,
            ladder=ladder,
            name=name,
            retired=retired,
        )
        code = violation.strip().lower()
        await interaction.response.send_message(
            t(
                interaction.locale,
                "mod-rules-set",
                code=code,
                name=rulebook.name(code, interaction.locale),
                ladder=" → ".join(step_text(s, interaction.locale) for s in rulebook.ladder(code)),
            )
            + (
                "\n" + t(interaction.locale, "mod-rules-retired")
                if code in rulebook.retired
                else ""
            ),
            ephemeral=True,
        )

    @rules.command(name=locale_str("reset"), description=locale_str("Back to R-MOD as written"))
    @app_commands.describe(violation=locale_str("One violation (empty: the whole rulebook)"))
    async def rules_reset(
        self,
        interaction: discord.Interaction[Any],
        violation: app_commands.Range[str, 1, 32] | None = None,
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        await reset_rules(interaction.guild_id, violation)
        key = "mod-rules-reset-one" if violation else "mod-rules-reset-all"
        await interaction.response.send_message(
            t(interaction.locale, key, code=violation or ""), ephemeral=True
        )

    @rules.command(name=locale_str("export"), description=locale_str("The rulebook as a JSON file"))
    async def rules_export(self, interaction: discord.Interaction[Any]) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        text = await export_text(interaction.guild_id)
        await interaction.response.send_message(
            t(interaction.locale, "mod-rules-exported"),
            file=discord.File(io.BytesIO(text.encode("utf-8")), filename=EXPORT_NAME),
            ephemeral=True,
        )

    @rules.command(
        name=locale_str("import"), description=locale_str("Replace the rulebook by a JSON file")
    )
    @app_commands.describe(file=locale_str("A file made by /mod rules export (edited)"))
    async def rules_import(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        rulebook = await import_text(interaction.guild_id, await file.read())
        await interaction.response.send_message(
            t(interaction.locale, "mod-rules-imported", count=len(rulebook.codes())),
            ephemeral=True,
        )

    # --- settings -------------------------------------------------------------------------------

    @config.command(name=locale_str("show"), description=locale_str("The moderation settings"))
    async def settings_show(self, interaction: discord.Interaction[Any]) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        await interaction.response.send_message(
            embed=await settings.settings_embed(interaction.guild_id, interaction.locale),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @config.command(name=locale_str("log"), description=locale_str("The mod-log channel"))
    @app_commands.describe(channel=locale_str("Where cases and reports are posted"))
    async def settings_log(
        self, interaction: discord.Interaction[Any], channel: discord.TextChannel
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        await update_settings(interaction.guild_id, log_channel_id=channel.id)
        await interaction.response.send_message(
            t(interaction.locale, "mod-settings-log", channel=channel.mention), ephemeral=True
        )

    @config.command(
        name=locale_str("appeal"), description=locale_str("How a banned member may appeal")
    )
    @app_commands.describe(text=locale_str("Sent to a member with his ban"))
    async def settings_appeal(
        self, interaction: discord.Interaction[Any], text: app_commands.Range[str, 1, 1000]
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        await db.update_mod_settings(interaction.guild_id, appeal=text)
        await interaction.response.send_message(
            t(interaction.locale, "mod-settings-appeal"), ephemeral=True
        )

    @config.command(
        name=locale_str("detector"),
        description=locale_str("Turn a detector off, or choose what it opens"),
    )
    @app_commands.describe(
        name=locale_str("Which detector"), mode=locale_str("Off, open a case, or open a report")
    )
    @app_commands.choices(
        name=[
            app_commands.Choice(name=locale_str(code, key=f"choice-detector-{code}"), value=code)
            for code in settings.DETECTORS
        ],
        mode=[
            app_commands.Choice(name=locale_str(mode, key=f"choice-mode-{mode}"), value=mode)
            for mode in settings.MODES
        ],
    )
    async def settings_detector(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Choice[str],
        mode: app_commands.Choice[str],
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        await settings.set_detector(interaction.guild_id, name.value, mode=mode.value)
        await interaction.response.send_message(
            t(
                interaction.locale,
                "mod-settings-detector",
                detector=t(interaction.locale, f"choice-detector-{name.value}"),
                mode=t(interaction.locale, f"choice-mode-{mode.value}"),
            ),
            ephemeral=True,
        )

    @config.command(
        name=locale_str("flood"),
        description=locale_str("Command flood: how many commands in how long"),
    )
    @app_commands.describe(
        count=locale_str("More than this many commands…"),
        seconds=locale_str("…within this many seconds"),
    )
    async def settings_flood(
        self,
        interaction: discord.Interaction[Any],
        count: app_commands.Range[int, 2, 100],
        seconds: app_commands.Range[int, 1, 3600],
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        await settings.set_detector(
            interaction.guild_id, "command_flood", count=count, seconds=seconds
        )
        await interaction.response.send_message(
            t(interaction.locale, "mod-settings-flood", count=count, seconds=seconds),
            ephemeral=True,
        )

    @config.command(
        name=locale_str("link"), description=locale_str("Mark two accounts as one person's")
    )
    @app_commands.describe(first=locale_str("One account"), second=locale_str("The other account"))
    async def settings_link(
        self, interaction: discord.Interaction[Any], first: discord.User, second: discord.User
    ) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        if first.id == second.id:
            raise ModRefusal("mod-refused-link-self")
        await settings.link(interaction.guild_id, first.id, second.id)
        await interaction.response.send_message(
            t(
                interaction.locale,
                "mod-settings-linked",
                first=first.mention,
                second=second.mention,
            ),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @config.command(
        name=locale_str("unlink"),
        description=locale_str("An account is no longer marked as linked"),
    )
    @app_commands.describe(user=locale_str("The account"))
    async def settings_unlink(
        self, interaction: discord.Interaction[Any], user: discord.User
    ) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        await settings.unlink(interaction.guild_id, user.id)
        await interaction.response.send_message(
            t(interaction.locale, "mod-settings-unlinked", user=user.mention),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )


class WrongStep(ModRefusal):
    """The ladder's step is not what the command asked for: name the step and its command."""

    def __init__(
        self, key: str, member: discord.Member | discord.User, offence: int, code: str, step: Step
    ):
        super().__init__(key)
        self.member, self.offence, self.code, self.step = member, offence, code, step

    def text(self, locale: object) -> str:
        return t(
            locale,
            self.key,
            member=self.member.mention,
            offence=self.offence,
            code=self.code,
            step=step_text(self.step, locale),
            command=t(locale, f"mod-command-{step_kind(self.step)}"),
        )


def _ladder_refusal(
    refused: LadderRefused, member: discord.Member | discord.User, rulebook: Rulebook
) -> ModRefusal:
    decision = refused.decision
    assert decision is not None
    step = rulebook.catalogue.step(decision.violation, decision.offence)[1]
    key = "mod-refused-no-duration" if refused.code == "no_duration" else "mod-refused-wrong-kind"
    return WrongStep(key, member, decision.offence, decision.violation, step)


async def _mafia_rules(interaction: discord.Interaction[Any]) -> None:
    """``/mafia rules``: the server's rulebook for anyone, in his language."""
    if interaction.guild_id is None:
        raise ModRefusal("error-guild-only")
    rulebook = await server_rulebook(interaction.guild_id)
    await interaction.response.send_message(
        embed=rules_embed(rulebook, interaction.locale), ephemeral=True
    )


MAFIA_RULES: app_commands.Command[Any, ..., None] = app_commands.Command(
    name=locale_str("rules"),
    description=locale_str("The server's chat rulebook: violations and sanctions"),
    callback=_mafia_rules,
)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModCog(bot))
    bot.add_dynamic_items(HistoryPage)
    # /mafia rules joins the players' group (loaded before this extension: names sort so).
    mafia = bot.tree.get_command("mafia")
    if isinstance(mafia, app_commands.Group) and mafia.get_command("rules") is None:
        mafia.add_command(MAFIA_RULES)
    worker = ExpiryWorker(bot)
    bot.moderation_expiry = worker  # type: ignore[attr-defined]
    stop_callbacks = getattr(bot, "stop_callbacks", None)
    if stop_callbacks is not None:
        stop_callbacks.append(worker.stop)
    if getattr(bot, "database_open", False):
        worker.start()


async def teardown(bot: commands.Bot) -> None:
    worker = getattr(bot, "moderation_expiry", None)
    if worker is not None:
        await worker.stop()
