"""The bot's settings, from the environment and a ``.env`` file in the working directory.

| variable          | default                        | meaning                                          |
|-------------------|--------------------------------|--------------------------------------------------|
| DISCORD_TOKEN     | (none: the bot will not start) | the bot's token from the Discord Developer Portal |
| DATABASE_URL      | sqlite://mafia.sqlite3         | any tortoise URL; ``postgres://user:pw@host/db``  |
| DEFAULT_LOCALE    | ru                             | language when a user's or guild's is unknown      |
| LOG_LEVEL         | INFO                           | DEBUG, INFO, WARNING, ERROR, CRITICAL             |
| TEST_GUILD_ID     | (none: global sync)            | sync commands to this guild only (instant)        |
| DISCORD_API_BASE  | (Discord)                      | testing: REST base, e.g. http://127.0.0.1:8080/api/v10 |
| DISCORD_GATEWAY_URL | (Discord)                    | testing: gateway, e.g. ws://127.0.0.1:8080/       |

Real environment variables win over ``.env``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from db.config import DEFAULT_DATABASE_URL
from locales import SUPPORTED_LOCALES

__all__ = ["LOG_LEVELS", "Settings", "SettingsError", "load_settings"]

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


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

    def __repr__(self) -> str:  # never print the token
        token = "set" if self.discord_token else "unset"
        return (
            f"Settings(discord_token=<{token}>, database_url={self.database_url!r}, "
            f"default_locale={self.default_locale!r}, log_level={self.log_level!r}, "
            f"test_guild_id={self.test_guild_id!r})"
        )


def load_settings(
    environ: Mapping[str, str] | None = None, *, dotenv_path: str | Path | None = ".env"
) -> Settings:
    """Settings from ``environ`` (default ``os.environ``) over the ``.env`` file, if any."""
    values: dict[str, str] = {}
    if dotenv_path is not None and Path(dotenv_path).is_file():
        values.update({k: v for k, v in dotenv_values(dotenv_path).items() if v is not None})
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
    return Settings(
        discord_token=get("DISCORD_TOKEN"),
        database_url=get("DATABASE_URL") or DEFAULT_DATABASE_URL,
        default_locale=locale,
        log_level=level,
        test_guild_id=int(guild) if guild is not None else None,
        discord_api_base=get("DISCORD_API_BASE"),
        discord_gateway_url=get("DISCORD_GATEWAY_URL"),
    )
