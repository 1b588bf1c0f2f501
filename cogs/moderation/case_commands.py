"""``/mod warn``, ``mute``, ``ban``, ``pardon``, ``history``, ``case`` and ``unban``: the
moderators' cases (R-MOD).

Thin: each command checks who acts (cogs.moderation.access), calls one service function
(cogs.moderation.cases, next_step, history) and answers ephemerally; the public record is the
mod-log. :class:`CaseCommands` is one of the parts of ``commands.ModCog``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.moderation import cases
from cogs.moderation.access import hierarchy_refusal, require_moderator
from cogs.moderation.command_groups import MOD
from cogs.moderation.errors import ModRefusal
from cogs.moderation.history import history_message
from cogs.moderation.ladder import Kind, LadderRefused, step_kind
from cogs.moderation.modlog import case_embed
from cogs.moderation.next_step import next_steps
from cogs.moderation.rulebook import Rulebook, server_rulebook
from cogs.moderation.texts import step_text
from cogs.support.inert import inert
from engine.moderation import Step
from locales import t

__all__ = ["CaseCommands", "WrongStep"]

Duration = app_commands.Range[str, 1, 20]
Text = app_commands.Range[str, 1, 500]
#: The options of /mod warn, mute and ban (the same three-line story for each).
SANCTION_OPTIONS = {
    "member": locale_str("Who broke the rule"),
    "violation": locale_str("Which rule was broken"),
    "duration": locale_str("Another duration for this step, e.g. 30m, 2h, 1d"),
    "reason": locale_str("What happened, in your words"),
    "evidence": locale_str("A message link or an attachment's link"),
    "file": locale_str("A screenshot or a file as evidence"),
}


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
    member = getattr(interaction.namespace, "member", None)
    found = await next_steps(
        interaction.guild_id, None if member is None else member.id, interaction.created_at
    )
    typed = typed.casefold()
    choices: list[app_commands.Choice[str]] = []
    for code in found.rulebook.codes():
        name = found.rulebook.name(code, interaction.locale)
        if typed not in code.casefold() and typed not in name.casefold():
            continue
        label = f"{code} — {name}"
        if member is not None:
            offence, step = found.steps[code]
            label = t(
                interaction.locale,
                "mod-choice-next",
                label=label,
                offence=offence,
                action=step_text(step, interaction.locale),
            )
        choices.append(app_commands.Choice(name=label[:100], value=code))
    return choices[:25]


class CaseCommands(commands.Cog):
    """The case commands of ``/mod``: a part of ``ModCog`` (a cog only for the type checker;
    only ``ModCog`` is added to the bot)."""

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
        length = cases.typed_duration(duration)
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
                reason=inert(reason) if reason else None,  # repeated in the mod-log
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

    @MOD.command(
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

    @MOD.command(
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

    @MOD.command(name=locale_str("ban"), description=locale_str("Ban a member (the ladder's step)"))
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

    @MOD.command(
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

    @MOD.command(name=locale_str("history"), description=locale_str("A member's cases"))
    @app_commands.describe(member=locale_str("Whose cases"))
    async def history_(self, interaction: discord.Interaction[Any], member: discord.User) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        embed, view = await history_message(interaction.guild_id, member.id, 0, interaction.locale)
        if view is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @MOD.command(
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
        assert interaction.guild is not None
        found, rulebook = await cases.review_case(
            interaction.guild,
            number,
            moderator.id,
            may_ban=moderator.guild_permissions.ban_members,
            reason=inert(reason) if reason else None,
            duration=duration,
            revoke=revoke,
        )
        await interaction.response.send_message(
            embed=case_embed(found, rulebook, interaction.locale), ephemeral=True
        )

    @MOD.command(name=locale_str("unban"), description=locale_str("Lift a ban"))
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
        ended = await cases.unban(guild, user.id, moderator.id, reason, key=str(interaction.id))
        key = "mod-unbanned" if ended else "mod-not-banned"
        await interaction.followup.send(
            t(interaction.locale, key, member=f"<@{user.id}>"),
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
