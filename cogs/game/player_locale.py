"""Each player's DMs in his own language (issue 19): the role card, the prompts, the reminders
and the results he is told privately speak the language of his Discord client — the locale of
his latest interaction with the bot, stored on his seat (db.player_locale) — falling back to the
server's language when he has none it speaks; public posts stay in the server's language.

The listener sees every interaction (a command, a button, a select) before its handler; a
player's language is written only when it changes (remembered here per process, so an
unchanged one costs no query after the first)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from cogs.support.ack_gate import settled
from db.guild_settings import get_settings
from db.player_locale import player_locales, remember_locale
from db.records import GameInfo
from locales import SUPPORTED_LOCALES

__all__ = ["PlayerLocale", "dm_locales", "note_locale", "spoken"]

log = logging.getLogger(__name__)
#: user id → the locale last stored for him by this process.
_stored: dict[int, str] = {}


def spoken(locale: object) -> str | None:
    """The supported language of ``locale`` (``'en-US'`` → ``'en'``), or None."""
    value = str(getattr(locale, "value", locale) or "")
    language = value.replace("_", "-").split("-", 1)[0].lower()
    return language if language in SUPPORTED_LOCALES else None


async def note_locale(user_id: int, locale: object) -> None:
    """Store the locale an interaction of ``user_id`` came with on his live seats."""
    value = str(getattr(locale, "value", locale) or "")
    if not value or _stored.get(user_id) == value:
        return
    if await remember_locale(user_id, value):  # no seat yet: ask again next time
        _stored[user_id] = value


def forget(user_id: int) -> None:
    """A new seat (a signup): his next interaction writes his language on it too."""
    _stored.pop(user_id, None)


async def dm_locales(game: GameInfo) -> Callable[[str], str]:
    """The language to tell each player of ``game`` in, by engine id: his, else the server's."""
    server = (await get_settings(game.guild_id)).language
    stored = {pid: spoken(value) for pid, value in (await player_locales(game.id)).items()}

    def of(pid: str) -> str:
        return stored.get(pid) or server

    return of


class PlayerLocale(commands.Cog):
    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        await settled(interaction.client)  # answers first (cogs.support.ack_gate)
        try:
            await note_locale(interaction.user.id, interaction.locale)
        except Exception:  # a language not stored never stops an interaction
            log.exception("could not store the locale of %s", interaction.user.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayerLocale())
