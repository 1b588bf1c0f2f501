"""``/mod settings show``, ``log``, ``appeal``, ``detector``, ``flood``, ``link`` and
``unlink``: the server's moderation settings.

Thin: each command checks who acts (cogs.moderation.access), calls one service function
(cogs.moderation.settings) and answers ephemerally. :class:`SettingsCommands` is one of the
parts of ``commands.ModCog``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.moderation import settings
from cogs.moderation.access import require_manager, require_moderator
from cogs.moderation.command_groups import SETTINGS
from cogs.moderation.errors import ModRefusal
from locales import t

__all__ = ["SettingsCommands"]


class SettingsCommands(commands.Cog):
    """The ``/mod settings`` commands: a part of ``ModCog`` (a cog only for the type checker;
    only ``ModCog`` is added to the bot)."""

    @SETTINGS.command(name=locale_str("show"), description=locale_str("The moderation settings"))
    async def settings_show(self, interaction: discord.Interaction[Any]) -> None:
        await require_moderator(interaction)
        assert interaction.guild_id is not None
        await interaction.response.send_message(
            embed=await settings.settings_embed(interaction.guild_id, interaction.locale),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @SETTINGS.command(name=locale_str("log"), description=locale_str("The mod-log channel"))
    @app_commands.describe(channel=locale_str("Where cases and reports are posted"))
    async def settings_log(
        self, interaction: discord.Interaction[Any], channel: discord.TextChannel
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        await settings.set_log_channel(interaction.guild_id, channel.id)
        await interaction.response.send_message(
            t(interaction.locale, "mod-settings-log", channel=channel.mention), ephemeral=True
        )

    @SETTINGS.command(
        name=locale_str("appeal"), description=locale_str("How a banned member may appeal")
    )
    @app_commands.describe(text=locale_str("Sent to a member with his ban"))
    async def settings_appeal(
        self, interaction: discord.Interaction[Any], text: app_commands.Range[str, 1, 1000]
    ) -> None:
        await require_manager(interaction)
        assert interaction.guild_id is not None
        await settings.set_appeal(interaction.guild_id, text)
        await interaction.response.send_message(
            t(interaction.locale, "mod-settings-appeal"), ephemeral=True
        )

    @SETTINGS.command(
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

    @SETTINGS.command(
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

    @SETTINGS.command(
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

    @SETTINGS.command(
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
