"""User text made inert before the bot repeats it (issue 19: names and other input that cannot be
weapons): a character's name, a game's title, a host's or a moderator's reason, a member's
display name. Discord renders markdown and mentions in a bot's messages as in anyone's, so
``||Дон||`` would be a spoiler, ``[Анна](https://evil.example)`` a masked link, ``# Мирные
победили`` a heading and ``<@id>`` or ``@here`` a mention (``allowed_mentions`` stops the ping,
not the rendering). Each character Discord's markdown reads is escaped with a backslash, which
Discord shows as the character itself; the text reads the same and does nothing.

Names are made inert where the render path turns a player into his name
(cogs.game.render.shown_name / display_names); select options, autocomplete choices, thread
names and nicknames are shown as plain text by Discord and take the name as it is."""

from __future__ import annotations

import re

__all__ = ["inert"]

# Anywhere: emphasis, spoilers, code, headings, quotes, links, mentions, timestamps, escapes.
_ANYWHERE = re.compile(r"([\\*_~|`#>\[\]<@])")
# At a line's start only: a list ("- ", "+ ", "1. ") and the subtext ("-# ").
_LINE_START = re.compile(r"^(\s*)([-+]|\d+\.)", re.MULTILINE)


def inert(text: str) -> str:
    """``text`` with its markdown and mentions escaped: it shows as typed and renders as
    nothing but text."""
    escaped = _ANYWHERE.sub(r"\\\1", text)
    return _LINE_START.sub(lambda m: m[1] + _escape_marker(m[2]), escaped)


def _escape_marker(marker: str) -> str:
    return marker[:-1] + "\\." if marker.endswith(".") else "\\" + marker
