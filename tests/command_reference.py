"""The command reference, docs/<ru|en>/commands.md, generated from the registered command tree.

    .venv/bin/python -m tests.command_reference --write   # rewrite both files
    .venv/bin/python -m tests.command_reference           # exit 1 if they differ from the tree

The tree is the one the bot syncs to Discord (every cog loaded, the Fluent translator set), so
the reference shows what a Discord client shows: localized names, descriptions, options and
choices. tests/test_docs.py fails while a committed file differs from it.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent.parent / "docs"
COMMAND = "make docs (or: .venv/bin/python -m tests.command_reference --write)"
# Discord locale of each guide language (en-US is also what en-GB sees).
LANGUAGES = {"ru": "ru", "en": "en-US"}
SUBCOMMAND, GROUP = 1, 2
_TEXT = {
    "ru": {
        "title": "Справочник команд",
        "intro": "Создан из зарегистрированных команд бота командой `{command}`; не правьте руками.",
        "option": "параметр",
        "required": "обязательный",
        "meaning": "что это",
        "yes": "да",
        "no": "нет",
        "choices": "варианты",
        "menu": "пункт меню сообщения (правая кнопка → «Приложения»)",
    },
    "en": {
        "title": "Command reference",
        "intro": "Generated from the bot's registered commands by `{command}`; do not edit by hand.",
        "option": "option",
        "required": "required",
        "meaning": "meaning",
        "yes": "yes",
        "no": "no",
        "choices": "choices",
        "menu": "message menu item (right click → Apps)",
    },
}


def _local(node: dict[str, Any], field: str, locale: str) -> str:
    localized = node.get(f"{field}_localizations") or {}
    return str(localized.get(locale) or node.get(field) or "")


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _options_table(options: list[dict[str, Any]], lang: str, locale: str) -> list[str]:
    words = _TEXT[lang]
    rows = [
        f"| {words['option']} | {words['required']} | {words['meaning']} |",
        "|---|---|---|",
    ]
    for option in options:
        meaning = _local(option, "description", locale)
        choices = [_local(choice, "name", locale) for choice in option.get("choices", [])]
        if choices:
            meaning += f" ({words['choices']}: " + ", ".join(f"`{c}`" for c in choices) + ")"
        required = words["yes"] if option.get("required") else words["no"]
        rows.append(f"| `{_local(option, 'name', locale)}` | {required} | {_cell(meaning)} |")
    return rows


def _command(node: dict[str, Any], path: str, lang: str, locale: str, depth: int) -> list[str]:
    name = f"{path} {_local(node, 'name', locale)}".strip()
    lines = [f"{'#' * depth} `/{name}`", ""]
    description = _local(node, "description", locale)
    if description:
        lines += [description, ""]
    children = [o for o in node.get("options", []) if o["type"] in (SUBCOMMAND, GROUP)]
    parameters = [o for o in node.get("options", []) if o["type"] not in (SUBCOMMAND, GROUP)]
    if parameters:
        lines += [*_options_table(parameters, lang, locale), ""]
    for child in children:
        lines += _command(child, name, lang, locale, min(depth + 1, 4))
    return lines


def render(payloads: list[dict[str, Any]], lang: str) -> str:
    """The reference in one language, from the tree's translated sync payloads."""
    locale, words = LANGUAGES[lang], _TEXT[lang]
    lines = [f"# {words['title']}", "", words["intro"].format(command=COMMAND), ""]
    for node in sorted(payloads, key=lambda p: (p.get("type", 1) != 1, p["name"])):
        if node.get("type", 1) == 1:
            lines += _command(node, "", lang, locale, 2)
        else:
            lines += [f"## {_local(node, 'name', locale)}", "", words["menu"], ""]
    return "\n".join(lines).rstrip("\n") + "\n"


async def tree_payloads() -> list[dict[str, Any]]:
    """What the bot syncs: every cog loaded, the translator set, each command's payload."""
    from bot import create_bot
    from cogs import discover_extensions
    from locales.translator import FluentTranslator
    from settings import Settings

    bot = create_bot(Settings())
    try:
        for extension in discover_extensions():
            await bot.load_extension(extension)
        translator = FluentTranslator()
        await bot.tree.set_translator(translator)
        return [
            await command.get_translated_payload(bot.tree, translator)
            for command in bot.tree.get_commands()
        ]
    finally:
        await bot.close()


def path_for(lang: str) -> Path:
    return DOCS / lang / "commands.md"


async def _main(write: bool) -> int:
    payloads = await tree_payloads()
    stale = []
    for lang in LANGUAGES:
        text, path = render(payloads, lang), path_for(lang)
        if write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
        elif not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(str(path))
    if stale:
        print(f"out of date: {', '.join(stale)}; run: {COMMAND}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(_main("--write" in sys.argv[1:])))
