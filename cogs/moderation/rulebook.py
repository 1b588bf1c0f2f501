"""A server's rulebook (R-MOD-1): the R-MOD catalogue with the server's changes.

The server's changes are one plain-data document (what ``/mod rules export`` writes and
``/mod rules import`` reads, so a server can keep it in version control)::

    {
      "ladders":   {"insult": ["warn", "mute 30m"]},          # replace a ladder
      "durations": {"spam": {"1": "30m"}},                     # change a step's duration
      "auto_mute": "8h",                                       # the three-warns mute
      "added":     {"voice_leak": ["warn", "mute 1h"]},        # a violation of the server's own
      "retired":   ["cop_first_night"],                        # no longer used here
      "wording":   {"ru": {"voice_leak": "слив в войсе"}}      # names in a language
    }

``ladders``, ``durations`` and ``auto_mute`` are the engine's overrides
(``engine.moderation.apply_overrides``); the engine accepts only the table's codes, so the
violations a server adds are put into the base catalogue first. Every problem is reported at
once, each a stable code and where it is. ``false_report`` cannot be retired: R-MOD-2 makes a
false report a violation on every server.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from db.moderation import get_mod_settings
from engine.moderation import (
    DEFAULT_CATALOGUE,
    FALSE_REPORT,
    Catalogue,
    ModerationError,
    OverridesError,
    Problem,
    Step,
    apply_overrides,
    parse_ladder,
)
from locales import SUPPORTED_LOCALES, has_key, resolve_locale, t

__all__ = [
    "DETECTABLE",
    "MANUAL_ONLY",
    "Rulebook",
    "RulebookRefused",
    "build_rulebook",
    "problem_lines",
    "server_rulebook",
]

_ENGINE_KEYS = ("ladders", "durations", "auto_mute")
_OWN_KEYS = ("added", "retired", "wording")
_CODE = re.compile(r"[a-z][a-z0-9_]{0,31}")
MAX_WORDING = 100

#: The violations no bot can see (insults, leaks in voice, how someone plays): only a
#: moderator's judgement opens their cases (the issue: "the catalogue says which"). The others
#: have a detector (cogs.moderation.detectors) or can be seen in a message (reports).
DETECTABLE = frozenset(
    {
        "nick_change",
        "confusable_nick",
        "command_flood",
        "leave",
        "afk",
        "multiaccount",
        "forward_bot",
        "cop_first_night",  # the quick game's (cogs.quick)
        "early_start",
    }
)
MANUAL_ONLY = frozenset(code for code in DEFAULT_CATALOGUE.codes()) - DETECTABLE


class RulebookRefused(ValueError):
    """A server's document was refused; ``problems`` lists every one."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.where}: {p.code}" for p in problems))


@dataclass(frozen=True)
class Rulebook:
    """A server's rulebook: the catalogue (every known code, retired ones included, so old
    cases still read), the retired codes, and the server's wording per language."""

    catalogue: Catalogue
    retired: frozenset[str] = frozenset()
    wording: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    document: Mapping[str, Any] = field(default_factory=dict)

    def codes(self) -> tuple[str, ...]:
        """The violations in use here, in the table's order, then the server's own."""
        return tuple(c for c in self.catalogue.codes() if c not in self.retired)

    def knows(self, code: str) -> bool:
        return code in self.codes()

    def ladder(self, code: str) -> tuple[Step, ...]:
        return self.catalogue.ladder(code)

    def name(self, code: str, locale: object) -> str:
        """The violation's name in ``locale``: the server's wording, else the catalogue's."""
        language = resolve_locale(locale)
        own = self.wording.get(language, {}).get(code)
        if own:
            return own
        key = f"mod-violation-{code}"
        if has_key(language, key):
            return t(language, key)
        for other in self.wording.values():  # a server's own code named in another language
            if code in other:
                return other[code]
        return code


def _mapping(doc: Mapping[str, Any], key: str, problems: list[Problem]) -> Mapping[str, Any]:
    value = doc.get(key, {})
    if isinstance(value, Mapping):
        return value
    problems.append(Problem("not_mapping", key))
    return {}


def build_rulebook(document: object) -> Rulebook:
    """The rulebook for a server's document (None or ``{}``: the R-MOD catalogue as written);
    :class:`RulebookRefused` with every problem."""
    if document is None:
        return Rulebook(DEFAULT_CATALOGUE)
    if not isinstance(document, Mapping):
        raise RulebookRefused([Problem("overrides_not_mapping", "")])
    problems: list[Problem] = []
    for key in document:
        if key not in _ENGINE_KEYS + _OWN_KEYS:
            problems.append(Problem("unknown_override_key", str(key)))
    base = _with_added(document, problems)
    retired = _retired(document, base, problems)
    wording = _wording(document, base, problems)
    try:
        catalogue = apply_overrides(base, {k: document[k] for k in _ENGINE_KEYS if k in document})
    except OverridesError as error:
        problems += error.problems
        catalogue = base
    if problems:
        raise RulebookRefused(problems)
    return Rulebook(catalogue, frozenset(retired), wording, dict(document))


def _with_added(document: Mapping[str, Any], problems: list[Problem]) -> Catalogue:
    """The R-MOD catalogue with the server's own violations (``added``) after the table's."""
    ladders = list(DEFAULT_CATALOGUE.ladders)
    for code, raw in _mapping(document, "added", problems).items():
        where = f"added.{code}"
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            problems.append(Problem("bad_code", where))
        elif code in DEFAULT_CATALOGUE.codes():
            problems.append(Problem("violation_exists", where))
        else:
            try:
                ladders.append((code, parse_ladder(raw)))
            except ModerationError as error:
                problems.append(Problem(error.code, where))
    return Catalogue(tuple(ladders), DEFAULT_CATALOGUE.auto_mute)


def _retired(document: Mapping[str, Any], base: Catalogue, problems: list[Problem]) -> set[str]:
    """The codes the server no longer uses; ``false_report`` never (R-MOD-2)."""
    retired_raw = document.get("retired", [])
    retired: set[str] = set()
    if not isinstance(retired_raw, list):
        problems.append(Problem("bad_ladder", "retired"))
        return retired
    for index, code in enumerate(retired_raw, start=1):
        where = f"retired[{index}]"
        if code == FALSE_REPORT:
            problems.append(Problem("required_violation", where))  # R-MOD-2
        elif code not in base.codes():
            problems.append(Problem("unknown_violation", where))
        else:
            retired.add(code)
    return retired


def _wording(
    document: Mapping[str, Any], base: Catalogue, problems: list[Problem]
) -> dict[str, dict[str, str]]:
    """The server's names of violations, per supported language."""
    wording: dict[str, dict[str, str]] = {}
    for language, names in _mapping(document, "wording", problems).items():
        if language not in SUPPORTED_LOCALES:
            problems.append(Problem("bad_language", f"wording.{language}"))
            continue
        if not isinstance(names, Mapping):
            problems.append(Problem("not_mapping", f"wording.{language}"))
            continue
        for code, text in names.items():
            where = f"wording.{language}.{code}"
            if code not in base.codes():
                problems.append(Problem("unknown_violation", where))
            elif not isinstance(text, str) or not 0 < len(text.strip()) <= MAX_WORDING:
                problems.append(Problem("bad_wording", where))
            else:
                wording.setdefault(language, {})[code] = text.strip()
    return wording


async def server_rulebook(guild_id: int) -> Rulebook:
    """The server's rulebook as stored (a stored document is valid: it was checked when set)."""
    config = await get_mod_settings(guild_id)
    try:
        return build_rulebook(config.rulebook)
    except RulebookRefused:  # stored by an older version with other rules: the default holds
        return Rulebook(DEFAULT_CATALOGUE)


def problem_lines(problems: tuple[Problem, ...] | list[Problem], locale: object) -> list[str]:
    """One translated line per problem: ``• ladders.spam[2]: not a step (…)``."""
    return [
        t(
            locale,
            "mod-problem-line",
            where=p.where or "—",
            problem=t(locale, f"mod-problem-{p.code}"),
        )
        for p in problems
    ]
