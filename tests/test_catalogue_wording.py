"""Russian that reads as Russian, English as English (issue 19): a scan of both catalogues.

- no gender brackets («найден(а)», «мёртвым(ой)», «ему (ей)»): phrase without gender;
- no doubled brackets, once the placeholders are filled («(МЖ (мирный житель))»): a vocabulary
  word that goes into a bracket (a role, a side, a gun…) has none of its own;
- the sentences players read (results, notices, refusals, prompts, reminders, DMs) end with a
  period (or ! ? …);
- no rule ids (R-WIN-1, C-…) in what players see: public posts and players' DMs (the host's
  own answers, his channel's log and command descriptions may keep them).
"""

from __future__ import annotations

import re

import pytest
from fluent.syntax import ast, parse

from locales import CATALOGUE_DIR

LANGUAGES = ("ru", "en")
GENDER = re.compile(r"\w\((а|ой|ая|ы|ла|на|о|ся|ёл|ей)\)|\((ему|ей|он|она)\)|\bему \(ей\)")
RULE_ID = re.compile(r"\b[RC]-[A-Z]+(-\d+[a-z]?)?\b")
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
#: Public posts and players' DMs (and the answers players get).
PLAYER_FACING = (
    *SENTENCES, "win-R-", "win-reason", "card-", "start-acquaintance", "start-commitment",
    "tally-", "status-", "lobby-", "help-", "report-dm-", "mod-dm-", "mod-rules-allowed",
    "activity-removed", "host-cabinet-", "end-",
)  # fmt: skip


def _messages(language: str) -> dict[str, ast.Pattern]:
    found: dict[str, ast.Pattern] = {}
    for path in sorted((CATALOGUE_DIR / language).glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                found[entry.id.name] = entry.value
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
def test_no_rule_ids_in_what_players_see(language: str) -> None:
    shown = {
        k: v
        for k, p in _messages(language).items()
        if k.startswith(PLAYER_FACING)
        for v in _variants(p)
        if RULE_ID.search(v)
    }
    assert not shown, shown


def test_the_scan_catches_what_it_is_for() -> None:
    """The patterns themselves: each flags the sentence the issue quotes."""
    assert GENDER.search("Egor найден(а) мёртвым(ой).")
    assert GENDER.search("сообщено только ему (ей).")
    assert _depth("Gleb (МЖ (мирный житель))") == 2
    assert RULE_ID.search("победа — Мирные (все преступники мертвы, R-WIN-1)")
    assert not RULE_ID.search("Ваш ход до 22:00.")
