"""Russian that reads as Russian, English as English (issue 19): a scan of both catalogues.

- no gender brackets («найден(а)», «мёртвым(ой)», «ему (ей)»): phrase without gender;
- no doubled brackets, once the placeholders are filled («(МЖ (мирный житель))»): a vocabulary
  word that goes into a bracket (a role, a side, a gun…) has none of its own;
- the sentences players read (results, notices, refusals, prompts, reminders, DMs) end with a
  period (or ! ? …);
- no rule ids (R-WIN-1, R-MOD, C-…) in any text of either catalogue: players, hosts, moderators
  and owners all read sentences (public posts, DMs, answers, the host's channel, the mod-log,
  command descriptions). A message's key may name its rule (``win-R-WIN-1``): keys are
  identifiers, nobody reads them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from fluent.syntax import ast, parse

from locales import CATALOGUE_DIR

LANGUAGES = ("ru", "en")
GENDER = re.compile(r"\w\((а|ой|ая|ы|ла|на|о|ся|ёл|ей)\)|\((ему|ей|он|она)\)|\bему \(ей\)")
#: Any rule id, a section's (``R-MOD``) as well as a rule's (``R-SANCT-3``).
RULE_ID = re.compile(r"\b[RC]-[A-Z]{2,}")
#: Words that other messages put inside brackets ("{ $role } ({ $faction })").
VOCABULARY = ("role-", "faction-", "gun-", "cabinet-", "cause-", "verb-", "criminals")
#: What players read as sentences.
SENTENCES = (
    "event-", "notice-", "refused-", "refusal-", "remind-", "prompt-", "results-nobody-",
    "host-note-", "host-dm-", "sanct-", "activity-note-", "lobby-joined", "lobby-dm-",
    "start-day-one", "start-dm-closed", "summary", "vote-post", "vote-posted", "card-verbs",
    "card-powers-", "status-mine", "mymove-none-", "error-acquaintance",
)  # fmt: skip
NOT_SENTENCES = ("event-tally-entry",)


def _messages(language: str) -> dict[str, ast.Pattern]:
    found: dict[str, ast.Pattern] = {}
    for path in sorted((CATALOGUE_DIR / language).glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                found[entry.id.name] = entry.value
    return found


def _every_text(language: str) -> dict[str, list[str]]:
    """Every message's and term's value and attribute (``key.description``), as its variants."""
    found: dict[str, list[str]] = {}
    for path in sorted((CATALOGUE_DIR / language).glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(entry, (ast.Message, ast.Term)):
                continue
            name = ("-" if isinstance(entry, ast.Term) else "") + entry.id.name
            if entry.value is not None:
                found[f"{path.name}: {name}"] = _variants(entry.value)
            for attribute in entry.attributes:
                found[f"{path.name}: {name}.{attribute.id.name}"] = _variants(attribute.value)
    return found


def _variants(pattern: ast.Pattern) -> list[str]:
    """The message's texts, one per select variant, each placeholder as ``X``."""
    texts = [""]
    for element in pattern.elements:
        if isinstance(element, ast.TextElement):
            texts = [t + element.value for t in texts]
        elif isinstance(element.expression, ast.SelectExpression):
            texts = [
                t + v
                for t in texts
                for variant in element.expression.variants
                for v in _variants(variant.value)
            ]
        elif isinstance(element.expression, ast.StringLiteral):
            texts = [t + element.expression.value for t in texts]
        else:
            texts = [t + "X" for t in texts]
    return [t.strip() for t in texts]


def _depth(text: str) -> int:
    deepest = depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_gender_brackets(language: str) -> None:
    bad = {k: v for k, p in _messages(language).items() for v in _variants(p) if GENDER.search(v)}
    assert not bad, bad


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_doubled_brackets(language: str) -> None:
    messages = _messages(language)
    nested = {k: v for k, p in messages.items() for v in _variants(p) if _depth(v) > 1}
    assert not nested, nested
    bracketed = {
        k: v
        for k, p in messages.items()
        if k.startswith(VOCABULARY)
        for v in _variants(p)
        if "(" in v
    }
    assert not bracketed, bracketed


@pytest.mark.parametrize("language", LANGUAGES)
def test_sentences_end_with_a_period(language: str) -> None:
    open_ended = {
        k: v[-40:]
        for k, p in _messages(language).items()
        if k.startswith(SENTENCES) and not k.startswith(NOT_SENTENCES)
        for v in _variants(p)
        if v and v.rstrip("*")[-1:] not in ".!?…"
    }
    assert not open_ended, open_ended


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_rule_ids_in_any_text(language: str) -> None:
    offenders = sorted(
        f"{where} = {text!r}"
        for where, texts in _every_text(language).items()
        for text in texts
        if RULE_ID.search(text)
    )
    assert not offenders, "rule ids in text, say the rule in words:\n" + "\n".join(offenders)


def test_the_scan_catches_what_it_is_for() -> None:
    """The patterns themselves: each flags the sentence the issue quotes."""
    assert GENDER.search("Egor найден(а) мёртвым(ой).")
    assert GENDER.search("сообщено только ему (ей).")
    assert _depth("Gleb (МЖ (мирный житель))") == 2
    assert RULE_ID.search("победа — Мирные (все преступники мертвы, R-WIN-1)")
    assert not RULE_ID.search("Ваш ход до 22:00.")
    assert RULE_ID.search("Back to R-MOD as written") and RULE_ID.search("(C-NIGHT-1)")
    assert not RULE_ID.search("Раунд C-4, ряд R-2")


def test_the_scan_reads_attributes_and_variants(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rule id in a command's description or in one variant of a select is found."""
    (tmp_path / "xx").mkdir()
    (tmp_path / "xx" / "t.ftl").write_text(
        "win-R-WIN-1 = every criminal is dead\n"
        "cmd-x =\n    .name = x\n    .description = Which rule (R-MOD)\n"
        "n = { $n ->\n    [one] a day\n   *[other] days (R-WIN-5)\n}\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(sys.modules[__name__], "CATALOGUE_DIR", tmp_path)
    with pytest.raises(AssertionError) as failed:
        test_no_rule_ids_in_any_text("xx")
    assert "t.ftl: cmd-x.description = 'Which rule (R-MOD)'" in str(failed.value)
    assert "t.ftl: n = 'days (R-WIN-5)'" in str(failed.value)
    assert "every criminal" not in str(failed.value), "a key is no text"
