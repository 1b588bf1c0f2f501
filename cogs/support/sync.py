"""Syncing the slash commands only when they changed.

Discord limits command syncs (200 creates a day per server) and a global sync takes up to an hour
to reach every client, so a restart must not resync an unchanged tree. The tree is hashed exactly
as it is sent, with every localization (``get_translated_payload``), together with the
application and the target (a server or global); the hash of the last successful sync is kept in
the database (:mod:`db.meta`), so it follows the database, not the machine.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import discord
from discord import app_commands

from db.meta import get_meta, set_meta

__all__ = ["sync_if_changed", "tree_hash"]


async def tree_hash(
    tree: app_commands.CommandTree[Any], application_id: int, guild: discord.abc.Snowflake | None
) -> str:
    """SHA-256 of what ``tree.sync(guild=guild)`` would send for ``application_id``."""
    translator = tree.translator
    payload = [
        await command.get_translated_payload(tree, translator)
        if translator is not None
        else command.to_dict(tree)
        for command in tree.get_commands(guild=guild)
    ]
    document = {
        "application": application_id,
        "guild": None if guild is None else guild.id,
        "commands": sorted(payload, key=lambda c: (c.get("type", 1), c["name"])),
    }
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_if_changed(
    tree: app_commands.CommandTree[Any], guild: discord.abc.Snowflake | None
) -> list[app_commands.AppCommand] | None:
    """Sync ``guild``'s commands (global ones when None) if they changed since the last sync
    recorded in the database; returns what Discord answered, or None when nothing was sent."""
    application_id = tree.client.application_id
    if application_id is None:
        raise app_commands.MissingApplicationID
    key = f"commands-synced:{application_id}:{'global' if guild is None else guild.id}"
    digest = await tree_hash(tree, application_id, guild)
    if await get_meta(key) == digest:
        return None
    synced = await tree.sync(guild=guild)
    await set_meta(key, digest)  # only after Discord accepted it: a failed sync is retried
    return synced
