"""Regenerate the README's pictures of issue 22 from a real game (the demo's, tests.demo):

    .venv/bin/python -m tests.page_screenshot [--lang en] [--seed 7]

writes ``docs/post-game.png`` (the post-game page in headless Chromium, offline) and
``docs/town.png`` (the town's picture of the first morning, as the morning post carries it).
Needs Chromium (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

from tests.browser import MISSING, chromium, screenshot
from tests.page_game import finished_game

DOCS = Path(__file__).resolve().parent.parent / "docs"


async def regenerate(lang: str, seed: int, width: int, height: int) -> int:
    if chromium() is None:
        print(MISSING, file=sys.stderr)
        return 2
    game = await finished_game(lang, seed=seed)
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "page.html"
        page.write_text(game.html, encoding="utf-8")
        screenshot(page, DOCS / "post-game.png", width, height)
    mornings = sorted(n for n in game.pictures if n.startswith("town-day-"))
    if mornings:
        (DOCS / "town.png").write_bytes(game.pictures[mornings[0]])
    print(f"wrote {DOCS / 'post-game.png'}" + (f" and {DOCS / 'town.png'}" if mornings else ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.page_screenshot")
    parser.add_argument("--lang", choices=("ru", "en"), default="en")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--width", type=int, default=1000)
    parser.add_argument("--height", type=int, default=1500)
    args = parser.parse_args(argv)
    return asyncio.run(regenerate(args.lang, args.seed, args.width, args.height))


if __name__ == "__main__":
    sys.exit(main())
