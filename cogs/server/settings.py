"""``/server``: the bot's settings for this server, for those who manage it (issue 10: "server
setting for who may host"): the language of its public posts, the time zone of clock games
(R-TIME), the role whose members may host besides the managers, the moderators' role (R-MOD),
whether the morning post carries the town's picture (issue 22, cogs.game.town).

Thin, like the other cogs: each command checks, calls ``db.guild_settings``, answers privately.
Discord hides the group from members without Manage Server (``default_permissions``); the real
check is made again here, since a server may open the command to others in its Integrations.
"""

from __future__ import annotations

from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs.support.errors import UserFacingError
from db.guild_settings import GuildConfig, get_settings, update_settings
from locales import SUPPORTED_LOCALES, t

__all__ = ["ServerSettingsCog", "setup"]

#: Autocomplete offers the zones whose name contains what was typed (Discord: 25 at most).
MAX_CHOICES = 25


def _manager(interaction: discord.Interaction[Any]) -> int:
    """The server's id, for a member who may manage it; refused otherwise."""
    member = interaction.user
    if interaction.guild_id is None or not isinstance(member, discord.Member):
        raise UserFacingError("error-guild-only")
    if not member.guild_permissions.manage_guild:
        raise UserFacingError("settings-not-manager")
    return interaction.guild_id


def settings_text(config: GuildConfig, locale: object) -> str:
    """Every setting, as the server's managers read it."""
    unset = t(locale, "settings-unset")
    return "\n".join(
        [
            f"**{t(locale, 'settings-title')}**",
            t(locale, "settings-language", value=config.language),
            t(locale, "settings-timezone", value=config.timezone),
            t(
                locale,
                "settings-host-role",
                value=f"<@&{config.host_role_id}>" if config.host_role_id else unset,
            ),
            t(
                locale,
                "settings-moderator-role",
                value=f"<@&{config.moderator_role_id}>" if config.moderator_role_id else unset,
            ),
            t(
                locale,
                "settings-town-picture",
                value=t(locale, "settings-on" if config.town_picture else "settings-off"),
            ),
        ]
    )


class ServerSettingsCog(commands.Cog):
    server = app_commands.Group(
        name=locale_str("server"),
        description=locale_str("The bot's settings for this server"),
        default_permissions=discord.Permissions(manage_guild=True),
        guild_only=True,
    )

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _answer(self, interaction: discord.Interaction[Any], config: GuildConfig) -> None:
        await interaction.response.send_message(
            settings_text(config, interaction.locale),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @server.command(name=locale_str("show"), description=locale_str("The bot's settings here"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        await self._answer(interaction, await get_settings(_manager(interaction)))

    @server.command(
        name=locale_str("language"), description=locale_str("The language of the public posts")
    )
    @app_commands.describe(value=locale_str("The language"))
    @app_commands.choices(
        value=[
            app_commands.Choice(name=locale_str("Русский", key="choice-language-ru"), value="ru"),
            app_commands.Choice(name=locale_str("English", key="choice-language-en"), value="en"),
        ]
    )
    async def language(
        self, interaction: discord.Interaction[Any], value: app_commands.Choice[str]
    ) -> None:
        guild_id = _manager(interaction)
        assert value.value in SUPPORTED_LOCALES
        await self._answer(interaction, await update_settings(guild_id, language=value.value))

    @server.command(
        name=locale_str("timezone"), description=locale_str("The time zone of clock games")
    )
    @app_commands.describe(value=locale_str("A time zone, e.g. Europe/Moscow"))
    async def timezone(self, interaction: discord.Interaction[Any], value: str) -> None:
        guild_id = _manager(interaction)
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise UserFacingError("settings-bad-timezone", value=value[:64]) from None
        await self._answer(interaction, await update_settings(guild_id, timezone=value))

    @timezone.autocomplete("value")
    async def _zones(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> list[app_commands.Choice[str]]:
        wanted = typed.casefold()
        zones = sorted(z for z in available_timezones() if wanted in z.casefold())
        return [app_commands.Choice(name=z, value=z) for z in zones[:MAX_CHOICES]]

    @server.command(
        name=locale_str("host-role"),
        description=locale_str("Who may host games besides the managers (none: clear)"),
    )
    @app_commands.describe(role=locale_str("The hosts' role"))
    async def host_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        guild_id = _manager(interaction)
        config = await update_settings(guild_id, host_role_id=role.id if role else None)
        await self._answer(interaction, config)

    @server.command(
        name=locale_str("moderator-role"),
        description=locale_str("Who may moderate besides the managers (none: clear)"),
    )
    @app_commands.describe(role=locale_str("The moderators' role"))
    async def moderator_role(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None
    ) -> None:
        guild_id = _manager(interaction)
        config = await update_settings(guild_id, moderator_role_id=role.id if role else None)
        await self._answer(interaction, config)

    @server.command(
        name=locale_str("town-picture"),
        description=locale_str("The town's picture in the morning post: on or off"),
    )
    @app_commands.describe(value=locale_str("On or off"))
    @app_commands.choices(
        value=[
            app_commands.Choice(name=locale_str("On", key="choice-picture-on"), value="on"),
            app_commands.Choice(name=locale_str("Off", key="choice-picture-off"), value="off"),
        ]
    )
    async def town_picture(
        self, interaction: discord.Interaction[Any], value: app_commands.Choice[str]
    ) -> None:
        guild_id = _manager(interaction)
        config = await update_settings(guild_id, town_picture=value.value == "on")
        await self._answer(interaction, config)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ServerSettingsCog(bot))
