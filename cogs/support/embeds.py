"""Building embeds within Discord's limits."""

from __future__ import annotations

from collections.abc import Iterable

import discord

__all__ = ["EMBED_LIMITS", "add_lines_as_fields", "chunk_lines"]

EMBED_LIMITS = {
    "title": 256,
    "description": 4096,
    "fields": 25,
    "field_name": 256,
    "field_value": 1024,
    "footer": 2048,
    "total": 6000,
}


def chunk_lines(lines: Iterable[str], limit: int) -> list[str]:
    """Join ``lines`` with newlines into chunks of at most ``limit`` characters each; a single
    line longer than ``limit`` is cut with an ellipsis."""
    chunks: list[str] = []
    current = ""
    for raw in lines:
        line = raw if len(raw) <= limit else raw[: limit - 1] + "…"
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            chunks.append(current)
            candidate = line
        current = candidate
    if current:
        chunks.append(current)
    return chunks


def add_lines_as_fields(
    embed: discord.Embed, name: str, lines: Iterable[str], more_name: str
) -> bool:
    """Add ``lines`` as fields (``name`` first, ``more_name`` after) while the embed stays within
    every limit. Returns False if something did not fit and was left out."""
    for index, chunk in enumerate(chunk_lines(lines, EMBED_LIMITS["field_value"])):
        field_name = (name if index == 0 else more_name)[: EMBED_LIMITS["field_name"]]
        if (
            len(embed.fields) >= EMBED_LIMITS["fields"]
            or len(embed) + len(field_name) + len(chunk) > EMBED_LIMITS["total"]
        ):
            return False
        embed.add_field(name=field_name, value=chunk, inline=False)
    return True
