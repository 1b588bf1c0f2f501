"""``/mod rules show``, ``set``, ``reset``, ``export`` and ``import``: the server's rulebook
(R-MOD-1), and ``/mafia rules``, the same rulebook for everyone.

Thin: each command checks who acts (cogs.moderation.access), calls one service function
(cogs.moderation.rules_admin, rulebook) and answers ephemerally. :class:`RulebookCommands` is
one of the parts of ``commands.ModCog``.
"""

from __future__ import annotations

import io
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.moderation.access import require_manager, require_moderator
from cogs.moderation.command_groups import RULES
from cogs.moderation.errors import ModRefusal
from cogs.moderation.rulebook import server_rulebook
from cogs.moderation.rules_admin import (
    EXPORT_NAME,
    export_text,
    import_text,
    reset_rules,
    rules_embed,
    set_violation,
)
from cogs.moderation.texts import step_text
from locales import t

__all__ = ["RulebookCommands", "mafia_rules"]


class RulebookCommands(commands.Cog):
    """The ``/mod rules`` commands: a part of ``ModCog`` (a cog only for the type checker;
    only ``ModCog`` is added to the bot)."""

    @RULES.command(name=locale_str("show"), description=locale_str("The server's rulebook"))
    async def rules_show(self, interaction: discord.Interaction[Any]) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        rulebook = await server_rulebook(interaction.guild_id)
        await interaction.response.send_message(
            embed=rules_embed(rulebook, interaction.locale), ephemeral=True
        )

    @RULES.command(
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
        rulebook = await set_violation(
            interaction.guild_id, violation, ladder=ladder, name=name, retired=retired
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

    @RULES.command(
        name=locale_str("reset"),
        description=locale_str("Undo the server's changes to the rulebook"),
    )
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

    @RULES.command(name=locale_str("export"), description=locale_str("The rulebook as a JSON file"))
    async def rules_export(self, interaction: discord.Interaction[Any]) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        text = await export_text(interaction.guild_id)
        await interaction.response.send_message(
            t(interaction.locale, "mod-rules-exported"),
            file=discord.File(io.BytesIO(text.encode("utf-8")), filename=EXPORT_NAME),
            ephemeral=True,
        )

    @RULES.command(
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


async def _mafia_rules(interaction: discord.Interaction[Any]) -> None:
    """``/mafia rules``: the server's rulebook for anyone, in his language."""
    if interaction.guild_id is None:
        raise ModRefusal("error-guild-only")
    rulebook = await server_rulebook(interaction.guild_id)
    await interaction.response.send_message(
        embed=rules_embed(rulebook, interaction.locale), ephemeral=True
    )


def mafia_rules() -> app_commands.Command[Any, ..., None]:
    """``/mafia rules``, to join the players' group when the extension is loaded: a new one
    each time, since adding a command to a group makes that group its parent (two bots in one
    process each have their own ``/mafia``)."""
    return app_commands.Command(
        name=locale_str("rules"),
        description=locale_str("The server's chat rulebook: violations and sanctions"),
        callback=_mafia_rules,
    )
