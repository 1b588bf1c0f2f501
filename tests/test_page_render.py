"""The page's rendering alone (cogs.game.page): what players typed stays text (autoescaped), a
game with no event still lists every phase up to its last, and the template is found from the
source tree whatever the working directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.game.page.data import build_page
from cogs.game.page.html import TEMPLATES, render_page
from db.records import LoggedEvent
from engine.events import Cause, Died
from engine.forum.deal import new_game
from tests.test_post_game_page import page_text

DEAL = [("1", "cop", "town"), ("2", "citizen", "town"), ("3", "citizen", "town"),
        ("4", "don", "mafia")]  # fmt: skip


def test_names_are_text_and_quiet_phases_are_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = {"1": "<script>alert(1)</script>", "2": "Tom & Jerry", "3": '"Q"', "4": "Dina"}
    state = new_game("two-sided", DEAL, names=names, number=2)
    log = [LoggedEvent(1, 2, True, Died("2", Cause.MAFIA), "night 1")]
    monkeypatch.chdir(tmp_path)  # the template is found from the module, not from here
    html = render_page(build_page("<b>Game</b>", state, {}, log, {}, None, "en"))
    assert "<script" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;b&gt;Game&lt;/b&gt;" in html and "Tom &amp; Jerry" in html
    text, fetches = page_text(html)
    assert fetches == []
    # Day 1 had nothing stored, night 1 a death: both are on the page, in order.
    timeline = text.split("Day by day, night by night")[1]
    assert timeline.startswith(" Day 1 Nothing happened. Night 1 Tom & Jerry is out"), timeline
    assert "No winner" in text and "The draw's proof" not in text  # no seed given: no proof
    assert (TEMPLATES / "page.html.j2").is_file()
