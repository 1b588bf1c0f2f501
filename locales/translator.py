"""discord.py's ``app_commands.Translator`` over the same Fluent catalogues as :func:`locales.t`.

Key scheme (stable: it depends on the names in code, never on the text):

- a command, group or context menu: the message ``cmd-<qualified name, spaces as ->`` with the
  attributes ``.name`` and ``.description`` (``cmd-mafia-help.name``);
- a parameter: ``cmd-<command>-opt-<python parameter name>`` with ``.name`` and ``.description``;
- a choice: the ``key`` given to ``locale_str`` (``locale_str("Roles", key="choice-help-roles")``),
  else ``choice-<value>``.

An explicit ``locale_str(..., key="...")`` always wins over the derived key. Discord locales
``ru`` → ``ru``; ``en-US`` and ``en-GB`` → ``en``; other locales get no localization (Discord
then shows the default name and description written in code, in English).
"""

from __future__ import annotations

import logging
import re
import unicodedata
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from locales import catalogue

__all__ = [
    "DISCORD_LOCALES",
    "FluentTranslator",
    "command_key",
    "is_valid_command_name",
    "translation_key",
]

log = logging.getLogger(__name__)

# The Discord locales this bot localizes, and the catalogue each one reads.
DISCORD_LOCALES: dict[discord.Locale, str] = {
    discord.Locale.russian: "ru",
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
}

_NAME_LOCATIONS = {Where.command_name, Where.group_name, Where.parameter_name}
# Descriptions and choice names: 1 to 100 characters.
_TEXT_LOCATIONS = {
    Where.command_description,
    Where.group_description,
    Where.parameter_description,
    Where.choice_name,
}


def slug(text: str) -> str:
    """A Fluent-id-safe form of a name: lowercase, runs of anything else turned into ``-``."""
    return re.sub(r"[^a-z0-9_]+", "-", text.lower()).strip("-")


def command_key(
    command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
) -> str:
    """``cmd-mafia-help`` for ``/mafia help``; context menus by their name."""
    name = (
        command.qualified_name
        if not isinstance(command, app_commands.ContextMenu)
        else command.name
    )
    return "cmd-" + "-".join(slug(part) for part in name.split())


def translation_key(
    string: app_commands.locale_str, context: app_commands.TranslationContextTypes
) -> str | None:
    """The catalogue key for one string discord.py asks to translate, or None if it has none."""
    explicit = string.extras.get("key")
    if isinstance(explicit, str):
        return explicit
    attribute = "name" if context.location in _NAME_LOCATIONS else "description"
    data = context.data
    if isinstance(data, app_commands.Command | app_commands.Group | app_commands.ContextMenu):
        return f"{command_key(data)}.{attribute}"
    if isinstance(data, app_commands.Parameter):
        return f"{command_key(data.command)}-opt-{slug(data.name)}.{attribute}"
    if isinstance(data, app_commands.Choice):
        return f"choice-{slug(str(data.value))}"
    return None


def is_valid_command_name(name: str) -> bool:
    """Discord's rule for slash command, group and option names: ``^[-_\\p{L}\\p{N}]{1,32}$``,
    lowercase where the script has case."""
    return (
        1 <= len(name) <= 32
        and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in name)
        and name == name.lower()
    )


class FluentTranslator(app_commands.Translator):
    """Localizes command names, descriptions, options and choices from ``locales/*/*.ftl``."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = DISCORD_LOCALES.get(locale)
        if code is None:
            return None
        key = translation_key(string, context)
        if key is None:
            return None
        text = catalogue().exact(code, key, {})
        if text is None:
            log.warning("translator: no %r for %s (%r)", key, locale.value, string.message)
            return None
        text = text.strip()
        is_slash_name = context.location in _NAME_LOCATIONS and not isinstance(
            context.data,
            app_commands.ContextMenu,  # context menu names may have spaces, capitals
        )
        if is_slash_name and not is_valid_command_name(text):
            log.error("translator: %r in %s is not a valid command name: %r", key, code, text)
            return None
        if context.location in _TEXT_LOCATIONS and not 1 <= len(text) <= 100:
            log.error("translator: %r in %s must be 1..100 characters: %r", key, code, text)
            return None
        return text
