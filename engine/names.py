"""Character names at signup (R-LIFE-1): what a valid name is, and when two names collide.

R-LIFE-1: "Names must be unique and not confusable with another". Two names collide when their
:func:`name_key` is equal: the key ignores what a reader does not tell apart (case, accents,
spacing and punctuation, a doubled letter, a Latin or a digit lookalike of a Cyrillic letter).

Why written here rather than taken from a library: the maintained confusables packages answer
other questions (``confusable-homoglyphs``: is one string of mixed scripts; ``confusables``:
are two given strings confusable, or every spelling of one) while a signup needs one canonical
key per name, for a unique index and a single lookup; and they know nothing of the Russian
reader's ё = е, й = и, doubled letters or digits standing for letters. And the engine uses the
standard library only.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final, Literal

__all__ = [
    "MAX_NAME_LENGTH",
    "NameProblem",
    "clean_name",
    "name_key",
    "name_problem",
    "plain_name",
]

MAX_NAME_LENGTH: Final = 32  # Discord's nickname limit: the name may become the nickname

NameProblem = Literal["length", "invisible", "no_letter", "markup"]

#: Besides letters (with their accents), digits and spaces, the punctuation a name may have:
#: none of it makes Discord markdown, a mention or a link (issue 19: names that cannot be
#: weapons — ``||Дон||``, ``[Анна](https://…)``, ``# Мирные победили``, ``@here``, ``<@id>``).
NAME_PUNCTUATION: Final = "-'’.,!?()"

# Letters that look alike across the Latin and Cyrillic alphabets, and digits that pass for
# letters, folded to one representative (after case folding and removing accents).
_LOOKALIKES: Final = str.maketrans(
    {
        "a": "а",
        "b": "в",
        "c": "с",
        "e": "е",
        "h": "н",
        "k": "к",
        "m": "м",
        "o": "о",
        "0": "о",
        "p": "р",
        "t": "т",
        "x": "х",
        "y": "у",
        "u": "и",
        "3": "з",
        "6": "б",
        "l": "i",
        "1": "i",
        "і": "i",
        "ї": "i",
        "ı": "i",
        "ӏ": "i",
        "|": "i",
        "ё": "е",
        "й": "и",
        "ъ": "ь",
    }
)
_RUNS: Final = re.compile(r"([^\W\d_])\1+")


def clean_name(name: str) -> str:
    """``name`` as it is stored and shown: runs of white space made one space, ends trimmed."""
    return " ".join(name.split())


def name_problem(name: str) -> NameProblem | None:
    """Why the (cleaned) ``name`` cannot be a character's name, or ``None`` if it can: empty or
    longer than :data:`MAX_NAME_LENGTH`, with control or invisible characters, with a character
    other than letters, digits, spaces and :data:`NAME_PUNCTUATION` (``markup``), or no letter."""
    if not 0 < len(name) <= MAX_NAME_LENGTH:
        return "length"
    if any(unicodedata.category(c).startswith("C") for c in name):
        return "invisible"
    if not all(_plain(c) for c in name):
        return "markup"
    if not any(c.isalpha() for c in name):
        return "no_letter"
    return None


def plain_name(text: str) -> str:
    """``text`` (a Discord display name) with what a character's name may not have taken out —
    emoji, markup, symbols, invisible characters, and an accent left on no letter — spacing
    tidied, cut to :data:`MAX_NAME_LENGTH`: ``"🌸 Кира 🌸"`` → ``"Кира"``, ``"~Лиса~"`` →
    ``"Лиса"``. It may be empty, or have no letter still (:func:`name_problem` tells)."""
    kept: list[str] = []
    for c in text:
        mark = unicodedata.category(c)[0] == "M"
        if _plain(c) and (not mark or (kept and unicodedata.category(kept[-1])[0] in "LM")):
            kept.append(c)
    return clean_name(clean_name("".join(kept))[:MAX_NAME_LENGTH])


def _plain(c: str) -> bool:
    category = unicodedata.category(c)
    return category[0] in "LM" or category == "Nd" or c == " " or c in NAME_PUNCTUATION


def name_key(name: str) -> str:
    """``name`` folded so that names a reader could confuse get the same key: case, accents,
    spaces and punctuation ignored, doubled letters counted once, Latin / Cyrillic / digit
    lookalikes merged ("Дон Корлеоне", "дон-корлеоне", "ДOН KOPЛЕОНЕ" and "Доннн Корлеоне"
    collide)."""
    text = unicodedata.normalize("NFKD", name).casefold()
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = "".join(c for c in unicodedata.normalize("NFC", text) if c.isalnum() or c == "|")
    # Doubled letters count once (digits do not: 007 is not 07); then the lookalikes are merged.
    return _RUNS.sub(r"\1", text).translate(_LOOKALIKES)
