"""``/mafia help``: an ephemeral embed in the user's language, within Discord's embed limits."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot import MafiaBot
from cogs.game.player_commands import MafiaCog, command_lines, help_embed
from cogs.support.embeds import EMBED_LIMITS, add_lines_as_fields, chunk_lines


def assert_within_limits(embed: discord.Embed) -> None:
    assert len(embed) <= EMBED_LIMITS["total"]
    assert len(embed.title or "") <= EMBED_LIMITS["title"]
    assert len(embed.description or "") <= EMBED_LIMITS["description"]
    assert len(embed.fields) <= EMBED_LIMITS["fields"]
    for field in embed.fields:
        assert 0 < len(field.name or "") <= EMBED_LIMITS["field_name"]
        assert 0 < len(field.value or "") <= EMBED_LIMITS["field_value"]


class Responder:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append({"content": content, **kwargs})


async def _run_help(bot: MafiaBot, locale: discord.Locale, section: str | None) -> discord.Embed:
    cog = cast(MafiaCog, bot.get_cog("MafiaCog"))  # load_extension imports its own module copy
    assert cog is not None
    interaction = SimpleNamespace(
        locale=locale, guild=None, permissions=discord.Permissions.none(), response=Responder()
    )
    choice = discord.app_commands.Choice(name=section, value=section) if section else None
    await cast(Any, cog.help.callback)(cog, interaction, choice)
    [message] = interaction.response.sent
    assert message["ephemeral"] is True
    embed = message["embed"]
    assert isinstance(embed, discord.Embed)
    assert_within_limits(embed)
    return embed


async def test_help_in_russian(loaded_bot: MafiaBot) -> None:
    embed = await _run_help(loaded_bot, discord.Locale.russian, None)
    assert embed.title == "Мафия — как играть"
    assert "автокилл" in (embed.description or "") and "Морг" in (embed.description or "")
    fields = {f.name: str(f.value) for f in embed.fields}
    assert "Комиссар" in fields["Роли"]
    assert "`/мафия помощь` — Как играть и какие есть команды" in fields["Команды"]


async def test_help_in_english(loaded_bot: MafiaBot) -> None:
    embed = await _run_help(loaded_bot, discord.Locale.british_english, None)
    assert embed.title == "Mafia — how to play"
    assert (
        "`/mafia help` — How to play and which commands there are"
        in {f.name: str(f.value) for f in embed.fields}["Commands"]
    )


@pytest.mark.parametrize("section", ["game", "roles", "commands"])
async def test_help_sections(loaded_bot: MafiaBot, section: str) -> None:
    embed = await _run_help(loaded_bot, discord.Locale.russian, section)
    names = [f.name for f in embed.fields]
    assert ("Роли" in names) is (section == "roles")
    assert ("Команды" in names) is (section == "commands")
    assert ("Ход игры" in (embed.description or "")) is (section == "game")


async def test_other_locales_see_the_names_discord_shows_them(loaded_bot: MafiaBot) -> None:
    lines = command_lines(loaded_bot.tree, discord.Locale.german)
    [line] = [line for line in lines if line.startswith("`/mafia help`")]
    assert line.startswith("`/mafia help` — ")  # default names; the text in the default language
    assert "`/mafia join` — " in "\n".join(lines)


def test_many_commands_stay_within_the_limits() -> None:
    lines = [f"`/mafia command{i}` — " + "описание " * 10 for i in range(300)]
    for locale in ("ru", "en"):
        assert_within_limits(help_embed(locale, None, lines))
        assert_within_limits(help_embed(locale, "commands", lines))


def test_chunking() -> None:
    assert chunk_lines(["a", "b", "c"], 3) == ["a\nb", "c"]
    assert chunk_lines(["x" * 10], 5) == ["xxxx…"]
    # a paragraph's break kept inside a chunk, dropped where the cut falls (issue 20)
    assert chunk_lines(["ab", "", "cd"], 6) == ["ab\n\ncd"]
    assert chunk_lines(["ab", "", "cd"], 5) == chunk_lines(["ab", "", "cd"], 3) == ["ab", "cd"]
    assert chunk_lines(["a ", "b"], 3) == ["a ", "b"]  # a line's own end is its own
    embed = discord.Embed(title="t")
    assert add_lines_as_fields(embed, "n", ["y" * 1000] * 40, "more") == 35
    assert_within_limits(embed)
    everything = discord.Embed(title="t")
    assert add_lines_as_fields(everything, "n", ["a", "b"], "more", overflow=str) == 0
    assert [f.value for f in everything.fields] == ["a\nb"]


@pytest.mark.parametrize(
    ("locale", "section", "says"),
    [
        ("en", None, "more commands: `/mafia help section:Commands` lists more."),
        ("en", "commands", "more commands that did not fit."),
        ("ru", None, "; больше покажет `/мафия помощь раздел:Команды`."),
        ("ru", "commands", "."),
    ],
)
def test_commands_that_do_not_fit_are_counted_not_dropped(
    locale: str, section: str | None, says: str
) -> None:
    lines = [f"`/mafia command{i:03}` — " + "description " * 10 for i in range(300)]
    embed = help_embed(locale, section, lines)
    assert_within_limits(embed)
    shown = [line for field in embed.fields for line in (field.value or "").splitlines()]
    listed = [line for line in shown if line.startswith("`/mafia command")]
    assert listed == lines[: len(listed)], "the first commands, in order"
    assert 0 < len(listed) < 300
    count = 300 - len(listed)
    if locale == "en":
        assert shown[-1].startswith(f"…and {count} more")
    else:
        assert shown[-1].startswith("…и ещё команд") and f": {count}" in shown[-1]
    assert shown[-1].endswith(says)


@pytest.mark.parametrize(
    ("locale", "section", "first"),
    [
        (discord.Locale.russian, "roles", "[Руководство игрока](https://x.org/docs/ru/players.md)"),
        (
            discord.Locale.american_english,
            "commands",
            "[Every command](https://x.org/docs/en/commands.md)",
        ),
        (
            discord.Locale.british_english,
            None,
            "[Players' guide](https://x.org/docs/en/players.md)",
        ),
    ],
)
def test_help_links_the_guide_page_in_the_readers_language(
    locale: discord.Locale, section: str | None, first: str
) -> None:
    from locales import t

    embed = help_embed(locale, section, ["`/mafia help` — x"], "https://x.org/docs/")
    guide = {f.name: str(f.value) for f in embed.fields}[t(locale, "help-guide-title")]
    assert guide.splitlines()[0] == first
    for line in guide.splitlines():  # every page linked exists in the repository
        page = line.rsplit("(https://x.org/docs/", 1)[1].rstrip(")")
        assert (Path(__file__).parent.parent / "docs" / page).is_file(), page


async def test_help_without_docs_url_names_the_path(loaded_bot: MafiaBot) -> None:
    embed = await _run_help(loaded_bot, discord.Locale.russian, "game")
    guide = {f.name: str(f.value) for f in embed.fields}["Руководство"]
    assert guide.splitlines()[0] == "Руководство игрока: `docs/ru/players.md`"


def test_docs_url_is_a_setting() -> None:
    from settings import SettingsError, load_settings

    assert (
        load_settings({"DOCS_URL": "https://x.org/d"}, dotenv_path=None).docs_url
        == "https://x.org/d"
    )
    assert load_settings({}, dotenv_path=None).docs_url == ""
    with pytest.raises(SettingsError, match="DOCS_URL"):
        load_settings({"DOCS_URL": "docs"}, dotenv_path=None)
