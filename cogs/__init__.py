"""Discord-facing code.

The convention (tested in tests/test_command_tree.py): every module or package under ``cogs/``,
at any depth and not named with a leading ``_``, whose top level defines ``setup`` (discord.py's
``async def setup(bot)``) is an extension, and :func:`discover_extensions` lists it for the bot
to load. Everything else is a helper: ``cogs.support`` (shared helpers), and service packages
such as a future ``cogs/game/`` whose ``__init__`` has no ``setup``; their submodules that do
define one (``cogs/game/lobby.py``) are still found. Nothing that defines ``setup`` is skipped.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

__all__ = ["discover_extensions"]

_HERE = Path(__file__).resolve().parent


def discover_extensions(package: str = __name__, path: Path = _HERE) -> list[str]:
    """Dotted names of the extensions under ``package`` (found at ``path``), sorted
    (``['cogs.mafia', …]``)."""
    found: list[str] = []
    for module in pkgutil.walk_packages([str(path)], prefix=f"{package}."):
        if any(part.startswith("_") for part in module.name.split(".")[1:]):
            continue
        if callable(getattr(importlib.import_module(module.name), "setup", None)):
            found.append(module.name)
    return sorted(found)
