"""The tortoise-orm / aerich configuration.

``TORTOISE_ORM`` is what aerich's command line reads (``[tool.aerich]`` in pyproject.toml); it
takes the database from ``DATABASE_URL`` in the environment or in ``./.env``, like the bot. The
bot itself builds its configuration with :func:`tortoise_config` from its settings.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dotenv import dotenv_values
from tortoise.backends.base.config_generator import expand_db_url

__all__ = [
    "APP",
    "DEFAULT_DATABASE_URL",
    "MIGRATIONS_DIR",
    "MODELS",
    "SQLITE_PRAGMAS",
    "tortoise_config",
]

# A SQLite file in the working directory.
DEFAULT_DATABASE_URL = "sqlite://mafia.sqlite3"
APP = "models"
MODELS = ["db.models", "db.stats_models", "aerich.models"]
# Absolute, so that the bot applies the project's migrations whatever its working directory.
MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"

# Applied by tortoise's SQLite client on every connection it opens (PRAGMA name=value).
# WAL + synchronous=NORMAL: a commit survives a crash of the process (not necessarily a power
# cut), and costs far less than synchronous=FULL's sync per commit.
SQLITE_PRAGMAS: dict[str, str] = {"journal_mode": "WAL", "synchronous": "NORMAL"}


def tortoise_config(url: str = DEFAULT_DATABASE_URL) -> dict[str, Any]:
    """A tortoise config dict for ``url`` (``sqlite://file``, ``postgres://user:pw@host/db``, …)."""
    connection = expand_db_url(url)
    if connection["engine"] == "tortoise.backends.sqlite":
        credentials = connection["credentials"]
        for pragma, value in SQLITE_PRAGMAS.items():
            credentials.setdefault(pragma, value)  # a pragma given in the URL wins
    return {
        "connections": {"default": connection},
        "apps": {APP: {"models": list(MODELS), "default_connection": "default"}},
        "use_tz": True,
        "timezone": "UTC",
    }


def _cli_database_url() -> str:
    """DATABASE_URL as the bot would see it from the same directory: environment, then ``.env``."""
    from_file = dotenv_values(".env").get("DATABASE_URL") if os.path.isfile(".env") else None
    return os.environ.get("DATABASE_URL") or from_file or DEFAULT_DATABASE_URL


def __getattr__(name: str) -> Any:
    # ``TORTOISE_ORM`` is computed when aerich asks for it, so importing this module reads nothing.
    if name == "TORTOISE_ORM":
        return tortoise_config(_cli_database_url())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
