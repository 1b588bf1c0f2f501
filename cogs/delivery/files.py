"""The files of a post row (db.outbox_files) made into uploads when it is delivered: a text as
stored, the town's picture drawn from its stored labels (cogs.game.town.picture)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import discord

from cogs.game.town.picture import Town, alt_text, draw

__all__ = ["attachments", "file_names"]


def _upload(spec: Mapping[str, Any]) -> discord.File:
    name = str(spec["name"])
    description = spec.get("description")
    if "town" in spec:
        town = Town.from_json(spec["town"])
        content = draw(town)
        description = description or alt_text(town)
    else:
        content = str(spec["text"]).encode("utf-8")
    return discord.File(io.BytesIO(content), filename=name, description=description)


def attachments(data: Mapping[str, Any]) -> list[discord.File]:
    """The uploads a row's payload asks for (none for a post without files)."""
    return [_upload(spec) for spec in data.get("files") or ()]


def file_names(data: Mapping[str, Any]) -> list[str]:
    """The names of the files a row posts, to know its message again (cogs.delivery.reconcile)."""
    return [str(spec["name"]) for spec in data.get("files") or ()]
