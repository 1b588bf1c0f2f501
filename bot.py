"""Entry point: settings from the environment (and ``.env``), logging, the bot, its cogs; run.

``python bot.py`` (or ``make run``). Exit codes: 0 stopped (Ctrl-C), 1 Discord unreachable,
2 missing or invalid setting (e.g. no DISCORD_TOKEN), 3 token rejected by Discord,
4 a privileged intent is not enabled in the Developer Portal.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from typing import Any

import aiohttp
import discord
import yarl
from discord.ext import commands

from cogs import discover_extensions
from cogs.support.errors import MafiaCommandTree
from db import close_db, init_db
from locales import set_default_locale
from locales.translator import FluentTranslator
from settings import Settings, SettingsError, load_settings

__all__ = ["MafiaBot", "bot_intents", "create_bot", "main"]

log = logging.getLogger("mafiabot")

NO_TOKEN = (
    "DISCORD_TOKEN is not set: get a token in the Discord Developer Portal "
    "(https://discord.com/developers/applications → your application → Bot → Reset Token) "
    "and put DISCORD_TOKEN=... in the environment or in a .env file here. "
    "/ Не задан DISCORD_TOKEN: получите токен на Discord Developer Portal и задайте его в .env."
)
BAD_TOKEN = (
    "Discord rejected DISCORD_TOKEN (login failed): copy a fresh token from the Developer Portal "
    "(Applications → your application → Bot → Reset Token) into DISCORD_TOKEN."
)
NO_INTENT = (
    "Discord refused a privileged intent: enable it in the Developer Portal "
    "(Applications → your application → Bot → Privileged Gateway Intents)."
)


def bot_intents() -> discord.Intents:
    """The gateway intents the bot asks for. None is privileged yet: slash commands, guilds,
    channels, roles and message events without content need no portal switch."""
    return discord.Intents.default()


class MafiaBot(commands.Bot):
    """The bot: opens the database, loads every cog, sets the translator, syncs the commands."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        # The bot never joins voice: no warnings about voice libraries at every start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        options.setdefault("intents", bot_intents())
        options.setdefault("tree_cls", MafiaCommandTree)
        options.setdefault("allowed_mentions", discord.AllowedMentions(everyone=False, roles=False))
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, **options)
        self.settings = settings

    async def setup_hook(self) -> None:
        applied = await init_db(self.settings.database_url)
        log.info("database ready (%s migration(s) applied now)", len(applied))
        await self.tree.set_translator(FluentTranslator())
        for extension in discover_extensions():
            await self.load_extension(extension)
        log.info("loaded extensions: %s", ", ".join(self.extensions) or "none")
        await self.sync_commands()

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        """Sync to TEST_GUILD_ID if set (instant), else globally (may take up to an hour)."""
        if self.settings.test_guild_id is not None:
            guild = discord.Object(id=self.settings.test_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s) to guild %s", len(synced), guild.id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global command(s)", len(synced))
        return synced

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            await close_db()


def create_bot(settings: Settings, **options: Any) -> MafiaBot:
    """A bot for ``settings``; ``options`` go to ``commands.Bot`` (e.g. ``intents``,
    ``guild_ready_timeout``). Nothing connects until ``start``; ``setup_hook`` does the rest."""
    set_default_locale(settings.default_locale)
    return MafiaBot(settings, **options)


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level,
        format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
        stream=sys.stderr,
        force=True,
    )


def use_endpoints(settings: Settings) -> None:
    """Point discord.py at another Discord (the test emulator) when the settings say so."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


async def run(bot: MafiaBot, token: str) -> None:
    async with bot:
        await bot.start(token)


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Invalid setting: {error}", file=sys.stderr)
        return 2
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    use_endpoints(settings)
    bot = create_bot(settings)
    try:
        asyncio.run(run(bot, settings.discord_token))
    except KeyboardInterrupt:
        print("Stopped.", file=sys.stderr)
        return 0
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 3
    except discord.PrivilegedIntentsRequired:
        print(NO_INTENT, file=sys.stderr)
        return 4
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as error:
        print(f"Cannot reach Discord: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
