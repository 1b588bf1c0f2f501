"""Discord-facing code.

The convention (tested in tests/test_command_tree.py): every module or package under ``cogs/``,
at any depth and not named with a leading ``_``, whose top level defines ``setup`` (discord.py's
``async def setup(bot)``) is an extension, and :func:`discover_extensions` lists it for the bot
to load. Everything else is a helper: ``cogs.support`` (shared helpers), and feature packages
such as ``cogs/game/`` whose ``__init__`` has no ``setup``; their submodules that do define one
(``cogs/game/player_commands.py``) are still found. Nothing that defines ``setup`` is skipped.

Extensions load in the order of their names, except that one whose module names others in
``LOAD_AFTER`` waits until those are loaded: the order the bot adds its commands in is the
order it syncs them to Discord in, and a cog may add to another's group.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

__all__ = ["discover_extensions"]

_HERE = Path(__file__).resolve().parent


def discover_extensions(package: str = __name__, path: Path = _HERE) -> list[str]:
    """Dotted names of the extensions under ``package`` (found at ``path``), in load order:
    sorted, each one that has ``LOAD_AFTER`` put right after the last of those it names
    (``['cogs.game.activity_watch', …]``)."""
    after: dict[str, tuple[str, ...]] = {}
    for module in pkgutil.walk_packages([str(path)], prefix=f"{package}."):
        if any(part.startswith("_") for part in module.name.split(".")[1:]):
            continue
        imported = importlib.import_module(module.name)
        if callable(getattr(imported, "setup", None)):
            after[module.name] = tuple(getattr(imported, "LOAD_AFTER", ()))
    order: list[str] = []
    waiting = sorted(after)
    while waiting:
        ready = next(
            (name for name in waiting if all(a in order or a not in after for a in after[name])),
            None,
        )
        if ready is None:  # a cycle: load the rest by name rather than not at all
            order += waiting
            break
        order.append(ready)
        waiting.remove(ready)
    return order
