"""The ``/mod`` group and its two subgroups, ``/mod rules`` and ``/mod settings``.

Made here, apart from the cog, so that each module of commands (cogs.moderation.case_commands,
rulebook_commands, settings_commands) can add its commands to them; ``commands.ModCog`` holds
them as class attributes, which is how discord.py binds their commands to the cog. ``/mod`` is
hidden from members by ``default_permissions`` (Moderate Members) and checked again in each
command (cogs.moderation.access), since a server admin may change those defaults.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

__all__ = ["MOD", "MODERATE", "RULES", "SETTINGS"]

MODERATE = discord.Permissions(moderate_members=True)

MOD = app_commands.Group(
    name=locale_str("mod"),
    description=locale_str("Moderation by the chat rulebook"),
    default_permissions=MODERATE,
    guild_only=True,
)
RULES = app_commands.Group(
    name=locale_str("rules"),
    description=locale_str("The server's rulebook: see, change, reset, export, import"),
    parent=MOD,
)
SETTINGS = app_commands.Group(
    name=locale_str("settings"),
    description=locale_str("Moderation settings: mod-log, detectors, linked accounts"),
    parent=MOD,
)
