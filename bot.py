"""Entry point: settings from the environment (and ``.env``), logging, the bot, its cogs; run.

``python bot.py`` (or ``make run``). Start-up order: every setting is checked first (a bad one is
one line, exit 2); then the database is opened and migrated, within ``DB_CONNECT_TIMEOUT``; only
then does the bot log in to Discord. SIGTERM (systemd, docker) and Ctrl-C stop it gracefully:
new interactions are refused, running ones are answered, the scheduler stops, the database is
closed, exit 0. The terminal gets one line per failure; the log file (``LOG_FILE``) has the
traceback.

Exit codes (see :class:`Exit`): 0 stopped, 1 Discord unreachable, 2 missing or invalid setting
(e.g. no DISCORD_TOKEN), 3 token rejected by Discord, 4 a privileged intent is not enabled in the
Developer Portal, 5 the database cannot be opened, 6 any other failure.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import enum
import logging
import logging.handlers
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
import yarl
from discord.ext import commands

from cogs import discover_extensions
from cogs.delivery.pace import Pace, share, trace
from cogs.support import ack_gate
from cogs.support.errors import MafiaCommandTree
from cogs.support.inflight import InFlight
from cogs.support.sync import sync_if_changed
from cogs.support.views import answer_unknown_component
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


NO_MEMBERS_INTENT = (
    "The Server Members intent is off in the Developer Portal (Applications → your application "
    "→ Bot → Privileged Gateway Intents): the bot runs without it, but moderation cannot see "
    "nicknames change, members join or leave (the nick_change, confusable_nick and leave "
    "detectors) until it is switched on."
)


def bot_intents() -> discord.Intents:
    """The gateway intents the bot asks for. One is privileged, Server Members: moderation
    (R-MOD) sees nicknames change, members join and leave, and keeps the member list to lift a
    timeout; slash commands, guilds, channels, roles and message events need no portal switch."""
    intents = discord.Intents.default()
    intents.members = True
    return intents


# What the game needs of a server, for the invite link printed at start (the owners' guide's
# table, docs/*/owners.md, explains each; tests keep them and the README equal): channels, roles
# and overwrites per game; posts, threads, pins and deleting a dead player's post (R-SANCT-1);
# timeouts and bans (R-MOD). Create Private Threads and Add Reactions: the game channels'
# overwrites name them (writing there includes reacting), and Discord lets a bot set only
# permissions it holds (@everyone's defaults are not to be counted on). No webhooks: nothing
# posts through one. tests/test_bot_service.py keeps it a superset of the setup's needs.
REQUIRED_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    manage_channels=True,
    manage_roles=True,
    manage_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    add_reactions=True,
    manage_messages=True,
    moderate_members=True,
    ban_members=True,
)
# How long a stop waits for interactions being handled (Discord's own limit to answer is 3 s
# for the first reply; a deferred one may take longer).
DRAIN_SECONDS = 10.0


class Exit(enum.IntEnum):
    """``python bot.py``'s exit codes (documented in docs/*/owners.md)."""

    STOPPED = 0
    DISCORD_UNREACHABLE = 1
    BAD_SETTING = 2
    TOKEN_REJECTED = 3
    INTENT_DISABLED = 4
    DATABASE_UNAVAILABLE = 5
    FAILED = 6


#: Connections kept to one host (Discord's API) for the bot's requests and answers.
CONNECTIONS = 64


class DatabaseUnavailable(Exception):
    """The database could not be opened (or migrated) within the timeout."""


class MafiaBot(commands.AutoShardedBot):
    """The bot: opens the database, loads every cog, sets the translator, syncs the commands;
    stops gracefully (:meth:`shutdown`)."""

    def __init__(self, settings: Settings, **options: Any) -> None:
        # The bot never joins voice: no warnings about voice libraries at every start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        options.setdefault("intents", bot_intents())
        options.setdefault("tree_cls", MafiaCommandTree)
        options.setdefault("allowed_mentions", discord.AllowedMentions(everyone=False, roles=False))
        # Shards (README: "Shards"): several processes on one PostgreSQL, each running some.
        options.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids is not None:
            options.setdefault("shard_ids", list(settings.shard_ids))
        # Under Discord's global 50 requests/s, shared with the bot's other processes
        # (cogs.delivery.pace): the outbox's parallel lanes never earn a global 429.
        self.pace = Pace(share(settings.shard_count, settings.shard_ids, settings.rest_per_second))
        options.setdefault("http_trace", trace(self.pace))
        super().__init__(command_prefix=commands.when_mentioned, help_command=None, **options)
        self.settings = settings
        self.inflight = InFlight()
        #: Called (newest first) when the bot stops, before the database closes: the scheduler
        #: and other background workers register their stop here.
        self.stop_callbacks: list[Callable[[], Awaitable[None]]] = []
        # tortoise keeps its connections in context variables: they must be closed from the
        # context that opened them (a stop begins in a signal handler's task).
        self._database_context: contextvars.Context | None = None
        self._announced_ready = False
        self._cut_off = 0  # interactions still running when a stop gave up waiting

    async def login(self, token: str) -> None:
        # discord.py's default connector has no limit: at the 21:00 burst every answer opened
        # a connection of its own (with TLS, against Discord), and making them cost more than
        # the answers. A pool per host lets the answers reuse kept-alive connections; the
        # gateway's host is another (issue 20: p50 of 625 answers 650 → 440 ms on the emulator).
        if self.http.connector is discord.utils.MISSING:
            self.http.connector = aiohttp.TCPConnector(limit=0, limit_per_host=CONNECTIONS)
        await super().login(token)

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        # Noted before any handler runs, so that writes wait for answers (cogs.support.ack_gate).
        if event_name == "interaction" and args:
            ack_gate.arrived(args[0])
        super().dispatch(event_name, *args, **kwargs)

    async def open_database(self) -> None:
        """Open and migrate the database, within the configured timeout (idempotent)."""
        if self._database_context is not None:
            return
        url = self.settings.database_url
        try:
            async with asyncio.timeout(self.settings.db_connect_timeout):
                # DEFAULT_LOCALE is also the language of every server that has not chosen one.
                applied = await init_db(url, default_language=self.settings.default_locale)
        except Exception as error:  # the driver's errors are many and backend-specific
            await close_db()
            reason = (
                f"no answer within {self.settings.db_connect_timeout:g} s"
                if isinstance(error, TimeoutError)
                else f"{type(error).__name__}: {error}"
            )
            raise DatabaseUnavailable(reason) from error
        self._database_context = contextvars.copy_context()
        log.info("database ready (%s migration(s) applied now)", len(applied))

    async def setup_hook(self) -> None:
        await self.open_database()
        await self.fit_intents()
        await self.tree.set_translator(FluentTranslator())
        for extension in discover_extensions():
            await self.load_extension(extension)
        self.add_listener(answer_unknown_component, "on_interaction")  # forged ids (issue 19)
        log.info("loaded extensions: %s", ", ".join(self.extensions) or "none")
        await self.sync_commands()

    async def fit_intents(self) -> None:
        """Ask the gateway only for the privileged intent the Developer Portal allows: without
        Server Members the bot still plays and moderates, and says once what it cannot see
        (asking for it anyway would close the gateway with 4014). Runs after the login, before
        the gateway: the application's flags tell what the portal switched on."""
        if not self.intents.members or self.http.token is None:
            return  # nothing to fit, or not logged in (a test calling the hook alone)
        try:
            flags = (await self.application_info()).flags
        except discord.HTTPException:
            return  # unknown: ask, and let the gateway say (exit code 4 with its message)
        if flags.gateway_guild_members or flags.gateway_guild_members_limited:
            return
        log.warning(NO_MEMBERS_INTENT)
        # discord.py fixes its intents when it is made; these two are what IDENTIFY and the
        # start-up member chunking read (the chunking needs the intent too).
        self._connection._intents.members = False
        self._connection._chunk_guilds = False

    async def sync_commands(self) -> list[discord.app_commands.AppCommand] | None:
        """Sync to TEST_GUILD_ID if set (instant), else globally (may take up to an hour);
        only if the commands changed since the last sync (:mod:`cogs.support.sync`)."""
        guild = None
        if self.settings.test_guild_id is not None:
            guild = discord.Object(id=self.settings.test_guild_id)
            self.tree.copy_global_to(guild=guild)
        where = "globally" if guild is None else f"to guild {guild.id}"
        synced = await sync_if_changed(self.tree, guild)
        if synced is None:
            log.info("commands unchanged since the last sync %s: not synced", where)
        else:
            log.info("synced %d command(s) %s", len(synced), where)
        return synced

    async def on_ready(self) -> None:
        if self._announced_ready or self.user is None:
            return  # on_ready fires again after a reconnect
        self._announced_ready = True
        invite = discord.utils.oauth_url(
            self.user.id,
            permissions=REQUIRED_PERMISSIONS,
            scopes=("bot", "applications.commands"),
        )
        log.info(
            "ready: %s in %d server(s); invite: %s (permissions %d)",
            self.user,
            len(self.guilds),
            invite,
            REQUIRED_PERMISSIONS.value,
        )

    @property
    def database_open(self) -> bool:
        return self._database_context is not None

    async def shutdown(self) -> None:
        """Stop gracefully: refuse new interactions, answer the running ones, then close (the
        background workers, Discord, the database)."""
        await self.close()
        log.info("stopped (%d interaction(s) cut off)", self._cut_off)

    async def _stop_workers(self) -> None:
        stops, self.stop_callbacks = self.stop_callbacks, []
        for stop in reversed(stops):
            try:
                await stop()
            except Exception:
                log.exception("stopping: a background worker failed to stop")

    async def close(self) -> None:
        queue = "_AutoShardedClient__queue"  # set when the client starts (its setup hook)
        if not hasattr(self, queue):  # closed before it ever started: AutoShardedClient.close()
            setattr(self, queue, asyncio.PriorityQueue())  # puts its end in that queue
        if not self.inflight.closing:  # however the bot is closed: answer what is running first
            self._cut_off = await self.inflight.drain(DRAIN_SECONDS)
        try:
            await self._stop_workers()  # before the database closes under them
            await super().close()
        finally:
            opened, self._database_context = self._database_context, None
            if opened is not None:
                await asyncio.get_running_loop().create_task(close_db(), context=opened)


def create_bot(settings: Settings, **options: Any) -> MafiaBot:
    """A bot for ``settings``; ``options`` go to ``commands.Bot`` (e.g. ``intents``,
    ``guild_ready_timeout``). Nothing connects until ``start``."""
    set_default_locale(settings.default_locale)
    return MafiaBot(settings, **options)


class _OneLine(logging.Formatter):
    """The terminal's format: tracebacks stay in the log file, the terminal gets a pointer."""

    def __init__(self, fmt: str, log_file: str) -> None:
        super().__init__(fmt)
        self.log_file = log_file

    def format(self, record: logging.LogRecord) -> str:
        # A copy: logging caches the formatted traceback on the record (exc_text), and the
        # file's handler must still format the real one.
        short = logging.makeLogRecord(record.__dict__)
        if record.exc_info or record.exc_text:
            short.msg, short.args = f"{record.getMessage()} (traceback in {self.log_file})", None
        short.exc_info = short.exc_text = short.stack_info = None
        return super().format(short)


LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"


def configure_logging(level: str, log_file: str | None = None) -> None:
    """Log to the terminal (stderr) and, when ``log_file`` is set, to that file (rotated at
    5 MB, 3 kept) with full tracebacks; the terminal then shows none."""
    console = logging.StreamHandler(sys.stderr)
    handlers: list[logging.Handler] = [console]
    if log_file:
        console.setFormatter(_OneLine(LOG_FORMAT, log_file))
        file_handler = logging.handlers.RotatingFileHandler(
            log_file, maxBytes=5_000_000, backupCount=3, encoding="utf-8"
        )
        file_handler.setFormatter(logging.Formatter(LOG_FORMAT))
        handlers.append(file_handler)
    else:
        console.setFormatter(logging.Formatter(LOG_FORMAT))
    logging.basicConfig(level=level, handlers=handlers, force=True)


def use_endpoints(settings: Settings) -> None:
    """Point discord.py at another Discord (the test emulator) when the settings say so."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


async def run(bot: MafiaBot, token: str) -> None:
    """Run until stopped; SIGTERM and SIGINT (Ctrl-C) stop gracefully, also mid-login."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []
    # The database first, before any login: a bot that cannot store a vote must not take one.
    # Opened in this task, so that every task after (the bot's, the stop's) shares it.
    await bot.open_database()
    starting = loop.create_task(bot.start(token), name="bot")

    async def stop_gracefully() -> None:
        await bot.shutdown()
        starting.cancel()  # still logging in (or a reconnect waiting): nothing else to finish

    def on_signal(signum: int) -> None:
        if not stopping:
            log.info("received %s: stopping", signal.Signals(signum).name)
            stopping.append(loop.create_task(stop_gracefully(), name="shutdown"))

    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl-C stays KeyboardInterrupt
            loop.add_signal_handler(signum, on_signal, signum)
    async with bot:  # closes the bot (and the database) however this block ends
        try:
            await starting
        except (asyncio.CancelledError, Exception):
            if not stopping:
                raise  # a stop asked for cuts a login short: not a failure
        if stopping:
            await stopping[0]


def _fail(code: Exit, message: str) -> int:
    print(message, file=sys.stderr)
    return int(code)


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        return _fail(Exit.BAD_SETTING, f"Invalid setting: {error}")
    if not settings.discord_token:
        return _fail(Exit.BAD_SETTING, NO_TOKEN)
    try:
        configure_logging(settings.log_level, settings.log_file)
    except OSError as error:
        return _fail(Exit.BAD_SETTING, f"Invalid setting: LOG_FILE cannot be written: {error}")
    use_endpoints(settings)
    bot = create_bot(settings)
    where = f" (details in {settings.log_file})" if settings.log_file else ""
    try:
        asyncio.run(run(bot, settings.discord_token))
    except KeyboardInterrupt:  # where signal handlers are not available
        pass
    except DatabaseUnavailable as error:
        log.debug("database unavailable", exc_info=error.__cause__)
        return _fail(
            Exit.DATABASE_UNAVAILABLE, f"Cannot open the database ({error}): check DATABASE_URL."
        )
    except discord.LoginFailure:
        return _fail(Exit.TOKEN_REJECTED, BAD_TOKEN)
    except discord.PrivilegedIntentsRequired:
        return _fail(Exit.INTENT_DISABLED, NO_INTENT)
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as error:
        return _fail(Exit.DISCORD_UNREACHABLE, f"Cannot reach Discord: {error}")
    except Exception as error:
        log.error("the bot stopped on an unexpected error", exc_info=error)
        return _fail(Exit.FAILED, f"The bot stopped on an unexpected error: {error!r}{where}.")
    print("Stopped.", file=sys.stderr)
    return int(Exit.STOPPED)


if __name__ == "__main__":
    sys.exit(main())
