"""Changing a server's rulebook (R-MOD-1): one violation at a time, a reset, export and import.

Each change builds the whole document anew and checks it (``build_rulebook``) before it is
stored, so a server's stored rulebook is always valid and an invalid ladder is refused with
every problem named."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

import discord

from cogs.moderation.errors import ModRefusal
from cogs.moderation.rulebook import (
    DETECTABLE,
    Rulebook,
    RulebookRefused,
    build_rulebook,
    problem_lines,
)
from cogs.moderation.texts import duration_text, ladder_text
from cogs.support.embeds import MESSAGE_LIMIT, add_lines_as_fields
from db.guild_settings import get_settings
from db.moderation import get_mod_settings, update_mod_settings
from engine.moderation import DEFAULT_CATALOGUE
from locales import t

__all__ = [
    "EXPORT_NAME",
    "RulebookProblems",
    "export_text",
    "import_text",
    "reset_rules",
    "rules_embed",
    "set_violation",
]

EXPORT_NAME = "rulebook.json"
MAX_IMPORT = 64_000  # bytes: a rulebook is a few kilobytes


class RulebookProblems(ModRefusal):
    """The document was refused: the sentence lists every problem."""

    def __init__(self, problems: RulebookRefused) -> None:
        super().__init__("mod-rules-refused")
        self.problems = problems

    def text(self, locale: object) -> str:
        """Every problem, one a line; should they not fit a message (a document wrong
        throughout), as many as fit and how many more, never a line cut in half."""
        lines = problem_lines(self.problems.problems, locale)
        head = t(locale, "mod-rules-refused")
        for shown in range(len(lines), 0, -1):
            more = (
                [t(locale, "mod-rules-more", count=len(lines) - shown)]
                if shown < len(lines)
                else []
            )
            text = "\n".join([head, *lines[:shown], *more])
            if len(text) <= MESSAGE_LIMIT:
                return text
        return "\n".join([head, t(locale, "mod-rules-more", count=len(lines))])


def ladder_from_text(text: str) -> list[str]:
    """``warn, mute 30m, ban`` (or with ``→`` / ``->`` / ``;``) as the document's list."""
    for separator in ("→", "->", ";"):
        text = text.replace(separator, ",")
    return [part.strip() for part in text.split(",") if part.strip()]


async def _store(guild_id: int, document: Mapping[str, Any]) -> Rulebook:
    try:
        rulebook = build_rulebook(dict(document))
    except RulebookRefused as refused:
        raise RulebookProblems(refused) from None
    await update_mod_settings(guild_id, rulebook=dict(document) or None)
    return rulebook


async def _document(guild_id: int) -> dict[str, Any]:
    return copy.deepcopy((await get_mod_settings(guild_id)).rulebook or {})


async def set_violation(
    guild_id: int,
    code: str,
    *,
    ladder: str | None = None,
    name: str | None = None,
    retired: bool | None = None,
) -> Rulebook:
    """Change one violation: its ladder, its name in the server's language, retire or bring it
    back. A code the catalogue does not have is added (it then needs a ladder)."""
    language = (await get_settings(guild_id)).language
    document = await _document(guild_id)
    code = code.strip().lower()
    known = code in DEFAULT_CATALOGUE.codes() or code in document.get("added", {})
    if ladder is not None:
        steps = ladder_from_text(ladder)
        if code in DEFAULT_CATALOGUE.codes():
            document.setdefault("ladders", {})[code] = steps
            document.get("durations", {}).pop(code, None)  # they numbered the old ladder's steps
        else:
            document.setdefault("added", {})[code] = steps
    elif not known:
        raise ModRefusal("mod-rules-new-needs-ladder", code=code)
    if name is not None:
        document.setdefault("wording", {}).setdefault(language, {})[code] = name
    if retired is not None:
        current = [c for c in document.get("retired", []) if c != code]
        document["retired"] = current + [code] if retired else current
        if not document["retired"]:
            del document["retired"]
    return await _store(guild_id, document)


async def reset_rules(guild_id: int, code: str | None) -> Rulebook:
    """Back to R-MOD as written: for one violation (its ladder, durations, wording, retirement;
    a server's own violation is removed), or everything."""
    if code is None:
        await update_mod_settings(guild_id, rulebook=None)
        return build_rulebook(None)
    document = await _document(guild_id)
    for section in ("ladders", "durations", "added"):
        document.get(section, {}).pop(code, None)
    for names in document.get("wording", {}).values():
        names.pop(code, None)
    if code in document.get("retired", []):
        document["retired"].remove(code)
    document = {k: v for k, v in document.items() if v not in ({}, [])}
    return await _store(guild_id, document)


async def export_text(guild_id: int) -> str:
    """The server's document as JSON, with the resulting catalogue beside it under
    ``_catalogue`` for reading (import drops that key; the document's own keys are the truth)."""
    document = await _document(guild_id)
    rulebook = build_rulebook(document or None)
    full = {
        **document,
        "_catalogue": {
            code: [s.text() for s in rulebook.ladder(code)] for code in rulebook.codes()
        },
    }
    return json.dumps(full, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


async def import_text(guild_id: int, raw: bytes) -> Rulebook:
    """Replace the server's document by an exported (and edited) one."""
    if len(raw) > MAX_IMPORT:
        raise ModRefusal("mod-rules-too-big")
    try:
        document = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise ModRefusal("mod-rules-not-json") from None
    if isinstance(document, dict):
        document.pop("_catalogue", None)
    return await _store(guild_id, document)


def rules_embed(rulebook: Rulebook, locale: object) -> discord.Embed:
    """The rulebook as anyone reads it (``/mafia rules``): each violation's name and ladder,
    and the three-warns rule."""
    embed = discord.Embed(
        title=t(locale, "mod-rules-title"),
        description=t(
            locale, "mod-rules-intro", mute=duration_text(rulebook.catalogue.auto_mute, locale)
        ),
        colour=discord.Colour.dark_red(),
    )
    # The catalogue says which violations the bot watches for by itself; the others (insults,
    # leaks in voice, how someone plays) only a moderator or a report brings up.
    lines = [
        t(
            locale,
            "mod-rules-line",
            name=rulebook.name(code, locale),
            code=code,
            ladder=ladder_text(rulebook.ladder(code), locale),
        )
        + (" " + t(locale, "mod-rules-detected") if code in DETECTABLE else "")
        for code in rulebook.codes()
    ]
    add_lines_as_fields(
        embed,
        t(locale, "mod-rules-violations"),
        lines,
        t(locale, "mod-rules-violations-more"),
    )
    # R-MOD-4: what is allowed, as the original rulebook lists it after the violations, and
    # R-MOD-3: where a complaint about the administration goes.
    allowed = [f"✅ {t(locale, f'mod-rules-allowed-{what}')}" for what in _ALLOWED]
    embed.add_field(name=t(locale, "mod-rules-allowed"), value="\n".join(allowed), inline=False)
    embed.add_field(
        name=t(locale, "mod-rules-complain-title"),
        value=t(locale, "mod-rules-complain"),
        inline=False,
    )
    return embed


_ALLOWED = ("cabinets", "cop", "werewolf", "quick")
