"""Discord-facing code. Every module ``cogs/<name>.py`` (not starting with ``_``) is an extension
with an ``async def setup(bot)``; :func:`discover_extensions` lists them for the bot to load.
Shared helpers that are not extensions live in the ``cogs.support`` package."""

from __future__ import annotations

import pkgutil
from pathlib import Path

__all__ = ["discover_extensions"]

_HERE = Path(__file__).resolve().parent


def discover_extensions() -> list[str]:
    """Dotted names of the extension modules in ``cogs/``, sorted (``['cogs.mafia', …]``)."""
    return sorted(
        f"{__name__}.{module.name}"
        for module in pkgutil.iter_modules([str(_HERE)])
        if not module.ispkg and not module.name.startswith("_")
    )
