"""Building embeds within Discord's limits."""

from __future__ import annotations

from collections.abc import Callable, Iterable

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


def _fits(embed: discord.Embed, name: str, more_name: str, lines: list[str]) -> bool:
    fields, total = len(embed.fields), len(embed)
    for index, chunk in enumerate(chunk_lines(lines, EMBED_LIMITS["field_value"])):
        field_name = (name if index == 0 else more_name)[: EMBED_LIMITS["field_name"]]
        fields, total = fields + 1, total + len(field_name) + len(chunk)
        if fields > EMBED_LIMITS["fields"] or total > EMBED_LIMITS["total"]:
            return False
    return True


def add_lines_as_fields(
    embed: discord.Embed,
    name: str,
    lines: Iterable[str],
    more_name: str,
    overflow: Callable[[int], str] | None = None,
) -> int:
    """Add ``lines`` as fields (``name`` first, ``more_name`` after) while the embed stays within
    every limit. Returns how many lines did not fit and were left out (0: all shown); when some
    were, the last line shown is ``overflow(count)`` (e.g. "…and 12 more"), so nobody is misled
    into thinking the list is complete."""
    wanted = list(lines)
    for keep in range(len(wanted), -1, -1):
        left_out = len(wanted) - keep
        shown = wanted[:keep] + ([overflow(left_out)] if left_out and overflow else [])
        if _fits(embed, name, more_name, shown):
            break
    else:  # not even the overflow line fits
        return len(wanted)
    for index, chunk in enumerate(chunk_lines(shown, EMBED_LIMITS["field_value"])):
        field_name = (name if index == 0 else more_name)[: EMBED_LIMITS["field_name"]]
        embed.add_field(name=field_name, value=chunk, inline=False)
    return left_out
