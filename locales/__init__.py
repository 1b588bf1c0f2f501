"""Message catalogues (Project Fluent) and the one function that renders them: :func:`t`.

Catalogues live in ``locales/<code>/*.ftl``, one folder per language; every ``.ftl`` file of a
folder is loaded into one bundle. Keys are Fluent message ids; an attribute is addressed as
``message.attribute`` (``cmd-mafia-help.description``).

The locale is always explicit: the guild's language for public posts, ``interaction.locale`` for
ephemeral replies. Anything unknown falls back to the default locale (``ru`` unless
:func:`set_default_locale` says otherwise). A missing key never raises: it is logged and the key
itself is returned (the tests prove that no key the code uses is missing).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.resolver import Pattern
from fluent.runtime.types import FluentType
from fluent.syntax.ast import Junk

__all__ = [
    "CATALOGUE_DIR",
    "DEFAULT_LOCALE",
    "SUPPORTED_LOCALES",
    "Catalogue",
    "FluentArg",
    "catalogue",
    "default_locale",
    "has_key",
    "resolve_locale",
    "set_default_locale",
    "t",
]

log = logging.getLogger(__name__)

CATALOGUE_DIR = Path(__file__).resolve().parent
DEFAULT_LOCALE = "ru"
SUPPORTED_LOCALES: tuple[str, ...] = ("ru", "en")

FluentArg = str | int | float | Decimal | date | datetime | FluentType


def _language_of(locale: object) -> str:
    """``'en-US'`` → ``'en'``, ``discord.Locale.russian`` → ``'ru'``, ``'pt_BR'`` → ``'pt'``."""
    value = getattr(locale, "value", locale)  # discord.Locale is an Enum of strings
    if not isinstance(value, str):
        return ""
    return value.strip().replace("_", "-").split("-", 1)[0].lower()


@dataclass
class Catalogue:
    """All bundles of the bot, one per supported language, loaded once."""

    directory: Path = CATALOGUE_DIR
    default: str = DEFAULT_LOCALE
    bundles: dict[str, FluentBundle] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for code in SUPPORTED_LOCALES:
            bundle = FluentBundle([code], use_isolating=False)  # no bidi marks: Discord shows them
            for path in self.files(code):
                resource = FluentResource(path.read_text(encoding="utf-8"))
                for entry in resource.body:
                    if isinstance(entry, Junk):  # a syntax error: that entry is skipped
                        log.error(
                            "locales: %s: syntax error in %r", path, (entry.content or "")[:80]
                        )
                bundle.add_resource(resource)
            self.bundles[code] = bundle

    def files(self, code: str) -> list[Path]:
        return sorted((self.directory / code).glob("*.ftl"))

    def resolve(self, locale: object) -> str:
        language = _language_of(locale)
        return language if language in self.bundles else self.default

    def has(self, locale: object, key: str) -> bool:
        return self._pattern(self.bundles[self.resolve(locale)], key) is not None

    @staticmethod
    def _pattern(bundle: FluentBundle, key: str) -> Pattern | None:
        message_id, _, attribute = key.partition(".")
        if not bundle.has_message(message_id):
            return None
        message = bundle.get_message(message_id)
        if attribute:
            return message.attributes.get(attribute)
        return message.value

    def exact(self, code: str, key: str, args: dict[str, FluentArg]) -> str | None:
        """``key`` formatted in the language ``code`` only (no fallback), or None if absent."""
        bundle = self.bundles[code]
        pattern = self._pattern(bundle, key)
        if pattern is None:
            return None
        text, errors = bundle.format_pattern(pattern, args)
        for error in errors:
            log.warning("locales: %s/%s: %s", code, key, error)
        return str(text)

    def format(self, locale: object, key: str, args: dict[str, FluentArg]) -> str:
        code = self.resolve(locale)
        for candidate in dict.fromkeys((code, self.default)):
            text = self.exact(candidate, key, args)
            if text is None:
                continue
            if candidate != code:
                log.warning("locales: key %r missing in %r, using %r", key, code, candidate)
            return text
        log.error("locales: key %r missing in every catalogue", key)
        return key


_catalogue: Catalogue | None = None


def catalogue() -> Catalogue:
    """The process-wide catalogue, loaded on first use."""
    global _catalogue
    if _catalogue is None:
        _catalogue = Catalogue()
    return _catalogue


def set_default_locale(code: str) -> None:
    """Make ``code`` (one of :data:`SUPPORTED_LOCALES`) the fallback for unknown locales."""
    language = _language_of(code)
    if language not in SUPPORTED_LOCALES:
        raise ValueError(f"unsupported locale {code!r}; supported: {', '.join(SUPPORTED_LOCALES)}")
    catalogue().default = language


def default_locale() -> str:
    return catalogue().default


def resolve_locale(locale: object) -> str:
    """The supported language for ``locale`` (a code, a ``discord.Locale``, or ``None``)."""
    return catalogue().resolve(locale)


def has_key(locale: object, key: str) -> bool:
    """Whether ``key`` exists in the catalogue of ``locale`` (after fallback of the locale)."""
    return catalogue().has(locale, key)


def t(locale: object, key: str, /, **args: FluentArg) -> str:
    """The text of ``key`` in ``locale`` with ``args`` filled in.

    ``locale`` may be ``'ru'``, ``'en-US'``, a ``discord.Locale`` or ``None``; anything not
    supported falls back to the default locale. Numbers select Russian plural forms by CLDR
    (``votes-count`` with ``count=21`` → ``21 голос``).
    """
    return catalogue().format(locale, key, dict(args))
