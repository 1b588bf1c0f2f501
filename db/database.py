"""Opening and closing the database; applying aerich migrations on start."""

from __future__ import annotations

import logging

from aerich import Command
from tortoise import Tortoise
from tortoise.backends.base.executor import EXECUTOR_CACHE

from db import cancel_safe
from db.config import APP, DEFAULT_DATABASE_URL, MIGRATIONS_DIR, tortoise_config
from db.guild_settings import BUILT_IN_LANGUAGE, set_default_language

__all__ = ["close_db", "init_db"]

log = logging.getLogger(__name__)


async def init_db(
    url: str = DEFAULT_DATABASE_URL,
    *,
    migrate: bool = True,
    default_language: str = BUILT_IN_LANGUAGE,
) -> list[str]:
    """Connect tortoise to ``url`` and apply the pending migrations of ``migrations/``.

    Returns the names of the migrations applied now (empty when the schema was current).
    SQLite connections get ``journal_mode=WAL`` and ``synchronous=NORMAL`` (db.config).
    ``default_language`` (the bot's ``DEFAULT_LOCALE``) is the language of every guild that has
    not chosen one (db.guild_settings).
    """
    set_default_language(default_language)
    config = tortoise_config(url)
    # tortoise caches each model's INSERT/UPDATE/DELETE SQL per connection *name* ("default")
    # for the life of the process, across close_connections() and init(). Without this, a
    # process that opened SQLite and then PostgreSQL (or the reverse) would send SQLite's
    # "?"-placeholder SQL to PostgreSQL ("syntax error at or near ','").
    EXECUTOR_CACHE.clear()
    cancel_safe.install()  # a task cancelled at a stop never leaves SQLite's lock taken
    await Tortoise.init(config=config)
    if not migrate:
        return []
    command = Command(tortoise_config=config, app=APP, location=str(MIGRATIONS_DIR))
    await command.init()
    applied = await command.upgrade(run_in_transaction=True)
    for name in applied:
        log.info("database: applied migration %s", name)
    return applied


async def close_db() -> None:
    """Close every connection tortoise opened (safe to call when none is open)."""
    await Tortoise.close_connections()
