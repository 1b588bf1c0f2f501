"""Which guide page answers ``/mafia help``'s question, in the reader's language (issue 23).

A user on Discord has no clone of the repository, so pages are links under the server owner's
``DOCS_URL`` (settings.py); without one the help names the page's path in the bot's repository,
which whoever runs the bot can hand on.
"""

from __future__ import annotations

from locales import resolve_locale, t

__all__ = ["PAGES", "guide_lines"]

#: The pages each section of the help points to, the most relevant first.
PAGES: dict[str | None, tuple[str, ...]] = {
    None: ("players", "hosts", "moderators", "owners", "commands"),
    "game": ("players", "hosts"),
    "roles": ("players",),
    "commands": ("commands", "hosts", "moderators"),
}


def _page_path(language: str, page: str) -> str:
    return f"docs/{language}/{page}.md"


def guide_lines(locale: object, section: str | None, docs_url: str) -> list[str]:
    """One line per page: its title, linked under ``docs_url`` or named by its path."""
    language = resolve_locale(locale)
    lines = []
    for page in PAGES.get(section, PAGES[None]):
        title = t(locale, f"help-guide-{page}")
        if docs_url:
            lines.append(f"[{title}]({docs_url.rstrip('/')}/{language}/{page}.md)")
        else:
            lines.append(f"{title}: `{_page_path(language, page)}`")
    return lines
