"""The catalogues: same keys and placeholders in every language, plurals, fallbacks, vocabulary."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

import locales
from locales import CATALOGUE_DIR, SUPPORTED_LOCALES, has_key, resolve_locale, t

ROOT = Path(__file__).resolve().parent.parent


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)
        self.generic_visit(node)


def _variables(node: ast.BaseNode) -> frozenset[str]:
    visitor = _Variables()
    visitor.visit(node)
    return frozenset(visitor.names)


def parse_catalogue(code: str) -> dict[str, frozenset[str]]:
    """Every key of language ``code`` (``msg`` and ``msg.attr``) with the variables it uses,
    including those of select expressions' selectors and variants."""
    entries: dict[str, frozenset[str]] = {}
    files = sorted((CATALOGUE_DIR / code).glob("*.ftl"))
    assert files, f"no .ftl files for {code}"
    for path in files:
        resource = FluentParser(with_spans=False).parse(path.read_text(encoding="utf-8"))
        for entry in resource.body:
            assert not isinstance(entry, ast.Junk), (
                f"{path}: syntax error near {(entry.content or '')[:80]!r}"
            )
            if not isinstance(entry, ast.Message | ast.Term):
                continue
            name = ("-" if isinstance(entry, ast.Term) else "") + entry.id.name
            assert name not in entries, f"{path}: {name} defined twice"
            if entry.value is not None:
                entries[name] = _variables(entry.value)
            for attribute in entry.attributes:
                entries[f"{name}.{attribute.id.name}"] = _variables(attribute.value)
    return entries


CATALOGUES = {code: parse_catalogue(code) for code in SUPPORTED_LOCALES}


@pytest.mark.parametrize("code", [c for c in SUPPORTED_LOCALES if c != "ru"])
def test_every_key_is_in_every_catalogue_with_the_same_placeholders(code: str) -> None:
    reference, other = CATALOGUES["ru"], CATALOGUES[code]
    assert sorted(set(reference) - set(other)) == [], f"missing in {code}"
    assert sorted(set(other) - set(reference)) == [], "missing in ru"
    mismatched = {k: (reference[k], other[k]) for k in reference if reference[k] != other[k]}
    assert mismatched == {}


def test_placeholders_inside_select_expressions_are_seen() -> None:
    assert CATALOGUES["ru"]["votes-count"] == {"count"}
    assert CATALOGUES["ru"]["error-cooldown"] == {"seconds"}


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (1, "1 голос"),
        (2, "2 голоса"),
        (5, "5 голосов"),
        (11, "11 голосов"),
        (21, "21 голос"),
        (22, "22 голоса"),
        (25, "25 голосов"),
        (0, "0 голосов"),
        (111, "111 голосов"),
        (101, "101 голос"),
    ],
)
def test_russian_plurals(count: int, text: str) -> None:
    assert t("ru", "votes-count", count=count) == text


@pytest.mark.parametrize(
    ("count", "text"), [(1, "1 vote"), (2, "2 votes"), (5, "5 votes"), (21, "21 votes")]
)
def test_english_plurals(count: int, text: str) -> None:
    assert t("en", "votes-count", count=count) == text
    assert t("en-US", "votes-count", count=count) == text


def test_locale_resolution() -> None:
    import discord

    assert resolve_locale("en-US") == "en"
    assert resolve_locale("en-GB") == "en"
    assert resolve_locale(discord.Locale.american_english) == "en"
    assert resolve_locale(discord.Locale.russian) == "ru"
    assert resolve_locale("de") == "ru"  # unknown → default
    assert resolve_locale(None) == "ru"
    assert t("de", "votes-count", count=2) == "2 голоса"


def test_default_locale_can_be_changed_and_restored() -> None:
    try:
        locales.set_default_locale("en")
        assert t("fr", "votes-count", count=2) == "2 votes"
    finally:
        locales.set_default_locale("ru")
    with pytest.raises(ValueError):
        locales.set_default_locale("xx")


def test_missing_key_is_logged_and_returned_never_raised(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger="locales"):
        assert t("ru", "no-such-key") == "no-such-key"
        assert t("en", "cmd-mafia.no-such-attribute") == "cmd-mafia.no-such-attribute"
    assert "no-such-key" in caplog.text
    assert not has_key("ru", "no-such-key")


def test_missing_argument_does_not_raise() -> None:
    assert t("ru", "error-unexpected").startswith("Что-то пошло не так")


def test_no_bidi_isolation_marks() -> None:
    text = t("ru", "error-unexpected", id="abcd1234")
    assert "\u2068" not in text and "\u2069" not in text
    assert "`abcd1234`" in text


def test_russian_keeps_the_original_vocabulary() -> None:
    """RULES.md §1 and §12: words the players know."""
    text = "\n".join(
        p.read_text(encoding="utf-8") for p in sorted((CATALOGUE_DIR / "ru").glob("*.ftl"))
    )
    for word in (
        "автокилл",
        "Морг",
        "подвал",
        "кабинет",
        "Ведущий",
        "Знакомства",
        "МЖ",
        "ММ",
        "ЛС",
        "жеребьёвка",
    ):
        assert word in text, word
    assert t("ru", "notice-mourning") == "Ночные ходы отменяются из-за траура."
    assert t("ru", "notice-child_killed") == "Было убито Дитя."
    assert t("ru", "notice-mafia_missed") == "Мафы промахнулись."


# t(locale, "key", ...) and UserFacingError("key", ...) with a literal key, anywhere in the code.
_USES = re.compile(r"""(?:\bt\(\s*[^,()]+,\s*|UserFacingError\(\s*)["']([a-zA-Z][\w.-]*)["']""")


def _code_files() -> list[Path]:
    files = [ROOT / "bot.py", ROOT / "settings.py"]
    for folder in ("cogs", "db", "locales"):
        files += sorted((ROOT / folder).rglob("*.py"))
    return files


def test_every_key_used_in_the_code_exists_in_every_catalogue() -> None:
    used = {
        key for path in _code_files() for key in _USES.findall(path.read_text(encoding="utf-8"))
    }
    assert "error-unexpected" in used and "help-title" in used  # the scan works
    for code in SUPPORTED_LOCALES:
        assert sorted(k for k in used if k not in CATALOGUES[code]) == [], code
