"""The post-game page as HTML: Jinja2, autoescaped (names and every sentence are the players'
or the translator's text, never markup), from ``templates/page.html.j2`` beside this module —
found from the source tree, so a clean checkout renders it (the bot runs from its checkout:
pyproject installs no package). Self-contained: one file, its style inline, no script, no
font or image from anywhere else (tests/test_post_game_page.py checks it in Chromium, offline).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from cogs.game.page.data import Page
from locales import FluentArg, t

__all__ = ["TEMPLATES", "render_page"]

TEMPLATES = Path(__file__).resolve().parent / "templates"


@cache
def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,  # every value is text: a name like <b>Anna</b> stays text
        undefined=StrictUndefined,  # a misspelt field fails the render (and the tests)
        trim_blocks=True,
        lstrip_blocks=True,
    )


def render_page(page: Page) -> str:
    """The page's HTML in its language (``page.lang``)."""

    def say(key: str, **args: FluentArg) -> str:
        return t(page.lang, key, **args)

    return _environment().get_template("page.html.j2").render(page=page, _=say)
