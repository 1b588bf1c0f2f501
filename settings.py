"""The bot's settings, from the environment and a ``.env`` file.

The ``.env`` file is looked for in the working directory and then beside ``bot.py``, so that
``python /srv/mafia/bot.py`` started from anywhere (systemd, cron) finds its settings.
Every value is checked here, before anything connects: a bad one is one line and exit 2.

| variable          | default                        | meaning                                          |
|-------------------|--------------------------------|--------------------------------------------------|
| DISCORD_TOKEN     | (none: the bot will not start) | the bot's token from the Discord Developer Portal |
| DATABASE_URL      | sqlite://mafia.sqlite3         | ``sqlite://FILE`` or ``postgres://user:pw@host/db`` |
| DB_CONNECT_TIMEOUT | 15                            | seconds to open the database before giving up    |
| LOG_FILE          | mafiabot.log beside bot.py     | full log with tracebacks (``-`` for none)        |
| DEFAULT_LOCALE    | ru                             | language when a user's or guild's is unknown      |
| LOG_LEVEL         | INFO                           | DEBUG, INFO, WARNING, ERROR, CRITICAL             |
| TEST_GUILD_ID     | (none: global sync)            | sync commands to this guild only (instant)        |
| DISCORD_API_BASE  | (Discord)                      | testing: REST base, e.g. http://127.0.0.1:8080/api/v10 |
| DISCORD_GATEWAY_URL | (Discord)                    | testing: gateway, e.g. ws://127.0.0.1:8080/       |
| DOCS_URL          | (none: paths in the repository) | where docs/ is published; /mafia help links to it |

Real environment variables win over ``.env``.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values
from tortoise.backends.base.config_generator import expand_db_url
from tortoise.exceptions import ConfigurationError

from db.config import DEFAULT_DATABASE_URL
from locales import SUPPORTED_LOCALES

__all__ = [
    "DATABASE_SCHEMES",
    "DOTENV_PATHS",
    "LOG_LEVELS",
    "Settings",
    "SettingsError",
    "check_database_url",
    "load_settings",
]

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
PROJECT_DIR = Path(__file__).resolve().parent
# Where ``.env`` is looked for, first found wins: the working directory, then beside bot.py.
DOTENV_PATHS: tuple[Path, ...] = (Path(".env"), PROJECT_DIR / ".env")
DEFAULT_LOG_FILE = str(PROJECT_DIR / "mafiabot.log")
# The database backends the bot is built and tested for (aiosqlite; asyncpg from the
# ``postgres`` extra). tortoise knows more (mysql, …), untested here: refused rather than
# half-working.
DATABASE_SCHEMES = ("sqlite", "postgres", "postgresql", "asyncpg")
DATABASE_URL_HELP = "use sqlite://FILE (e.g. sqlite://mafia.sqlite3) or postgres://USER:PASSWORD@HOST:5432/DB"


class SettingsError(ValueError):
    """A setting has a value the bot cannot use; the message says which and why."""


@dataclass(frozen=True, slots=True)
class Settings:
    discord_token: str | None = None
    database_url: str = DEFAULT_DATABASE_URL
    default_locale: str = "ru"
    log_level: str = "INFO"
    test_guild_id: int | None = None
    discord_api_base: str | None = None
    discord_gateway_url: str | None = None
    db_connect_timeout: float = 15.0
    log_file: str | None = DEFAULT_LOG_FILE
    # Where docs/ is readable on the web (e.g. https://git.example.org/mafia/src/branch/main/docs):
    # players on Discord have no clone, so /mafia help links there; unset, it names the paths.
    docs_url: str = ""
    #: Shards (README: "Shards"): how many the bot's servers are split into (None: as Discord
    #: recommends), and which of them this process runs (None: all of them).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: The bot's REST requests per second in all its processes (cogs.delivery.pace): under
    #: Discord's global 50; more only for a bot Discord has granted a higher global limit.
    rest_per_second: float = 45.0

    def __repr__(self) -> str:  # never print the token
        token = "set" if self.discord_token else "unset"
        database_url = re.sub(r"://([^:/@]*):[^@]*@", r"://\1:***@", self.database_url)
        return (
            f"Settings(discord_token=<{token}>, database_url={database_url!r}, "
            f"default_locale={self.default_locale!r}, log_level={self.log_level!r}, "
            f"test_guild_id={self.test_guild_id!r})"
        )


def check_database_url(url: str) -> None:
    """Raise :class:`SettingsError` unless ``url`` names a database the bot can open: a known
    scheme, a well-formed URL, and for SQLite a file whose directory exists (SQLite would
    otherwise fail deep inside the driver, or wait for ever)."""
    scheme = url.partition("://")[0].lower() if "://" in url else ""
    if scheme not in DATABASE_SCHEMES:
        raise SettingsError(
            f"DATABASE_URL has an unsupported scheme {scheme + '://'!r}: "
            f"{DATABASE_URL_HELP}"
        )
    try:
        credentials = expand_db_url(url)["credentials"]
    except (ConfigurationError, ValueError) as error:
        raise SettingsError(f"DATABASE_URL is malformed ({error}): {DATABASE_URL_HELP}") from None
    if scheme == "sqlite":
        path = str(credentials.get("file_path", ""))
        if not path:
            raise SettingsError(f"DATABASE_URL names no SQLite file: {DATABASE_URL_HELP}")
        if path != ":memory:":
            folder = Path(path).expanduser().resolve().parent
            if not folder.is_dir():
                raise SettingsError(
                    f"DATABASE_URL: the folder {str(folder)!r} of the SQLite file does not exist; "
                    "create it or choose another path"
                )


def _dotenv_values(dotenv_path: str | Path | Sequence[Path] | None) -> dict[str, str]:
    paths = [Path(dotenv_path)] if isinstance(dotenv_path, str | Path) else list(dotenv_path or ())
    for path in paths:
        if path.is_file():
            return {k: v for k, v in dotenv_values(path).items() if v is not None}
    return {}


def load_settings(
    environ: Mapping[str, str] | None = None,
    *,
    dotenv_path: str | Path | Sequence[Path] | None = DOTENV_PATHS,
) -> Settings:
    """Settings from ``environ`` (default ``os.environ``) over the first ``.env`` file found
    (by default in the working directory, then beside bot.py)."""
    values = _dotenv_values(dotenv_path)
    values.update(os.environ if environ is None else environ)

    def get(name: str) -> str | None:
        value = values.get(name, "").strip()
        return value or None

    locale = (get("DEFAULT_LOCALE") or "ru").lower()
    if locale not in SUPPORTED_LOCALES:
        raise SettingsError(
            f"DEFAULT_LOCALE={locale!r} is not supported; use one of: {', '.join(SUPPORTED_LOCALES)}"
        )
    level = (get("LOG_LEVEL") or "INFO").upper()
    if level not in LOG_LEVELS or not isinstance(logging.getLevelName(level), int):
        raise SettingsError(
            f"LOG_LEVEL={level!r} is not a level; use one of: {', '.join(LOG_LEVELS)}"
        )
    guild = get("TEST_GUILD_ID")
    if guild is not None and not guild.isdigit():
        raise SettingsError(f"TEST_GUILD_ID={guild!r} must be a server (guild) id: digits only")
    database_url = get("DATABASE_URL") or DEFAULT_DATABASE_URL
    check_database_url(database_url)
    db_connect_timeout = _number("DB_CONNECT_TIMEOUT", get("DB_CONNECT_TIMEOUT") or "15", 600,
                                 "must be seconds between 0 and 600")  # fmt: skip
    log_file = get("LOG_FILE") or DEFAULT_LOG_FILE
    docs_url = get("DOCS_URL") or ""
    if docs_url and not docs_url.startswith(("https://", "http://")):
        raise SettingsError(f"DOCS_URL={docs_url!r} must be a web address: https://…/docs")
    shard_count, shard_ids = _shards(get("SHARD_COUNT"), get("SHARD_IDS"))
    rest_per_second = _number("REST_PER_SECOND", get("REST_PER_SECOND") or "45", 10_000,
                              "must be requests per second, above 0")  # fmt: skip
    return Settings(
        rest_per_second=rest_per_second,
        shard_count=shard_count,
        shard_ids=shard_ids,
        discord_token=get("DISCORD_TOKEN"),
        database_url=database_url,
        db_connect_timeout=db_connect_timeout,
        log_file=None if log_file == "-" else log_file,
        default_locale=locale,
        log_level=level,
        test_guild_id=int(guild) if guild is not None else None,
        discord_api_base=get("DISCORD_API_BASE"),
        discord_gateway_url=get("DISCORD_GATEWAY_URL"),
        docs_url=docs_url,
    )


def _number(name: str, text: str, most: float, rule: str) -> float:
    """``text`` as a number above 0 and at most ``most``, or the setting's error."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= most:
        raise SettingsError(f"{name}={text!r} {rule}")
    return value


def _shards(count: str | None, ids: str | None) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT (a number of shards, 1 or more) and SHARD_IDS (this process's, e.g. "0,1";
    each below SHARD_COUNT, which it requires)."""
    if count is None:
        if ids is not None:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT (how many shards there are in all)")
        return None, None
    if not count.isdigit() or int(count) < 1:
        raise SettingsError(f"SHARD_COUNT={count!r} must be a number of shards, 1 or more")
    total = int(count)
    if ids is None:
        return total, None
    parts = [part.strip() for part in ids.split(",")]
    if not all(part.isdigit() and int(part) < total for part in parts):
        raise SettingsError(
            f"SHARD_IDS={ids!r} must be shard numbers from 0 to {total - 1}, separated by commas"
        )
    chosen = tuple(sorted({int(part) for part in parts}))
    return total, chosen
