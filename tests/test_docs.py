"""The guides, the command reference and the README: in sync with the bot, both languages alike,
and rendered as meant (tables are tables, links lead to files of this repository)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from tests.command_reference import COMMAND, LANGUAGES, path_for, render, tree_payloads

ROOT = Path(__file__).resolve().parent.parent
GUIDES = ("players", "hosts", "moderators", "owners", "commands")
DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "development.md"] + [
    ROOT / "docs" / lang / f"{g}.md" for lang in LANGUAGES for g in GUIDES
]
# The only places outside the repository a reader is sent to: Discord's own pages.
OUTSIDE_HOSTS = {"discord.com"}


def _tokens(path: Path) -> list[Token]:
    return MarkdownIt("commonmark").enable("table").parse(path.read_text(encoding="utf-8"))


async def test_the_command_reference_is_the_registered_tree() -> None:
    payloads = await tree_payloads()
    for lang in LANGUAGES:
        path = path_for(lang)
        committed = path.read_text(encoding="utf-8") if path.exists() else ""
        assert committed == render(payloads, lang), f"{path} is out of date; run: {COMMAND}"


async def test_every_command_has_its_entry_in_both_languages() -> None:
    def paths(node: dict[str, object], prefix: str, locale: str) -> list[str]:
        names = node.get("name_localizations") or {}
        assert isinstance(names, dict)
        here = f"{prefix} {names.get(locale) or node['name']}".strip()
        options = node.get("options") or []
        assert isinstance(options, list)
        return [here] + [p for o in options if o["type"] in (1, 2) for p in paths(o, here, locale)]

    for lang, locale in LANGUAGES.items():
        text = path_for(lang).read_text(encoding="utf-8")
        for node in await tree_payloads():
            if node.get("type", 1) == 1:
                for command in paths(node, "", locale):
                    assert f"`/{command}`" in text, (
                        f"/{command} missing from {lang}; run: {COMMAND}"
                    )


def _headings(path: Path) -> list[str]:
    tokens = _tokens(path)
    return [t.tag for t in tokens if t.type == "heading_open"]


@pytest.mark.parametrize("guide", GUIDES)
def test_both_languages_have_the_same_sections(guide: str) -> None:
    ru, en = (_headings(ROOT / "docs" / lang / f"{guide}.md") for lang in ("ru", "en"))
    assert len(ru) >= 2 and ru == en


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_table_line_renders_as_a_table_row(path: Path) -> None:
    """A paragraph between table rows turns the rest into running text (issue 23)."""
    rows: set[int] = set()
    fenced: set[int] = set()
    for token in _tokens(path):
        if token.map and token.type in ("tr_open",):
            rows.update(range(*token.map))
        if token.map and token.type in ("fence", "code_block"):
            fenced.update(range(*token.map))
    lines = path.read_text(encoding="utf-8").splitlines()
    separators = {i for i, line in enumerate(lines) if re.fullmatch(r"\|[-|: ]+\|", line.strip())}
    loose = [
        i + 1
        for i, line in enumerate(lines)
        if line.lstrip().startswith("|") and i not in rows | fenced | separators
    ]
    assert not loose, f"{path.name}: lines {loose} look like table rows but render as text"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_stay_in_the_repository(path: Path) -> None:
    for token in _tokens(path):
        for child in token.children or []:
            target = str(child.attrs.get("href") or child.attrs.get("src") or "")
            if not target or target.startswith("#"):
                continue
            url = urlparse(target)
            if url.scheme:
                assert url.hostname in OUTSIDE_HOSTS, f"{path.name} sends the reader to {target}"
                continue
            assert (path.parent / url.path).exists(), f"{path.name}: {target} does not exist"


def test_the_readme_starts_with_the_quick_start() -> None:
    first_screen = "\n".join((ROOT / "README.md").read_text(encoding="utf-8").splitlines()[:40])
    for step in (
        "make run",
        "make test",
        "DISCORD_TOKEN",
        "permissions=",
        "timing:fast",
        "/mafia join",
        "/host start",
        "docs/post-game.png",
    ):
        assert step in first_screen, step


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_owners_guide_states_the_permissions_the_bot_asks_for(lang: str) -> None:
    from bot import REQUIRED_PERMISSIONS

    guide = (ROOT / "docs" / lang / "owners.md").read_text(encoding="utf-8")
    assert f"permissions={REQUIRED_PERMISSIONS.value}" in guide
    assert f"`{REQUIRED_PERMISSIONS.value}`" in guide
    # The first table lists the permissions: one body row for each the bot asks for.
    tokens = _tokens(ROOT / "docs" / lang / "owners.md")
    first_table_end = next(i for i, t in enumerate(tokens) if t.type == "table_close")
    rows = [t for t in tokens[:first_table_end] if t.type == "tr_open"]
    assert len(rows) - 1 == sum(1 for _, on in REQUIRED_PERMISSIONS if on)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_players_guide_names_every_forum_role_as_the_bot_does(lang: str) -> None:
    """A player finds his role card's name in the guide (the names come from the catalogues)."""
    from engine import Role
    from locales import t

    guide = (ROOT / "docs" / lang / "players.md").read_text(encoding="utf-8")
    missing = [role.value for role in Role if f"**{t(lang, f'role-{role.value}')}**" not in guide]
    assert not missing, f"docs/{lang}/players.md does not describe: {missing}"
