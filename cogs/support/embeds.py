"""Building embeds within Discord's limits."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import discord

__all__ = ["EMBED_LIMITS", "MESSAGE_LIMIT", "add_lines_as_fields", "chunk_lines"]

#: A message's content at most (Discord's 2000 characters).
MESSAGE_LIMIT = 2000

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
    """Pack ``lines`` in order, joined with newlines, into as few chunks of at most ``limit``
    characters as hold them (issue 20: each chunk is one message, one request), cut only between
    lines: a chunk takes every next line that still fits. A blank line (a paragraph's break, e.g.
    between a phase's results and the reveal) where a cut falls is dropped, so no chunk begins or
    ends with one (Discord trims a message's edges, and a post is found again by its exact
    content: cogs.delivery.reconcile). A single line longer than ``limit`` is cut with an
    ellipsis."""
    chunks: list[str] = []
    current: list[str] = []
    size = -1  # the length of current's lines joined with newlines
    for raw in lines:
        line = raw if len(raw) <= limit else raw[: limit - 1] + "…"
        if current and size + 1 + len(line) > limit:
            chunks.append(_joined(current))
            current, size = [], -1
        if current or line.strip():  # a blank line at a chunk's start: the cut is the break
            current.append(line)
            size += 1 + len(line)
    if current:
        chunks.append(_joined(current))
    return chunks


def _joined(lines: list[str]) -> str:
    """A chunk's lines as one text, without the blank lines it would end with."""
    while not lines[-1].strip():
        lines.pop()  # never the first: a chunk begins with a line that is not blank
    return "\n".join(lines)


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
