"""The post-game page in a real browser (issue 22): a whole game with the real draw (the demo's:
ten players, random legal choices), its page read back from the thread's attachment, opened in
headless Chromium with no network; what Chromium built holds every player, every role and the
winner; the screenshot is a real picture; and the page's command recomputes the very deal the
cast shows. Skipped, with the reason, where Chromium is not installed (.ci/run installs it)."""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path

import pytest
from PIL import Image

from engine import draw
from locales import t
from tests.browser import MISSING, chromium, dump_dom, screenshot
from tests.page_game import finished_game
from tests.test_post_game_page import keep_default_locale, page_text

pytestmark = pytest.mark.skipif(chromium() is None, reason=MISSING)
__all__ = ["keep_default_locale"]  # the autouse fixture, applied here too


def _deal_from_the_command(html: str) -> dict[str, str]:
    command = html.split("<pre>")[1].split("</pre>")[0].split()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert draw.main(command[3:]) == 0
    assert "MATCH" in out.getvalue()
    lines = [line.split(": ") for line in out.getvalue().splitlines() if not line.isupper()]
    return {pid: role for pid, role in (x for x in lines if len(x) == 2 and x[0].isdigit())}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_the_page_opens_in_chromium_offline(tmp_path: Path, lang: str) -> None:
    game = await finished_game(lang)
    state = game.state
    assert state is not None and state.outcome is not None
    page = tmp_path / "page.html"
    page.write_text(game.html, encoding="utf-8")
    text, fetches = page_text(await asyncio.to_thread(dump_dom, page))
    assert fetches == []
    for player in state.players:
        assert player.name in text
        role, _, side = game.dealt[player.id].partition("@")
        assert f"{t(lang, f'role-{role}')} · {t(lang, f'faction-{side}')}" in text
    winners = [t(lang, f"faction-{f}") for f in state.outcome.winners]
    assert all(w in text for w in winners) and t(lang, "page-result") in text
    # The command on the page recomputes the deal the page's cast shows.
    assert _deal_from_the_command(game.html) == game.dealt
    shot = tmp_path / "page.png"
    await asyncio.to_thread(screenshot, page, shot, 1000, 1400)
    image = Image.open(shot)
    assert image.format == "PNG" and image.size == (1000, 1400)
    colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 50, "a blank page"
