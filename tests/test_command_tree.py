"""The slash command tree as discord.py sends it when syncing: localized for ru, en-US, en-GB."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot import MafiaBot
from cogs import discover_extensions
from locales.translator import (
    FluentTranslator,
    command_key,
    is_valid_command_name,
    translation_key,
)

LOCALES = ("ru", "en-US", "en-GB")
SUBCOMMAND, GROUP = 1, 2


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("mafia", True),
        ("помощь", True),
        ("vote_2", True),
        ("late-boom", True),
        ("Мафия", False),
        ("Help", False),
        ("two words", False),
        ("", False),
        ("x" * 33, False),
        ("ok!", False),
    ],
)
def test_the_name_rule(name: str, valid: bool) -> None:
    """Discord: ``^[-_\\p{L}\\p{N}]{1,32}$`` and lowercase."""
    assert is_valid_command_name(name) is valid


async def sync_payload(bot: MafiaBot) -> list[dict[str, Any]]:
    """What ``tree.sync()`` would PUT: each command's translated payload."""
    translator = bot.tree.translator
    assert isinstance(translator, FluentTranslator)
    return [
        await command.get_translated_payload(bot.tree, translator)
        for command in bot.tree.get_commands()
    ]


def walk(node: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every command, subcommand, group and parameter of a payload, with its path."""
    here = f"{path} {node['name']}".strip()
    found = [(here, node)]
    for option in node.get("options", []):
        found += walk(option, here)
    return found


def test_extensions_are_discovered() -> None:
    assert "cogs.game.player_commands" in discover_extensions()
    assert not any(name.startswith("cogs.support") for name in discover_extensions())


def test_extensions_load_after_what_they_need() -> None:
    """/host is synced before /mafia; moderation adds /mafia rules; the afk detector hooks onto
    the workers' resolutions."""
    order = discover_extensions()
    assert order.index("cogs.host") < order.index("cogs.game.player_commands")
    assert order.index("cogs.game.player_commands") < order.index("cogs.moderation.commands")
    assert order.index("cogs.game.workers") < order.index("cogs.moderation.detectors")


def test_extensions_in_packages_are_found_helpers_are_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = "async def setup(bot):\n    pass\n"
    files = {
        "fakecogs/__init__.py": "",
        "fakecogs/lobby.py": setup,  # a module extension
        "fakecogs/_private.py": setup,  # leading underscore: never
        "fakecogs/helpers.py": "X = 1\n",  # no setup: a helper
        "fakecogs/game/__init__.py": "",  # a service package, not an extension itself
        "fakecogs/game/service.py": "def start():\n    pass\n",
        "fakecogs/game/play.py": setup,  # but its extension module is found
        "fakecogs/host/__init__.py": setup,  # a package that is an extension
        "fakecogs/host/views.py": "",
        "fakecogs/adds_to_lobby.py": setup + 'LOAD_AFTER = ("fakecogs.lobby",)\n',  # waits
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert discover_extensions("fakecogs", tmp_path / "fakecogs") == [
        "fakecogs.game.play",
        "fakecogs.host",
        "fakecogs.lobby",
        "fakecogs.adds_to_lobby",
    ]


async def test_every_name_and_description_is_localized(loaded_bot: MafiaBot) -> None:
    payload = await sync_payload(loaded_bot)
    assert {command["name"] for command in payload} >= {"mafia"}
    for command in payload:
        if command.get("type", 1) != 1:  # a context menu: any 1..32 characters, no description
            for locale in LOCALES:
                assert 1 <= len(command["name_localizations"].get(locale, "")) <= 32, command
            continue
        for path, node in walk(command):
            assert is_valid_command_name(node["name"]), path
            assert 1 <= len(node["description"]) <= 100, path
            for locale in LOCALES:
                name = node["name_localizations"].get(locale)
                description = node["description_localizations"].get(locale)
                assert name is not None and description is not None, (path, locale)
                assert is_valid_command_name(name), (path, locale, name)
                assert 1 <= len(description) <= 100, (path, locale, description)
            for choice in node.get("choices", []):
                for locale in LOCALES:
                    assert 1 <= len(choice["name_localizations"].get(locale, "")) <= 100, (
                        path,
                        choice,
                    )
            assert (
                "uk" not in node["name_localizations"]
            )  # other locales: Discord shows the default


async def test_mafia_help_in_russian_and_english(loaded_bot: MafiaBot) -> None:
    (mafia,) = [c for c in await sync_payload(loaded_bot) if c["name"] == "mafia"]
    assert mafia["name_localizations"]["ru"] == "мафия"
    assert mafia["name_localizations"]["en-US"] == "mafia"
    help_ = {o["name"]: o for o in mafia["options"]}["help"]
    assert help_["type"] == SUBCOMMAND
    assert help_["name_localizations"] == {"ru": "помощь", "en-US": "help", "en-GB": "help"}
    assert help_["description_localizations"]["ru"] == "Как играть и какие есть команды"
    assert help_["description_localizations"]["en-US"] == "How to play and which commands there are"
    section = {o["name"]: o for o in help_["options"]}["section"]
    assert section["name_localizations"]["ru"] == "раздел"
    roles = {c["value"]: c for c in section["choices"]}["roles"]
    assert roles["name_localizations"] == {"ru": "Роли", "en-US": "Roles", "en-GB": "Roles"}


async def test_translator_refuses_an_invalid_name(
    loaded_bot: MafiaBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catalogue typo (a space, a capital) must not break the sync: no localization instead."""
    import locales

    group = loaded_bot.tree.get_command("mafia")
    assert isinstance(group, app_commands.Group)
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.group_name, group
    )
    key = translation_key(app_commands.locale_str("mafia"), context)
    assert key == "cmd-mafia.name" and command_key(group) == "cmd-mafia"
    original = locales.Catalogue.exact

    def broken(self: locales.Catalogue, code: str, k: str, args: dict[str, Any]) -> str | None:
        return "Моя Мафия" if k == key else original(self, code, k, args)

    monkeypatch.setattr(locales.Catalogue, "exact", broken)
    translator = FluentTranslator()
    assert (
        await translator.translate(
            app_commands.locale_str("mafia"), discord.Locale.russian, context
        )
        is None
    )
    assert (
        await translator.translate(app_commands.locale_str("mafia"), discord.Locale.german, context)
        is None
    )
