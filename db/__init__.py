"""Database: tortoise-orm models, start/stop, and the repositories (the only code that queries)."""

from db.database import close_db, init_db

__all__ = ["close_db", "init_db"]
