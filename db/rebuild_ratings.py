"""``python -m db.rebuild_ratings``: every statistic and rating derived again from the stored log
of every finished game (db.ratings.rebuild_all), on the database the bot uses (``DATABASE_URL``
in the environment or ``./.env``, as db.config reads it for aerich). Safe while the bot runs:
one transaction, and the numbers it writes are the ones already stored (tests prove it); for a
database whose games ended before the statistics existed, it fills them in."""

from __future__ import annotations

import asyncio
import sys

from db.config import _cli_database_url
from db.database import close_db, init_db
from db.ratings import rebuild_all

__all__ = ["main", "rebuild"]


async def rebuild(url: str) -> int:
    """Open ``url`` (migrations applied), rebuild, close; the number of games counted."""
    await init_db(url)
    try:
        return await rebuild_all()
    finally:
        await close_db()


def main() -> int:
    games = asyncio.run(rebuild(_cli_database_url()))
    print(f"rebuilt the statistics and ratings of {games} finished game(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
